package infer

import "github.com/promote-dev/promote"

// Op is what a node of a Graph computes (promote.Op, which op typing in
// the rule-set packages is asked about).
type Op = promote.Op

// opInvalid is the Op of a malformed node.
const opInvalid Op = 0

// The operations, as package promote declares them: the binary operators
// first, in the order of the language's operator table; then the calls.
const (
	OpInput    = promote.OpInput
	OpLiteral  = promote.OpLiteral
	OpAdd      = promote.OpAdd
	OpSub      = promote.OpSub
	OpMul      = promote.OpMul
	OpDiv      = promote.OpDiv
	OpFloorDiv = promote.OpFloorDiv
	OpMod      = promote.OpMod
	OpPow      = promote.OpPow
	OpEq       = promote.OpEq
	OpNe       = promote.OpNe
	OpLt       = promote.OpLt
	OpLe       = promote.OpLe
	OpGt       = promote.OpGt
	OpGe       = promote.OpGe
	OpAnd      = promote.OpAnd
	OpOr       = promote.OpOr
	OpXor      = promote.OpXor
	OpNeg      = promote.OpNeg
	OpAbs      = promote.OpAbs
	OpExp      = promote.OpExp
	OpLog      = promote.OpLog
	OpSqrt     = promote.OpSqrt
	OpSin      = promote.OpSin
	OpCos      = promote.OpCos
	OpTanh     = promote.OpTanh
	OpRound    = promote.OpRound
	OpFloor    = promote.OpFloor
	OpCeil     = promote.OpCeil
	OpSum      = promote.OpSum
	OpMean     = promote.OpMean
	OpMax      = promote.OpMax
	OpMin      = promote.OpMin
	OpArgmax   = promote.OpArgmax
	OpMaximum  = promote.OpMaximum
	OpMinimum  = promote.OpMinimum
	OpWhere    = promote.OpWhere
	OpConcat   = promote.OpConcat
	OpMatmul   = promote.OpMatmul
	OpConvert  = promote.OpConvert
)

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
