// Package opkit holds what op typing shares between package infer (the
// generic typing) and the rule sets that type their own operations
// (promote.OpTyper): the generic rules, which a system's typing may
// return with its own message, and the dtype helpers and spellings the
// systems' messages use.
package opkit

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Rule returns a new rule; the op typing rules are declared once, as
// package variables, and compared by identity.
func Rule(id, text, src string) *promote.Rule { return &promote.Rule{ID: id, Text: text, Source: src} }

// Cite is a rule's source: the code and what in it, then the spec that
// restates it.
func Cite(code, what, spec string) string { return code + " " + what + "; " + spec }

// SrcChoice is the source of a rule no spec covers.
const SrcChoice = "promote's choice (no spec covers it); documented in docs/infer.md"

// Generic rules, shared by every system.
var (
	Input        = Rule("input", "a program input: the operand as the rule set sees it alone", "promote batch contract (one operand gives its own type)")
	Keep         = Rule("elementwise", "an elementwise function keeps its operand's dtype, weakness and shape", SrcChoice)
	AbsCplx      = Rule("abs-complex", "abs of a complex operand is real, of the same precision (c32->f16, c64->f32, c128->f64)", "numpy, torch, jax and tf.math.abs documentation (abs of complex gives its magnitude)")
	Reduce       = Rule("reduce", "a full reduction (max, min) keeps the dtype and weakness and gives rank 0", SrcChoice)
	Compare      = Rule("comparison", "a comparison promotes its operands (the promotion must succeed) and gives bool, never weak", "rules/pytorch/spec.md §3; numpy comparison ufuncs (??->?); jax: bool is never weak (rules/jax/spec.md §4)")
	Convert      = Rule("convert", "convert(x, DTYPE) gives DTYPE, never weak; the shape is x's", "nv_convert, astype, .to(), tf.cast, lax.convert_element_type")
	Bitwise      = Rule("bitwise", "& | ^ need bool or integer operands after promotion", "Python, numpy bitwise ufuncs, torch bitwise ops, jax bitwise ops, stablehlo and/or/xor")
	ModCplx      = Rule("mod-complex", "% is not defined for complex operands", "Python (complex has no %), numpy remainder, torch remainder, jnp.remainder")
	FloorDivCplx = Rule("floordiv-complex", "// (floor division) is not defined for complex operands", "Python language reference 6.7 (complex has no //); numpy floor_divide, torch floor_divide, jnp.floor_divide have no complex version")
	NegBool      = Rule("neg-bool", "negation of bool is refused", "torch neg, numpy negative, jnp.negative, tf.negative and stablehlo negate have no bool version")
	FloorCx      = Rule("floor-complex", "floor and ceil are not defined for complex operands", "numpy floor/ceil ufuncs, torch, jnp, tf.math")
	MatLit       = Rule("matmul-literal", "matmul takes tensors, not host scalars", "numpy matmul (scalars not allowed), torch.matmul, jnp.matmul")
	Argmax       = Rule("argmax", "argmax gives the system's index dtype, never weak, rank 0", SrcChoice)
	HostLit      = Rule("host-literal", "an operation on host literals only is evaluated by the host language and stays a host scalar (Python: bool+bool is int, int/int is float, comparisons give bool)", "Python language reference, 6. Expressions (arithmetic conversions)")
	CallLit      = Rule("literal-as-array", "a host literal passed to a function becomes an array of the type the rule set gives it alone", SrcChoice)
	// CxOrder refuses an ordering comparison (< <= > >=) of complex
	// operands, as Python does (complex has no order); the systems that
	// order complex numbers, or refuse them in their own words, say so in
	// their typing.
	// IntNegPow refuses an integer raised to a negative integer literal
	// (PyTorch and NumPy).
	IntNegPow = Rule("int-negative-power", "an integer raised to a negative integer literal is refused", "torch pow, numpy power (Integers to negative integer powers are not allowed.)")
	CxOrder   = Rule("complex-order", "an ordering comparison (< <= > >=) of complex operands is refused: complex numbers have no order", "Python language reference 6.10.1 (complex numbers do not support order comparisons); "+SrcChoice+" for a rule set whose system's comparisons are not known")
)

