package infer

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/cmplx"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
)

// Host-language evaluation of operations whose operands are all literals.
// In Python, 1 + 2 and 1 / 2 are computed by Python before any library
// sees them: the result is again a Python scalar, weak where the library
// makes Python scalars weak. Only the kind (bool < int < float < complex)
// and, for ints, the exact value matter to promotion, so that is what is
// computed.

// Folding is bounded, since a program of a few bytes can ask for a
// number of any size (2 ** 100000) and a chain of folds keeps every
// intermediate value (each node's type holds its value): one folded
// integer may have at most maxFoldBits bits, and the integers wider than
// 64 bits that one typing folds at most maxFoldTotalBits together. Past
// either bound the node is refused with an error that says so.
const (
	maxFoldBits      = 1 << 16 // 19,729 decimal digits; a literal has at most 10,000
	maxFoldTotalBits = 1 << 22 // 512 KiB of integer magnitude per typed graph
)

var (
	errFoldTooLarge = fmt.Errorf("integer result too large to evaluate (more than %d bits)", maxFoldBits)
	errFoldTotal    = fmt.Errorf("literal arithmetic builds more than %d bits of integers wider than 64 bits; promote evaluates no more per program", maxFoldTotalBits)
)

// folder evaluates host literals for one typing, charging the integers it
// builds against maxFoldTotalBits.
type folder struct {
	bits int64
}

// int is z as a folded integer value, within the bounds.
func (f *folder) int(z *big.Int) (promote.Value, error) {
	if n := z.BitLen(); n > 64 {
		if n > maxFoldBits {
			return promote.Value{}, errFoldTooLarge
		}
		if f.bits += int64(n); f.bits > maxFoldTotalBits {
			return promote.Value{}, errFoldTotal
		}
	}
	return intValue(z), nil
}

// pyKind is the Python kind of v with bool as an int when promoted.
func numeric(v promote.Value) (k promote.ValueKind, i *big.Int, f float64, c complex128) {
	switch v.Kind {
	case promote.BoolValue:
		i = big.NewInt(0)
		if v.Bool {
			i.SetInt64(1)
		}
		return promote.IntValue, i, float64(i.Int64()), complex(float64(i.Int64()), 0)
	case promote.IntValue:
		ff, _ := new(big.Float).SetInt(v.Int).Float64()
		return promote.IntValue, v.Int, ff, complex(ff, 0)
	case promote.FloatValue:
		return promote.FloatValue, nil, v.Real, complex(v.Real, 0)
	}
	return promote.ComplexValue, nil, v.Real, complex(v.Real, v.Imag)
}

func intValue(n *big.Int) promote.Value {
	return promote.Value{Kind: promote.IntValue, Int: n, Text: n.String()}
}

func floatValue(f float64) promote.Value {
	return promote.Value{Kind: promote.FloatValue, Real: f, Text: pyFloat(f)}
}

func complexValue(c complex128) promote.Value {
	return promote.Value{Kind: promote.ComplexValue, Real: real(c), Imag: imag(c),
		Text: "(" + pyFloat(real(c)) + "+" + pyFloat(imag(c)) + "j)"}
}

func boolValue(b bool) promote.Value {
	t := "False"
	if b {
		t = "True"
	}
	return promote.Value{Kind: promote.BoolValue, Bool: b, Text: t}
}

func pyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eE") {
		s += ".0"
	}
	return s
}

// neg negates a literal in its host language: -True is the int -1 in
// Python and C++, -TRUE the integer -1L in R; a suffix is kept.
func (f *folder) neg(h Host, v promote.Value) (promote.Value, error) {
	var out promote.Value
	switch v.Kind {
	case promote.BoolValue:
		out = intValue(big.NewInt(0))
		if v.Bool {
			out = intValue(big.NewInt(-1))
		}
		if h == R {
			out.Suffix = "L" // an R logical negates to an R integer
		}
	case promote.IntValue:
		n, err := f.int(new(big.Int).Neg(v.Int))
		if err != nil {
			return promote.Value{}, err
		}
		out = n
		out.Suffix = v.Suffix
	case promote.FloatValue:
		out = floatValue(-v.Real)
		out.Suffix = v.Suffix
	default:
		out = complexValue(complex(-v.Real, -v.Imag))
	}
	out.Text = suffixText(out)
	if h != Python && v.Kind != promote.BoolValue {
		// The compiled hosts and R type a literal by its text (0x80000000
		// is a C unsigned int, 0x02 a Julia UInt8): the negation keeps the
		// text, as the operand grammar writes it (-0x02).
		out.Text = negText(v.Text)
	}
	return out, nil
}

// negText is the text of the negation of a literal written text.
func negText(text string) string {
	if t, ok := strings.CutPrefix(text, "-"); ok {
		return t
	}
	return "-" + text
}

func suffixText(v promote.Value) string {
	if v.Suffix == "" || strings.HasSuffix(v.Text, v.Suffix) {
		return v.Text
	}
	return v.Text + v.Suffix
}

