package kernels

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// pairs lists every pair the package has a kernel for, as [dst, src].
func pairs() [][2]dtype.DType {
	var out [][2]dtype.DType
	for d := range dtype.Count {
		for s := range dtype.Count {
			if pure[d][s] != nil {
				out = append(out, [2]dtype.DType{dtype.DType(d), dtype.DType(s)})
			}
		}
	}
	return out
}

func size(t dtype.DType) int { return elemBytes(t) }

func put(b []byte, t dtype.DType, p uint64) {
	switch size(t) {
	case 1:
		b[0] = byte(p)
	case 2:
		binary.LittleEndian.PutUint16(b, uint16(p))
	case 4:
		binary.LittleEndian.PutUint32(b, uint32(p))
	default:
		binary.LittleEndian.PutUint64(b, p)
	}
}

func get(b []byte, t dtype.DType) uint64 {
	switch size(t) {
	case 1:
		return uint64(b[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(b))
	case 4:
		return uint64(binary.LittleEndian.Uint32(b))
	}
	return binary.LittleEndian.Uint64(b)
}

func encode(t dtype.DType, ps []uint64) []byte {
	b := make([]byte, len(ps)*size(t))
	for i, p := range ps {
		put(b[i*size(t):], t, p)
	}
	return b
}

// f32Specials are f32 inputs at every edge the kernels care about.
var f32Specials = []float32{
	0, 1, 0.5, 0.9, 1.5, 2.5, 3, 127, 127.5, 128, 128.5, 255, 255.5, 256, 32767, 32767.5, 32768,
	65504, 65519.99, 65520, 65535, 65536, 448, 464, 465, 240, 248, 57344, 61440, 15.5, 16,
	2147483520, 2147483648, 4294967040, 4294967296, 9.223371e18, 9.223372e18, 1.8446743e19, 1.8e19, 1e30,
	math.MaxFloat32, math.SmallestNonzeroFloat32, 0x1p-126, 0x1p-127, 0x1p-14, 0x1p-15, 0x1p-24, 0x1p-25,
	0x1.8p-25, 0x1.000002p-25, 0x1p-9, 0x1p-10, 0x1p-13, 0x1p-16, 0x1p-17, 0x1p-6, 0x1p-7,
}

// f64Specials are f64 inputs at the integer edges (each is also tried
// negated and one ulp either side): the limits of every integer type and
// the first values past them, halves beside them, and the powers of two
// where int64 and uint64 saturate.
var f64Specials = []float64{
	0.9, 0.5, 1, 127, 127.5, 127.99, 128, 128.5, 129, 255, 255.5, 255.99, 256, 256.5,
	32767, 32767.5, 32768, 32768.5, 32769, 65535, 65535.5, 65536,
	2147483647, 2147483647.5, 2147483648, 2147483648.5, 2147483649, 4294967295, 4294967295.5, 4294967296,
	0x1p53, 0x1p53 + 2, 0x1p62, 0x1p63, 0x1p63 + 2048, 0x1p64, 0x1p64 - 2048, 0x1p65, 1e300,
	math.MaxFloat64, 0x1p-1022, 0x1p-1074,
}

var f32SpecialBits = []uint32{
	0x7f800000, 0x7fc00000, 0x7f800001, 0x7fa00000, 0x7fbfffff, 0x7fffffff, 0x7fc00001, 0x7fe00000,
	0x00000001, 0x007fffff, 0x00400000, 0x7f7fffff, 0x7f7f8000, 0x7f7f7fff, 0x477fe000, 0x477ff000, 0x477fefff,
}

// patterns returns test inputs of type t: all patterns of 8- and 16-bit
// types when all is set, else edges and n random patterns.
func patterns(t dtype.DType, n int, all bool, rng *rand.Rand) []uint64 {
	bits := t.Bits()
	if t == dtype.Bool {
		return []uint64{0, 1, 0, 2, 0xff, 1}
	}
	if all && bits <= 16 {
		out := make([]uint64, 1<<bits)
		for i := range out {
			out[i] = uint64(i)
		}
		return out
	}
	var out []uint64
	mask := uint64(math.MaxUint64) >> (64 - bits)
	switch t {
	case dtype.F32:
		for _, f := range f32Specials {
			b := uint64(math.Float32bits(f))
			for _, d := range []uint64{0, 1, ^uint64(0)} {
				out = append(out, (b+d)&mask, (b+d)&mask|1<<31)
			}
		}
		for _, b := range f32SpecialBits {
			out = append(out, uint64(b), uint64(b)|1<<31)
		}
	case dtype.F64:
		for _, f := range f32Specials {
			b := math.Float64bits(float64(f))
			for _, d := range []uint64{0, 1, ^uint64(0), 1 << 28, 1<<28 + 1, 1<<28 - 1} {
				out = append(out, b+d, (b+d)|1<<63)
			}
		}
		for _, f := range f64Specials {
			b := math.Float64bits(f)
			for _, d := range []uint64{0, 1, ^uint64(0)} {
				out = append(out, b+d, (b+d)|1<<63)
			}
		}
		for _, b := range []uint64{0x7ff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff4000000000000,
			0x7fffffffffffffff, 1, 0x000fffffffffffff, 0x7fefffffffffffff, 0x36a0000000000000, 0x3690000000000000} {
			out = append(out, b, b|1<<63)
		}
	default:
		if t.IsInteger() {
			lo, hi := t.Format().IntRange()
			for _, v := range []uint64{0, 1, uint64(lo), hi, hi - 1, uint64(lo) + 1, 1<<24 + 1, 1<<24 + 3, 1<<53 + 1, 1<<31 - 64, 1<<31 - 65, 1<<63 - 1<<39, 1<<64 - 1<<39} {
				out = append(out, v&mask, -v&mask)
			}
		}
	}
	for range n {
		out = append(out, rng.Uint64()&mask)
		// Also small magnitudes and exponents near the interesting range.
		if t == dtype.F32 {
			out = append(out, uint64(rng.Uint32N(0x50000000))|uint64(rng.Uint32N(2))<<31)
		}
	}
	return out
}

// TestAgainstReference checks the kernels in use (assembly where
// available) and the pure-Go twins against the math/big reference, every
// pattern of 8- and 16-bit sources, edges and random ones of the others.
func TestAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		t.Run(d.String()+"<-"+s.String(), func(t *testing.T) {
			in := patterns(s, n, true, rng)
			src := encode(s, in)
			for _, impl := range []struct {
				name string
				k    Kernel
			}{{"fast", table[d][s]}, {"pure", pure[d][s]}} {
				dst := make([]byte, len(in)*size(d))
				impl.k(dst, src)
				bad := 0
				for i, p := range in {
					want := ref(d, s, p)
					if got := get(dst[i*size(d):], d); got != want {
						if bad++; bad <= 5 {
							t.Errorf("%s %s %#x -> %s = %#x, want %#x", impl.name, s, p, d, got, want)
						}
					}
				}
			}
		})
	}
}

