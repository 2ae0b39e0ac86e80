package tensor

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules/numpy"
)

// decimalPattern is the element of d nearest the decimal s.
func decimalPattern(t *testing.T, d dtype.DType, s string) convert.Pattern {
	t.Helper()
	dec, err := convert.ParseDecimal(s)
	if err != nil {
		t.Fatalf("decimal %q: %v", s, err)
	}
	p, _, err := convert.FromDecimal(d, dec, convert.Default())
	if err != nil {
		t.Fatalf("%v from %q: %v", d, s, err)
	}
	return p
}

// zeroDim is a rank-0 tensor of d holding pattern x, stored as the
// package comment says.
func zeroDim(t *testing.T, d dtype.DType, x convert.Pattern) *Tensor {
	t.Helper()
	if d.Bits() < 8 {
		z, err := FromElements(d, nil, []byte{byte(x.Re)})
		if err != nil {
			t.Fatal(err)
		}
		return z
	}
	es := convert.ElemBytes(d)
	data := make([]byte, es)
	put := func(b []byte, lo uint64, hi uint16) {
		var buf [16]byte
		binary.LittleEndian.PutUint64(buf[:8], lo)
		binary.LittleEndian.PutUint16(buf[8:10], hi)
		copy(b, buf[:len(b)])
	}
	if d.IsComplex() {
		put(data[:es/2], x.Re, x.ReHi)
		put(data[es/2:], x.Im, x.ImHi)
	} else {
		put(data, x.Re, x.ReHi)
	}
	return mustNew(t, d, nil, data)
}

// valueString writes what a Value holds as the vectors do.
func valueString(v promote.Value) string {
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	switch v.Kind {
	case promote.BoolValue:
		return fmt.Sprint(v.Bool)
	case promote.IntValue:
		return v.Int.String()
	case promote.FloatValue:
		return g(v.Real)
	case promote.ComplexValue:
		return g(v.Real) + " " + g(v.Imag)
	}
	return "kind " + v.Kind.String()
}

// TestValue runs testdata/values.tsv: the value of rank-0 tensors of every
// kind, sub-byte, f80 and complex included; Text reads back as the same
// element, and as the same Value where a float64 holds the element.
func TestValue(t *testing.T) {
	for _, row := range tsvtest.Read(t, "testdata/values.tsv") {
		f := row.Fields
		if len(f) != 5 {
			t.Fatalf("line %d: %d fields, want dtype, real, imag, text, value", row.Line, len(f))
		}
		d, err := dtype.Parse(f[0])
		if err != nil {
			t.Fatalf("line %d: %v", row.Line, err)
		}
		x := decimalPattern(t, d, f[1])
		if f[2] != "-" {
			im := decimalPattern(t, d, f[2])
			x.Im, x.ImHi = im.Re, im.ReHi
		}
		z := zeroDim(t, d, x)
		v, err := z.Value()
		if err != nil {
			t.Errorf("line %d: %v: %v", row.Line, z, err)
			continue
		}
		if v.Text != f[3] || valueString(v) != f[4] {
			t.Errorf("line %d: %v holding %s: Text %q value %q, want %q %q", row.Line, d, f[1], v.Text, valueString(v), f[3], f[4])
		}
		// Text is the element exactly: it converts back to x.
		parts := []string{v.Text}
		if v.Kind == promote.ComplexValue {
			re, im := splitComplex(t, v.Text)
			parts = []string{re, im}
		}
		if v.Kind == promote.FloatValue || v.Kind == promote.ComplexValue {
			back := decimalPattern(t, d, parts[0])
			if len(parts) == 2 {
				im := decimalPattern(t, d, parts[1])
				back.Im, back.ImHi = im.Re, im.ReHi
			}
			if !samePattern(d, back, x) {
				t.Errorf("line %d: Text %q reads back as %+v, want %+v", row.Line, v.Text, back, x)
			}
		}
		// The operand grammar reads the operand back with the same value,
		// except an f80 past float64, which Python reads as a float.
		o := promote.ZeroDimOf(d, v)
		p, err := promote.ParseOperand(o.String())
		if err != nil {
			t.Errorf("line %d: %s does not parse: %v", row.Line, o, err)
			continue
		}
		switch {
		case d == dtype.F80 || d == dtype.C160:
		case v.Kind == promote.FloatValue || v.Kind == promote.ComplexValue:
			// A float is read as a Python float, then rounded to d.
			g := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
			back := decimalPattern(t, d, g(p.Value.Real))
			if v.Kind == promote.ComplexValue {
				im := decimalPattern(t, d, g(p.Value.Imag))
				back.Im, back.ImHi = im.Re, im.ReHi
			}
			if !samePattern(d, back, x) {
				t.Errorf("line %d: %s reads back as %s, another %v", row.Line, o, valueString(p.Value), d)
			}
		default:
			if got := valueString(p.Value); got != f[4] {
				t.Errorf("line %d: %s reads back as %s, want %s", row.Line, o, got, f[4])
			}
		}
	}
}