// python evaluates a op b for two Python scalars. It returns Python's
// TypeError or ZeroDivisionError text as an error.
func (f *folder) python(op Op, a, b promote.Value) (promote.Value, error) {
	if op.IsComparison() {
		return foldCompare(op, a, b)
	}
	if op.IsBitwise() {
		if (a.Kind == promote.BoolValue || a.Kind == promote.IntValue) && (b.Kind == promote.BoolValue || b.Kind == promote.IntValue) {
			if a.Kind == promote.BoolValue && b.Kind == promote.BoolValue {
				switch op {
				case OpAnd:
					return boolValue(a.Bool && b.Bool), nil
				case OpOr:
					return boolValue(a.Bool || b.Bool), nil
				}
				return boolValue(a.Bool != b.Bool), nil
			}
			_, x, _, _ := numeric(a)
			_, y, _, _ := numeric(b)
			z := new(big.Int)
			switch op {
			case OpAnd:
				z.And(x, y)
			case OpOr:
				z.Or(x, y)
			default:
				z.Xor(x, y)
			}
			return f.int(z)
		}
		return promote.Value{}, errors.New("TypeError: unsupported operand type(s) for " + op.String() + ": '" + pyType(a) + "' and '" + pyType(b) + "'")
	}
	ka, ia, fa, ca := numeric(a)
	kb, ib, fb, cb := numeric(b)
	k := max(ka, kb)
	if op == OpDiv && k == promote.IntValue {
		k = promote.FloatValue
	}
	if op == OpFloorDiv && k == promote.ComplexValue {
		return promote.Value{}, errors.New("TypeError: unsupported operand type(s) for //: '" + pyType(a) + "' and '" + pyType(b) + "'")
	}
	if op == OpPow && k == promote.IntValue && ib.Sign() < 0 {
		k = promote.FloatValue
	}
	zero := k == promote.IntValue && ib.Sign() == 0 || k == promote.FloatValue && fb == 0 || k == promote.ComplexValue && cb == 0
	if zero && (op == OpDiv || op == OpMod || op == OpFloorDiv) {
		return promote.Value{}, errors.New("ZeroDivisionError: division by zero")
	}
	switch k {
	case promote.IntValue:
		z := new(big.Int)
		switch op {
		case OpAdd:
			z.Add(ia, ib)
		case OpSub:
			z.Sub(ia, ib)
		case OpMul:
			if ia.BitLen()+ib.BitLen() > maxFoldBits {
				return promote.Value{}, errFoldTooLarge
			}
			z.Mul(ia, ib)
		case OpMod:
			// Python's % takes the sign of the divisor.
			z.Mod(ia, ib) // Euclidean: 0 <= z < |ib|
			if ib.Sign() < 0 && z.Sign() != 0 {
				z.Add(z, ib)
			}
		case OpFloorDiv:
			// Python's // rounds toward negative infinity.
			m := new(big.Int)
			z.QuoRem(ia, ib, m) // truncated
			if m.Sign() != 0 && (m.Sign() < 0) != (ib.Sign() < 0) {
				z.Sub(z, big.NewInt(1))
			}
		case OpPow:
			if !ib.IsInt64() || int64(ia.BitLen())*ib.Int64() > maxFoldBits {
				if ia.BitLen() > 1 {
					return promote.Value{}, errFoldTooLarge
				}
			}
			z.Exp(ia, ib, nil)
		}
		return f.int(z)
	case promote.FloatValue:
		var f float64
		switch op {
		case OpAdd:
			f = fa + fb
		case OpSub:
			f = fa - fb
		case OpMul:
			f = fa * fb
		case OpDiv:
			f = fa / fb
		case OpFloorDiv:
			f = math.Floor(fa / fb)
		case OpMod:
			f = math.Mod(fa, fb)
			if f != 0 && (f < 0) != (fb < 0) {
				f += fb
			}
		case OpPow:
			if fa < 0 && fb != math.Trunc(fb) {
				return complexValue(cmplx.Pow(complex(fa, 0), complex(fb, 0))), nil
			}
			f = math.Pow(fa, fb)
		}
		return floatValue(f), nil
	}
	var c complex128
	switch op {
	case OpAdd:
		c = ca + cb
	case OpSub:
		c = ca - cb
	case OpMul:
		c = ca * cb
	case OpDiv:
		c = ca / cb
	case OpMod:
		return promote.Value{}, errors.New("TypeError: unsupported operand type(s) for %: '" + pyType(a) + "' and '" + pyType(b) + "'")
	case OpPow:
		c = cmplx.Pow(ca, cb)
	}
	return complexValue(c), nil
}

func foldCompare(op Op, a, b promote.Value) (promote.Value, error) {
	ka, ia, fa, ca := numeric(a)
	kb, ib, fb, cb := numeric(b)
	k := max(ka, kb)
	if k == promote.ComplexValue {
		switch op {
		case OpEq:
			return boolValue(ca == cb), nil
		case OpNe:
			return boolValue(ca != cb), nil
		}
		return promote.Value{}, errors.New("TypeError: '" + op.String() + "' not supported between instances of '" + pyType(a) + "' and '" + pyType(b) + "'")
	}
	var c int
	if k == promote.IntValue {
		c = ia.Cmp(ib)
	} else {
		switch {
		case math.IsNaN(fa) || math.IsNaN(fb):
			return boolValue(op == OpNe), nil
		case fa < fb:
			c = -1
		case fa > fb:
			c = 1
		}
	}
	var r bool
	switch op {
	case OpEq:
		r = c == 0
	case OpNe:
		r = c != 0
	case OpLt:
		r = c < 0
	case OpLe:
		r = c <= 0
	case OpGt:
		r = c > 0
	case OpGe:
		r = c >= 0
	}
	return boolValue(r), nil
}

func pyType(v promote.Value) string {
	switch v.Kind {
	case promote.BoolValue:
		return "bool"
	case promote.IntValue:
		return "int"
	case promote.FloatValue:
		return "float"
	}
	return "complex"
}
