package convert

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// x87Policies are the policies the f80 tests run under: the presets that
// have f80, and one policy for each choice that only f80 destinations
// model here (NaN canonical, overflow to NaN).
func x87Policies() map[string]Policy {
	return map[string]Policy{
		"default":       Default(),
		"saturate":      {Overflow: OverflowSaturate, IntToInt: Saturate},
		"toward-zero":   {Rounding: TowardZero},
		"trunc-wrap":    {FloatToInt: TruncWrap},
		"nan-canonical": {NaN: NaNCanonical},
		"overflow-nan":  {Overflow: OverflowNaN},
	}
}

// refModels reports whether the reference models p for destination dst:
// refEncode knows the presets' fields; the f80 reference knows all of
// x87Policies.
func refModels(p Policy, dst dtype.DType) bool {
	return dst == dtype.F80 || p.NaN == NaNKeep && p.Overflow != OverflowNaN
}

// x87Checker compares Scalar with the f80 reference, reporting the first
// few differences.
type x87Checker struct {
	t     *testing.T
	name  string
	p     Policy
	fails int
}

func (c *x87Checker) check(dst, src dtype.DType, x Pattern, r refX) {
	c.t.Helper()
	if c.fails >= 10 || !refModels(c.p, dst) {
		return
	}
	got, acc, err := Scalar(dst, src, x, c.p)
	if err != nil {
		c.t.Errorf("%s: %v -> %v %s: %v", c.name, src, dst, hexPattern(src, x), err)
		c.fails++
		return
	}
	want := refXEncode(dst, r, c.p, src == dtype.Bool || src.IsInteger())
	if got != want {
		c.t.Errorf("%s: %v -> %v %s: got %s, want %s", c.name, src, dst, hexPattern(src, x), hexPattern(dst, got), hexPattern(dst, want))
		c.fails++
		return
	}
	if wantAcc := toAccuracy(refXCmp(refXDecode(dst, got), r)); acc != wantAcc {
		c.t.Errorf("%s: %v -> %v %s: accuracy %v, want %v", c.name, src, dst, hexPattern(src, x), acc, wantAcc)
		c.fails++
	}
}

// hexPattern prints a real pattern as promote cast does.
func hexPattern(t dtype.DType, x Pattern) string {
	if t == dtype.F80 {
		return fmt.Sprintf("0x%04x%016x", x.ReHi, x.Re)
	}
	return fmt.Sprintf("%#x", x.Re)
}

// edgeX87 are f80 patterns: both signs; the exponents at f80's ends and
// around every other format's range ends, with significands on and around
// every precision's halfway point; the non-canonical classes; random
// patterns.
func edgeX87(rng *rand.Rand) []Pattern {
	var sigs []uint64
	for k := range 64 {
		b := uint64(1) << k
		sigs = append(sigs, 1<<63|b, 1<<63|(b-1), 1<<63|(b+1), 1<<63|b|b>>1, ^(b - 1), ^b, b, b-1)
	}
	sigs = append(sigs, 0, 1, 1<<63, 1<<63|1<<62, 1<<62, ^uint64(0), ^uint64(0)>>1)
	var exps []int
	for _, c := range []struct{ from, to int }{
		{0, 4}, {16383 - 16382, 16383 - 16380}, {32762, 32767}, // f80's ends (0x7fff: inf, NaN, pseudo)
		{16383 - 1080, 16383 - 1018}, {16383 + 1018, 16383 + 1026}, // f64
		{16383 - 155, 16383 - 120}, {16383 + 124, 16383 + 130}, // f32, bf16
		{16383 - 30, 16383 + 20}, // f16, the f8/f6/f4 formats, small ints
		{16383 + 60, 16383 + 66}, // 64-bit integers
	} {
		for e := c.from; e <= c.to; e++ {
			exps = append(exps, e)
		}
	}
	for range 20 {
		exps = append(exps, rng.IntN(0x8000))
	}
	var out []Pattern
	for _, e := range exps {
		for _, s := range sigs {
			out = append(out, Pattern{Re: s, ReHi: uint16(e)}, Pattern{Re: s, ReHi: uint16(e) | 0x8000})
		}
	}
	for range 3000 {
		out = append(out, Pattern{Re: rng.Uint64(), ReHi: uint16(rng.Uint32())})
	}
	return out
}

