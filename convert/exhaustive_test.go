package convert

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

// realTypes are the catalogue's real dtypes (no complex, no dynamic).
func realTypes() []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		// 80-bit patterns do not fit this reference; a packed type
		// (f4e2m1fnx2) has no cast.
		if d != dtype.Dynamic && !d.IsComplex() && d != dtype.F80 && d.Format().Lanes <= 1 {
			out = append(out, d)
		}
	}
	return out
}

// checker compares Scalar with the reference and reports the first few
// differences of each pair.
type checker struct {
	t     *testing.T
	p     Policy
	rp    refPolicy
	fails int
}

func newChecker(t *testing.T, p Policy) *checker {
	return &checker{t: t, p: p, rp: refPolicyOf(p)}
}

// check converts x of src (decoded by the reference as r) into dst.
func (c *checker) check(dst, src dtype.DType, x uint64, r refNum) {
	if c.fails >= 10 {
		return
	}
	got, acc, err := Scalar(dst, src, Pattern{Re: x}, c.p)
	if err != nil {
		c.t.Errorf("%v -> %v %#x: %v", src, dst, x, err)
		c.fails++
		return
	}
	want := refEncode(dst, r, c.rp, src == dtype.Bool || src.IsInteger())
	if got.Re != want {
		c.t.Errorf("%v -> %v %#x (policy %+v): got %#x, want %#x", src, dst, x, c.p, got.Re, want)
		c.fails++
		return
	}
	if wantAcc := toAccuracy(refCmp(refDecode(dst, got.Re), r)); acc != wantAcc {
		c.t.Errorf("%v -> %v %#x: accuracy %v, want %v", src, dst, x, acc, wantAcc)
		c.fails++
	}
}

// smallPolicies are the policies the exhaustive sweep of 8-bit and
// narrower sources runs under; 16-bit sources run under the default.
var smallPolicies = []string{"default", "saturate", "toward-zero", "kernel-float"}

// TestExhaustiveSmallSources converts every bit pattern of every source of
// 16 bits or fewer into every real dtype and compares with the reference.
// Under -short the 16-bit sources are sampled.
func TestExhaustiveSmallSources(t *testing.T) {
	for _, src := range realTypes() {
		if src.Bits() > 16 {
			continue
		}
		t.Run(src.String(), func(t *testing.T) {
			t.Parallel()
			n := uint64(1) << src.Bits()
			step := uint64(1)
			if !thorough() && n > 256 {
				step = 61
			}
			var pats []uint64
			var refs []refNum
			for x := uint64(0); x < n; x += step {
				pats = append(pats, x)
				refs = append(refs, refDecode(src, x))
			}
			if step > 1 { // keep the specials at the top of the range
				for x := n - 64; x < n; x++ {
					pats = append(pats, x)
					refs = append(refs, refDecode(src, x))
				}
			}
			names := smallPolicies
			if src.Bits() > 8 {
				names = names[:1]
			}
			for _, name := range names {
				p, _ := PolicyByName(name)
				for _, dst := range realTypes() {
					if dst == src || p.Types != 0 && (!p.Types.Has(src) || !p.Types.Has(dst)) {
						continue
					}
					c := newChecker(t, p)
					for i, x := range pats {
						c.check(dst, src, x, refs[i])
					}
				}
			}
		})
	}
}

// edgeF32 are f32 patterns: every exponent with mantissas that sit on and
// around every destination's rounding boundaries (1<<k, (1<<k)±1: the
// halfway points of every precision), both signs, and the specials.
func edgeF32() []uint64 {
	var mants []uint32
	for k := range 23 {
		b := uint32(1) << k
		mants = append(mants, b, b-1, b+1, b|b>>1, 0x7fffff&^(b-1), 0x7fffff^b)
	}
	mants = append(mants, 0, 0x7fffff, 0x400000, 0x400001, 0x3fffff)
	var out []uint64
	for e := range uint32(256) {
		for _, m := range mants {
			x := e<<23 | m&0x7fffff
			out = append(out, uint64(x), uint64(x|0x80000000))
		}
	}
	return out
}

