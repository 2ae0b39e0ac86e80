package npy

import (
	"archive/zip"
	"bytes"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// allocated returns the bytes f allocates (runtime.MemStats.TotalAlloc):
// an upper bound on the peak memory it adds, since nothing it allocates
// is counted twice or left out.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// memorySlack is what reading may allocate besides the array: the
// Fortran buffer, the inflater, bufio, the header, the tensor.
const memorySlack = fortranChunk + 1<<20

// TestReadNPZMemory: a small archive holding one large deflated
// Fortran-order member costs about the member's size once, not a
// multiple of it (a doubling buffer and a second copy for the transpose
// made 32 MiB cost 80 MiB; a 1 MiB archive, 3.3 GiB).
func TestReadNPZMemory(t *testing.T) {
	const rows, cols = 4096, 8192 // 32 MiB of u8
	for _, order := range []string{"True", "False"} {
		dict := fmt.Sprintf("{'descr': '|u1', 'fortran_order': %s, 'shape': (%d, %d), }", order, rows, cols)
		file := archive(t, member{name: "big.npy", method: zip.Deflate, data: rawFile(1, dict, make([]byte, rows*cols))})
		var err error
		got := allocated(func() { _, err = ReadNPZ(bytes.NewReader(file), int64(len(file))) })
		if err != nil {
			t.Fatal(err)
		}
		if got > rows*cols+memorySlack {
			t.Errorf("fortran_order %s: reading a %d-byte archive of a %d-byte array allocated %d bytes", order, len(file), rows*cols, got)
		}
	}
}

// TestReadFileFortranMemory: a Fortran-order .npy costs its size once.
func TestReadFileFortranMemory(t *testing.T) {
	const rows, cols = 2048, 4096 // 32 MiB of f4
	dict := fmt.Sprintf("{'descr': '<f4', 'fortran_order': True, 'shape': (%d, %d), }", rows, cols)
	file := rawFile(1, dict, make([]byte, 4*rows*cols))
	var err error
	got := allocated(func() { _, err = Read(bytes.NewReader(file), int64(len(file))) })
	if err != nil {
		t.Fatal(err)
	}
	if got > 4*rows*cols+memorySlack {
		t.Errorf("reading a %d-byte array allocated %d bytes", 4*rows*cols, got)
	}
}

// TestReadFortranOrder: readFortran puts every element of column-major
// data at its row-major place, across chunk boundaries, for element sizes
// that do and do not divide the chunk, as a plain index computation does.
func TestReadFortranOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		shape []int64
		es    int
	}{
		{[]int64{2, 3}, 1},
		{[]int64{3, 1, 4}, 2},
		{[]int64{257, 129, 33}, 1}, // past one chunk
		{[]int64{97, 61, 45}, 3},   // 3 does not divide the chunk
		{[]int64{64, 33, 17, 5}, 8},
		{[]int64{5, 0}, 4},
	} {
		n := int64(1)
		for _, d := range tc.shape {
			n *= d
		}
		src := make([]byte, n*int64(tc.es))
		for i := range src {
			src[i] = byte(r.Uint32())
		}
		got, err := readFortran(bytes.NewReader(src), int64(len(src)), tc.shape, tc.es)
		if err != nil {
			t.Fatal(err)
		}
		want := make([]byte, len(src))
		idx := make([]int64, len(tc.shape))
		for c := range n {
			// idx of row-major element c, then its column-major offset.
			rem := c
			for ax := len(tc.shape) - 1; ax >= 0; ax-- {
				idx[ax] = rem % tc.shape[ax]
				rem /= tc.shape[ax]
			}
			f, stride := int64(0), int64(1)
			for ax := range tc.shape {
				f += idx[ax] * stride
				stride *= tc.shape[ax]
			}
			copy(want[c*int64(tc.es):], src[f*int64(tc.es):(f+1)*int64(tc.es)])
		}
		if !bytes.Equal(got, want) {
			t.Errorf("shape %v, %d-byte elements: not in row-major order", tc.shape, tc.es)
		}
	}
	if _, err := readFortran(strings.NewReader("abc"), 8, []int64{2, 2}, 2); err == nil || !strings.Contains(err.Error(), "data truncated: 3 of 8 bytes") {
		t.Errorf("short data: %v", err)
	}
}

// TestReadFortranFile: a Fortran-order .npy reads as the same array in
// row-major order.
func TestReadFortranFile(t *testing.T) {
	// Column-major [[1 2 3] [4 5 6]] is 1 4 2 5 3 6.
	file := rawFile(1, "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }", []byte{1, 4, 2, 5, 3, 6})
	x, err := Read(bytes.NewReader(file), int64(len(file)))
	if err != nil || x.DType != dtype.U8 || !bytes.Equal(x.Data, []byte{1, 2, 3, 4, 5, 6}) {
		t.Errorf("read %v, %v; want [[1 2 3] [4 5 6]] of u8", x, err)
	}
}
