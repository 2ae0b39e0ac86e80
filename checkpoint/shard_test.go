package checkpoint

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

type indexFile struct {
	Metadata  map[string]any    `json:"metadata"`
	WeightMap map[string]string `json:"weight_map"`
}

func readIndexFile(t *testing.T, path string) indexFile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ix indexFile
	if err := json.Unmarshal(b, &ix); err != nil {
		t.Fatal(err)
	}
	return ix
}

// TestMaxShardSize: -max-shard-size repacks the output in input order
// into shards no larger than the bound (a larger tensor alone), named
// model-0000i-of-0000n, with an index listing each tensor once and the
// right total_size; the values are those of the default sharding.
func TestMaxShardSize(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	ref := filepath.Join(dir, "ref")
	if _, err := Dequant(bg, mustOpen(t, in), ref, DequantOptions{}); err != nil {
		t.Fatal(err)
	}
	want := readAll(t, ref)
	const limit = 100_000
	out := filepath.Join(dir, "out")
	rep, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{Options: Options{MaxShardSize: limit}})
	if err != nil {
		t.Fatal(err)
	}
	ix := readIndexFile(t, filepath.Join(out, "model.safetensors.index.json"))
	n := len(rep.Shards)
	if n < 3 {
		t.Fatalf("%d shards", n)
	}
	var total float64
	for i, s := range rep.Shards {
		name := filepath.Base(s.Name)
		if wantName := "model-" + pad5(i+1) + "-of-" + pad5(n) + ".safetensors"; name != wantName {
			t.Errorf("shard %d named %s, want %s", i, name, wantName)
		}
		f, err := safetensors.Open(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		if f.DataSize() > limit && len(f.Tensors) > 1 {
			t.Errorf("%s holds %d bytes in %d tensors", name, f.DataSize(), len(f.Tensors))
		}
		for _, x := range f.Tensors {
			if ix.WeightMap[x.Name] != name {
				t.Errorf("index puts %s in %s, it is in %s", x.Name, ix.WeightMap[x.Name], name)
			}
			total += float64(x.Bytes())
		}
		f.Close()
	}
	if ix.Metadata["total_size"] != total || len(ix.WeightMap) != len(want) {
		t.Errorf("total_size %v, want %v; %d tensors", ix.Metadata["total_size"], total, len(ix.WeightMap))
	}
	got := readAll(t, out)
	for name, x := range want {
		if !bytes.Equal(got[name].Data, x.Data) {
			t.Errorf("%s differs from the default sharding's", name)
		}
	}
}

func pad5(i int) string {
	s := "0000" + string(rune('0'+i%10))
	if i >= 10 {
		s = "000" + string(rune('0'+i/10)) + string(rune('0'+i%10))
	}
	return s[len(s)-5:]
}

