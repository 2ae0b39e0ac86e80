package convert

import (
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// TestBC32IsTwoBF16Parts: bc32 converts part by part as bf16 does, to and
// from every dtype: a real source fills the real part and gives +0 for the
// imaginary one, a real destination takes the real part, and complex to
// complex converts both parts. Buffer agrees with Scalar on the element
// loop and the table path (one-byte sources of 1024 elements or more).
func TestBC32IsTwoBF16Parts(t *testing.T) {
	bf := func(dst, src dtype.DType, x uint64, hi uint16) Pattern {
		y, _, err := Scalar(dst, src, Pattern{Re: x, ReHi: hi}, Default())
		if err != nil {
			t.Fatal(err)
		}
		return y
	}
	var parts []uint64
	for x := uint64(0); x < 1<<16; x += 7 {
		parts = append(parts, x)
	}
	parts = append(parts, 0x7f80, 0xff80, 0x7fc1, 0x8000, 0x0001)
	for _, other := range dtype.All() {
		if other == dtype.Dynamic || other == dtype.BC32 || other.Format().Lanes > 1 {
			continue
		}
		op := other
		if other.IsComplex() {
			op = other.Format().Elem
		}
		for i, re := range parts {
			im := parts[(i*31+5)%len(parts)]
			x := Pattern{Re: re, Im: im}
			got, _, err := Scalar(other, dtype.BC32, x, Default())
			if err != nil {
				t.Fatalf("bc32 -> %v: %v", other, err)
			}
			want := bf(op, dtype.BF16, re, 0)
			if other.IsComplex() {
				w := bf(op, dtype.BF16, im, 0)
				want.Im, want.ImHi = w.Re, w.ReHi
			}
			if got != want {
				t.Fatalf("bc32 -> %v %#x %#x: %+v, want %+v", other, re, im, got, want)
			}
			// And into bc32 from that result.
			back, _, err := Scalar(dtype.BC32, other, got, Default())
			if err != nil {
				t.Fatal(err)
			}
			wantBack := Pattern{Re: bf(dtype.BF16, op, got.Re, got.ReHi).Re}
			if other.IsComplex() {
				wantBack.Im = bf(dtype.BF16, op, got.Im, got.ImHi).Re
			}
			if back != wantBack {
				t.Fatalf("%v -> bc32 %+v: %+v, want %+v", other, got, back, wantBack)
			}
		}
	}
	// Buffers: every one-byte source through the table into bc32, and
	// bc32 into c64 on the element loop.
	for _, src := range []dtype.DType{dtype.U8, dtype.I8, dtype.F8E4M3FN, dtype.Bool} {
		in := make([]byte, 2048)
		for i := range in {
			in[i] = byte(i)
			if src == dtype.Bool {
				in[i] &= 1
			}
		}
		out := make([]byte, 4*len(in))
		if err := Buffer(out, dtype.BC32, in, src, Default(), Options{}); err != nil {
			t.Fatal(err)
		}
		for i, b := range in {
			want, _, _ := Scalar(dtype.BC32, src, Pattern{Re: uint64(b)}, Default())
			got := Pattern{Re: uint64(out[4*i]) | uint64(out[4*i+1])<<8, Im: uint64(out[4*i+2]) | uint64(out[4*i+3])<<8}
			if got != want {
				t.Fatalf("%v -> bc32 element %d: %+v, want %+v", src, i, got, want)
			}
		}
	}
	in := encodeBuf(dtype.BC32, []Pattern{{Re: 0x3f80, Im: 0xc000}, {Re: 0x7fc1, Im: 0x0001}})
	out := make([]byte, 16)
	if err := Buffer(out, dtype.C64, in, dtype.BC32, Default(), Options{}); err != nil {
		t.Fatal(err)
	}
	if got := decodeBuf(dtype.C64, out); got[0] != (Pattern{Re: 0x3f800000, Im: 0xc0000000}) || got[1] != (Pattern{Re: 0x7fc10000, Im: 0x00010000}) {
		t.Errorf("bc32 -> c64 buffer: %+v", got)
	}
}
