package npy

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// python returns Debian's python3 with NumPy, or skips the test. The
// pyenv python3 on PATH has no NumPy, so the system one is asked for by
// path.
func python(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("NumPy interoperability skipped under -short")
	}
	const py = "/usr/bin/python3"
	if _, err := os.Stat(py); err != nil {
		t.Skipf("%s not present", py)
	}
	if out, err := exec.Command(py, "-c", "import numpy").CombinedOutput(); err != nil {
		t.Skipf("%s has no NumPy: %s", py, strings.TrimSpace(string(out)))
	}
	return py
}

// writerScript makes NumPy write one .npy file for each case, with the
// expected tensor storage (C order, little-endian) beside it as .bin.
const writerScript = `
import numpy as np, sys, os
out = sys.argv[1]
def save(name, a, version=None):
    path = os.path.join(out, name + '.npy')
    if version is None:
        np.save(path, a)
    else:
        with open(path, 'wb') as f:
            np.lib.format.write_array(f, a, version=version)
    c = np.ascontiguousarray(a)
    c = c.astype(c.dtype.newbyteorder('<'))
    open(os.path.join(out, name + '.bin'), 'wb').write(c.tobytes(order='C'))
codes = ['?', 'i1', 'u1', 'i2', 'u2', 'i4', 'u4', 'i8', 'u8', 'f2', 'f4', 'f8', 'c8', 'c16']
for code in codes:
    base = np.arange(-5, 7).reshape(3, 4)
    if code == '?':
        a = base % 3 == 0
    elif code.startswith('c'):
        a = (base * 1.25 + 0.5j * base).astype(code)
    elif code.startswith('f'):
        a = (base * 1.25).astype(code)
    else:
        a = base.astype(code)
    orders = ['<', '>'] if a.dtype.itemsize > 1 else ['|']
    for bo in orders:
        b = a.astype(a.dtype.newbyteorder(bo)) if bo != '|' else a
        tag = code.replace('?', 'b1') + {'<': 'le', '>': 'be', '|': 'na'}[bo]
        save(tag + '_c', b)
        save(tag + '_f', np.asfortranarray(b))
        save(tag + '_3d_f', np.asfortranarray(np.stack([b, b + b])))
        save(tag + '_0d', b[0, 0].reshape(()))
        save(tag + '_empty', b[:0])
        save(tag + '_v2', b, (2, 0))
        save(tag + '_v3', b, (3, 0))
`

func TestReadFilesWrittenByNumPy(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	if out, err := exec.Command(py, "-c", writerScript, dir).CombinedOutput(); err != nil {
		t.Fatalf("NumPy writer: %v\n%s", err, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.npy"))
	if len(files) < 100 {
		t.Fatalf("NumPy wrote only %d files", len(files))
	}
	for _, f := range files {
		x, err := ReadFile(f)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(f), err)
			continue
		}
		want, err := os.ReadFile(strings.TrimSuffix(f, ".npy") + ".bin")
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x.Data, want) {
			t.Errorf("%s: read %v %x, NumPy's C-order little-endian bytes are %x", filepath.Base(f), x, x.Data, want)
		}
	}
}

// readerScript loads each .npy file promote wrote and compares its dtype
// string, shape and bytes with the expectation in the .want file, and the
// whole file with what np.save writes for the array it loaded.
const readerScript = `
import numpy as np, sys, os, glob, io
bad = 0
for path in sorted(glob.glob(os.path.join(sys.argv[1], '*.npy'))):
    want_descr, want_shape = open(path[:-4] + '.want').read().split(';')
    want_shape = tuple(int(x) for x in want_shape.split(',') if x)
    a = np.load(path)
    data = open(path[:-4] + '.bin', 'rb').read()
    if a.dtype.str != want_descr or a.shape != want_shape or a.tobytes() != data or not a.flags.c_contiguous:
        bad += 1
        print('FAIL', os.path.basename(path), a.dtype.str, a.shape)
    again = io.BytesIO()
    np.save(again, a)
    if again.getvalue() != open(path, 'rb').read():
        bad += 1
        print('FAIL', os.path.basename(path), 'np.save writes different bytes')
print('checked', bad)
sys.exit(1 if bad else 0)
`

func TestNumPyReadsFilesWeWrite(t *testing.T) {
	py := python(t)
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(7, 8))
	count := 0
	for _, d := range storable() {
		for si, shape := range shapes {
			x := randomTensor(t, r, d, shape)
			var opts []Option
			descr, _ := descrOf(d, options{})
			if !strings.ContainsAny(descr[:1], "<|") {
				opts = append(opts, RawVoid()) // plain NumPy cannot load ml_dtypes names
			}
			descr, _ = descrOf(d, collect(opts))
			name := filepath.Join(dir, d.String()+"_"+string(rune('a'+si)))
			if err := WriteFile(name+".npy", x, opts...); err != nil {
				t.Fatal(err)
			}
			elems, _ := x.Elements()
			dims := make([]string, len(shape))
			for i, s := range shape {
				dims[i] = strconv.FormatInt(s, 10)
			}
			if err := os.WriteFile(name+".bin", elems, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name+".want", []byte(descr+";"+strings.Join(dims, ",")), 0o644); err != nil {
				t.Fatal(err)
			}
			count++
		}
	}
	out, err := exec.Command(py, "-c", readerScript, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("NumPy reader found differences: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "checked 0") {
		t.Fatalf("NumPy reader output: %s", out)
	}
	t.Logf("NumPy read %d files back with the same dtype, shape and bytes", count)
}
