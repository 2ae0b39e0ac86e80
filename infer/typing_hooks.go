package infer

import (
	"github.com/promote-dev/promote"
)

// The op typing of the systems whose operations read more than the
// promoted dtype (Keras, MLX, Triton, TVM, PaddlePaddle, MindSpore,
// tinygrad, Julia, C and C++): each hook returns ok = false where the
// system follows the shared table of typing.go.

// binaryOp types a op b, whose promotion is res (or fails with err: only
// the operations that do not promote their operands are typed then).
func (in *Inferer) binaryOp(ts *Types, op Op, a, b *tval, res promote.Result, err error) (decision, bool) {
	if op == OpPow && (in.sys.id == sysC || in.sys.id == sysCPP) {
		return in.cPow(a, b), true
	}
	if err != nil {
		return decision{}, false
	}
	switch in.sys.id {
	case sysKeras:
		return in.kerasBinary(ts, op, a, b, res)
	case sysMLX:
		return in.mlxBinary(op, res)
	case sysTriton:
		return in.tritonBinary(op, res)
	case sysTVM:
		return in.tvmBinary(ts, op, a, b, res)
	case sysPaddle:
		return in.paddleBinary(op, res)
	case sysMindSpore:
		return in.mindsporeBinary(op, res)
	case sysTinygrad:
		return in.tinygradBinary(ts, op, b, res)
	case sysJulia:
		return in.juliaBinary(ts, op, a, b, res)
	case sysC, sysCPP:
		return in.cBinary(ts, op, a, b, res)
	}
	return decision{}, false
}

// unaryOp types an elementwise function or a full reduction of a.
func (in *Inferer) unaryOp(ts *Types, op Op, a *tval) (decision, bool) {
	switch in.sys.id {
	case sysKeras:
		return in.kerasUnary(op, a)
	case sysMLX:
		return in.mlxUnary(op, a)
	case sysTriton:
		return in.tritonUnary(op, a)
	case sysTVM:
		return in.tvmUnary(op, a)
	case sysPaddle:
		return in.paddleUnary(op, a)
	case sysMindSpore:
		return in.mindsporeUnary(op, a)
	case sysTinygrad:
		return in.tinygradUnary(op, a)
	case sysJulia:
		return in.juliaUnary(op, a)
	case sysC, sysCPP:
		return in.cUnary(ts, op, a)
	}
	return decision{}, false
}

// whereOp types where(c, a, b), whose branches promote to res (or fail
// with err).
func (in *Inferer) whereOp(ts *Types, c, a, b *tval, res promote.Result, err error) (decision, bool) {
	switch in.sys.id {
	case sysTVM:
		return tvmWhere(c)
	case sysTinygrad:
		return tinygradWhere(c)
	case sysJulia:
		return juliaWhere(c, a, b)
	case sysCPP:
		return cppWhere(a, b, res, err)
	case sysC:
		if err == nil {
			return decision{dt: res.DType, rule: ruleCWhere}, true
		}
	}
	return decision{}, false
}

// matmulOp types matmul(a, b) of two arrays.
func (in *Inferer) matmulOp(ts *Types, a, b *tval) (decision, bool) {
	switch in.sys.id {
	case sysKeras:
		return in.kerasMatmul(ts, a, b)
	case sysMLX:
		return in.mlxMatmul(ts, a, b)
	case sysTriton:
		return tritonDot(a, b)
	case sysTVM:
		return refuse(ruleTVMNotTIR, "matmul is not a TIR scalar operation (it is Relax's or TOPI's)"), true
	case sysPaddle:
		if a.dt != b.dt {
			return refuse(rulePaddleMatmul, "TypeError: matmul does not promote: x is %s and y is %s", paddleName(a.dt), paddleName(b.dt)), true
		}
	case sysJulia:
		return in.juliaMatmul(ts, a, b)
	case sysC, sysCPP:
		return in.cNotOp(OpMatmul), true
	}
	return decision{}, false
}

// concatOp types concat(args...).
func (in *Inferer) concatOp(ts *Types, args []NodeID) (decision, bool) {
	switch in.sys.id {
	case sysTriton:
		first := &ts.vals[args[0]]
		if first.flags&flagLit != 0 {
			return decision{}, false // a host scalar: the rule set types the join
		}
		return decision{dt: first.dt, rule: ruleTritonCat}, true
	case sysTVM:
		return refuse(ruleTVMNotTIR, "concat is not a TIR scalar operation (it is Relax's or TOPI's)"), true
	case sysC, sysCPP:
		return in.cNotOp(OpConcat), true
	}
	return decision{}, false
}