// sampled keeps every step-th element unless the thorough run was asked for.
func sampled[T any](xs []T, step int) []T {
	if thorough() {
		return xs
	}
	var out []T
	for i := 0; i < len(xs); i += step {
		out = append(out, xs[i])
	}
	return out
}

// TestX87FromSmallFormats converts every pattern of every real dtype of 16
// bits or fewer into f80 and back against the reference: the 8-bit and
// narrower ones under every policy, the 16-bit ones under the default (and
// under -short every 61st pattern and the top 64, where the specials are).
// A value that is not NaN comes back as the same pattern (f80 holds every
// such value exactly).
func TestX87FromSmallFormats(t *testing.T) {
	for _, src := range realTypes() {
		if src.Bits() > 16 {
			continue
		}
		t.Run(src.String(), func(t *testing.T) {
			t.Parallel()
			n := uint64(1) << src.Bits()
			var pats []uint64
			for x := uint64(0); x < n; x++ {
				if thorough() || n <= 256 || x%61 == 0 || x >= n-64 {
					pats = append(pats, x)
				}
			}
			for name, p := range x87Policies() {
				if src.Bits() > 8 && name != "default" {
					continue
				}
				to := &x87Checker{t: t, name: name, p: p}
				back := &x87Checker{t: t, name: name, p: p}
				for _, x := range pats {
					r := refXDecode(src, Pattern{Re: x})
					to.check(dtype.F80, src, Pattern{Re: x}, r)
					y, acc, err := Scalar(dtype.F80, src, Pattern{Re: x}, p)
					if err != nil {
						t.Fatal(err)
					}
					exact := !r.nan && !(r.inf && p.Overflow == OverflowSaturate) // saturate maps ±inf to ±max
					if exact && acc != big.Exact {
						t.Errorf("%s: %v %#x -> f80 is %v, want exact", name, src, x, acc)
					}
					back.check(src, dtype.F80, y, refX87Decode(y.Re, y.ReHi))
					z, _, _ := Scalar(src, dtype.F80, y, p)
					if exact && src != dtype.Bool && z.Re != x {
						t.Errorf("%s: %v %#x -> f80 %s -> %#x", name, src, x, hexPattern(dtype.F80, y), z.Re)
					}
				}
			}
		})
	}
}

// TestX87WideSources converts edge and random f32, f64 and 32/64-bit
// integer patterns into f80 and back.
func TestX87WideSources(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 1))
	cases := map[dtype.DType][]uint64{
		dtype.F32: edgeF32(), dtype.F64: edgeF64(),
		dtype.I32: edgeInts(), dtype.U32: edgeInts(), dtype.I64: edgeInts(), dtype.U64: edgeInts(),
	}
	for src, pats := range cases {
		for range 3000 {
			pats = append(pats, rng.Uint64())
		}
		pats = sampled(pats, 41)
		t.Run(src.String(), func(t *testing.T) {
			t.Parallel()
			for name, p := range x87Policies() {
				to := &x87Checker{t: t, name: name, p: p}
				back := &x87Checker{t: t, name: name, p: p}
				for _, x := range pats {
					if src.Bits() < 64 {
						x &= 1<<src.Bits() - 1
					}
					r := refXDecode(src, Pattern{Re: x})
					to.check(dtype.F80, src, Pattern{Re: x}, r)
					y, _, _ := Scalar(dtype.F80, src, Pattern{Re: x}, p)
					back.check(src, dtype.F80, y, refX87Decode(y.Re, y.ReHi))
					if z, _, _ := Scalar(src, dtype.F80, y, p); !r.nan && !(r.inf && p.Overflow == OverflowSaturate) && z.Re != x {
						t.Errorf("%s: %v %#x -> f80 %s -> %#x", name, src, x, hexPattern(dtype.F80, y), z.Re)
					}
				}
			}
		})
	}
}