// TestTies checks rounding at and next to every halfway point of each
// float destination of 16 bits or fewer (e8m0 aside: its ties are at
// 1.5·2^k, which TestAgainstReference's edges hold) from f32.
func TestTies(t *testing.T) {
	for _, d := range append([]dtype.DType{dtype.F16, dtype.BF16}, smallFloats...) {
		f := d.Format()
		var in []uint64
		for p := uint64(0); p < 1<<f.Bits; p++ {
			x := refDecode(f, p)
			if x.nan || x.inf {
				continue
			}
			lo, _ := x.v.Float64()
			y := refDecode(f, p+1)
			var hi float64
			if y.nan || y.inf || y.neg != x.neg || p+1 == 1<<(f.Bits-1) {
				hi = lo + (lo - mustF64(refDecode(f, p-1)))
			} else {
				hi, _ = y.v.Float64()
			}
			mid := math.Float32bits(float32((lo + hi) / 2)) // exact: fewer than 24 bits
			for _, b := range []uint32{mid - 1, mid, mid + 1} {
				in = append(in, uint64(b), uint64(b|1<<31))
			}
		}
		src := encode(dtype.F32, in)
		for _, impl := range []struct {
			name string
			k    Kernel
		}{{"fast", table[d][dtype.F32]}, {"pure", pure[d][dtype.F32]}} {
			dst := make([]byte, len(in)*size(d))
			impl.k(dst, src)
			bad := 0
			for i, p := range in {
				if got, want := get(dst[i*size(d):], d), ref(d, dtype.F32, p); got != want {
					if bad++; bad <= 5 {
						t.Errorf("%s f32 %#x -> %s = %#x, want %#x", impl.name, p, d, got, want)
					}
				}
			}
		}
	}
}

