package convert

import (
	"encoding/binary"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// wideBuf lays patterns out as Buffer expects, with f80 parts in 16 bytes
// whose padding is filled with pad (independently of buffer.go).
func wideBuf(t dtype.DType, pats []Pattern, pad byte) []byte {
	parts := 1
	if t.IsComplex() {
		parts = 2
	}
	ps := ElemBytes(t) / parts
	var out []byte
	for _, p := range pats {
		for k, v := range []uint64{p.Re, p.Im}[:parts] {
			hi := []uint16{p.ReHi, p.ImHi}[k]
			if ps == 16 {
				out = binary.LittleEndian.AppendUint64(out, v)
				out = binary.LittleEndian.AppendUint16(out, hi)
				for range 6 {
					out = append(out, pad)
				}
				continue
			}
			for b := range ps {
				out = append(out, byte(v>>(8*b)))
			}
		}
	}
	return out
}

// wideUnbuf reads wideBuf's layout back, and reports whether every
// padding byte is zero.
func wideUnbuf(t dtype.DType, b []byte) ([]Pattern, bool) {
	parts := 1
	if t.IsComplex() {
		parts = 2
	}
	size := ElemBytes(t)
	ps := size / parts
	zero := true
	var out []Pattern
	for i := 0; i+size <= len(b); i += size {
		var p Pattern
		for k := range parts {
			e := b[i+k*ps : i+(k+1)*ps]
			var v uint64
			var hi uint16
			if ps == 16 {
				v, hi = binary.LittleEndian.Uint64(e), binary.LittleEndian.Uint16(e[8:])
				for _, c := range e[10:] {
					zero = zero && c == 0
				}
			} else {
				for j := range ps {
					v |= uint64(e[j]) << (8 * j)
				}
			}
			if k == 0 {
				p.Re, p.ReHi = v, hi
			} else {
				p.Im, p.ImHi = v, hi
			}
		}
		out = append(out, p)
	}
	return out, zero
}

// widePatterns are patterns of t for the buffer tests, f80 parts drawn
// from edges.
func widePatterns(t dtype.DType, rng *rand.Rand, n int, edges []Pattern) []Pattern {
	part := t
	if t.IsComplex() {
		part = t.Format().Elem
	}
	one := func() Pattern {
		switch {
		case part == dtype.F80:
			return edges[rng.IntN(len(edges))]
		case part.Bits() < 64:
			return Pattern{Re: rng.Uint64() & (1<<part.Bits() - 1)}
		}
		return Pattern{Re: rng.Uint64()}
	}
	out := make([]Pattern, n)
	for i := range out {
		out[i] = one()
		if t.IsComplex() {
			im := one()
			out[i].Im, out[i].ImHi = im.Re, im.ReHi
		}
	}
	return out
}

// TestX87BufferMatchesScalar converts f80 and c160 buffers to and from
// every dtype, on one and two threads (past ParallelMin once), and checks
// each element against Scalar and the padding for zeros, though the
// source's padding is not.
func TestX87BufferMatchesScalar(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 8))
	edges := edgeX87(rng)
	var all []dtype.DType
	for _, d := range dtype.All() {
		if d != dtype.Dynamic && d.Format().Lanes <= 1 {
			all = append(all, d)
		}
	}
	for _, wide := range []dtype.DType{dtype.F80, dtype.C160} {
		for _, other := range all {
			for _, pair := range [][2]dtype.DType{{wide, other}, {other, wide}} {
				dst, src := pair[0], pair[1]
				n := 2000
				if dst == dtype.C160 && src == dtype.F80 {
					n = ParallelMin + 3 // the parallel path once
				}
				pats := widePatterns(src, rng, n, edges)
				in := wideBuf(src, pats, 0xa5)
				for _, threads := range []int{1, 2} {
					out := make([]byte, n*ElemBytes(dst))
					for i := range out {
						out[i] = 0xff
					}
					if err := Buffer(out, dst, in, src, Default(), Options{Threads: threads}); err != nil {
						t.Fatalf("%v -> %v: %v", src, dst, err)
					}
					got, zero := wideUnbuf(dst, out)
					if !zero {
						t.Errorf("%v -> %v: padding not zero", src, dst)
					}
					for i, x := range pats {
						want, _, _ := Scalar(dst, src, x, Default())
						if got[i] != want {
							t.Errorf("%v -> %v element %d %+v: Buffer %+v, Scalar %+v", src, dst, i, x, got[i], want)
							break
						}
					}
				}
			}
		}
	}
}