// TestX87Sources converts edge, non-canonical and random f80 patterns into
// every real dtype under every policy.
func TestX87Sources(t *testing.T) {
	pats := sampled(edgeX87(rand.New(rand.NewPCG(80, 2))), 331)
	refs := make([]refX, len(pats))
	for i, x := range pats {
		refs[i] = refX87Decode(x.Re, x.ReHi)
	}
	for _, dst := range realTypes() {
		t.Run(dst.String(), func(t *testing.T) {
			t.Parallel()
			for name, p := range x87Policies() {
				c := &x87Checker{t: t, name: name, p: p}
				for i, x := range pats {
					c.check(dst, dtype.F80, x, refs[i])
				}
			}
		})
	}
	t.Run("f80", func(t *testing.T) {
		// f80 into f80 copies the pattern, non-canonical ones included.
		for _, x := range pats {
			if y, acc, err := Scalar(dtype.F80, dtype.F80, x, Default()); err != nil || y != x || acc != big.Exact && !refXDecode(dtype.F80, x).nan {
				t.Errorf("f80 -> f80 %s: %s, %v, %v", hexPattern(dtype.F80, x), hexPattern(dtype.F80, y), acc, err)
			}
		}
	})
}

// TestX87NonCanonical checks each class of SDM Vol. 1 Table 8-3 once by
// name: pseudo-denormals keep their value, the others are the indefinite.
func TestX87NonCanonical(t *testing.T) {
	tests := []struct {
		name    string
		lo      uint64
		hi      uint16
		wantF80 string // the canonical f80 the value encodes as
		wantF64 uint64
	}{
		{"pseudo-denormal", 1 << 63, 0x0000, "0x00018000000000000000", 0},
		{"negative pseudo-denormal", 1<<63 | 1, 0x8000, "0x80018000000000000001", 1 << 63},
		{"pseudo-infinity", 0, 0x7fff, "0xffffc000000000000000", 0xfff8000000000000},
		{"negative pseudo-infinity", 0, 0xffff, "0xffffc000000000000000", 0xfff8000000000000},
		{"quiet pseudo-NaN", 1 << 62, 0x7fff, "0xffffc000000000000000", 0xfff8000000000000},
		{"signaling pseudo-NaN", 1, 0x7fff, "0xffffc000000000000000", 0xfff8000000000000},
		{"unnormal", 1 << 62, 0x3fff, "0xffffc000000000000000", 0xfff8000000000000},
		{"unnormal zero significand", 0, 0x3fff, "0xffffc000000000000000", 0xfff8000000000000},
		{"largest unnormal", ^uint64(0) >> 1, 0x7ffe, "0xffffc000000000000000", 0xfff8000000000000},
	}
	for _, tt := range tests {
		x := Pattern{Re: tt.lo, ReHi: tt.hi}
		// The canonical form: the value converted into f32 and back
		// cannot show it, so round it through the f80 encoder directly.
		lo, hi := encodeX87(decodeX87(tt.lo, uint64(tt.hi)), &defaultP)
		if got := hexPattern(dtype.F80, Pattern{Re: lo, ReHi: uint16(hi)}); got != tt.wantF80 {
			t.Errorf("%s: canonical %s, want %s", tt.name, got, tt.wantF80)
		}
		if got, _, _ := Scalar(dtype.F64, dtype.F80, x, Default()); got.Re != tt.wantF64 {
			t.Errorf("%s -> f64: %#x, want %#x", tt.name, got.Re, tt.wantF64)
		}
	}
}

