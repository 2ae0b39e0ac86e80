package convert_test

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// TestTable: every result size, lengths around the 64-byte blocks of the
// vector loop, against indexing the table directly; results of four and
// eight bytes both with low bits set (the Go loop) and clear (the
// vector loop where the CPU has one).
func TestTable(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, size := range []int{1, 2, 4, 8} {
		for _, lowZero := range []bool{false, true} {
			var vals [256]uint64
			for i := range vals {
				vals[i] = r.Uint64()
				if lowZero && size >= 4 {
					vals[i] &^= 1<<(8*size-16) - 1
				}
			}
			var tb convert.Table
			if err := tb.Init(&vals, size); err != nil {
				t.Fatal(err)
			}
			for _, n := range []int{0, 1, 63, 64, 65, 127, 128, 200, 1000} {
				src := make([]byte, n)
				for i := range src {
					src[i] = byte(r.Uint32())
				}
				dst := make([]byte, n*size)
				if err := tb.Run(dst, src); err != nil {
					t.Fatal(err)
				}
				var want [8]byte
				for i, b := range src {
					binary.LittleEndian.PutUint64(want[:], vals[b])
					if got := dst[i*size : (i+1)*size]; string(got) != string(want[:size]) {
						t.Fatalf("size %d, n %d, byte %d (%#x): got %x, want %x", size, n, i, b, got, want[:size])
					}
				}
			}
		}
	}
}

func TestTableErrors(t *testing.T) {
	var vals [256]uint64
	var tb convert.Table
	if err := tb.Run(make([]byte, 2), make([]byte, 1)); err == nil {
		t.Error("Run before Init: no error")
	}
	if err := tb.Init(&vals, 3); err == nil {
		t.Error("Init with size 3: no error")
	}
	if err := tb.Init(&vals, 2); err != nil {
		t.Fatal(err)
	}
	if err := tb.Run(make([]byte, 3), make([]byte, 2)); err == nil {
		t.Error("Run with a short destination: no error")
	}
}

func TestTableAllocs(t *testing.T) {
	var vals [256]uint64
	var tb convert.Table
	src, dst := make([]byte, 1000), make([]byte, 2000)
	if n := testing.AllocsPerRun(10, func() {
		_ = tb.Init(&vals, 2)
		_ = tb.Run(dst, src)
	}); n != 0 {
		t.Errorf("Init and Run allocate %v times, want 0", n)
	}
}

// ExampleTable dequantizes f8e4m3fn bytes that share a scale of 0.5 into
// bf16: the table holds the 256 results, computed once with Buffer.
func ExampleTable() {
	var in [256]byte
	for i := range in {
		in[i] = byte(i)
	}
	// Every pattern as f32, halved (exact), then rounded to bf16.
	f32 := make([]byte, 4*256)
	if err := convert.Buffer(f32, dtype.F32, in[:], dtype.F8E4M3FN, convert.Default(), convert.Options{}); err != nil {
		panic(err)
	}
	for i := range 256 {
		v := math.Float32frombits(binary.LittleEndian.Uint32(f32[4*i:]))
		binary.LittleEndian.PutUint32(f32[4*i:], math.Float32bits(v*0.5))
	}
	out := make([]byte, 2*256)
	if err := convert.Buffer(out, dtype.BF16, f32, dtype.F32, convert.Default(), convert.Options{}); err != nil {
		panic(err)
	}
	var vals [256]uint64
	for i := range vals {
		vals[i] = uint64(binary.LittleEndian.Uint16(out[2*i:]))
	}
	var t convert.Table
	if err := t.Init(&vals, 2); err != nil {
		panic(err)
	}
	weights := []byte{0x38, 0x40, 0xb8} // 1, 2, -1 in f8e4m3fn
	dst := make([]byte, 2*len(weights))
	if err := t.Run(dst, weights); err != nil {
		panic(err)
	}
	for i := range weights {
		fmt.Printf("%#04x ", binary.LittleEndian.Uint16(dst[2*i:]))
	}
	fmt.Println()
	// Output: 0x3f00 0x3f80 0xbf00
}