// splitComplex splits "(RE+IMj)" into its two parts.
func splitComplex(t *testing.T, s string) (re, im string) {
	t.Helper()
	body := strings.TrimSuffix(strings.TrimPrefix(s, "("), "j)")
	for i := 1; i < len(body); i++ {
		if (body[i] == '+' || body[i] == '-') && body[i-1] != 'e' {
			return body[:i], body[i:]
		}
	}
	t.Fatalf("complex text %q has no sign between its parts", s)
	return "", ""
}

// samePattern compares two patterns of d, every NaN of a part alike.
func samePattern(d dtype.DType, a, b convert.Pattern) bool {
	part := d
	if d.IsComplex() {
		part = d.Format().Elem
	}
	isNaN := func(lo uint64, hi uint16) bool {
		return strings.HasSuffix(convert.Text(part, convert.Pattern{Re: lo, ReHi: hi}), "nan")
	}
	same := func(alo, blo uint64, ahi, bhi uint16) bool {
		return alo == blo && ahi == bhi || isNaN(alo, ahi) && isNaN(blo, bhi)
	}
	return same(a.Re, b.Re, a.ReHi, b.ReHi) && same(a.Im, b.Im, a.ImHi, b.ImHi)
}

// TestValueErrors: only a well-formed rank-0 tensor has a value, and a
// malformed one becomes an operand without one.
func TestValueErrors(t *testing.T) {
	if _, err := mustNew(t, dtype.I64, []int64{1}, i64s(5)).Value(); err == nil || !strings.Contains(err.Error(), "not rank 0") {
		t.Errorf("rank 1: err %v, want one saying it is not rank 0", err)
	}
	bad := &Tensor{DType: dtype.I64, Data: []byte{1, 2}}
	if _, err := bad.Value(); err == nil {
		t.Error("short data: no error")
	}
	if o := bad.Operand(); o.HasValue() || !o.IsZeroDim() {
		t.Errorf("short data: operand %v, want a rank-0 operand without a value", o)
	}
}

// TestConvertPromoteTypesZeroDimValue: a rank-0 tensor carries its value
// into promotion, so NumPy 1.x's value-based promotion sees it. Live NumPy
// 1.24: np.result_type(np.zeros(3, np.uint8), np.array(5)) is uint8, with
// np.array(300) uint16, with np.array(-1) int16; a float32 array with
// np.array(1e300) float64.
func TestConvertPromoteTypesZeroDimValue(t *testing.T) {
	legacy := numpy.Def.MustBuild("promotion=legacy")
	u8 := mustNew(t, dtype.U8, []int64{3}, []byte{1, 2, 3})
	for _, c := range []struct {
		a     *Tensor
		zd    dtype.DType
		value string
		want  dtype.DType
	}{
		{u8, dtype.I64, "5", dtype.U8},
		{u8, dtype.I64, "300", dtype.U16},
		{u8, dtype.I64, "-1", dtype.I16},
		{u8, dtype.U8, "200", dtype.U8},
		{mustNew(t, dtype.F32, []int64{1}, f32s(1)), dtype.F64, "1e300", dtype.F64},
		{mustNew(t, dtype.F32, []int64{1}, f32s(1)), dtype.F64, "1.5", dtype.F32},
		{mustNew(t, dtype.F16, []int64{1}, []byte{0, 0x3c}), dtype.F80, "1e400", dtype.F80},
		{mustNew(t, dtype.F16, []int64{1}, []byte{0, 0x3c}), dtype.F80, "64999.99999999999909050529822707176", dtype.F16},
	} {
		z := zeroDim(t, c.zd, decimalPattern(t, c.zd, c.value))
		for _, order := range [][2]*Tensor{{c.a, z}, {z, c.a}} {
			a2, b2, res, err := ConvertPromoteTypes(order[0], order[1], legacy, convert.Default(), Options{})
			if err != nil {
				t.Errorf("%v with %v holding %s: %v", order[0], order[1], c.value, err)
				continue
			}
			if res.DType != c.want || a2.DType != c.want || b2.DType != c.want {
				t.Errorf("%v with %v holding %s: %v (%v, %v), want %v", order[0], order[1], c.value, res.DType, a2.DType, b2.DType, c.want)
			}
		}
	}
	// The answer is the one the operand grammar's DTYPE[](VALUE) gets.
	z := zeroDim(t, dtype.I64, decimalPattern(t, dtype.I64, "300"))
	if got := z.Operand().String(); got != "i64[](300)" {
		t.Errorf("operand %s, want i64[](300)", got)
	}
}