// TestX87DecimalTies reads decimals exactly at, and just off, the
// midpoints between neighbouring f80 values (normal, subnormal, at the
// top of the range) and checks the single rounding against the reference.
func TestX87DecimalTies(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 3))
	var mids []*big.Rat
	mid := func(sig uint64, e int) *big.Rat { // (2·sig+1)·2^(e-1): between sig·2^e and (sig+1)·2^e
		m := new(big.Rat).SetInt(new(big.Int).Add(new(big.Int).Lsh(new(big.Int).SetUint64(sig), 1), big.NewInt(1)))
		return m.Mul(m, pow2Rat(e-1))
	}
	for _, e := range []int{-63, -64, -62, 0, 1, -16382 - 63, 16383 - 63, -1074, -16445, -16444, -16400, 3000 - 63, -3000} {
		for _, sig := range []uint64{1 << 63, 1<<63 | 1, ^uint64(0), ^uint64(0) - 1, 1<<63 | rng.Uint64()} {
			mids = append(mids, mid(sig, e))
		}
	}
	for _, sig := range []uint64{0, 1, 2, 3, 1<<63 - 1, 1<<63 - 2, rng.Uint64() >> 1} { // subnormal midpoints
		mids = append(mids, mid(sig, -16445))
	}
	tiny := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Exp(big.NewInt(10), big.NewInt(6000), nil))
	var cases []*big.Rat
	for _, m := range mids {
		rel := new(big.Rat).Mul(m, big.NewRat(1, 1<<62)) // far below half an ulp
		rel.Mul(rel, big.NewRat(1, 1<<62))
		for _, d := range []*big.Rat{new(big.Rat), rel, tiny} {
			cases = append(cases, new(big.Rat).Add(m, d), new(big.Rat).Sub(m, d))
		}
	}
	for _, v := range sampled(cases, 5) {
		for _, neg := range []bool{false, true} {
			s := exactDecimal(v)
			if neg {
				s = "-" + s
			}
			d, err := ParseDecimal(s)
			if err != nil {
				t.Fatalf("%.40s...: %v", s, err)
			}
			for _, name := range []string{"default", "toward-zero", "saturate"} {
				p := x87Policies()[name]
				got, acc, err := FromDecimal(dtype.F80, d, p)
				if err != nil {
					t.Fatal(err)
				}
				r := refX{neg: neg, mag: v}
				lo, hi := refX87Encode(r, refX87PolicyOf(p))
				if got.Re != lo || got.ReHi != hi {
					t.Errorf("%s: %.60s... -> %s, want %s", name, s, hexPattern(dtype.F80, got), hexPattern(dtype.F80, Pattern{Re: lo, ReHi: hi}))
					continue
				}
				if want := toAccuracy(refXCmp(refX87Decode(lo, hi), r)); acc != want {
					t.Errorf("%s: %.60s...: accuracy %v, want %v", name, s, acc, want)
				}
			}
		}
	}
}

// exactDecimal writes a dyadic or terminating rational exactly in decimal
// ("digits" or "digitsE-k").
func exactDecimal(v *big.Rat) string {
	if v.Sign() == 0 {
		return "0"
	}
	// v = num/den with den = 2^a·5^b: multiply by 10^k, k = max(a, b).
	a := int(v.Denom().TrailingZeroBits())
	den := new(big.Int).Rsh(v.Denom(), uint(a))
	b := 0
	five := big.NewInt(5)
	for q, r := new(big.Int), new(big.Int); den.Cmp(big.NewInt(1)) != 0; b++ {
		if q.QuoRem(den, five, r); r.Sign() != 0 {
			panic("exactDecimal: not a terminating decimal")
		}
		den.Set(q)
	}
	k := max(a, b)
	n := new(big.Rat).Mul(v, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(k)), nil)))
	if !n.IsInt() {
		panic("exactDecimal: scale too small")
	}
	return n.Num().String() + "e-" + fmt.Sprint(k)
}