// TestTableRows: RunRows writes, row by row, what Run writes for the
// row, and leaves the bytes between rows alone, for every result size
// (vector loops and Go loop alike) and block-column shapes like a
// block-scaled weight's.
func TestTableRows(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, size := range []int{1, 2, 4, 8} {
		var vals [256]uint64
		for i := range vals {
			vals[i] = r.Uint64() &^ (1<<(8*max(size, 2)-16) - 1)
		}
		var tb convert.Table
		if err := tb.Init(&vals, size); err != nil {
			t.Fatal(err)
		}
		for _, shape := range [][4]int{ // rows, width, columns of the matrix, column of the block
			{1, 128, 128, 0}, {3, 128, 7168, 128}, {5, 64, 200, 136}, {4, 72, 200, 128}, {2, 7, 20, 13}, {128, 128, 1024, 896},
		} {
			rows, width, cols, col := shape[0], shape[1], shape[2], shape[3]
			src := make([]byte, rows*cols)
			for i := range src {
				src[i] = byte(r.Uint32())
			}
			got := make([]byte, rows*cols*size)
			want := make([]byte, len(got))
			for i := range got {
				got[i], want[i] = 0x5a, 0x5a
			}
			if err := tb.RunRows(got[col*size:], src[col:], rows, width, cols*size, cols); err != nil {
				t.Fatal(err)
			}
			for row := range rows {
				s, d := row*cols+col, (row*cols+col)*size
				if err := tb.Run(want[d:d+width*size], src[s:s+width]); err != nil {
					t.Fatal(err)
				}
			}
			if string(got) != string(want) {
				t.Errorf("size %d, %d rows of %d at column %d of %d: RunRows differs from Run row by row", size, rows, width, col, cols)
			}
		}
	}
}

// TestTableRowsErrors: shapes that do not fit, overlap or are negative
// are refused, and nothing is written.
func TestTableRowsErrors(t *testing.T) {
	var vals [256]uint64
	for i := range vals {
		vals[i] = 0x0101
	}
	var tb convert.Table
	if err := tb.RunRows(make([]byte, 8), make([]byte, 4), 2, 2, 4, 2); err == nil {
		t.Error("RunRows before Init: no error")
	}
	if err := tb.Init(&vals, 2); err != nil {
		t.Fatal(err)
	}
	const big = int(^uint(0) >> 1)
	for _, c := range []struct {
		name                      string
		dst, src                  int
		rows, width, dstSt, srcSt int
	}{
		{"negative rows", 100, 100, -1, 2, 4, 2},
		{"negative width", 100, 100, 2, -2, 4, 2},
		{"short source stride", 100, 100, 3, 4, 8, 3},
		{"short destination stride", 100, 100, 3, 4, 7, 4},
		{"source too short", 100, 11, 3, 4, 8, 4},
		{"destination too short", 23, 100, 3, 4, 8, 4},
		{"row longer than the source", 100, 3, 1, 4, 8, 4},
		{"huge stride", 100, 100, 3, 4, big, 4},
		{"huge rows", 100, 100, big, 1, 2, 1},
	} {
		dst := make([]byte, c.dst)
		if err := tb.RunRows(dst, make([]byte, c.src), c.rows, c.width, c.dstSt, c.srcSt); err == nil {
			t.Errorf("%s: no error", c.name)
		} else if string(dst) != string(make([]byte, c.dst)) {
			t.Errorf("%s: %v, but wrote", c.name, err)
		}
	}
	if err := tb.RunRows(nil, nil, 0, 5, 0, 0); err != nil {
		t.Errorf("no rows: %v", err)
	}
}

// ExampleTable_RunRows looks up one block column of a 2x4 matrix of
// bytes (columns 1 and 2 of each row) through a table that doubles each
// byte into a 2-byte result, leaving the other columns alone.
func ExampleTable_RunRows() {
	var vals [256]uint64
	for i := range vals {
		vals[i] = uint64(2 * i)
	}
	var t convert.Table
	if err := t.Init(&vals, 2); err != nil {
		panic(err)
	}
	src := []byte{
		1, 2, 3, 4,
		5, 6, 7, 8,
	}
	dst := make([]byte, 2*len(src))
	// Rows of 2 bytes from column 1; strides are in bytes.
	if err := t.RunRows(dst[2*1:], src[1:], 2, 2, 2*4, 4); err != nil {
		panic(err)
	}
	for r := range 2 {
		var row [4]uint16
		for c := range row {
			row[c] = binary.LittleEndian.Uint16(dst[2*(4*r+c):])
		}
		fmt.Println(row)
	}
	// Output:
	// [0 4 6 0]
	// [0 12 14 0]
}
