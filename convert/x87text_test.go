package convert

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func TestX87TextValues(t *testing.T) {
	dec := func(s string) Pattern {
		d, err := ParseDecimal(s)
		if err != nil {
			t.Fatal(err)
		}
		x, _, err := FromDecimal(dtype.F80, d, Default())
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	f64 := func(v float64) Pattern {
		x, _, _ := Scalar(dtype.F80, dtype.F64, Pattern{Re: math.Float64bits(v)}, Default())
		return x
	}
	tests := []struct {
		x    Pattern
		want string
	}{
		{Pattern{}, "0"},
		{Pattern{ReHi: 0x8000}, "-0"},
		{Pattern{Re: 1 << 63, ReHi: 0x7fff}, "inf"},
		{Pattern{Re: 1 << 63, ReHi: 0xffff}, "-inf"},
		{Pattern{Re: 0xc000000000000000, ReHi: 0xffff}, "-nan"},
		{Pattern{ReHi: 0x7fff}, "-nan"}, // a pseudo-infinity is the indefinite
		{Pattern{Re: 0xc000000000000000, ReHi: 0x7fff}, "nan"},
		{dec("0.1"), "0.1"},
		{dec("-2.5"), "-2.5"},
		{f64(0.1), "0.10000000000000000555"}, // the f64 nearest 0.1, which f80 tells apart
		{f64(65504), "65504"},
		{f64(123456), "123456"},
		{f64(1e6), "1e+06"},
		{f64(1e-5), "1.0000000000000000818e-05"},
		{f64(0.0001), "0.00010000000000000000479"},
		{Pattern{Re: ^uint64(0), ReHi: 0x7ffe}, "1.189731495357231765e+4932"},
		{Pattern{Re: ^uint64(0), ReHi: 0xfffe}, "-1.189731495357231765e+4932"},
		{Pattern{Re: 1}, "4e-4951"},
		{Pattern{Re: 1 << 63, ReHi: 1}, "3.3621031431120935063e-4932"},
		{Pattern{Re: 1 << 63, ReHi: 0}, "3.3621031431120935063e-4932"}, // a pseudo-denormal: its value
		{Pattern{Re: 1 << 63, ReHi: 0x3fff}, "1"},
		{Pattern{Re: 1<<63 | 1, ReHi: 0x3fff}, "1.0000000000000000001"},
	}
	for _, tt := range tests {
		if got := Text(dtype.F80, tt.x); got != tt.want {
			t.Errorf("Text(f80, %s) = %q, want %q", hexPattern(dtype.F80, tt.x), got, tt.want)
		}
	}
	c := Pattern{Re: 1 << 63, ReHi: 0x3fff, Im: 1 << 63, ImHi: 0xc000}
	if got := Text(dtype.C160, c); got != "1 -2" {
		t.Errorf("Text(c160) = %q, want \"1 -2\"", got)
	}
}

// x87TextPatterns are canonical finite f80 patterns: random ones across
// the range and edge ones.
func x87TextPatterns(n int) []Pattern {
	rng := rand.New(rand.NewPCG(80, 6))
	var out []Pattern
	for _, x := range edgeX87(rng) {
		if r := refX87Decode(x.Re, x.ReHi); r.nan || r.inf || x.ReHi&0x7fff == 0 && x.Re>>63 == 1 {
			continue // specials, and pseudo-denormals (they print as their canonical twin)
		}
		out = append(out, x)
	}
	rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out[:min(n, len(out))]
}

// TestX87TextRoundTripsAndIsShortest: Text's decimal reads back as the
// same value, and no decimal with one digit fewer does (the two nearest
// ones, below and above, both read as other values).
func TestX87TextRoundTripsAndIsShortest(t *testing.T) {
	n := 3000
	if !thorough() {
		n = 300
	}
	for _, x := range x87TextPatterns(n) {
		s := Text(dtype.F80, x)
		v, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("Text(f80, %s) = %q: not a decimal", hexPattern(dtype.F80, x), s)
		}
		want := refX87Decode(x.Re, x.ReHi)
		if readsAs(v, want) != true {
			t.Errorf("Text(f80, %s) = %q does not read back", hexPattern(dtype.F80, x), s)
			continue
		}
		digits, exp := sigDigits(s)
		if len(digits) == 1 {
			continue
		}
		// The decimals of len-1 digits around the value.
		scale := exp - (len(digits) - 2) // units of the last kept digit: 10^scale
		unit := pow10Rat(scale)
		mag := new(big.Rat).Abs(v)
		q := new(big.Rat).Quo(mag, unit)
		fl := new(big.Int).Quo(q.Num(), q.Denom())
		for _, c := range []*big.Int{fl, new(big.Int).Add(fl, big.NewInt(1))} {
			cand := new(big.Rat).Mul(new(big.Rat).SetInt(c), unit)
			if v.Sign() < 0 {
				cand.Neg(cand)
			}
			if cand.Sign() != 0 && readsAs(cand, want) {
				t.Errorf("Text(f80, %s) = %q, but %s has fewer digits and reads back too", hexPattern(dtype.F80, x), s, cand.FloatString(30))
			}
		}
	}
}

