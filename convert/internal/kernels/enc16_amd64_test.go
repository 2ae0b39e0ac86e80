//go:build !purego

package kernels

import (
	"encoding/binary"
	"fmt"
	"testing"
	"unsafe"

	"github.com/promote-dev/promote/dtype"
)

// TestEnc16Layout checks the field offsets enc16_amd64.s reads.
// halfSources are the 16-bit float sources of the enc16 loops, with their
// exact widening to f32 patterns (the reference the loops must equal).
var halfSources = []struct {
	t     dtype.DType
	widen func(uint16) uint32
}{
	{dtype.F16, f16ToF32},
	{dtype.BF16, bf16ToF32},
}

func TestEnc16Layout(t *testing.T) {
	var p enc16Params
	for _, f := range []struct {
		name      string
		got, want uintptr
	}{
		{"d", unsafe.Offsetof(p.d), 0}, {"lm", unsafe.Offsetof(p.lm), 64}, {"k", unsafe.Offsetof(p.k), 128},
		{"ovf", unsafe.Offsetof(p.ovf), 192}, {"nanMant", unsafe.Offsetof(p.nanMant), 194},
		{"nanBase", unsafe.Offsetof(p.nanBase), 196}, {"nanShift", unsafe.Offsetof(p.nanShift), 198},
		{"signShift", unsafe.Offsetof(p.signShift), 200}, {"signBit", unsafe.Offsetof(p.signBit), 202},
		{"hi", unsafe.Offsetof(p.hi), 204},
	} {
		if f.got != f.want {
			t.Errorf("enc16Params.%s at offset %d, enc16_amd64.s reads %d", f.name, f.got, f.want)
		}
	}
}

// TestEnc16Exhaustive runs every f16 and bf16 pattern through the
// installed encoders into every small float, the whole-block loop alone
// and the kernel at an odd length and a misaligned dst, with ordinary and
// non-temporal stores, against fromF32 (or e8m0FromF32) of the widened
// source.
func TestEnc16Exhaustive(t *testing.T) {
	const n = 1 << 16
	src := make([]byte, 2*n+2)
	for i := range n {
		binary.LittleEndian.PutUint16(src[2*i:], uint16(i))
	}
	for _, h := range halfSources {
		for _, d := range append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU) {
			want := make([]byte, n)
			for i := range n {
				x := h.widen(uint16(i))
				if d == dtype.F8E8M0FNU {
					want[i] = e8m0FromF32(x)
				} else {
					want[i] = f8[d].fromF32(x)
				}
			}
			check := func(name string, got, want []byte) {
				t.Helper()
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("%s<-%s %s: pattern %#04x gives %#02x, want %#02x", d, h.t, name, i, got[i], want[i])
					}
				}
			}
			f := fasts[d][h.t]
			if f == nil {
				t.Fatalf("%s<-%s: no assembly kernel", d, h.t)
			}
			got := make([]byte, n)
			f.lp(&got[0], &src[0], n)
			check("loop", got, want)
			if f.nt != nil {
				clear(got)
				f.nt(&got[0], &src[0], n)
				sfence()
				check("NT loop", got, want)
			}
			for _, nt := range []int{ntMin, 0} {
				func() {
					defer func(old int) { ntMin = old }(ntMin)
					ntMin = nt
					buf := make([]byte, n+64)
					out := buf[5 : 5+n-3]
					table[d][h.t](out, src[6:])
					check(fmt.Sprintf("kernel ntMin=%d", nt), out, want[3:])
				}()
			}
		}
	}
}

// BenchmarkEnc16InCache runs the enc16 loops (and f16E5M2, the 16-bit
// loop they are measured against) over 8 Ki elements, in cache, so that
// the figures are the loops' arithmetic rather than memory bandwidth.
func BenchmarkEnc16InCache(b *testing.B) {
	const n = 8 << 10
	src := make([]byte, 2*n)
	for i := range src {
		src[i] = byte(i * 7)
	}
	dst := make([]byte, n)
	for _, h := range halfSources {
		for _, d := range []dtype.DType{dtype.F8E4M3, dtype.F8E4M3FN, dtype.F8E5M2, dtype.F8E5M2FNUZ, dtype.F4E2M1FN, dtype.F8E8M0FNU} {
			f := fasts[d][h.t]
			b.Run(d.String()+"<-"+h.t.String(), func(b *testing.B) {
				b.SetBytes(3 * n)
				for b.Loop() {
					f.lp(&dst[0], &src[0], n)
				}
			})
		}
	}
}
