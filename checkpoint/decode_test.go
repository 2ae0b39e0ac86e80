package checkpoint

import (
	"encoding/binary"
	"math"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestDecodeIntoBF16: the bf16 decode by bits gives the value the format
// gives, for all 65536 patterns (NaN as NaN).
func TestDecodeIntoBF16(t *testing.T) {
	src := make([]byte, 2<<16)
	for p := range 1 << 16 {
		binary.LittleEndian.PutUint16(src[2*p:], uint16(p))
	}
	got := make([]float64, 1<<16)
	decodeInto(got, src, dtype.BF16)
	want := table(dtype.BF16)
	for p := range got {
		g, w := got[p], want[p]
		if math.IsNaN(w) != math.IsNaN(g) || !math.IsNaN(w) && math.Float64bits(g) != math.Float64bits(w) {
			t.Fatalf("bf16 %#04x: %g, want %g", p, g, w)
		}
	}
}

// TestDecodeBF16MatchesBuffer: decodeInto's bf16 case, which runs
// convert's kernel on little-endian machines, gives the bits of
// float64(float32(pattern << 16)) for every bf16 pattern, NaNs included.
func TestDecodeBF16MatchesBuffer(t *testing.T) {
	const n = 1 << 16
	src := make([]byte, 2*n)
	for i := range n {
		binary.LittleEndian.PutUint16(src[2*i:], uint16(i))
	}
	got := make([]float64, n)
	decodeInto(got, src, dtype.BF16)
	for i, x := range got {
		want := float64(math.Float32frombits(uint32(i) << 16))
		if math.Float64bits(x) != math.Float64bits(want) {
			t.Fatalf("bf16 %#04x: %#x, want %#x", i, math.Float64bits(x), math.Float64bits(want))
		}
	}
}