// TestX87Slice converts through []Float80 and []Complex160, and through
// []complex128 for f80 (any Go type of the element's size will do).
func TestX87Slice(t *testing.T) {
	src := []float64{1, -2.5, math.Inf(1), 0x1p-1074, math.MaxFloat64}
	f := make([]Float80, len(src))
	if err := Slice(f, dtype.F80, src, dtype.F64, Default(), Options{}); err != nil {
		t.Fatal(err)
	}
	want := []Pattern{
		{Re: 1 << 63, ReHi: 0x3fff}, {Re: 0xa000000000000000, ReHi: 0xc000}, {Re: 1 << 63, ReHi: 0x7fff},
		{Re: 1 << 63, ReHi: 0x3bcd}, {Re: 0xfffffffffffff800, ReHi: 0x43fe},
	}
	for i, x := range f {
		if x.Pattern() != want[i] {
			t.Errorf("f64 %g -> f80 %+v, want %+v", src[i], x.Pattern(), want[i])
		}
	}
	back := make([]float64, len(f))
	if err := Slice(back, dtype.F64, f, dtype.F80, Default(), Options{}); err != nil {
		t.Fatal(err)
	}
	for i := range back {
		if back[i] != src[i] {
			t.Errorf("f80 -> f64: %g, want %g", back[i], src[i])
		}
	}
	c := make([]Complex160, 2)
	if err := Slice(c, dtype.C160, []complex128{complex(1, -2), complex(0, math.NaN())}, dtype.C128, Default(), Options{}); err != nil {
		t.Fatal(err)
	}
	if c[0].Re.Pattern() != want[0] || c[0].Im.Pattern() != (Pattern{Re: 1 << 63, ReHi: 0xc000}) || c[1].Im.Hi != 0x7fff {
		t.Errorf("c128 -> c160: %+v", c)
	}
	asC128 := make([]complex128, len(f))
	if err := Slice(asC128, dtype.F80, src, dtype.F64, Default(), Options{}); err != nil {
		t.Fatalf("[]complex128 as f80: %v", err)
	}
	if err := Slice(make([]float64, 2), dtype.F80, src[:2], dtype.F64, Default(), Options{}); err == nil {
		t.Error("[]float64 holding f80: no error")
	}
	if err := Slice(make([]Float80, 2), dtype.C160, src[:2], dtype.F64, Default(), Options{}); err == nil {
		t.Error("[]Float80 holding c160: no error")
	}
}

// TestX87SameTypeCopyZeroesPadding: f80 to f80 copies the pattern (a
// non-canonical one too) and writes zero padding.
func TestX87SameTypeCopyZeroesPadding(t *testing.T) {
	pats := []Pattern{{Re: 0, ReHi: 0x3fff}, {Re: 1 << 63, ReHi: 0x3fff}, {Re: 1, ReHi: 0x7fff}}
	for _, d := range []dtype.DType{dtype.F80, dtype.C160} {
		in := wideBuf(d, pats, 0xee)
		out := make([]byte, len(in))
		if err := Buffer(out, d, in, d, Default(), Options{}); err != nil {
			t.Fatal(err)
		}
		got, zero := wideUnbuf(d, out)
		if !zero {
			t.Errorf("%v copy: padding not zero", d)
		}
		for i := range pats {
			if got[i] != pats[i] {
				t.Errorf("%v copy element %d: %+v, want %+v", d, i, got[i], pats[i])
			}
		}
	}
}

// TestX87BufferAllocs: the f80 element path allocates nothing.
func TestX87BufferAllocs(t *testing.T) {
	src := make([]byte, 100*8)
	dst := make([]byte, 100*16)
	if n := testing.AllocsPerRun(10, func() {
		_ = Buffer(dst, dtype.F80, src, dtype.F64, Default(), Options{Threads: 1})
	}); n != 0 {
		t.Errorf("Buffer f64 -> f80 allocates %v times", n)
	}
}

func BenchmarkBufferF64ToF80(b *testing.B) {
	src := make([]byte, 8<<10*8)
	for i := range 8 << 10 {
		binary.LittleEndian.PutUint64(src[8*i:], math.Float64bits(float64(i)*1.1))
	}
	dst := make([]byte, 8<<10*16)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_ = Buffer(dst, dtype.F80, src, dtype.F64, Default(), Options{Threads: 1})
	}
}

func BenchmarkBufferF80ToF64(b *testing.B) {
	src := make([]byte, 8<<10*16)
	for i := range 8 << 10 {
		binary.LittleEndian.PutUint64(src[16*i:], 1<<63|uint64(i)*0x9e3779b97f4a7c15>>1)
		binary.LittleEndian.PutUint16(src[16*i+8:], uint16(0x3ff0+i%32))
	}
	dst := make([]byte, 8<<10*8)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		_ = Buffer(dst, dtype.F64, src, dtype.F80, Default(), Options{Threads: 1})
	}
}