// TestShapes: a file gives a file; a file with -max-shard-size a
// directory; a directory without an index a directory with the same
// files and no index; an index path a directory; a dry run writes
// nothing; a stream gets the one file.
func TestShapes(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(3, 3))
	file := filepath.Join(dir, "one.safetensors")
	writeFile(t, file, []safetensors.Named{
		tt("a", dtype.F32, []int64{1000}, f32Bytes(make([]float32, 1000))),
		tt("b", dtype.F32, []int64{1000}, f32Bytes(make([]float32, 1000))),
	}, map[string]string{"format": "pt"})
	plain := filepath.Join(dir, "plain")
	os.Mkdir(plain, 0o755)
	writeFile(t, filepath.Join(plain, "x.safetensors"), []safetensors.Named{tt("x", dtype.F32, []int64{4}, randBytes(r, 16))}, nil)
	writeFile(t, filepath.Join(plain, "y.safetensors"), []safetensors.Named{tt("y", dtype.F32, []int64{4}, randBytes(r, 16))}, nil)
	os.WriteFile(filepath.Join(plain, "README.md"), []byte("readme"), 0o644)
	os.Mkdir(filepath.Join(plain, "original"), 0o755)
	indexed := filepath.Join(dir, "indexed")
	wideModel(t, indexed, r)

	recast := func(in, out string, o Options) *Report {
		t.Helper()
		rep, err := Recast(bg, mustOpen(t, in), out, RecastOptions{To: dtype.F16, Options: o})
		if err != nil {
			t.Fatalf("%s -> %s: %v", in, out, err)
		}
		return rep
	}
	ls := func(d string) string {
		ents, _ := os.ReadDir(d)
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		return strings.Join(names, " ")
	}

	recast(file, filepath.Join(dir, "f16.safetensors"), Options{})
	if st, err := os.Stat(filepath.Join(dir, "f16.safetensors")); err != nil || !st.Mode().IsRegular() {
		t.Errorf("file -> file: %v", err)
	}

	rep := recast(file, filepath.Join(dir, "split"), Options{MaxShardSize: 2000})
	if got := ls(filepath.Join(dir, "split")); got != "model-00001-of-00002.safetensors model-00002-of-00002.safetensors model.safetensors.index.json" {
		t.Errorf("file with -max-shard-size: %s", got)
	}
	if rep.Index != "model.safetensors.index.json" {
		t.Errorf("report index %q", rep.Index)
	}

	rep = recast(plain, filepath.Join(dir, "plain16"), Options{})
	if got := ls(filepath.Join(dir, "plain16")); got != "README.md x.safetensors y.safetensors" {
		t.Errorf("directory without index: %s", got)
	}
	if !slices.Contains(rep.Skipped, "original/ (a subdirectory)") {
		t.Errorf("skipped %v", rep.Skipped)
	}

	recast(filepath.Join(indexed, "model.safetensors.index.json"), filepath.Join(dir, "ix16", "model.safetensors.index.json"), Options{})
	if got := ls(filepath.Join(dir, "ix16")); got != "config.json model-00001-of-00002.safetensors model-00002-of-00002.safetensors model.safetensors.index.json" {
		t.Errorf("index -> index: %s", got)
	}
	cfg, _ := os.ReadFile(filepath.Join(dir, "ix16", "config.json"))
	if !strings.Contains(string(cfg), `"torch_dtype": "float16"`) || !strings.Contains(string(cfg), `"LlamaForCausalLM"`) {
		t.Errorf("recast config.json:\n%s", cfg)
	}

	before := ls(dir)
	rep = recast(indexed, filepath.Join(dir, "never"), Options{DryRun: true})
	if ls(dir) != before || !rep.DryRun || rep.Total.Values == 0 {
		t.Errorf("dry run wrote: %s -> %s; report %+v", before, ls(dir), rep.Total)
	}

	var buf bytes.Buffer
	recast(file, "stdout", Options{Writer: &buf})
	want, _ := os.ReadFile(filepath.Join(dir, "f16.safetensors"))
	if !bytes.Equal(buf.Bytes(), want) {
		t.Error("the stream differs from the file")
	}
	// Two shards into one stream: one file holding every tensor.
	buf.Reset()
	recast(indexed, "stdout", Options{Writer: &buf})
	f, err := safetensors.NewReader(bytes.NewReader(buf.Bytes()), int64(buf.Len()), "stdout")
	if err != nil || len(f.Tensors) != 6 {
		t.Errorf("merged stream: %v", err)
	}
}

// TestRecastRefusesScaledFP8: recasting an FP8 weight that has scales
// would drop them.
func TestRecastRefusesScaledFP8(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	_, err := Recast(bg, mustOpen(t, in), filepath.Join(dir, "out"), RecastOptions{To: dtype.BF16})
	if err == nil || !strings.Contains(err.Error(), "use dequant") {
		t.Errorf("err = %v", err)
	}
}

// TestReportJSON: the JSON report has every tensor, totals that add up,
// and decodes back.
func TestReportJSON(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "in")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	rep, err := Dequant(bg, mustOpen(t, in), filepath.Join(dir, "out"), DequantOptions{Mode: Reference})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	var sum Counts
	for _, x := range back.Tensors {
		sum.add(x.Counts)
		if x.Exact+x.Rounded+x.Overflowed+x.NaN != x.Values {
			t.Errorf("%s: counts do not add up: %+v", x.Name, x.Counts)
		}
	}
	if sum != back.Total || back.Mode != "reference" || back.Operation != "dequant" || len(back.Tensors) != 7 {
		t.Errorf("report: total %+v, sum %+v, %d tensors", back.Total, sum, len(back.Tensors))
	}
	var table bytes.Buffer
	rep.WriteTable(&table)
	if n := strings.Count(table.String(), "\n"); n != 4 { // 2 dequantized, 2 dropped
		t.Errorf("table:\n%s", table.String())
	}
	if s := rep.Summary(); !strings.Contains(s, "2 dequantized f8e4m3fn -> bf16") || !strings.Contains(s, "quantization_config removed") {
		t.Errorf("summary:\n%s", s)
	}
}
