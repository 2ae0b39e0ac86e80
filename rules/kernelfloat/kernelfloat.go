package kernelfloat

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/rules/internal/clit"
)

const src = "KernelTuner/kernel_float@f4e2d65 include/kernel_float/"

// The rules, one per promote_type specialization family.
var (
	ruleSame     = &promote.Rule{ID: "same", Text: "promote(T, T) = T", Source: src + "meta.h"}
	ruleBool     = &promote.Rule{ID: "bool", Text: "promote(bool, X) = X", Source: src + "meta.h"}
	ruleFloatInt = &promote.Rule{ID: "float-int", Text: "a float-like type with an integer or bool gives the float-like type", Source: src + "meta.h, fp16.h, bf16.h, fp8.h"}
	ruleFloats   = &promote.Rule{ID: "float-float", Text: "of two float-like types the wider wins (long double > double > float > half, bfloat16 > fp8)", Source: src + "meta.h, fp16.h, bf16.h, fp8.h"}
	ruleLongDbl  = &promote.Rule{ID: "long-double-small-float", Text: "long double has no promotion with half, bfloat16 or fp8 (meta.h promotes it only with float, double and the integers)", Source: src + "meta.h, fp16.h, bf16.h, fp8.h"}
	ruleExtent   = &promote.Rule{ID: "broadcast-extent", Text: "vector lengths must be equal or 1 (broadcast_extent<N, N>, <1, N>, <N, 1>); any other pair has no specialization", Source: src + "apply.h (broadcast_extent), base.h (extent)"}
	ruleHalfBF16 = &promote.Rule{ID: "half-bf16", Text: "promote(half, bfloat16) = float", Source: src + "bf16.h"}
	ruleInts     = &promote.Rule{ID: "int-int", Text: "two integers of the same signedness give the wider", Source: src + "meta.h"}
	ruleChar     = &promote.Rule{ID: "plain-char", Text: "plain char (cchar) is a third char type with no promote_type specialization with any other integer type: it meets only char, bool and the float-like types", Source: src + "meta.h"}
	ruleNoSpec   = &promote.Rule{ID: "no-specialization", Text: "no promote_type specialization exists, so the operation does not compile", Source: src + "meta.h"}
	ruleUnknown  = &promote.Rule{ID: "element-type", Text: "kernel_float has no element type for this dtype", Source: src + "meta.h, fp16.h, bf16.h, fp8.h"}
	ruleLiteral  = &promote.Rule{ID: "cxx-literal", Text: "a C++ literal takes its C++ type and promotes like any operand (not weak): 1 is int, 1.0 double, 1.0f float, true bool", Source: src + "base.h (into_vector_impl), vector.h (into_vec); ISO C++ [lex.icon] Table 8, [lex.fcon]"}
	ruleConstant = &promote.Rule{ID: "constant", Text: "constant<T> (a weak operand) takes the other operand's type: promote(constant<L>, R) = R", Source: src + "constant.h"}
	ruleConst2   = &promote.Rule{ID: "constant-constant", Text: "two constants give constant<promote(L, R)>; two constants of the same type are an ambiguous specialization, a compile error", Source: src + "constant.h"}
)

// Def is the kernel-float rule set. It has no options.
var Def = &promote.Def{
	Name:    "kernel-float",
	Title:   "kernel_float (CUDA C++ vectors)",
	Family:  promote.FamilyCompilers,
	Source:  src + "{meta.h,fp16.h,bf16.h,fp8.h,constant.h,base.h}",
	NAry:    promote.Fold,
	Dialect: dtype.CPP,
	New: func(s promote.Settings) (promote.Rules, error) {
		return &rules{kit.NewBase(s, table())}, nil
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	// kernel_float's constant<T> is its weak operand.
	Weak:  promote.WeakTypes,
	Host:  promote.HostCPP,
	Rules: []*promote.Rule{ruleSame, ruleBool, ruleFloatInt, ruleFloats, ruleHalfBF16, ruleLongDbl, ruleInts, ruleChar, ruleNoSpec, ruleUnknown, ruleLiteral, ruleConstant, ruleConst2, ruleExtent, kit.NoOperands},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleUnknown, Msg: func(_ promote.Settings, o promote.Operand) string {
			return fmt.Sprintf("kernel_float has no element type for %s", o.DType)
		}},
	},
}

type rules struct{ kit.Base }