// IsIntOrBool reports whether d is bool or an integer.
func IsIntOrBool(d dtype.DType) bool { return d == dtype.Bool || d.IsInteger() }

// RealOf is the real type of a complex type's parts, from its Format.
func RealOf(d dtype.DType) dtype.DType { return d.Format().Elem }

// ComplexOf is the complex type whose parts are d (f32 gives c64), or
// dtype.Invalid.
func ComplexOf(d dtype.DType) dtype.DType {
	for _, c := range [...]dtype.DType{dtype.C32, dtype.C64, dtype.C128, dtype.C160} {
		if RealOf(c) == d {
			return c
		}
	}
	return dtype.Invalid
}

// NumPyName spells d as NumPy does (int32, float64, complex128, bool;
// float128 and complex256 for f80 and c160, named by their storage).
func NumPyName(d dtype.DType) string {
	switch {
	case d == dtype.Bool:
		return "bool"
	case d == dtype.BC32:
		return "bcomplex32" // ml_dtypes' name
	case d.IsSigned():
		return fmt.Sprintf("int%d", d.Bits())
	case d.IsUnsigned():
		return fmt.Sprintf("uint%d", d.Bits())
	case d.IsFloat():
		return fmt.Sprintf("float%d", d.StorageBits())
	case d.IsComplex():
		return fmt.Sprintf("complex%d", d.StorageBits())
	}
	return d.String()
}

// PyName spells d as NumPy does, with ml_dtypes' names for bfloat16 and
// the small floats: the spelling of the Python systems' messages.
func PyName(d dtype.DType) string {
	switch {
	case d == dtype.BF16:
		return "bfloat16"
	case d.IsFloat() && d.Bits() < 16:
		return d.String()
	}
	return NumPyName(d)
}

// NegativeIntLiteral reports whether a is a host literal that is a
// negative integer.
func NegativeIntLiteral(a *promote.OpArg) bool {
	return a.Literal && a.Value.Kind == promote.IntValue && a.Value.Int.Sign() < 0
}

// CmpNames name the ordering comparisons < <= > >= in the words of
// PyTorch (lt, le, gt, ge), indexed by op - promote.OpLt.
var CmpNames = [...]string{"lt", "le", "gt", "ge"}

// SumInt64 is sum(x) for x of dtype d where the default integer is int64
// (NumPy's add.reduce, the Array API's sum): bool and signed integers
// narrower than 64 bits give int64, unsigned ones uint64, by rule r;
// other dtypes keep the generic decision keep.
func SumInt64(d dtype.DType, keep promote.OpDecision, r *promote.Rule) promote.OpDecision {
	switch {
	case d == dtype.Bool || d.IsSigned() && d.Bits() < 64:
		return promote.OpDecision{DType: dtype.I64, Rule: r}
	case d.IsUnsigned() && d.Bits() < 64:
		return promote.OpDecision{DType: dtype.U64, Rule: r}
	}
	return keep
}

// Promoted is the dtype a binary operator's operands promoted to, where q
// asks about one whose promotion succeeded; ok is false for any other
// question, and for a failed promotion, which the generic typing reports.
// The systems that type their own binary operators start from it.
func Promoted(q *promote.OpQuery) (p dtype.DType, ok bool) {
	if !q.Op.IsBinary() || q.Err != nil {
		return dtype.Invalid, false
	}
	return q.Res.DType, true
}

// ComplexOrdering reports whether op is an ordering comparison (< <= > >=)
// of operands promoted to p, a complex type: a question each system
// answers in its own way (lexicographic order, or a refusal in its words).
func ComplexOrdering(op promote.Op, p dtype.DType) bool { return op.IsOrdering() && p.IsComplex() }

// IntTrueDiv reports whether op is / of operands promoted to p, bool or an
// integer: true division, whose result type each system picks.
func IntTrueDiv(op promote.Op, p dtype.DType) bool { return op == promote.OpDiv && IsIntOrBool(p) }
