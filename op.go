package promote

// Op is an operation of a program: what a node of an infer.Graph computes,
// and what a rule set's op typing (OpTyper) is asked about.
type Op uint8

// The operations. Binary operators come first, in the order of the
// program language's operator table; then the calls.
const (
	opInvalid Op = iota
	// OpInput is a program input: a tensor or scalar given as an operand.
	OpInput
	// OpLiteral is a host-language literal written in the program.
	OpLiteral

	// Arithmetic operators.
	OpAdd // a + b
	OpSub // a - b
	OpMul // a * b
	OpDiv // a / b: true division
	// OpFloorDiv is a // b: floor (integer) division; Julia programs may
	// write it a ÷ b.
	OpFloorDiv
	OpMod // a % b
	OpPow // a ** b
	// Comparisons: the result is bool.
	OpEq // a == b
	OpNe // a != b
	OpLt // a < b
	OpLe // a <= b
	OpGt // a > b
	OpGe // a >= b
	// Bitwise (logical on bool) operators.
	OpAnd // a & b
	OpOr  // a | b
	OpXor // a ^ b

	// Elementwise one-argument calls.
	OpNeg   // neg(x) and unary -x
	OpAbs   // abs(x)
	OpExp   // exp(x)
	OpLog   // log(x)
	OpSqrt  // sqrt(x)
	OpSin   // sin(x)
	OpCos   // cos(x)
	OpTanh  // tanh(x)
	OpRound // round(x)
	OpFloor // floor(x)
	OpCeil  // ceil(x)

	// Full reductions: the result has rank 0.
	OpSum    // sum(x)
	OpMean   // mean(x)
	OpMax    // max(x)
	OpMin    // min(x)
	OpArgmax // argmax(x)

	// Elementwise two-argument calls.
	OpMaximum // max(a, b)
	OpMinimum // min(a, b)

	// Other calls.
	OpWhere   // where(c, a, b)
	OpConcat  // concat(a, b, ...): along the first axis
	OpMatmul  // matmul(a, b)
	OpConvert // convert(x, DTYPE)

	numOps
)

var opNames = [numOps]string{
	opInvalid: "invalid", OpInput: "input", OpLiteral: "literal",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpDiv: "/", OpFloorDiv: "//", OpMod: "%", OpPow: "**",
	OpEq: "==", OpNe: "!=", OpLt: "<", OpLe: "<=", OpGt: ">", OpGe: ">=",
	OpAnd: "&", OpOr: "|", OpXor: "^",
	OpNeg: "neg", OpAbs: "abs", OpExp: "exp", OpLog: "log", OpSqrt: "sqrt", OpSin: "sin", OpCos: "cos",
	OpTanh: "tanh", OpRound: "round", OpFloor: "floor", OpCeil: "ceil",
	OpSum: "sum", OpMean: "mean", OpMax: "max", OpMin: "min", OpArgmax: "argmax",
	OpMaximum: "max", OpMinimum: "min",
	OpWhere: "where", OpConcat: "concat", OpMatmul: "matmul", OpConvert: "convert",
}

// String returns the operator symbol or the function name.
func (o Op) String() string {
	if o < numOps {
		return opNames[o]
	}
	return "op?"
}

// Valid reports whether o is one of the operations above.
func (o Op) Valid() bool { return o > opInvalid && o < numOps }

// IsBinary reports whether o is one of the binary operators + - * / // %
// ** == != < <= > >= & | ^.
func (o Op) IsBinary() bool { return o >= OpAdd && o <= OpXor }

// IsComparison reports whether o is == != < <= > or >=.
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }

// IsOrdering reports whether o is < <= > or >=.
func (o Op) IsOrdering() bool { return o >= OpLt && o <= OpGe }

// IsBitwise reports whether o is & | or ^.
func (o Op) IsBitwise() bool { return o >= OpAnd && o <= OpXor }

// IsElementwise reports whether o is an elementwise one-argument call,
// neg to ceil.
func (o Op) IsElementwise() bool { return o >= OpNeg && o <= OpCeil }

// IsFloatFunc reports whether o is exp, log, sqrt, sin, cos or tanh: the
// functions that need a floating-point value.
func (o Op) IsFloatFunc() bool { return o >= OpExp && o <= OpTanh }

// IsReduction reports whether o is a full reduction: sum, mean, max(x),
// min(x) or argmax.
func (o Op) IsReduction() bool { return o >= OpSum && o <= OpArgmax }