// known reports whether kernel_float has an element type for d: i64 and
// u64 are long long and unsigned long long, clong and culong long and
// unsigned long, cchar plain char. Its fp8
// types are CUDA's __nv_fp8_e4m3 (OCP E4M3, ml_dtypes' float8_e4m3fn) and
// __nv_fp8_e5m2; its long double is x86-64's x87 extended format (f80),
// as g++ on LP64 Linux has it.
func known(d dtype.DType) bool {
	switch d {
	case dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64,
		dtype.CChar, dtype.CLong, dtype.CULong,
		dtype.F16, dtype.BF16, dtype.F32, dtype.F64, dtype.F80, dtype.F8E4M3FN, dtype.F8E5M2:
		return true
	}
	return false
}

// floatRank orders the float-like types; equal ranks (half and bfloat16,
// or the two fp8 types) have no order, and long double (rank 5) is ordered
// only above float and double.
func floatRank(d dtype.DType) int {
	switch d {
	case dtype.F8E4M3FN, dtype.F8E5M2:
		return 1
	case dtype.F16, dtype.BF16:
		return 2
	case dtype.F32:
		return 3
	case dtype.F64:
		return 4
	case dtype.F80:
		return 5
	}
	return 0
}

// intRank orders the integers of one signedness: by width, and long long
// (i64, u64) above long (clong, culong) of the same width, as meta.h's
// promotions of long with long long give long long.
func intRank(d dtype.DType) int {
	r := 2 * d.Bits()
	if d == dtype.I64 || d == dtype.U64 {
		r++
	}
	return r
}

// table compiles decide over every ordered pair of dtypes, on first use,
// not at init.
var table = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("kernel-float", decide) })

func decide(a, b dtype.DType) kit.Decision {
	refuse := func(r *promote.Rule, msg string) kit.Decision {
		return kit.Decision{Rule: r, Msg: msg}
	}
	switch {
	case !known(a) || !known(b):
		bad := a
		if known(a) {
			bad = b
		}
		return refuse(ruleUnknown, fmt.Sprintf("kernel_float has no element type for %s", bad))
	case a == b:
		return kit.Decision{Out: a, Rule: ruleSame}
	case a == dtype.Bool:
		return kit.Decision{Out: b, Rule: ruleBool}
	case b == dtype.Bool:
		return kit.Decision{Out: a, Rule: ruleBool}
	case a.IsFloat() && b.IsInteger():
		return kit.Decision{Out: a, Rule: ruleFloatInt}
	case b.IsFloat() && a.IsInteger():
		return kit.Decision{Out: b, Rule: ruleFloatInt}
	case a.IsFloat() && b.IsFloat():
		ra, rb := floatRank(a), floatRank(b)
		switch {
		case (ra == 5 && rb <= 2) || (rb == 5 && ra <= 2):
			return refuse(ruleLongDbl, fmt.Sprintf("no promote_type<%s, %s>: long double does not mix with half, bfloat16 or fp8", a, b))
		case ra > rb:
			return kit.Decision{Out: a, Rule: ruleFloats}
		case rb > ra:
			return kit.Decision{Out: b, Rule: ruleFloats}
		case ra == 2: // half with bfloat16
			return kit.Decision{Out: dtype.F32, Rule: ruleHalfBF16}
		}
		return refuse(ruleNoSpec, fmt.Sprintf("no promote_type<%s, %s>: the two fp8 types do not mix", a, b))
	case a == dtype.CChar || b == dtype.CChar:
		return refuse(ruleChar, fmt.Sprintf("no promote_type<%s, %s>: plain char does not mix with the other integer types", a, b))
	case a.IsSigned() == b.IsSigned():
		if intRank(a) >= intRank(b) {
			return kit.Decision{Out: a, Rule: ruleInts}
		}
		return kit.Decision{Out: b, Rule: ruleInts}
	}
	return refuse(ruleNoSpec, fmt.Sprintf("no promote_type<%s, %s>: a signed and an unsigned integer do not mix", a, b))
}

// Result folds promote_t left to right, as kernel_float's variadic
// promote_t<A, B, C...> does; its answer can depend on operand order.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	// The vector lengths first, then the fold, which admits each operand
	// as it reaches it (elem): a pair that does not promote is named
	// before a later operand of a type kernel_float lacks, and a literal
	// C++ cannot read before a later one.
	if err := r.checkExtents(ops); err != nil {
		return promote.Result{}, err
	}
	return kit.FoldLeft(ops, r)
}

