package infer

// Op is what a node of a Graph computes.
type Op uint8

// The operations. Binary operators come first, in the order of the
// language's operator table; then the calls.
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

// IsBinary reports whether o is one of the binary operators + - * / // %
// ** == != < <= > >= & | ^.
func (o Op) IsBinary() bool { return o >= OpAdd && o <= OpXor }

// IsComparison reports whether o is == != < <= > or >=.
func (o Op) IsComparison() bool { return o >= OpEq && o <= OpGe }

func (o Op) isOrdering() bool  { return o >= OpLt && o <= OpGe }
func (o Op) isBitwise() bool   { return o >= OpAnd && o <= OpXor }
func (o Op) isUnary() bool     { return o >= OpNeg && o <= OpCeil }
func (o Op) isFloatFunc() bool { return o >= OpExp && o <= OpTanh }
func (o Op) isReduction() bool { return o >= OpSum && o <= OpArgmax }

// callOp is the operation a function name of the language calls. max
// and min with two arguments are the elementwise OpMaximum and OpMinimum.
func callOp(name string) (Op, bool) {
	switch name {
	case "neg":
		return OpNeg, true
	case "abs":
		return OpAbs, true
	case "exp":
		return OpExp, true
	case "log":
		return OpLog, true
	case "sqrt":
		return OpSqrt, true
	case "sin":
		return OpSin, true
	case "cos":
		return OpCos, true
	case "tanh":
		return OpTanh, true
	case "round":
		return OpRound, true
	case "floor":
		return OpFloor, true
	case "ceil":
		return OpCeil, true
	case "sum":
		return OpSum, true
	case "mean":
		return OpMean, true
	case "max":
		return OpMax, true
	case "min":
		return OpMin, true
	case "argmax":
		return OpArgmax, true
	case "where":
		return OpWhere, true
	case "concat":
		return OpConcat, true
	case "matmul":
		return OpMatmul, true
	case "convert":
		return OpConvert, true
	}
	return 0, false
}

// isFunction reports whether name is a function of the language.
func isFunction(name string) bool {
	_, ok := callOp(name)
	return ok
}