// FuzzValue: every element of every storable dtype has a value whose Text
// converts back to the element and whose operand parses.
func FuzzValue(f *testing.F) {
	f.Add(byte(0), []byte{1})
	f.Add(byte(7), []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe, 0x7f})
	f.Add(byte(30), []byte{0x00, 0x7c, 0x01, 0xfe})
	all := storable()
	f.Fuzz(func(t *testing.T, di byte, raw []byte) {
		d := all[int(di)%len(all)]
		size := StorageBytes(d, 1)
		data := make([]byte, size)
		copy(data, raw)
		if d.Bits() < 8 {
			data[0] &= byte(1)<<d.Bits() - 1
		}
		z := mustNew(t, d, nil, data)
		v, err := z.Value()
		if err != nil {
			t.Fatalf("%v %x: %v", d, data, err)
		}
		if _, err := promote.ParseOperand(promote.ZeroDimOf(d, v).String()); err != nil {
			t.Fatalf("%v %x: operand %s: %v", d, data, promote.ZeroDimOf(d, v), err)
		}
		if v.Kind != promote.FloatValue && v.Kind != promote.ComplexValue {
			return
		}
		x, _ := z.pattern()
		parts := []string{v.Text}
		if v.Kind == promote.ComplexValue {
			re, im := splitComplex(t, v.Text)
			parts = []string{re, im}
		}
		if d == dtype.F80 || d == dtype.C160 {
			// Text is the f80 element exactly.
			back := decimalPattern(t, d, parts[0])
			if len(parts) == 2 {
				im := decimalPattern(t, d, parts[1])
				back.Im, back.ImHi = im.Re, im.ReHi
			}
			if !sameValue(d, back, x) {
				t.Fatalf("%v %x: Text %q reads back as %+v, want %+v", d, data, v.Text, back, x)
			}
			return
		}
		// Every other format: Text read as a Python float and rounded to
		// d's part type (as the operand grammar's DTYPE[](VALUE) is) is the
		// element; Real (Imag) holds it exactly.
		part := d
		if d.IsComplex() {
			part = d.Format().Elem
		}
		xs := []convert.Pattern{{Re: x.Re}, {Re: x.Im}}
		for i, s := range parts {
			g, err := strconv.ParseFloat(strings.TrimLeft(s, "+-"), 64) // strconv has no signed NaN
			if err != nil {
				t.Fatalf("%v %x: Text %q part %q: %v", d, data, v.Text, s, err)
			}
			if strings.HasPrefix(s, "-") {
				g = -g
			}
			back, _, err := convert.Scalar(part, dtype.F64, convert.Pattern{Re: math.Float64bits(g)}, convert.Default())
			if err != nil || !sameValue(part, back, xs[i]) {
				t.Fatalf("%v %x: Text %q part %q reads back as %+v, want %+v", d, data, v.Text, s, back, xs[i])
			}
		}
		wide := convert.Pattern{Re: math.Float64bits(v.Real), Im: math.Float64bits(v.Imag)}
		from := dtype.F64
		if d.IsComplex() {
			from = dtype.C128
		}
		back, acc, err := convert.Scalar(d, from, wide, convert.Default())
		if err != nil || !sameValue(d, back, x) || acc != big.Exact && !strings.Contains(convert.Text(d, x), "nan") {
			t.Fatalf("%v %x: Real/Imag %v %v convert back to %+v (%v, %v), want %+v", d, data, v.Real, v.Imag, back, acc, err, x)
		}
	})
}

// sameValue compares two patterns of d by value: the same pattern, both
// NaN, or two patterns convert.Text writes alike (an unnormal f80 and its
// normal twin, the zeros of a format with one zero).
func sameValue(d dtype.DType, a, b convert.Pattern) bool {
	return samePattern(d, a, b) || convert.Text(d, a) == convert.Text(d, b)
}
