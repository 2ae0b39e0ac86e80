package checkpoint

import (
	"encoding/json"
	"maps"
	"strings"
	"testing"
)

// FuzzParseIndex: any bytes either parse into an index whose tensors
// are listed once with plain shard names, which encodes and parses back
// to the same map, or are refused; never a panic.
func FuzzParseIndex(f *testing.F) {
	f.Add([]byte(`{"metadata": {"total_size": 12}, "weight_map": {"a": "m-1.safetensors", "b": "m-2.safetensors"}}`))
	f.Add([]byte(`{"weight_map": {"a": "x", "a": "x"}}`))
	f.Add([]byte(`{"metadata": null, "weight_map": {}, "extra": [1, {"x": 2}]}`))
	f.Add([]byte(`{"weight_map": {"a": "../x"}}`))
	f.Add([]byte(`[1]`))
	f.Fuzz(func(t *testing.T, b []byte) {
		ix, err := parseIndex(b)
		if err != nil {
			return
		}
		wm := map[string]string{}
		for _, e := range ix.entries {
			if _, dup := wm[e.tensor]; dup {
				t.Fatalf("tensor %q twice", e.tensor)
			}
			if checkShardName(e.shard) != nil {
				t.Fatalf("shard name %q accepted", e.shard)
			}
			wm[e.tensor] = e.shard
		}
		out, err := encodeIndex(ix.metadata, 1, -1, wm)
		if err != nil {
			return // a metadata value json.Indent refuses
		}
		back, err := parseIndex(out)
		if err != nil {
			t.Fatalf("the index written does not parse: %v\n%s", err, out)
		}
		got := map[string]string{}
		for _, e := range back.entries {
			got[e.tensor] = e.shard
		}
		if !maps.Equal(got, wm) {
			t.Fatalf("round trip changed the weight map")
		}
	})
}

// FuzzEditConfig: a config.json that parses as an object gets a key set
// and another dropped, and stays valid JSON holding the new key once.
func FuzzEditConfig(f *testing.F) {
	f.Add([]byte(`{"a": 1, "quantization_config": {"x": [1, 2]}, "torch_dtype": "bfloat16"}`))
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"a": "\u00e9\"", "b": null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if _, err := objectMembers(b); err != nil {
			return
		}
		out, err := editConfig(b, []member{{"q", json.RawMessage(`{"k": 1}`)}}, "torch_dtype")
		if err != nil {
			t.Fatalf("editConfig: %v", err)
		}
		ms, err := objectMembers(out)
		if err != nil || !json.Valid(out) {
			t.Fatalf("invalid output %v:\n%s", err, out)
		}
		n := 0
		for _, m := range ms {
			if m.key == "q" {
				n++
			}
			if m.key == "torch_dtype" {
				t.Fatal("the dropped key stayed")
			}
		}
		if n != 1 {
			t.Fatalf("key set %d times", n)
		}
	})
}

// FuzzParseSize: any string gives a non-negative size or an error.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"5GB", "500MiB", "1.5 GiB", "12", "-1", "1e300", "KB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err == nil && n < 0 {
			t.Fatalf("%q: %d", s, n)
		}
	})
}

// FuzzFitGrid: any weight and scale shapes either fit, with as many
// scales as the scale tensor holds and every element's scale inside it,
// or are refused with a message naming both tensors.
func FuzzFitGrid(f *testing.F) {
	f.Add(uint16(300), uint16(200), uint8(3), uint8(2), uint8(0), uint16(128))
	f.Add(uint16(4), uint16(6), uint8(4), uint8(1), uint8(2), uint16(1))
	f.Fuzz(func(t *testing.T, m, n uint16, sr, sc, lead uint8, blk uint16) {
		if blk == 0 {
			return
		}
		w := []int64{int64(m), int64(n)}
		s := []int64{int64(sr), int64(sc)}
		if lead > 0 {
			w = append([]int64{int64(lead % 4)}, w...)
			s = append([]int64{int64(lead % 4)}, s...)
		}
		g, err := fitGrid("w", w, "s", s, [2]int64{int64(blk), int64(blk)})
		if err != nil {
			if !strings.Contains(err.Error(), `"w"`) || !strings.Contains(err.Error(), `"s"`) {
				t.Fatalf("message %q", err)
			}
			return
		}
		total := numel(w)
		if g.count() != numel(s) && !g.perTensor {
			t.Fatalf("%d scales for a tensor of %d", g.count(), numel(s))
		}
		if total > 0 {
			if i := g.scaleIndex(total - 1); i < 0 || i >= g.count() {
				t.Fatalf("last element's scale %d of %d", i, g.count())
			}
			// The rows rowsLeft counts from a row share its scale row,
			// and end where the scale row or the matrix does.
			rows := total / g.cols
			for _, row := range []int64{0, rows / 3, rows / 2, rows - 1} {
				left := g.rowsLeft(row)
				if left < 1 || left > g.rows {
					t.Fatalf("rowsLeft(%d) = %d (%d rows a matrix)", row, left, g.rows)
				}
				for r := row; r < min(rows, row+left); r++ {
					if g.scaleRow(r) != g.scaleRow(row) {
						t.Fatalf("row %d, %d of rowsLeft(%d) = %d, has scale row %d, not %d", r, r-row, row, left, g.scaleRow(r), g.scaleRow(row))
					}
				}
				if next := row + left; next < rows && next%g.rows != 0 && !g.perTensor && g.scaleRow(next) == g.scaleRow(row) {
					t.Fatalf("rowsLeft(%d) = %d stops short: row %d has the same scale row", row, left, next)
				}
			}
			// Steps of whole rows where one fits, never none.
			for _, n := range []int64{1, g.cols - 1, g.cols, 3*g.cols + 1, 1 << 20} {
				st := wholeRows(n, g.cols)
				if st < 1 || g.cols <= n && st%g.cols != 0 {
					t.Fatalf("wholeRows(%d, %d) = %d", n, g.cols, st)
				}
			}
		}
	})
}
