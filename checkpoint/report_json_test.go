package checkpoint

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
)

// TestWriteJSONMatchesEncoder: WriteJSON, which streams the tensors,
// writes what a json.Encoder with a two-space indent writes, for no
// tensors (nil and empty), one, and several, with names and notes that
// need escaping and shards whose own "tensors" field must not be taken
// for the report's.
func TestWriteJSONMatchesEncoder(t *testing.T) {
	base := Report{Operation: "recast", Input: "in <a&b>.safetensors", Output: "out\n\"x\".safetensors", To: "bf16",
		Shards: []ShardReport{{Name: "model.safetensors", Tensors: 2, Bytes: 100}}, Total: Counts{Values: 3, Exact: 2, Rounded: 1, MaxRelError: 1.5e-3},
		Notes: []string{"\n  \"tensors\": null"}, Elapsed: time.Second, BytesRead: 10, BytesWritten: 8}
	two := []TensorReport{
		{Name: "a.weight", Action: Converted, From: DTypeLabel(dtype.F32), To: DTypeLabel(dtype.BF16), Shape: []int64{2, 1}, Shard: "model.safetensors", Counts: Counts{Values: 2, Exact: 1, Rounded: 1, MaxRelError: 1e-3}},
		{Name: "b\u2028<c>", Action: Copied, From: DTypeLabel(dtype.I64), Shape: []int64{}, Scales: "mx 32"},
		{Name: "blocks", Action: Quantized, From: DTypeLabel(dtype.F32), To: LabelMXFP4},
	}
	for _, tc := range []struct {
		name    string
		tensors []TensorReport
	}{{"nil", nil}, {"empty", []TensorReport{}}, {"one", two[:1]}, {"three", two}} {
		r := base
		r.Tensors = tc.tensors
		var want, got bytes.Buffer
		e := json.NewEncoder(&want)
		e.SetIndent("", "  ")
		if err := e.Encode(&r); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteJSON(&got); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: WriteJSON wrote\n%s\nwant\n%s", tc.name, got.Bytes(), want.Bytes())
		}
	}
}

// TestReportTextGrammar: one tensor and one file are singular in the
// report's text; several are plural.
func TestReportTextGrammar(t *testing.T) {
	for _, tc := range []struct {
		n          int
		tensors    string
		files      string
		shardNames []string
	}{
		{1, "1 tensor (", " in 1 file: ", []string{"a"}},
		{2, "2 tensors (", " in 2 files: ", []string{"a", "b"}},
	} {
		r := &Report{Output: "out"}
		for i := 0; i < tc.n; i++ {
			r.Tensors = append(r.Tensors, TensorReport{Name: fmt.Sprint(i)})
		}
		for _, s := range tc.shardNames {
			r.Shards = append(r.Shards, ShardReport{Name: s})
		}
		text := r.Summary()
		if !strings.Contains(text, tc.tensors) || !strings.Contains(text, tc.files) {
			t.Errorf("%d tensors and shards: %q, want %q and %q", tc.n, text, tc.tensors, tc.files)
		}
	}
}
