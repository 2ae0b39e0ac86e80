package dtype

import (
	"bufio"
	"math"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"
)

// parseValue reads "0.5", "2^-9" or "(2-2^-7)*2^127" exactly.
func parseValue(t *testing.T, s string) *big.Float {
	t.Helper()
	pow := func(p string) *big.Float {
		e, err := strconv.Atoi(strings.TrimPrefix(p, "2^"))
		if err != nil {
			t.Fatalf("bad power %q", p)
		}
		one := new(big.Float).SetPrec(200).SetInt64(1)
		return one.SetMantExp(one, e)
	}
	if strings.HasPrefix(s, "(2-") {
		inner, scale, _ := strings.Cut(strings.TrimPrefix(s, "(2-"), ")*")
		v := new(big.Float).SetPrec(200).SetInt64(2)
		v.Sub(v, pow(inner))
		return v.Mul(v, pow(scale))
	}
	if strings.HasPrefix(s, "2^") {
		return pow(s)
	}
	v, _, err := big.ParseFloat(s, 10, 200, big.ToNearestEven)
	if err != nil {
		t.Fatalf("bad value %q", s)
	}
	return v
}

func readTSV(t *testing.T, name string) [][]string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows [][]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		rows = append(rows, strings.Split(line, "\t"))
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

func TestFloatFormats(t *testing.T) {
	nanNames := map[NaNEncoding]string{NaNNone: "none", NaNIEEE: "ieee", NaNAllOnes: "allones", NaNNegZero: "negzero", NaNAllOnesUnsigned: "allones-unsigned"}
	yes := map[bool]string{true: "yes", false: "no"}
	rows := readTSV(t, "testdata/formats.tsv")
	if len(rows) != 16 {
		t.Fatalf("%d float formats in testdata, want 16", len(rows))
	}
	for _, r := range rows {
		d, err := Parse(r[0])
		if err != nil {
			t.Fatal(err)
		}
		f := d.Format()
		got := []string{d.String(), strconv.Itoa(f.Bits), strconv.Itoa(f.ExpBits), strconv.Itoa(f.MantBits),
			strconv.Itoa(f.Bias), yes[f.HasInf()], nanNames[f.NaN], yes[f.NegZero]}
		for i, g := range got {
			if g != r[i] {
				t.Errorf("%s: column %d = %s, want %s", r[0], i, g, r[i])
			}
		}
		exact := []*big.Float{f.MinSubnormalExact(), f.MinNormalExact(), f.MaxFiniteExact()}
		rounded := []float64{f.MinSubnormal(), f.MinNormal(), f.MaxFinite()}
		for i, v := range exact {
			want := parseValue(t, r[8+i])
			if v.Cmp(want) != 0 {
				t.Errorf("%s: column %d = %s, want %s", r[0], 8+i, v.Text('g', 20), want.Text('g', 20))
			}
			// The float64 facts are the exact ones rounded, except that a
			// value below float64's range gives 0 and one above it +Inf.
			w, _ := want.Float64()
			if math.IsInf(w, 0) || w == 0 && want.Sign() != 0 {
				if i == 2 {
					w = math.Inf(1)
				} else {
					w = 0
				}
			}
			if rounded[i] != w {
				t.Errorf("%s: float64 fact %d = %g, want %g", r[0], 8+i, rounded[i], w)
			}
		}
		if got, want := f.HasSubnormals(), f.MinSubnormalExact().Sign() > 0; got != want {
			t.Errorf("%s: HasSubnormals %v, want %v", r[0], got, want)
		}
	}
}

// TestDecodeExtremes decodes each format's largest finite pattern and its
// smallest subnormal, and checks them against the derived facts.
func TestDecodeExtremes(t *testing.T) {
	for _, d := range All() {
		f := d.Format()
		if f.Kind != KindFloat {
			continue
		}
		var max, minPos float64
		for p := uint64(0); p < 1<<min(f.Bits, 16); p++ {
			v := f.Float64(p)
			if math.IsNaN(v) || math.IsInf(v, 0) {
				continue
			}
			if v > max {
				max = v
			}
			if v > 0 && (minPos == 0 || v < minPos) {
				minPos = v
			}
		}
		if f.Bits > 16 {
			continue
		}
		if max != f.MaxFinite() {
			t.Errorf("%s: largest decoded %g, MaxFinite %g", d, max, f.MaxFinite())
		}
		wantMin := f.MinSubnormal()
		if wantMin == 0 {
			wantMin = f.MinNormal()
		}
		if minPos != wantMin {
			t.Errorf("%s: smallest positive decoded %g, want %g", d, minPos, wantMin)
		}
	}
}

// TestDecodeSpecials checks the NaN, inf and zero encodings convert/spec.md "Float formats" names.
func TestDecodeSpecials(t *testing.T) {
	tests := []struct {
		d    DType
		p    uint64
		want string
	}{
		{F8E4M3FN, 0x7f, "NaN"}, {F8E4M3FN, 0xff, "NaN"}, {F8E4M3FN, 0x7e, "448"}, {F8E4M3FN, 0x78, "256"},
		{F8E4M3FN, 0x80, "-0"},
		{F8E4M3FNUZ, 0x80, "NaN"}, {F8E4M3FNUZ, 0x7f, "240"}, {F8E4M3FNUZ, 0x00, "0"},
		{F8E5M2FNUZ, 0x80, "NaN"}, {F8E4M3B11FNUZ, 0x7f, "30"},
		{F8E4M3, 0x78, "+Inf"}, {F8E4M3, 0xf8, "-Inf"}, {F8E4M3, 0x79, "NaN"},
		{F8E5M2, 0x7c, "+Inf"}, {F8E5M2, 0x7b, "57344"},
		{F8E8M0FNU, 0x00, "5.877471754111438e-39"}, {F8E8M0FNU, 0x7f, "1"}, {F8E8M0FNU, 0xff, "NaN"},
		{F4E2M1FN, 0x7, "6"}, {F4E2M1FN, 0x8, "-0"}, {F4E2M1FN, 0xf, "-6"}, {F4E2M1FN, 0x1, "0.5"},
		{F6E3M2FN, 0x1f, "28"}, {F6E2M3FN, 0x20, "-0"},
		{F16, 0x7c00, "+Inf"}, {F16, 0x7bff, "65504"}, {F16, 0x0001, "5.960464477539063e-08"},
		{BF16, 0x7f80, "+Inf"}, {BF16, 0x3f80, "1"},
		{I4, 0xf, "-1"}, {I2, 0x2, "-2"}, {U4, 0xf, "15"}, {Bool, 0x1, "1"},
	}
	for _, tt := range tests {
		v := tt.d.Format().Float64(tt.p)
		got := strconv.FormatFloat(v, 'g', -1, 64)
		if v == 0 && math.Signbit(v) {
			got = "-0"
		}
		if got != tt.want {
			t.Errorf("%s 0x%x = %s, want %s", tt.d, tt.p, got, tt.want)
		}
	}
}

func TestIntRange(t *testing.T) {
	tests := []struct {
		d  DType
		lo int64
		hi uint64
	}{
		{I2, -2, 1}, {I4, -8, 7}, {I8, -128, 127}, {I64, math.MinInt64, math.MaxInt64},
		{U1, 0, 1}, {U2, 0, 3}, {U4, 0, 15}, {U64, 0, math.MaxUint64}, {Bool, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := tt.d.Format().IntRange()
		if lo != tt.lo || hi != tt.hi {
			t.Errorf("%s: range %d..%d, want %d..%d", tt.d, lo, hi, tt.lo, tt.hi)
		}
	}
}
