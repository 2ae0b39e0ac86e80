package tensor

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
)

// Value returns the single element of a rank-0 tensor as an operand
// value, exactly: a bool as a bool, every integer as a big.Int, a float
// and each part of a complex as the float64 holding it, with Text the
// shortest decimal that reads back as the element in its own dtype
// (convert.Text), written as a Python literal ("5", "1.5", "-0.0", "nan",
// "(1.5-2.0j)", "true").
//
// Every float format but f80 is exact in a float64. An f80 (or c160
// part) that a float64 cannot hold keeps its exact value in Text, and
// Real (Imag) holds it rounded toward zero: a finite f80 past float64's
// range gives ±math.MaxFloat64, never inf. Rounding toward zero keeps
// every comparison of the value with a float64 bound as the exact value
// gives it (for a bound c, x < c exactly when trunc(x) < c), so the
// cut-offs NumPy 1.x's min_scalar_type compares a long double with
// (65000, 3.4e38, 1.7e308) see the file's value.
func (t *Tensor) Value() (promote.Value, error) {
	if err := t.Check(); err != nil {
		return promote.Value{}, err
	}
	if len(t.Shape) != 0 {
		return promote.Value{}, fmt.Errorf("tensor: %v is not rank 0: only a rank-0 tensor is one value", t)
	}
	x, err := t.pattern()
	if err != nil {
		return promote.Value{}, err
	}
	d := t.DType
	switch {
	case d == dtype.Bool:
		b := x.Re != 0
		return promote.Value{Kind: promote.BoolValue, Bool: b, Text: fmt.Sprint(b)}, nil
	case d.IsInteger():
		n, err := intValue(d, x)
		if err != nil {
			return promote.Value{}, err
		}
		return promote.Value{Kind: promote.IntValue, Int: n, Text: n.String()}, nil
	case d.IsComplex():
		p, _, err := convert.Scalar(dtype.C128, d, x, towardZero)
		if err != nil {
			return promote.Value{}, fmt.Errorf("tensor: the value of %v: %w", t, err)
		}
		part := d.Format().Elem
		re := floatText(convert.Text(part, convert.Pattern{Re: x.Re, ReHi: x.ReHi}))
		im := floatText(convert.Text(part, convert.Pattern{Re: x.Im, ReHi: x.ImHi}))
		if !strings.HasPrefix(im, "-") {
			im = "+" + im
		}
		return promote.Value{Kind: promote.ComplexValue, Real: math.Float64frombits(p.Re), Imag: math.Float64frombits(p.Im),
			Text: "(" + re + im + "j)"}, nil
	case d.IsFloat():
		p, _, err := convert.Scalar(dtype.F64, d, x, towardZero)
		if err != nil {
			return promote.Value{}, fmt.Errorf("tensor: the value of %v: %w", t, err)
		}
		return promote.Value{Kind: promote.FloatValue, Real: math.Float64frombits(p.Re), Text: floatText(convert.Text(d, x))}, nil
	}
	return promote.Value{}, fmt.Errorf("tensor: %v has no value a literal can write", d)
}

// towardZero converts a float into float64 (or c128) rounding toward zero:
// exact for every format but f80, and for f80 the truncation Value
// documents. Infinities and NaN stay as they are.
var towardZero = convert.Policy{Rounding: convert.TowardZero}

// intValue is the integer pattern x of d holds.
func intValue(d dtype.DType, x convert.Pattern) (*big.Int, error) {
	if d.Kind() == dtype.KindUnsigned {
		p, _, err := convert.Scalar(dtype.U64, d, x, convert.Default())
		if err != nil {
			return nil, err
		}
		return new(big.Int).SetUint64(p.Re), nil
	}
	p, _, err := convert.Scalar(dtype.I64, d, x, convert.Default())
	if err != nil {
		return nil, err
	}
	return big.NewInt(int64(p.Re)), nil
}

// floatText makes a float's decimal text read as a float literal: "0"
// becomes "0.0", "-0" "-0.0", "1e+300" stays.
func floatText(s string) string {
	if strings.ContainsAny(s, ".eEnN") { // a fraction, an exponent, nan, inf
		return s
	}
	return s + ".0"
}

// pattern is the bit pattern of t's first element, in convert's Pattern:
// each part's little-endian value, an f80 part's bits 64-79 in ReHi/ImHi,
// a sub-byte element's bits from the packed storage.
func (t *Tensor) pattern() (convert.Pattern, error) {
	d := t.DType
	if d.Bits() < 8 {
		var one [1]byte
		if err := Unpack(one[:], OnePerByte, t.Data, d, 1); err != nil {
			return convert.Pattern{}, err
		}
		return convert.Pattern{Re: uint64(one[0])}, nil
	}
	es := convert.ElemBytes(d)
	if es <= 0 || len(t.Data) < es {
		return convert.Pattern{}, fmt.Errorf("tensor: %v holds no element of %v", t, d)
	}
	part := func(b []byte) (lo uint64, hi uint16) {
		var buf [16]byte
		copy(buf[:], b)
		return binary.LittleEndian.Uint64(buf[:8]), binary.LittleEndian.Uint16(buf[8:10])
	}
	e := t.Data[:es]
	if d.IsComplex() {
		re, reHi := part(e[:es/2])
		im, imHi := part(e[es/2:])
		return convert.Pattern{Re: re, Im: im, ReHi: reHi, ImHi: imHi}, nil
	}
	re, reHi := part(e)
	return convert.Pattern{Re: re, ReHi: reHi}, nil
}
