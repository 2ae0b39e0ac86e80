package npy

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/tensor"
)

// longdoubleValues are the f80 patterns of testdata/longdouble.tsv's
// decimals, as convert reads them.
func longdoubleValues(t *testing.T) []convert.Pattern {
	t.Helper()
	var out []convert.Pattern
	for _, row := range tsvtest.Read(t, "testdata/longdouble.tsv") {
		d, err := convert.ParseDecimal(row.Fields[0])
		if err != nil {
			t.Fatal(err)
		}
		x, _, err := convert.FromDecimal(dtype.F80, d, convert.Default())
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, x)
	}
	return out
}

// f80At reads part k (16 bytes) of b.
func f80At(b []byte, k int) convert.Pattern {
	return convert.Pattern{Re: binary.LittleEndian.Uint64(b[16*k:]), ReHi: binary.LittleEndian.Uint16(b[16*k+8:])}
}

// TestReadLongDoubleFixtures reads the files NumPy 1.24 wrote with
// np.longdouble and np.clongdouble (testdata/longdouble.py): '<f16', a
// big-endian '>f16' and a Fortran-order one, and '<c32'; every element is
// the value convert reads from the same decimal.
func TestReadLongDoubleFixtures(t *testing.T) {
	want := longdoubleValues(t)
	check := func(name string, d dtype.DType, shape []int64, elem func(i int) convert.Pattern) {
		t.Helper()
		x, err := ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if x.DType != d || fmt.Sprint(x.Shape) != fmt.Sprint(shape) {
			t.Fatalf("%s: %v%v, want %v%v", name, x.DType, x.Shape, d, shape)
		}
		parts := 1
		if d.IsComplex() {
			parts = 2
		}
		for i := range int(x.Len()) * parts {
			if got, w := f80At(x.Data, i), elem(i); got != w {
				t.Errorf("%s part %d: %#x %#x, want %#x %#x", name, i, got.ReHi, got.Re, w.ReHi, w.Re)
			}
		}
	}
	n := len(want)
	check("longdouble.npy", dtype.F80, []int64{int64(n)}, func(i int) convert.Pattern { return want[i] })
	check("longdouble_be_2d.npy", dtype.F80, []int64{3, 4}, func(i int) convert.Pattern { return want[i] })
	check("longdouble_fortran.npy", dtype.F80, []int64{3, 4}, func(i int) convert.Pattern { return want[i] })
	check("clongdouble.npy", dtype.C160, []int64{int64(n - 1)}, func(i int) convert.Pattern {
		if i%2 == 0 {
			return want[i/2] // real parts: a[:-1]
		}
		return want[n-1-i/2] // imaginary parts: a[1:][::-1]
	})
}

