package promote

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// OpTyper is implemented by rule sets whose operations type otherwise
// than the generic typing of package infer: true division that gives a
// float (PyTorch's default dtype, NumPy's float64, Triton's fp32), sums
// that widen (int64, JAX's default int), comparisons that give C's int,
// functions a system refuses, and so on. The promotion of the operands
// stays the rule set's Result; TypeOp says what each operation does
// around it. A rule set that does not implement OpTyper is typed
// generically: no result is weak, and every operation keeps the promoted
// dtype (package infer's rules "elementwise", "reduce", "comparison"...).
//
// The typing of one system lives in its own package (rules/<system>/
// typing.go), beside its promotion; its options (JAX's x64, PyTorch's
// default dtype) are read there, from the built rule set.
type OpTyper interface {
	Rules
	// OpPolicy returns what holds for every operation of the rule set
	// as built; it is read once, when a typer is made for the rule set.
	OpPolicy() OpPolicy
	// TypeOp types the operation q describes. It returns q.Generic where
	// the system types the operation generically, or its own decision:
	// a dtype with the rule that gives it, or a refusal (OpRefuse), or
	// the error of a promotion it asked for (OpDecision.Err). It must not
	// keep q, which the typer reuses.
	TypeOp(q *OpQuery) OpDecision
}

// OpPolicy is what holds for every operation of a rule set that
// implements OpTyper.
type OpPolicy struct {
	// Weak: the system has weak (JAX, TensorFlow, tinygrad), ambiguous
	// (anvil) or constant (kernel_float) values, so a result may stay
	// weak. Elsewhere a result is never weak.
	Weak bool
	// ExactShapes: operands must have equal shapes (no broadcasting of a
	// size-1 dimension), and concat needs equal trailing dimensions as
	// given (anvil).
	ExactShapes bool
	// KeepRule, when set, names an elementwise function that keeps its
	// operand's dtype and weakness, in place of the generic rule
	// "elementwise" (anvil's unary primitives, JAX's weak-type rule).
	KeepRule *Rule
	// Arithmetic: TypeOp is asked about + - and * too (Julia's Bool
	// arithmetic). Elsewhere they are the promotion itself, and the most
	// common operations cost no op typing.
	Arithmetic bool
}

// OpArg is one argument of an operation, as op typing sees it.
type OpArg struct {
	// DType is the argument's dtype; for a host literal, the dtype the
	// rule set gives it alone (dtype.Invalid where it gives none).
	DType dtype.DType
	// Weak is the system's weak type, ambiguity or constant flag.
	Weak bool
	// Literal reports a host-language literal not yet made an array;
	// Value is then its value.
	Literal bool
	Value   Value
}

// OpQuery is one question to an OpTyper: what Op gives for Args.
type OpQuery struct {
	Op Op
	// Args are the arguments: a and b for the binary operators, max(a, b)
	// and min(a, b) and matmul; x for a one-argument call (convert's
	// target is in Generic); c, a and b for where; the operands of
	// concat, in order.
	Args []OpArg
	// Res is the rule set's promotion of the arguments (of where's a and
	// b), or Err its refusal; unset for a one-argument call. The binary
	// operators are asked about even when the promotion fails, for the
	// systems whose operations do not promote (C's pow).
	Res Result
	Err error
	// Generic is the generic typing's decision: the one to return where
	// the system has nothing to add. When Err is set it is OpDecision{Err:
	// Err}.
	Generic OpDecision
	// Early marks where's first question, asked before the shapes are
	// checked, with Args holding the condition alone and a zero Generic:
	// a system that refuses a condition by its dtype alone (PyTorch)
	// refuses it here, before any shape error; the others return Generic.
	Early bool
	// Typer is what the typer asking lends the question: the arguments
	// as operands, and its promotion of two of them. It is valid during
	// TypeOp only.
	Typer OpHelper
}

// OpHelper is what a typer (package infer's Inferer) lends an OpQuery,
// computed only when op typing asks for it.
type OpHelper interface {
	// Operand returns Args[i] as the rule set's Result takes it: a
	// literal where one is written (or what LiteralTyper makes of it), a
	// typed scalar input as itself, otherwise a tensor of its dtype, weak
	// flag and rank.
	Operand(i int) Operand
	// Promote is the rule set's promotion of Args[i] with Args[j], as the
	// typer makes it (cached; a compiled table lookup for two plain
	// tensors).
	Promote(i, j int) (Result, error)
}

// Operand returns q.Args[i] as the rule set's Result takes it.
func (q *OpQuery) Operand(i int) Operand { return q.Typer.Operand(i) }

// PromoteArgs is the promotion of q.Args[i] with q.Args[j], as the typer
// makes it.
func (q *OpQuery) PromoteArgs(i, j int) (Result, error) { return q.Typer.Promote(i, j) }

// OpDecision is what op typing gives an operation: a dtype and weakness
// with the rule that gives them; or a refusal (Msg, with the Rule that
// refuses); or Err, an error of a promotion the typing asked the rule set
// for, reported as the rule set gave it.
type OpDecision struct {
	DType dtype.DType
	Weak  bool
	Rule  *Rule
	Msg   string
	Err   error
}

// Failed reports whether d is a refusal or an error.
func (d OpDecision) Failed() bool { return d.Msg != "" || d.Err != nil }

// OpRefuse is the refusal by rule r, its message formatted as fmt.Sprintf
// does.
func OpRefuse(r *Rule, format string, args ...any) OpDecision {
	return OpDecision{Rule: r, Msg: fmt.Sprintf(format, args...)}
}

// OpResult is the decision of a promotion the typing asked for: res with
// rule r in place of the promotion's own, or err.
func OpResult(res Result, err error, r *Rule) OpDecision {
	if err != nil {
		return OpDecision{Err: err}
	}
	return OpDecision{DType: res.DType, Weak: res.Weak, Rule: r}
}

// LiteralTyper is implemented by rule sets whose host literals reach the
// promotion as something other than literals: OpenVINO, whose PyTorch
// frontend makes a Python scalar a rank-0 Constant.
type LiteralTyper interface {
	Rules
	// LiteralOperand returns the operand the promotion sees for the host
	// literal v, and the rule that names the literal's own type (nil: the
	// promotion's rule).
	LiteralOperand(v Value) (Operand, *Rule)
}
