package checkpoint

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// fp8Pair is a small FP8 weight with its scales.
func fp8Pair(name string, m, n int64, scaleShape []int64, scales []float32) []safetensors.Named {
	return []safetensors.Named{
		tt(name, dtype.F8E4M3FN, []int64{m, n}, bytes.Repeat([]byte{0x38}, int(m*n))),
		tt(name+"_scale_inv", dtype.F32, scaleShape, f32Bytes(scales)),
	}
}

// TestMalformedCheckpoints: each fault a new user may hand promote is
// refused with an error naming the file, the tensor and the fault, and
// nothing is written.
func TestMalformedCheckpoints(t *testing.T) {
	cases := []struct {
		name   string
		shards map[string][]safetensors.Named
		index  string // the index's JSON; "" writes none
		config string
		want   []string
	}{
		{
			name:   "scale missing",
			shards: map[string][]safetensors.Named{"m.safetensors": {tt("a.weight", dtype.F8E4M3FN, []int64{2, 2}, make([]byte, 4))}},
			want:   []string{"m.safetensors", `"a.weight"`, "no scale tensor", `"a.weight_scale_inv"`},
		},
		{
			name:   "scale of the wrong shape",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 256, 200, []int64{3, 2}, make([]float32, 6))},
			want:   []string{"m.safetensors", `"a.weight_scale_inv"`, "[3,2]", "does not fit", "[2,2] (block 128x128)"},
		},
		{
			// A one-element block scale for a weight of two row blocks
			// was once broadcast as if per tensor: the second block got
			// a scale never computed for it.
			name:   "one block scale for a weight of two blocks",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 130, 70, []int64{1, 1}, []float32{1})},
			want:   []string{"m.safetensors", `"a.weight_scale_inv"`, "[1,1]", `"a.weight"`, "[130,70]", "128x128", "[2,1] (block 128x128)"},
		},
		{
			name:   "a block grid spanning rows scaled apart",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 300, 300, []int64{1, 3}, make([]float32, 3))},
			want:   []string{`"a.weight_scale_inv"`, "[1,3]", "[300,300]", "[3,3] (block 128x128)"},
		},
		{
			name:   "a per-channel scale of too few rows",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 300, 300, []int64{3, 1}, make([]float32, 3))},
			want:   []string{`"a.weight_scale_inv"`, "[3,1]", "[300,1] (per channel)"},
		},
		{
			name:   "NaN scale",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 200, 200, []int64{2, 2}, []float32{1, 1, float32(math.NaN()), 1})},
			want:   []string{`"a.weight"`, `"a.weight_scale_inv"`, "[1,0]", "NaN"},
		},
		{
			name:   "zero scale",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 200, 200, []int64{2, 2}, []float32{1, 0, 1, 1})},
			want:   []string{`"a.weight_scale_inv"`, "[0,1]", "zero"},
		},
		{
			name:   "negative scale",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 200, 200, []int64{2, 2}, []float32{1, 1, 1, -2})},
			want:   []string{`"a.weight_scale_inv"`, "[1,1]", "negative (-2)"},
		},
		{
			name: "scale without its weight",
			shards: map[string][]safetensors.Named{"m.safetensors": append(fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1}),
				tt("b.weight_scale_inv", dtype.F32, []int64{1}, f32Bytes([]float32{1})))},
			want: []string{`"b.weight_scale_inv"`, "no weight", `"b.weight"`},
		},
		{
			name:   "index names a missing shard",
			shards: map[string][]safetensors.Named{"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1})},
			index:  `{"weight_map": {"a.weight": "a.safetensors", "a.weight_scale_inv": "a.safetensors", "b": "b.safetensors"}}`,
			want:   []string{"model.safetensors.index.json", "shard b.safetensors", "does not exist"},
		},
		{
			name:   "index lists a tensor twice",
			shards: map[string][]safetensors.Named{"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1})},
			index:  `{"weight_map": {"a.weight": "a.safetensors", "a.weight_scale_inv": "a.safetensors", "a.weight": "a.safetensors"}}`,
			want:   []string{"model.safetensors.index.json", `"a.weight"`, "twice"},
		},
		{
			name:   "a shard holds a tensor the index does not list",
			shards: map[string][]safetensors.Named{"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1})},
			index:  `{"weight_map": {"a.weight": "a.safetensors"}}`,
			want:   []string{"model.safetensors.index.json", "a.safetensors", `"a.weight_scale_inv"`, "does not list"},
		},
		{
			name: "the index puts a tensor in the wrong shard",
			shards: map[string][]safetensors.Named{
				"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1}),
				"b.safetensors": {tt("b", dtype.F32, []int64{1}, make([]byte, 4))},
			},
			index: `{"weight_map": {"a.weight": "a.safetensors", "a.weight_scale_inv": "b.safetensors", "b": "b.safetensors"}}`,
			want:  []string{`"a.weight_scale_inv"`, "in shard b.safetensors by the index", "shard a.safetensors holds it"},
		},
		{
			name: "a tensor in two shards",
			shards: map[string][]safetensors.Named{
				"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1}),
				"b.safetensors": {tt("a.weight", dtype.F32, []int64{1}, make([]byte, 4))},
			},
			want: []string{`"a.weight"`, "two shards", "a.safetensors", "b.safetensors"},
		},
		{
			name:   "an index naming a path",
			shards: map[string][]safetensors.Named{"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1})},
			index:  `{"weight_map": {"a.weight": "../a.safetensors"}}`,
			want:   []string{"model.safetensors.index.json", `"../a.safetensors"`, "is a path"},
		},
		{
			name:   "an index that is not JSON",
			shards: map[string][]safetensors.Named{"a.safetensors": fp8Pair("a.weight", 2, 2, []int64{1}, []float32{1})},
			index:  `{"weight_map": {"a.weight": `,
			want:   []string{"model.safetensors.index.json", "ends early"},
		},
		{
			name:   "block size in config.json that the scales do not fit",
			shards: map[string][]safetensors.Named{"m.safetensors": fp8Pair("a.weight", 256, 256, []int64{2, 2}, []float32{1, 1, 1, 1})},
			config: `{"quantization_config": {"quant_method": "fp8", "weight_block_size": [64, 64]}}`,
			want:   []string{`"a.weight_scale_inv"`, "[2,2]", "[4,4] (block 64x64)"},
		},
		{
			name: "MXFP4 scales of the wrong shape",
			shards: map[string][]safetensors.Named{"m.safetensors": {
				tt("e_blocks", dtype.U8, []int64{2, 3, 16}, make([]byte, 96)),
				tt("e_scales", dtype.U8, []int64{2, 2}, make([]byte, 4)),
			}},
			want: []string{`"e_scales"`, "[2,2]", `"e_blocks"`, "want [2,3]"},
		},
		{
			name: "MXFP4 blocks without scales",
			shards: map[string][]safetensors.Named{"m.safetensors": {
				tt("e_blocks", dtype.U8, []int64{2, 3, 16}, make([]byte, 96)),
			}},
			want: []string{`"e_blocks"`, `"e_scales"`, "no scale tensor"},
		},
		{
			name:   "nothing to dequantize",
			shards: map[string][]safetensors.Named{"m.safetensors": {tt("w", dtype.BF16, []int64{2}, make([]byte, 4))}},
			want:   []string{"nothing to dequantize"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			in := filepath.Join(dir, "in")
			os.Mkdir(in, 0o755)
			for name, ts := range c.shards {
				writeFile(t, filepath.Join(in, name), ts, nil)
			}
			if c.index != "" {
				os.WriteFile(filepath.Join(in, "model.safetensors.index.json"), []byte(c.index), 0o644)
			}
			if c.config != "" {
				os.WriteFile(filepath.Join(in, "config.json"), []byte(c.config), 0o644)
			}
			out := filepath.Join(dir, "out")
			ck, err := Open(in)
			if err == nil {
				defer ck.Close()
				_, err = Dequant(bg, ck, out, DequantOptions{})
			}
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			ents, _ := os.ReadDir(dir)
			if len(ents) != 1 {
				t.Errorf("left in the directory: %d entries", len(ents))
			}
		})
	}
}

// TestFailureLeavesDestination: a fault found while streaming (a NaN
// scale in the last shard) leaves an existing output directory as it
// was and no temporary directory behind; so does a cancelled context.
func TestFailureLeavesDestination(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	// A previous output: replaced only by a complete new one.
	if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{}); err != nil {
		t.Fatal(err)
	}
	before := snapshot(t, out)
	// Poison the last scale of down_proj (in shard 1) with NaN.
	bad := filepath.Join(dir, "bad")
	copyDir(t, in, bad)
	ts, meta, err := safetensors.ReadFile(filepath.Join(bad, "model-00001-of-00002.safetensors"))
	if err != nil {
		t.Fatal(err)
	}
	for _, x := range ts {
		if strings.HasSuffix(x.Name, "down_proj.weight_scale_inv") {
			binary.LittleEndian.PutUint32(x.Tensor.Data[len(x.Tensor.Data)-4:], math.Float32bits(float32(math.NaN())))
		}
	}
	writeFile(t, filepath.Join(bad, "model-00001-of-00002.safetensors"), ts, meta)
	_, err = Dequant(bg, mustOpen(t, bad), out, DequantOptions{Options: Options{ChunkSize: 4096}})
	if err == nil || !strings.Contains(err.Error(), "NaN") {
		t.Fatalf("err = %v", err)
	}
	if after := snapshot(t, out); after != before {
		t.Error("the previous output changed")
	}
	// Cancelled once the temporary directory exists.
	ctx, cancel := context.WithCancelCause(bg)
	stop := errors.New("stopped by the test")
	_, err = Dequant(ctx, mustOpen(t, in), filepath.Join(dir, "new"), DequantOptions{Options: Options{Started: func() { cancel(stop) }}})
	if !errors.Is(err, stop) {
		t.Errorf("cancelled: %v", err)
	}
	ents, _ := os.ReadDir(dir)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "bad in out" {
		t.Errorf("directory holds %v", names)
	}
}

// snapshot lists a directory's files with their sizes and contents.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range ents {
		data, _ := os.ReadFile(filepath.Join(dir, e.Name()))
		b.WriteString(e.Name() + string(data))
	}
	return b.String()
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	os.Mkdir(to, 0o755)
	ents, _ := os.ReadDir(from)
	for _, e := range ents {
		b, _ := os.ReadFile(filepath.Join(from, e.Name()))
		os.WriteFile(filepath.Join(to, e.Name()), b, 0o644)
	}
}