func mustF64(x refValue) float64 {
	if x.v == nil {
		return 0
	}
	f, _ := x.v.Float64()
	return f
}

// TestFastMatchesPure runs every assembly kernel against its pure-Go twin
// on every length up to a few vector blocks, at unaligned offsets, and
// checks that nothing outside dst is written.
func TestFastMatchesPure(t *testing.T) {
	for _, nt := range []int{ntMin, 0} {
		t.Run(fmt.Sprintf("ntMin=%d", nt), func(t *testing.T) {
			defer func(old int) { ntMin = old }(ntMin)
			ntMin = nt
			fastMatchesPure(t)
		})
	}
}

// fastMatchesPure is TestFastMatchesPure for the current ntMin. With
// ntMin 0 the non-temporal loops run wherever dst is aligned to its
// element size (offset 0; offset 3 is misaligned for wider elements, so
// the ordinary loops run there), after a head that aligns dst to 64
// bytes.
func fastMatchesPure(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		in := patterns(s, 300, false, rng)
		for len(in) < 200 {
			in = append(in, in...)
		}
		src := encode(s, in)
		for n := 0; n <= 300; n++ {
			if n > 70 && n%37 != 0 {
				continue
			}
			for off := 0; off < 4; off += 3 {
				ds, ss := size(d), size(s)
				a := bytes.Repeat([]byte{0xa5}, (n+2)*ds+off)
				b := bytes.Repeat([]byte{0xa5}, (n+2)*ds+off)
				srcs := src[off*ss : (off+n)*ss]
				table[d][s](a[ds+off:(n+1)*ds+off], srcs)
				pure[d][s](b[ds+off:(n+1)*ds+off], srcs)
				if !bytes.Equal(a, b) {
					t.Fatalf("%s<-%s n=%d off=%d: fast and pure differ:\n%x\n%x", d, s, n, off, a, b)
				}
			}
		}
	}
}

// TestShortSlices checks that kernels convert only whole elements both
// slices hold.
func TestShortSlices(t *testing.T) {
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		k := Lookup(d, s)
		src := make([]byte, 40*size(s)+1)
		dst := make([]byte, 33*size(d)+1)
		k(dst, src) // converts 33 elements
		k(dst[:0], src)
		k(dst, src[:0])
	}
}

func TestLookup(t *testing.T) {
	if Lookup(dtype.F16, dtype.F32) == nil || Lookup(dtype.F32, dtype.F8E4M3FN) == nil {
		t.Error("missing kernel")
	}
	for _, c := range [][2]dtype.DType{{dtype.C64, dtype.F32}, {dtype.Invalid, dtype.F32}, {dtype.F32, 200}, {dtype.I4, dtype.F32}} {
		if Lookup(c[0], c[1]) != nil {
			t.Errorf("Lookup(%v, %v) != nil", c[0], c[1])
		}
	}
}

func TestNoAllocs(t *testing.T) {
	for _, pr := range pairs() {
		d, s := pr[0], pr[1]
		src := make([]byte, 100*size(s))
		dst := make([]byte, 100*size(d))
		k := Lookup(d, s)
		if a := testing.AllocsPerRun(10, func() { k(dst, src) }); a != 0 {
			t.Errorf("%s<-%s: %v allocations", d, s, a)
		}
	}
}