// TestX87DecimalRandom reads random decimals of up to 40 digits with
// exponents across f80's whole range, and the values past its ends.
func TestX87DecimalRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 4))
	var inputs []string
	for range 3000 {
		digits := fmt.Sprint(rng.Uint64()) + fmt.Sprint(rng.Uint64())[:rng.IntN(18)+1]
		inputs = append(inputs, fmt.Sprintf("%s.%se%d", digits[:1], digits[1:], rng.IntN(9900)-4950))
	}
	inputs = append(inputs, "1.18973149535723176502e+4932", "1.18973149535723176503e+4932", "1.2e4932",
		"3.6451995318824746025e-4951", "1.8225997659412373012e-4951", "1.8225997659412373013e-4951", "1e-4951",
		"1e5000", "1e-5000", "1e-99999", "1e99999", "0.1", "-0.1", "1e-4950")
	for _, s := range sampled(inputs, 7) {
		d, err := ParseDecimal(s)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := new(big.Rat).SetString(s)
		r := refX{neg: v.Sign() < 0, mag: new(big.Rat).Abs(v)}
		for name, p := range x87Policies() {
			got, acc, err := FromDecimal(dtype.F80, d, p)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := refX87Encode(r, refX87PolicyOf(p))
			if got.Re != lo || got.ReHi != hi {
				t.Errorf("%s: %s -> %s, want %s", name, s, hexPattern(dtype.F80, got), hexPattern(dtype.F80, Pattern{Re: lo, ReHi: hi}))
			} else if want := toAccuracy(refXCmp(refX87Decode(lo, hi), r)); acc != want {
				t.Errorf("%s: %s: accuracy %v, want %v", name, s, acc, want)
			}
		}
	}
}

// TestX87Vectors runs testdata/x87.tsv: every special class once (zeros,
// the smallest subnormal and normal, the largest value, infinities, quiet
// and signaling NaNs with payloads), into f80 and out of it, with the
// rounding edges of the formats around it.
func TestX87Vectors(t *testing.T) {
	rows := tsvtest.Read(t, "testdata/x87.tsv")
	if len(rows) < 40 {
		t.Fatalf("x87.tsv has %d rows", len(rows))
	}
	for _, row := range rows {
		f := row.Fields
		if len(f) < 5 {
			t.Fatalf("x87.tsv:%d: %d fields, want 5 or 6", row.Line, len(f))
		}
		p, ok := x87Policies()[f[0]]
		src, err1 := dtype.Parse(f[1])
		dst, err2 := dtype.Parse(f[2])
		if !ok || err1 != nil || err2 != nil {
			t.Fatalf("x87.tsv:%d: bad policy or dtype", row.Line)
		}
		got, _, err := Scalar(dst, src, parseWide(t, f[3]), p)
		if err != nil {
			t.Errorf("x87.tsv:%d: %v", row.Line, err)
			continue
		}
		if want := parseWide(t, f[4]); got != want {
			t.Errorf("x87.tsv:%d: %s %s -> %s %s: %s, want %s", row.Line, f[0], f[1], f[2], f[3], hexPattern(dst, got), f[4])
		}
	}
}

// parseWide reads a hex pattern of up to 80 bits.
func parseWide(t *testing.T, s string) Pattern {
	t.Helper()
	h := strings.TrimPrefix(s, "0x")
	v, ok := new(big.Int).SetString(h, 16)
	if !ok || v.BitLen() > 80 {
		t.Fatalf("bad pattern %q", s)
	}
	lo := new(big.Int).And(v, new(big.Int).SetUint64(math.MaxUint64)).Uint64()
	return Pattern{Re: lo, ReHi: uint16(new(big.Int).Rsh(v, 64).Uint64())}
}