// edgeF64 are f64 patterns: every exponent with a few mantissas, and the
// exponents that matter to the narrower formats with mantissas around
// every precision's halfway point.
func edgeF64() []uint64 {
	var out []uint64
	add := func(x uint64) { out = append(out, x, x|1<<63) }
	for e := range uint64(2048) {
		for _, m := range []uint64{0, 1, 1 << 51, 1<<52 - 1, 1<<51 | 1} {
			add(e<<52 | m)
		}
	}
	for e := uint64(1023 - 160); e <= 1023+140; e++ {
		for k := range 52 {
			b := uint64(1) << k
			for _, m := range []uint64{b, b - 1, b + 1, b | b>>1, (1<<52 - 1) &^ (b - 1)} {
				add(e<<52 | m&(1<<52-1))
			}
		}
	}
	return out
}

// edgeInts are integers around every power of two and every halfway point
// of a 2^k binade at every precision, as two's complement patterns.
func edgeInts() []uint64 {
	var out []uint64
	add := func(v uint64) { out = append(out, v, -v) }
	for k := range 64 {
		b := uint64(1) << k
		add(b)
		add(b - 1)
		add(b + 1)
		for j := range k {
			s := uint64(1) << j
			add(b + s)
			add(b + s - 1)
			add(b + s + 1)
		}
	}
	return out
}

// TestWideSources checks the 32- and 64-bit sources on their edges and on
// random patterns against the reference, into every real dtype.
func TestWideSources(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cases := map[dtype.DType][]uint64{
		dtype.F32: edgeF32(), dtype.F64: edgeF64(),
		dtype.I32: edgeInts(), dtype.U32: edgeInts(), dtype.I64: edgeInts(), dtype.U64: edgeInts(),
	}
	for src, pats := range cases {
		for range 5000 {
			pats = append(pats, rng.Uint64())
		}
		if !thorough() {
			var s []uint64
			for i := 0; i < len(pats); i += 17 {
				s = append(s, pats[i])
			}
			pats = s
		}
		t.Run(src.String(), func(t *testing.T) {
			t.Parallel()
			refs := make([]refNum, len(pats))
			for i := range pats {
				if src.Bits() < 64 {
					pats[i] &= 1<<src.Bits() - 1
				}
				refs[i] = refDecode(src, pats[i])
			}
			for _, name := range smallPolicies {
				p, _ := PolicyByName(name)
				for _, dst := range realTypes() {
					if dst == src || p.Types != 0 && (!p.Types.Has(src) || !p.Types.Has(dst)) {
						continue
					}
					c := newChecker(t, p)
					for i, x := range pats {
						c.check(dst, src, x, refs[i])
					}
				}
			}
		})
	}
}

// TestBufferMatchesScalar converts every pattern of the small sources, and
// edge patterns of the wide ones, through Buffer (both the table and the
// element loop, one and two threads) and compares with Scalar.
func TestBufferMatchesScalar(t *testing.T) {
	all := append(realTypes(), dtype.C32, dtype.C64, dtype.C128)
	for _, src := range all {
		t.Run(src.String(), func(t *testing.T) {
			t.Parallel()
			var pats []Pattern
			switch {
			case src.Bits() <= 16:
				for x := range uint64(1) << src.Bits() {
					pats = append(pats, Pattern{Re: x})
				}
			case src.IsComplex():
				part := src.Format().Elem
				for i, x := range edgeF64()[:4000] {
					v := math.Float64frombits(x)
					switch part {
					case dtype.F16:
						p, _, _ := Scalar(dtype.F16, dtype.F64, Pattern{Re: x}, Default())
						pats = append(pats, Pattern{Re: p.Re, Im: uint64(i) & 0xffff})
					case dtype.F32:
						pats = append(pats, Pattern{Re: uint64(math.Float32bits(float32(v))), Im: x >> 32})
					default:
						pats = append(pats, Pattern{Re: x, Im: x ^ 0x8000000000000001})
					}
				}
			default:
				for _, x := range edgeF32() {
					pats = append(pats, Pattern{Re: x | x<<32})
				}
			}
			// Repeat to pass the table threshold and, once, the parallel one.
			for len(pats) < lutMin {
				pats = append(pats, pats...)
			}
			for _, dst := range all {
				src2 := encodeBuf(src, pats)
				db := ElemBytes(dst)
				want := make([]Pattern, len(pats))
				for i, x := range pats {
					want[i], _, _ = Scalar(dst, src, x, Default())
				}
				for _, threads := range []int{1, 2} {
					out := make([]byte, len(pats)*db)
					if err := Buffer(out, dst, src2, src, Default(), Options{Threads: threads}); err != nil {
						t.Fatalf("%v -> %v: %v", src, dst, err)
					}
					got := decodeBuf(dst, out)
					for i := range got {
						if got[i] != want[i] {
							t.Errorf("%v -> %v element %d (%#x): Buffer %#x, Scalar %#x", src, dst, i, pats[i], got[i], want[i])
							break
						}
					}
				}
			}
		})
	}
}

