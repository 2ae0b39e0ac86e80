package kernels

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// encDests are the destinations of the table encoders.
func encDests() []dtype.DType {
	return append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU)
}

// TestEncTables checks both tables of every format, all 65536 entries,
// against the reference rounding of the exactly widened pattern.
func TestEncTables(t *testing.T) {
	for _, d := range encDests() {
		enc := encoderOf(d)
		ht, bt := f16Enc[d](), bf16Enc[d]()
		for h := range 1 << 16 {
			if got, want := ht[h], enc(f16ToF32(uint16(h))); got != want {
				t.Fatalf("%s <- f16 %#04x: table %#02x, reference %#02x", d, h, got, want)
			}
			if got, want := bt[h], enc(bf16ToF32(uint16(h))); got != want {
				t.Fatalf("%s <- bf16 %#04x: table %#02x, reference %#02x", d, h, got, want)
			}
		}
	}
}

// TestEncF32 checks the pure-Go f32 encoders, through bf16 rounded to
// odd, against the reference rounding (fromF32, e8m0FromF32) for every
// top half of an f32 pattern with low halves that are zero, below, at and
// above half of bf16's quantum, and random ones.
func TestEncF32(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	lows := []uint32{0, 1, 0x7fff, 0x8000, 0x8001, 0xffff, 0, 0}
	src := make([]byte, 4*len(lows)<<16)
	for hi := range 1 << 16 {
		lows[6], lows[7] = rng.Uint32()&0xffff, rng.Uint32()&0xffff
		for j, lo := range lows {
			binary.LittleEndian.PutUint32(src[4*(hi*len(lows)+j):], uint32(hi)<<16|lo)
		}
	}
	for _, d := range encDests() {
		enc := encoderOf(d)
		dst := make([]byte, len(src)/4)
		pure[d][dtype.F32](dst, src)
		for i := range dst {
			x := binary.LittleEndian.Uint32(src[4*i:])
			if want := enc(x); dst[i] != want {
				t.Fatalf("%s <- f32 %#08x: %#02x, want %#02x", d, x, dst[i], want)
			}
		}
	}
}

// TestEncF64 checks the pure-Go f64 encoders, through bf16 rounded to
// odd, against the chain they replace (f64 rounded to odd at f32, then
// the reference rounding: chain.go says why that is exact), on values
// next to every bf16 value, below and above bf16's range, and random ones.
func TestEncF64(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var in []uint64
	for h := range 1 << 16 {
		x := f32ToF64(bf16ToF32(uint16(h)))
		in = append(in, x, x+1, x-1, x+1<<44, x+1<<45, x+3<<44, rng.Uint64())
	}
	for _, e := range []uint64{0, 1, 700, 800, 860, 868, 869, 870, 896, 897, 1150, 1151, 1152, 1500, 2046, 2047} {
		for _, m := range []uint64{0, 1, 1 << 44, 1 << 45, 1<<52 - 1, 1 << 51, rng.Uint64() >> 12} {
			in = append(in, e<<52|m, 1<<63|e<<52|m)
		}
	}
	src := make([]byte, 8*len(in))
	for i, x := range in {
		binary.LittleEndian.PutUint64(src[8*i:], x)
	}
	for _, d := range encDests() {
		enc := encoderOf(d)
		dst := make([]byte, len(in))
		pure[d][dtype.F64](dst, src)
		for i, x := range in {
			if want := enc(f64ToF32Odd(x)); dst[i] != want {
				t.Fatalf("%s <- f64 %#016x (%g): %#02x, want %#02x", d, x, math.Float64frombits(x), dst[i], want)
			}
		}
	}
}

// TestEncInt checks the pure-Go encoders from the 32- and 64-bit integers
// against the chain they replace (rounded to odd at f32, then the
// reference rounding), on the values next to every power of two and
// every 8-bit significand times one, and random ones; the 8- and 16-bit
// sources are checked on every pattern by TestAgainstReference.
func TestEncInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var in []uint64
	for s := range 64 {
		for m := range uint64(256) {
			v := m << s
			in = append(in, v, v+1, v-1, v+v>>9, v-v>>9, rng.Uint64()>>(63-s))
		}
	}
	src := make([]byte, 8*len(in))
	for _, c := range []struct {
		t   dtype.DType
		odd Kernel
	}{
		{dtype.I32, goIntToF32Odd[int32]}, {dtype.U32, goIntToF32Odd[uint32]},
		{dtype.I64, goIntToF32Odd[int64]}, {dtype.U64, goIntToF32Odd[uint64]},
	} {
		sz := size(c.t)
		for i, v := range in {
			put(src[sz*i:], c.t, v)
		}
		f32 := make([]byte, 4*len(in))
		c.odd(f32, src[:sz*len(in)])
		for _, d := range encDests() {
			enc := encoderOf(d)
			dst := make([]byte, len(in))
			pure[d][c.t](dst, src[:sz*len(in)])
			for i := range in {
				x := binary.LittleEndian.Uint32(f32[4*i:])
				if want := enc(x); dst[i] != want {
					t.Fatalf("%s <- %s %#x: %#02x, want %#02x", d, c.t, get(src[sz*i:], c.t), dst[i], want)
				}
			}
		}
	}
}