// TestLongDoublePadding: padding bytes read from a file are dropped (the
// tensor holds zeros there) and written as zeros, without changing the
// caller's tensor.
func TestLongDoublePadding(t *testing.T) {
	for _, d := range []dtype.DType{dtype.F80, dtype.C160} {
		x, _ := tensor.Zeros(d, []int64{3})
		for i := range x.Data {
			x.Data[i] = byte(i + 1) // garbage in the padding too
		}
		orig := append([]byte(nil), x.Data...)
		var buf bytes.Buffer
		if err := Write(&buf, x); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(x.Data, orig) {
			t.Errorf("%v: Write changed the tensor", d)
		}
		file := buf.Bytes()
		data := file[len(file)-len(orig):]
		for i := range data {
			want := orig[i]
			if i%16 >= 10 {
				want = 0
			}
			if data[i] != want {
				t.Fatalf("%v: written byte %d = %#x, want %#x", d, i, data[i], want)
			}
		}
		// Garbage padding in a file is dropped on reading.
		for i := range data {
			if i%16 >= 10 {
				data[i] = 0xee
			}
		}
		y, err := read(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range y.Data {
			want := orig[i]
			if i%16 >= 10 {
				want = 0
			}
			if b != want {
				t.Fatalf("%v: read byte %d = %#x, want %#x", d, i, b, want)
			}
		}
	}
}

// TestNumPyLoadsLongDouble: files promote writes with f80 and c160 load in
// NumPy (Debian's /usr/bin/python3) as longdouble and clongdouble with the
// same values: NumPy's repr of each element, its shortest decimal, equals
// convert.Text's.
func TestNumPyLoadsLongDouble(t *testing.T) {
	py := python(t)
	if out, err := exec.Command(py, "-c", "import numpy as np; assert np.finfo(np.longdouble).nmant == 63").CombinedOutput(); err != nil {
		t.Skipf("NumPy's longdouble is not the x87 format here: %s", strings.TrimSpace(string(out)))
	}
	want := longdoubleValues(t)
	// More values: every significand bit pattern class across the range.
	for e := uint16(0); e < 0x7fff; e += 997 {
		want = append(want, convert.Pattern{Re: 1<<63 | uint64(e)*0x9e3779b97f4a7c15>>1, ReHi: e | 1}, convert.Pattern{Re: uint64(e) + 1, ReHi: 0x8000})
	}
	dir := t.TempDir()
	f := tensor.Tensor{DType: dtype.F80, Shape: []int64{int64(len(want))}, Data: make([]byte, 16*len(want))}
	c := tensor.Tensor{DType: dtype.C160, Shape: []int64{int64(len(want) / 2)}, Data: make([]byte, 16*(len(want)/2*2))}
	for i, x := range want {
		binary.LittleEndian.PutUint64(f.Data[16*i:], x.Re)
		binary.LittleEndian.PutUint16(f.Data[16*i+8:], x.ReHi)
		if i < len(want)/2*2 {
			copy(c.Data[16*i:16*i+16], f.Data[16*i:16*i+16])
		}
	}
	for name, x := range map[string]*tensor.Tensor{"f.npy": &f, "c.npy": &c} {
		if err := WriteFile(filepath.Join(dir, name), x); err != nil {
			t.Fatal(err)
		}
	}
	script := `
import sys, numpy as np
f = np.load(sys.argv[1] + '/f.npy')
c = np.load(sys.argv[1] + '/c.npy')
assert f.dtype == np.longdouble and c.dtype == np.clongdouble, (f.dtype, c.dtype)
for v in f: print(repr(v))
for z in c: print(repr(z.real)); print(repr(z.imag))
`
	out, err := exec.Command(py, "-c", script, dir).CombinedOutput()
	if err != nil {
		t.Fatalf("NumPy: %v\n%s", err, out)
	}
	var got []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		got = append(got, sc.Text())
	}
	if len(got) != len(want)+len(want)/2*2 {
		t.Fatalf("NumPy printed %d values, want %d:\n%s", len(got), len(want)+len(want)/2*2, out)
	}
	for i, s := range got {
		x := want[i%len(want)]
		if w := convert.Text(dtype.F80, x); !sameDecimal(s, w) {
			t.Errorf("element %d (%#x %#x): NumPy %s, promote %s", i, x.ReHi, x.Re, s, w)
		}
	}
}

// sameDecimal compares NumPy's repr of a longdouble ("1.0", "inf",
// "-1.189731495357231765e+4932") with convert.Text's ("1", "inf", ...):
// the same special, or the same rational value.
func sameDecimal(np, text string) bool {
	np = strings.Trim(strings.TrimSuffix(strings.TrimPrefix(np, "np.longdouble("), ")"), "'")
	switch np {
	case "inf", "-inf", "nan", "-nan":
		return np == text
	}
	a, ok1 := new(big.Rat).SetString(np)
	b, ok2 := new(big.Rat).SetString(text)
	return ok1 && ok2 && a.Cmp(b) == 0 && strings.HasPrefix(np, "-") == strings.HasPrefix(text, "-")
}
