package promote

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// OperandKind says what an Operand is.
type OperandKind uint8

const (
	// Tensor is an array of a DType, with a rank or shape and a weak flag.
	Tensor OperandKind = iota + 1
	// Literal is a host-language scalar (Python, R or C++) with its value
	// and no dtype of its own: the rule set decides what dtype it takes.
	Literal
	// Scalar is a typed host scalar: a NumPy scalar such as np.float64(1.5),
	// or a CANN aclScalar. It has a dtype and a value.
	Scalar
)

// Ranks that are not a number of dimensions.
const (
	// RankPositive: a ranked tensor with at least one dimension, exact rank
	// not given (the operand grammar's plain "f32").
	RankPositive = -1
	// RankDynamic: the rank itself is unknown and may be 0 ("f32[...]").
	RankDynamic = -2
)

// Operand is one input of an operation. The zero value is not valid; build
// operands with T, T0, Shaped, Weak, Int, Float, Bool, Complex, Lit and
// ScalarOf, or parse them with ParseOperand.
type Operand struct {
	Kind  OperandKind
	DType dtype.DType // Tensor and Scalar
	// Weak marks a weakly typed tensor (JAX weak type, TensorFlow
	// WeakTensor) or an ambiguous one (anvil).
	Weak bool
	// Rank is the number of dimensions (0 for a zero-dim tensor), or
	// RankPositive or RankDynamic. Only tensors have a rank.
	Rank int
	// Dims holds the dimensions when a shape was given (len(Dims) == Rank);
	// -1 is an unknown dimension. Nil when only the rank is known.
	Dims []int64
	// Value is the value of a Literal or Scalar, and of a zero-dim Tensor
	// written with one (DTYPE[](VALUE), a NumPy 0-d array such as
	// np.array(300, dtype=np.int64)). A tensor without a value has the zero
	// Value (Kind 0); see HasValue. Rule sets for which only the dtype of
	// an array matters ignore it: a zero-dim tensor with a value is
	// answered as the same tensor without one.
	Value Value
}

// ValueKind is the host-language kind of a literal value.
type ValueKind uint8

// The literal kinds, in Python's order bool < int < float < complex.
const (
	BoolValue ValueKind = iota + 1
	IntValue
	FloatValue
	ComplexValue
)

var valueKindNames = [...]string{"", "bool", "int", "float", "complex"}

// String returns the kind's Python name (bool, int, float, complex).
func (k ValueKind) String() string {
	if int(k) < len(valueKindNames) && k > 0 {
		return valueKindNames[k]
	}
	return "value(" + strconv.Itoa(int(k)) + ")"
}

// Value is a scalar value as the user wrote it and as parsed.
type Value struct {
	Kind ValueKind
	// Text is the literal as written ("1000", "2.5e3", "1j", "1L").
	Text string
	Bool bool
	Int  *big.Int // IntValue: exact, any size
	Real float64  // FloatValue, and the real part of ComplexValue
	Imag float64  // ComplexValue
	// Suffix is a host-language type suffix, normalised: on an integer
	// "L" (R integer, C long), "u", "uL", "LL", "uLL" (C's unsigned, long
	// and long long suffixes in either case and order); on a float "f"
	// (C float), "L" (C long double), "f0" (Julia's Float32 exponent, 1f0);
	// empty when none was written. A radix prefix (0x, 0b, 0o) is not a
	// suffix: it is read from Text.
	Suffix string
}

// T returns a ranked tensor of d (rank at least 1).
func T(d dtype.DType) Operand { return Operand{Kind: Tensor, DType: d, Rank: RankPositive} }

// T0 returns a zero-dim (rank 0) tensor of d.
func T0(d dtype.DType) Operand { return Operand{Kind: Tensor, DType: d, Rank: 0} }

// Shaped returns a tensor of d with the given dimensions (-1 unknown).
func Shaped(d dtype.DType, dims ...int64) Operand {
	return Operand{Kind: Tensor, DType: d, Rank: len(dims), Dims: append([]int64(nil), dims...)}
}

// Weak returns o marked weak (or ambiguous).
func Weak(o Operand) Operand { o.Weak = true; return o }

// Int returns an integer literal.
func Int(v int64) Operand {
	return Operand{Kind: Literal, Value: Value{Kind: IntValue, Int: big.NewInt(v), Text: strconv.FormatInt(v, 10)}}
}