// readsAs reports whether the decimal value v rounds (to nearest even) to
// the f80 value want, by the reference.
func readsAs(v *big.Rat, want refX) bool {
	lo, hi := refX87Encode(refX{neg: v.Sign() < 0, mag: new(big.Rat).Abs(v)}, refX87Policy{})
	return refXCmp(refX87Decode(lo, hi), want) == 0
}

// sigDigits returns the significant digits of a decimal and the power of
// ten of the first one.
func sigDigits(s string) (string, int) {
	s = strings.TrimPrefix(s, "-")
	mant, e, _ := strings.Cut(s, "e")
	exp := 0
	if e != "" {
		exp, _ = strconv.Atoi(e)
	}
	ip, fp, _ := strings.Cut(mant, ".")
	all := ip + fp
	lead := len(all) - len(strings.TrimLeft(all, "0"))
	digits := strings.TrimRight(all[lead:], "0")
	return digits, exp + len(ip) - 1 - lead
}

// TestX87TextMatchesNumPy compares Text with NumPy's repr of the same
// longdouble (Dragon4's shortest unique digits) on a sample of patterns,
// when /usr/bin/python3 has NumPy on an x86-64 host.
func TestX87TextMatchesNumPy(t *testing.T) {
	script := `
import sys, numpy as np
if np.finfo(np.longdouble).nmant != 63: sys.exit(3)
for line in sys.stdin:
    b = bytes.fromhex(line.strip()) + bytes(6)
    print(repr(np.frombuffer(b, dtype=np.longdouble)[0]))
`
	if err := exec.Command("/usr/bin/python3", "-c", "import numpy").Run(); err != nil {
		t.Skip("no NumPy for /usr/bin/python3")
	}
	pats := x87TextPatterns(2000)
	if !thorough() {
		pats = pats[:200]
	}
	var in bytes.Buffer
	for _, x := range pats {
		var b [10]byte
		for i := range 8 {
			b[i] = byte(x.Re >> (8 * i))
		}
		b[8], b[9] = byte(x.ReHi), byte(x.ReHi>>8)
		fmt.Fprintf(&in, "%x\n", b)
	}
	cmd := exec.Command("/usr/bin/python3", "-c", script)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		t.Skip("NumPy's longdouble is not the x87 format here")
	}
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for i := 0; sc.Scan(); i++ {
		np := strings.TrimPrefix(strings.TrimSuffix(sc.Text(), ")"), "np.longdouble(")
		np = strings.Trim(np, "'")
		got := Text(dtype.F80, pats[i])
		a, ok1 := new(big.Rat).SetString(np)
		b, ok2 := new(big.Rat).SetString(got)
		if !ok1 || !ok2 || a.Cmp(b) != 0 {
			t.Errorf("%s: Text %q, NumPy %q", hexPattern(dtype.F80, pats[i]), got, np)
		}
	}
}
