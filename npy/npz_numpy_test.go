package npy

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// npzCheckScript loads the archives promote wrote with np.load and prints
// one line per array, NAME DESCR SHAPE HEX (C order, little-endian), so
// the test can compare them with what it wrote; then it saves the same
// arrays with np.savez_compressed for the test to read back.
const npzCheckScript = `
import numpy as np, sys
for path in sys.argv[1:3]:
    with np.load(path) as z:
        for name in z.files:
            a = z[name]
            a = a.astype(a.dtype.newbyteorder('<'))
            print(path[-10:], name, a.dtype.str, ','.join(str(d) for d in a.shape), a.tobytes().hex())
with np.load(sys.argv[1]) as z:
    np.savez_compressed(sys.argv[3], **{k: z[k] for k in z.files})
`

// TestNumPyReadsNPZWeWrite: NumPy loads the archives promote writes,
// stored and deflated, with the same names in order, dtypes, shapes and
// bytes; and promote reads back what np.savez_compressed makes of them.
func TestNumPyReadsNPZWeWrite(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(3, 4))
	var arrays []Array
	var want []string
	for i, d := range storable() {
		descr, _ := descrOf(d, options{})
		if !strings.ContainsAny(descr[:1], "<|") {
			continue // ml_dtypes names: plain NumPy cannot load them
		}
		shape := shapes[i%len(shapes)]
		x := randomTensor(t, r, d, shape)
		name := fmt.Sprintf("z%02d_%v", i, d)
		arrays = append(arrays, Array{Name: name, Tensor: x})
		elems, _ := x.Elements()
		dims := make([]string, len(shape))
		for j, s := range shape {
			dims[j] = fmt.Sprint(s)
		}
		want = append(want, fmt.Sprintf("%s %s %s %s", name, descr, strings.Join(dims, ","), hex.EncodeToString(elems)))
	}
	slices.Reverse(arrays) // the order given, not sorted, must be kept
	slices.Reverse(want)
	stored, deflated, again := filepath.Join(dir, "stored.npz"), filepath.Join(dir, "deflat.npz"), filepath.Join(dir, "again.npz")
	if err := WriteNPZFile(stored, arrays); err != nil {
		t.Fatal(err)
	}
	if err := WriteNPZFile(deflated, arrays, Deflate()); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, "-c", npzCheckScript, stored, deflated, again).CombinedOutput()
	if err != nil {
		t.Fatalf("NumPy: %v\n%s", err, out)
	}
	var got [2][]string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		file, rest, _ := strings.Cut(line, " ")
		switch file {
		case "stored.npz":
			got[0] = append(got[0], rest)
		case "deflat.npz":
			got[1] = append(got[1], rest)
		default:
			t.Fatalf("NumPy printed %q", line)
		}
	}
	for i, g := range got {
		if !slices.Equal(g, want) {
			t.Errorf("archive %d: NumPy loaded\n%s\nwant\n%s", i, strings.Join(g, "\n"), strings.Join(want, "\n"))
		}
	}
	back, err := ReadNPZFile(again)
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != len(arrays) {
		t.Fatalf("%d arrays back from np.savez_compressed, want %d", len(back), len(arrays))
	}
	for i, a := range arrays {
		b := back[i]
		if b.Name != a.Name || b.Tensor.DType != a.Tensor.DType || !slices.Equal(b.Tensor.Shape, a.Tensor.Shape) || !bytes.Equal(b.Tensor.Data, a.Tensor.Data) {
			t.Errorf("array %d: %q %v back from NumPy, wrote %q %v", i, b.Name, b.Tensor, a.Name, a.Tensor)
		}
	}
	t.Logf("NumPy loaded %d arrays from each archive; promote read them back from np.savez_compressed", len(arrays))
}