// TestOutputDirectoryRules: an existing directory holding other files is
// not replaced; one holding only this conversion's files is.
func TestOutputDirectoryRules(t *testing.T) {
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	os.Mkdir(out, 0o755)
	os.WriteFile(filepath.Join(out, "notes.txt"), []byte("mine"), 0o644)
	_, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{})
	if err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "notes.txt")); string(b) != "mine" {
		t.Error("a foreign file was touched")
	}
	os.Remove(filepath.Join(out, "notes.txt"))
	os.WriteFile(filepath.Join(out, "config.json"), []byte("old"), 0o644)
	if _, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(out, "config.json")); string(b) == "old" {
		t.Error("the previous output was not replaced")
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("%d entries: leftovers", len(ents))
	}
}

// failAfter is a file whose reads past limit fail, as a disk error would.
type failAfter struct {
	r     *bytes.Reader
	limit int64
}

func (f failAfter) ReadAt(p []byte, off int64) (int, error) {
	if off+int64(len(p)) > f.limit {
		return 0, errors.New("injected read error")
	}
	return f.r.ReadAt(p, off)
}

// TestReadErrorMidStream: a read failing at any point stops the run with
// the error (no hang, no partial success).
func TestReadErrorMidStream(t *testing.T) {
	var buf bytes.Buffer
	big := make([]float32, 3<<20/4*3)
	err := safetensors.Encode(&buf, []safetensors.Named{
		tt("a", dtype.F32, []int64{int64(len(big))}, f32Bytes(big)),
		tt("b", dtype.I8, []int64{3 << 20}, make([]byte, 3<<20)),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	size := int64(buf.Len())
	for _, limit := range []int64{200, 1 << 20, 5 << 20, size - 1} {
		c, err := OpenReader(failAfter{bytes.NewReader(buf.Bytes()), limit}, size, "disk.safetensors")
		if err != nil {
			t.Fatal(err)
		}
		_, err = Recast(bg, c, "disk-bf16.safetensors", RecastOptions{To: dtype.BF16, Options: Options{Writer: io.Discard, ChunkSize: 1 << 20}})
		if err == nil || !strings.Contains(err.Error(), "injected") {
			t.Errorf("limit %d: error %v", limit, err)
		}
	}
}

func TestPackBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, w := range []uint{4, 6} {
		elems := make([]byte, 64)
		for i := range elems {
			elems[i] = byte(r.Uint32()) & (1<<w - 1)
		}
		packed := packBits(make([]byte, 64*int(w)/8), elems, w)
		if got := unpackBits(make([]byte, 64), packed, w); !bytes.Equal(got, elems) {
			t.Errorf("w=%d: round trip changed the elements", w)
		}
	}
	// The first F6 element is the low 6 bits of byte 0.
	if got := packBits(make([]byte, 3), []byte{0x3f, 0, 0, 0x21}, 6); !bytes.Equal(got, []byte{0x3f, 0, 0x84}) {
		t.Errorf("f6 packing % x", got)
	}
}

// TestStaleTemporaryDirectories: a temporary directory a killed run left
// beside the output (its process gone, untouched for a while) is removed
// and reported; one moved aside by an unfinished swap is kept and
// reported.
func TestStaleTemporaryDirectories(t *testing.T) {
	child := exec.Command("true")
	if err := child.Run(); err != nil {
		t.Skipf("cannot run a child process: %v", err)
	}
	pid := strconv.Itoa(child.Process.Pid)
	dir := t.TempDir()
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	deepSeekLike(t, in, rand.New(rand.NewPCG(1, 2)))
	tmp := filepath.Join(dir, ".out.promote-tmp-"+pid+"-beef")
	old := filepath.Join(dir, ".out.promote-old-"+pid+"-beef")
	for _, d := range []string{tmp, old} {
		os.Mkdir(d, 0o755)
		os.WriteFile(filepath.Join(d, "x.safetensors"), []byte("partial"), 0o644)
		past := time.Now().Add(-time.Hour)
		os.Chtimes(d, past, past)
	}
	rep, err := Dequant(bg, mustOpen(t, in), out, DequantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	notes := strings.Join(rep.Notes, "\n")
	if !strings.Contains(notes, "removed "+tmp) || !strings.Contains(notes, old+" holds a previous output") {
		t.Errorf("notes:\n%s", notes)
	}
	if _, err := os.Stat(tmp); err == nil {
		t.Error("the stale temporary directory is still there")
	}
	if _, err := os.Stat(old); err != nil {
		t.Error("the moved-aside output was removed")
	}
}