// encodeBuf lays patterns out as Buffer expects (independently of
// buffer.go's load and store).
func encodeBuf(t dtype.DType, pats []Pattern) []byte {
	size := ElemBytes(t)
	parts := 1
	if t.IsComplex() {
		parts = 2
	}
	ps := size / parts
	out := make([]byte, 0, len(pats)*size)
	for _, p := range pats {
		for _, v := range []uint64{p.Re, p.Im}[:parts] {
			for b := range ps {
				out = append(out, byte(v>>(8*b)))
			}
		}
	}
	return out
}

func decodeBuf(t dtype.DType, b []byte) []Pattern {
	size := ElemBytes(t)
	parts := 1
	if t.IsComplex() {
		parts = 2
	}
	ps := size / parts
	var out []Pattern
	for i := 0; i+size <= len(b); i += size {
		var v [2]uint64
		for k := range parts {
			for j := range ps {
				v[k] |= uint64(b[i+k*ps+j]) << (8 * j)
			}
		}
		out = append(out, Pattern{Re: v[0], Im: v[1]})
	}
	return out
}

// TestDecimalMatchesReference converts decimal strings: dyadic ones must
// agree with converting the same value from f64, and non-dyadic ones are
// checked against an exact big.Rat comparison of the neighbours.
func TestDecimalMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var vals []float64
	for _, x := range edgeF64() {
		if rng.IntN(20) == 0 {
			vals = append(vals, math.Float64frombits(x))
		}
	}
	for _, dst := range realTypes() {
		for _, v := range vals {
			s := fmt.Sprintf("%v", v)
			if math.IsNaN(v) {
				continue // payloads differ: a decimal NaN has none
			}
			d, err := ParseDecimal(fmt.Sprintf("%.1100g", v))
			if err != nil {
				t.Fatal(err)
			}
			got, _, err := FromDecimal(dst, d, Default())
			if err != nil {
				t.Fatal(err)
			}
			want, _, _ := Scalar(dst, dtype.F64, Pattern{Re: math.Float64bits(v)}, Default())
			if got != want {
				t.Errorf("decimal %s -> %v: got %#x, from f64 %#x", s, dst, got.Re, want.Re)
			}
		}
	}
	// Non-dyadic decimals: the result must be a nearest value.
	for _, dst := range realTypes() {
		if !dst.IsFloat() || dst == dtype.F8E8M0FNU {
			continue // e8m0's ties go up and its tiny codes are not nearest (spec.md, "f8e8m0fnu as destination")
		}
		for range 300 {
			s := fmt.Sprintf("%de%d", rng.Int64N(2000000)-1000000, rng.IntN(80)-45)
			d, _ := ParseDecimal(s)
			got, acc, err := FromDecimal(dst, d, Default())
			if err != nil {
				t.Fatal(err)
			}
			checkNearest(t, dst, s, got.Re, acc)
		}
	}
}

// checkNearest checks that pattern x of a float format is no farther from
// the decimal s than its neighbours (or is an overflow result), with the
// accuracy's direction.
func checkNearest(t *testing.T, dst dtype.DType, s string, x uint64, acc big.Accuracy) {
	t.Helper()
	want, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad test decimal %s", s)
	}
	f := dst.Format()
	v := f.Float64(x)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return // overflow: covered by the pattern tests
	}
	got := new(big.Rat).SetFloat64(v)
	diff := new(big.Rat).Sub(got, want)
	if c := diff.Sign(); toAccuracy(c) != acc {
		t.Errorf("%s -> %v %#x: accuracy %v, want %v", s, dst, x, acc, toAccuracy(c))
	}
	diff.Abs(diff)
	for _, nb := range []uint64{x - 1, x + 1} {
		if dst.Bits() < 64 {
			nb &= 1<<dst.Bits() - 1
		}
		w := f.Float64(nb)
		if math.IsNaN(w) || math.IsInf(w, 0) {
			continue
		}
		d2 := new(big.Rat).Sub(new(big.Rat).SetFloat64(w), want)
		if d2.Abs(d2).Cmp(diff) < 0 {
			t.Errorf("%s -> %v: %#x (%v) is farther than %#x (%v)", s, dst, x, v, nb, w)
		}
	}
}