// TestX87Complex converts c160 to and from the other complex types and
// reals, part by part.
func TestX87Complex(t *testing.T) {
	rng := rand.New(rand.NewPCG(80, 5))
	pats := sampled(edgeX87(rng), 101)
	for _, other := range []dtype.DType{dtype.C32, dtype.BC32, dtype.C64, dtype.C128, dtype.F64, dtype.F80, dtype.I32, dtype.Bool} {
		for i := 0; i+1 < len(pats); i += 7 {
			x := Pattern{Re: pats[i].Re, ReHi: pats[i].ReHi, Im: pats[i+1].Re, ImHi: pats[i+1].ReHi}
			got, _, err := Scalar(other, dtype.C160, x, Default())
			if err != nil {
				t.Fatal(err)
			}
			op := other
			if other.IsComplex() {
				op = other.Format().Elem
			}
			re, _, _ := Scalar(op, dtype.F80, Pattern{Re: x.Re, ReHi: x.ReHi}, Default())
			want := Pattern{Re: re.Re, ReHi: re.ReHi}
			if other.IsComplex() {
				im, _, _ := Scalar(op, dtype.F80, Pattern{Re: x.Im, ReHi: x.ImHi}, Default())
				want.Im, want.ImHi = im.Re, im.ReHi
			}
			if got != want {
				t.Errorf("c160 -> %v %+v: %+v, want %+v", other, x, got, want)
			}
			// And back: real sources get a +0 imaginary part.
			back, _, err := Scalar(dtype.C160, other, got, Default())
			if err != nil {
				t.Fatal(err)
			}
			bre, _, _ := Scalar(dtype.F80, op, Pattern{Re: got.Re, ReHi: got.ReHi}, Default())
			wantBack := Pattern{Re: bre.Re, ReHi: bre.ReHi}
			if other.IsComplex() {
				bim, _, _ := Scalar(dtype.F80, op, Pattern{Re: got.Im, ReHi: got.ImHi}, Default())
				wantBack.Im, wantBack.ImHi = bim.Re, bim.ReHi
			}
			if back != wantBack {
				t.Errorf("%v -> c160 %+v: %+v, want %+v", other, got, back, wantBack)
			}
		}
	}
	if _, _, err := Scalar(dtype.F80, dtype.C160, Pattern{}, Policy{ComplexToReal: RefuseComplex}); err == nil {
		t.Error("c160 -> f80 under RefuseComplex: no error")
	}
}

// FuzzX87 converts any 80-bit pattern into every real dtype under the
// default policy against the reference, and reads its Text back.
func FuzzX87(f *testing.F) {
	for _, x := range []Pattern{{}, {Re: 1, ReHi: 0}, {Re: 1 << 63, ReHi: 0}, {ReHi: 0x7fff}, {Re: ^uint64(0), ReHi: 0x7ffe}, {Re: 1 << 62, ReHi: 0x3fff}} {
		f.Add(x.Re, x.ReHi)
	}
	f.Fuzz(func(t *testing.T, lo uint64, hi uint16) {
		x := Pattern{Re: lo, ReHi: hi}
		r := refX87Decode(lo, hi)
		c := &x87Checker{t: t, name: "default", p: Default()}
		for _, dst := range realTypes() {
			c.check(dst, dtype.F80, x, r)
		}
		if r.nan || r.inf {
			return
		}
		d, err := ParseDecimal(Text(dtype.F80, x))
		if err != nil {
			t.Fatal(err)
		}
		back, _, _ := FromDecimal(dtype.F80, d, Default())
		if refXCmp(refX87Decode(back.Re, back.ReHi), r) != 0 {
			t.Errorf("%s: Text %q reads back as %s", hexPattern(dtype.F80, x), Text(dtype.F80, x), hexPattern(dtype.F80, back))
		}
	})
}

// FuzzX87Decimal: wherever ParseDecimal accepts a string, FromDecimal into
// f80 under each rounding gives the reference's rounding of the same
// (exponent-clamped) value.
func FuzzX87Decimal(f *testing.F) {
	for _, s := range []string{"1.5", "-2", "0.1", "1e-4951", "1.8225997659412373012e-4951", "1.18973149535723176502e+4932",
		"1e4933", "-1e-99999", "18446744073709551615.5", "nan", "-inf", "-0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDecimal(s)
		if err != nil {
			return
		}
		var r refX
		switch d.cls {
		case clsNaN:
			r = refX{nan: true, neg: d.neg, payload: 1 << 63}
		case clsInf:
			r = refX{inf: true, neg: d.neg}
		case clsZero:
			r = refX{neg: d.neg, mag: new(big.Rat)}
		default:
			r = refX{neg: d.neg, mag: new(big.Rat).SetFrac(&d.num, &d.den)}
		}
		for _, p := range []Policy{Default(), {Rounding: TowardZero}} {
			got, _, err := FromDecimal(dtype.F80, d, p)
			if err != nil {
				t.Fatal(err)
			}
			lo, hi := refX87Encode(r, refX87PolicyOf(p))
			if got.Re != lo || got.ReHi != hi {
				t.Fatalf("%q (%+v): %s, want %s", s, p, hexPattern(dtype.F80, got), hexPattern(dtype.F80, Pattern{Re: lo, ReHi: hi}))
			}
		}
	})
}
