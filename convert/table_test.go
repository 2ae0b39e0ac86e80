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