// Float returns a floating-point literal.
func Float(v float64) Operand {
	return Operand{Kind: Literal, Value: Value{Kind: FloatValue, Real: v, Text: formatFloat(v)}}
}

// Bool returns a boolean literal.
func Bool(v bool) Operand {
	return Operand{Kind: Literal, Value: Value{Kind: BoolValue, Bool: v, Text: strconv.FormatBool(v)}}
}

// Complex returns a complex literal re+im·j.
func Complex(re, im float64) Operand {
	// Python writes an imaginary literal without a forced ".0": 1j, 2.5j.
	text := strconv.FormatFloat(im, 'g', -1, 64) + "j"
	if re != 0 {
		text = "(" + formatFloat(re) + "+" + text + ")"
	}
	return Operand{Kind: Literal, Value: Value{Kind: ComplexValue, Real: re, Imag: im, Text: text}}
}

// ScalarOf returns a typed host scalar of d holding v (v must be a
// literal's Value; see ParseOperand for the checks applied to text).
func ScalarOf(d dtype.DType, v Value) Operand { return Operand{Kind: Scalar, DType: d, Value: v} }

// ZeroDimOf returns a zero-dim (rank 0) tensor of d holding v, a NumPy 0-d
// array such as np.array(300, dtype=np.int64): written i64[](300). v must
// be a literal's Value; see ParseOperand for the checks applied to text.
func ZeroDimOf(d dtype.DType, v Value) Operand {
	return Operand{Kind: Tensor, DType: d, Rank: 0, Value: v}
}

// HasValue reports whether o carries a value: every Literal and Scalar,
// and a zero-dim Tensor written with one.
func (o Operand) HasValue() bool { return o.Value.Kind != 0 }

func formatFloat(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEnN") { // keep "1.0" a float literal
		s += ".0"
	}
	return s
}

// IsZeroDim reports whether o is a tensor of rank exactly 0.
func (o Operand) IsZeroDim() bool { return o.Kind == Tensor && o.Rank == 0 }

// String writes o in the operand grammar of the batch contract, so that
// ParseOperand(o.String()) gives o back.
func (o Operand) String() string {
	var b strings.Builder
	switch o.Kind {
	case Tensor:
		b.WriteString(o.DType.String())
		switch {
		case o.Rank == RankDynamic:
			b.WriteString("[...]")
		case o.Rank >= 0:
			b.WriteByte('[')
			for i := 0; i < o.Rank; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				if o.Dims == nil || o.Dims[i] < 0 {
					b.WriteByte('?')
				} else {
					b.WriteString(strconv.FormatInt(o.Dims[i], 10))
				}
			}
			b.WriteByte(']')
		}
		if o.HasValue() {
			b.WriteByte('(')
			b.WriteString(o.Value.Text)
			b.WriteByte(')')
		}
	case Literal:
		b.WriteString(o.Value.Text)
	case Scalar:
		fmt.Fprintf(&b, "%s(%s)", o.DType, o.Value.Text)
	default:
		return "<invalid operand>"
	}
	if o.Weak {
		b.WriteByte('?')
	}
	return b.String()
}

// Describe says in words what o is, for explanations ("a zero-dim i64
// tensor", "the Python float 2.5").
func (o Operand) Describe() string {
	weak := ""
	if o.Weak {
		weak = "weak "
	}
	switch o.Kind {
	case Tensor:
		switch {
		case o.Rank == 0 && o.HasValue():
			return "a " + weak + "zero-dim " + o.DType.String() + " tensor holding " + o.Value.Text
		case o.Rank == 0:
			return "a " + weak + "zero-dim " + o.DType.String() + " tensor"
		case o.Rank == RankDynamic:
			return "a " + weak + o.DType.String() + " tensor of dynamic rank"
		default:
			return "a " + weak + o.DType.String() + " tensor"
		}
	case Literal:
		return "the " + o.Value.Kind.String() + " literal " + o.Value.Text
	case Scalar:
		return "the " + o.DType.String() + " scalar " + o.Value.Text
	}
	return "an invalid operand"
}

// Join writes operands separated by spaces, as a batch line.
func Join(ops []Operand) string {
	parts := make([]string, len(ops))
	for i, o := range ops {
		parts[i] = o.String()
	}
	return strings.Join(parts, " ")
}