// length is an operand's vector length as into_vec gives it: 1 for a
// scalar, a literal or a zero-dim tensor, N for a one-dimensional tensor
// of known length N (vec<T, N>, T[N]), and -1 when it is not known.
func length(o promote.Operand) int64 {
	switch {
	case o.Kind != promote.Tensor || o.Rank == 0:
		return 1
	case o.Rank == 1 && o.Dims != nil && o.Dims[0] >= 0:
		return o.Dims[0]
	}
	return -1
}

// checkExtents folds broadcast_extent over the operands left to right, as
// the operators, fma and where do: lengths N and N, 1 and N, N and 1 give
// N; two known lengths that are neither equal nor 1 have no
// specialization (float[2] with float[3] does not compile).
func (r *rules) checkExtents(ops []promote.Operand) error {
	cur, at := int64(-1), -1
	for i, o := range ops {
		n := length(o)
		switch {
		case n < 0 || n == cur:
		case cur < 0 || cur == 1:
			cur, at = n, i
		case n != 1:
			return r.Refuse(ruleExtent, fmt.Sprintf("no broadcast_extent<extent<%d>, extent<%d>>: vector lengths must be equal or 1", cur, n), ops[at], o)
		}
	}
	return nil
}

// elem admits an operand and gives its element type as kernel_float sees
// it, and whether it is a constant<T>.
func (r *rules) elem(o *promote.Operand) (dtype.DType, bool, *promote.Rule, error) {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		if err := r.AdmitOperand(o, nil); err != nil {
			return 0, false, nil, err
		}
		return o.DType, o.Weak, nil, nil
	case promote.Literal:
		t, err := r.literalType(o)
		return t, false, ruleLiteral, err
	}
	return 0, false, nil, r.Refuse(ruleUnknown, "invalid operand", *o)
}

// literalType is the C++ type of a literal, as g++ gives it on LP64
// (rules/internal/clit: int, long, long long or the unsigned types by
// value, radix and suffix; double, float or long double; bool). C++ has
// no complex literal; long double is f80.
func (r *rules) literalType(o *promote.Operand) (dtype.DType, error) {
	t, err := clit.Of(o.Value, clit.Lang{CPlusPlus: true})
	if err != nil {
		return 0, r.Refuse(ruleLiteral, err.Error(), *o)
	}
	switch t.Name {
	case "long":
		t.DType = dtype.CLong
	case "unsigned long":
		t.DType = dtype.CULong
	}
	if !known(t.DType) {
		return 0, r.Refuse(ruleUnknown, fmt.Sprintf("kernel_float has no element type for %s (the literal %s is a %s)", t.DType, o.Value.Text, t.Name), *o)
	}
	return t.DType, nil
}

// FoldOne is promote_t of one type: the operand's own element type.
func (r *rules) FoldOne(o promote.Operand) (promote.Result, error) {
	t, weak, rule, err := r.elem(&o)
	if err != nil {
		return promote.Result{}, err
	}
	if rule == nil {
		rule = ruleSame
	}
	return promote.Result{DType: t, Weak: weak, Rule: rule}, nil
}

// FoldTwo is promote_t<A, B> for the running result and the next operand.
func (r *rules) FoldTwo(a, b promote.Operand) (promote.Result, error) {
	ta, ca, _, err := r.elem(&a)
	if err != nil {
		return promote.Result{}, err
	}
	tb, cb, _, err := r.elem(&b)
	if err != nil {
		return promote.Result{}, err
	}
	switch {
	case ca && cb:
		if ta == tb {
			return promote.Result{}, r.Refuse(ruleConst2, fmt.Sprintf("constant<%s> with constant<%s> is an ambiguous specialization", ta, tb), a, b)
		}
		d := table().Cell(ta, tb)
		if d.Out == dtype.Invalid {
			return promote.Result{}, r.Refuse(d.Rule, d.Msg, a, b)
		}
		return promote.Result{DType: d.Out, Weak: true, Rule: ruleConst2}, nil
	case ca:
		return promote.Result{DType: tb, Rule: ruleConstant}, nil
	case cb:
		return promote.Result{DType: ta, Rule: ruleConstant}, nil
	}
	d := table().Cell(ta, tb)
	if d.Out == dtype.Invalid {
		return promote.Result{}, r.Refuse(d.Rule, d.Msg, a, b)
	}
	rule := d.Rule
	if a.Kind == promote.Literal || b.Kind == promote.Literal {
		rule = ruleLiteral
	}
	return promote.Result{DType: d.Out, Rule: rule}, nil
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(known) })
