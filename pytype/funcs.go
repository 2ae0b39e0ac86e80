package pytype

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// resultOf answers np.result_type's promotion of ops under r.
func resultOf(r promote.Rules, ops []promote.Operand) typed {
	res, err := r.Result(ops...)
	if err != nil {
		return typed{err: err}
	}
	t := typed{t: infer.Type{DType: res.DType}, o: promote.T(res.DType)}
	if res.Rule != nil {
		t.rule = res.Rule.ID
	}
	return t
}

// operandsOf lists the operands of values every version sees alike; ok is
// false when one is unknown or differs.
func operandsOf(fc *fileChecker, lib pyapi.Library, vs []value, dtypes bool) ([]promote.Operand, bool) {
	ops := make([]promote.Operand, 0, len(vs))
	for _, v := range vs {
		if dtypes {
			if d, ok := fc.dtypeOf(lib, v); ok {
				ops = append(ops, promote.T(d)) // a dtype argument counts as an array
				continue
			}
		}
		if !v.same() {
			return nil, false
		}
		ops = append(ops, v.op[0])
	}
	return ops, len(ops) > 0
}

// versionsOn records a finding when np.result_type's answer over ops
// differs between the versions, and returns the two answers.
func (fc *fileChecker) versionsOn(n python.Node, kind string, lib pyapi.Library, name string, vs []value, ops []promote.Operand) [2]typed {
	v := lib.Versions()
	res := [2]typed{resultOf(v.Old, ops), resultOf(v.New, ops)}
	if res[1].err == nil {
		fc.compareAs(n, kind, name, lib, vs, res, func(ops []promote.Operand) typed { return resultOf(v.Old, ops) })
	}
	return res
}

// clip types np.clip(a, a_min, a_max): np.result_type of the three, which
// in NumPy 2 never raises for an out-of-range bound (np.clip(u8, 0, 300)
// stays uint8; NumPy 1.24 gives uint16: live run, Debian python3-numpy
// 1.24.2).
func (fc *fileChecker) clip(n python.Node, lib pyapi.Library, name string, a callArgs) value {
	x, ok := a.arg(0, "a")
	if !ok || x.k != vNum {
		return unknown
	}
	vs := []value{x}
	args := []string{operandExpr(lib, x.op[1])}
	for i, names := range [][2]string{{"a_min", "min"}, {"a_max", "max"}} {
		b, ok := a.arg(i+1, names[0])
		if !ok {
			b, ok = a.kw[names[1]]
		}
		if ok && b.k != vNone {
			vs = append(vs, b)
			args = append(args, operandExpr(lib, b.op[1]))
		} else {
			args = append(args, "None")
		}
	}
	ops, ok := operandsOf(fc, lib, vs, false)
	if !ok || len(ops) < 2 {
		return unknown
	}
	fc.repro = "np.clip(" + strings.Join(args, ", ") + ")"
	res := fc.versionsOn(n, "dtype-changed", lib, name, vs, ops)
	fc.repro = ""
	out := value{k: vNum, lib: lib}
	for i := 0; i < 2; i++ {
		if res[i].err == nil {
			out.op[i] = promote.Operand{Kind: promote.Tensor, DType: res[i].t.DType, Rank: rankOf(x.op[i])}
		}
	}
	return out
}

func rankOf(o promote.Operand) int {
	if o.Kind == promote.Tensor {
		return o.Rank
	}
	return 0
}

// resultType types np.result_type(...): dtypes count as arrays; NumPy
// scalars and Python scalars as themselves (NumPy 1.x looked at their
// values, NumPy 2 never does).
func (fc *fileChecker) resultType(n python.Node, lib pyapi.Library, name string, a callArgs) value {
	ops, ok := operandsOf(fc, lib, a.pos, true)
	if !ok {
		return unknown
	}
	vs := make([]value, len(ops))
	for i, o := range ops {
		vs[i] = num(lib, o)
	}
	res := fc.versionsOn(n, "result-type", lib, name, vs, ops)
	if res[0].err == nil && res[1].err == nil && res[0].t.DType == res[1].t.DType {
		return value{k: vDType, d: res[1].t.DType}
	}
	return unknown
}

// canCast: NumPy 2's np.can_cast refuses Python int, float and complex
// ("can_cast() does not support Python ints, floats, and complex because
// the result used to depend on the value", numpy/_core/src/multiarray/
// multiarraymodule.c array_can_cast_safely at numpy/numpy@1f90bbb5;
// rapidsai/crossfit#56); NumPy 1.x answered from the value.
func (fc *fileChecker) canCast(n python.Node, lib pyapi.Library, name string, a callArgs) value {
	from, ok := a.arg(0, "from_")
	if !ok || !from.same() || from.op[0].Kind != promote.Literal || from.op[0].Value.Kind == promote.BoolValue {
		return unknown
	}
	if fc.muted > 0 {
		return unknown
	}
	v := lib.Versions()
	to, toExpr := "the target", "np.uint8"
	if t, ok := a.arg(1, "to"); ok {
		if d, ok := fc.dtypeOf(lib, t); ok {
			to, toExpr = lib.DTypeName(d), dtypeExpr(lib, d)
		}
	}
	fc.add(n, Finding{
		File: fc.file, Kind: "can-cast", Op: name,
		Operands: []string{describe(lib, from.op[0]), to},
		OldName:  v.OldName, NewName: v.NewName,
		Old:   "a value-based answer (can_cast of the smallest dtype holding the value)",
		New:   "TypeError: can_cast() does not support Python ints, floats, and complex because the result used to depend on the value",
		Case:  "NEP 50: np.can_cast no longer takes Python scalars, whose answer depended on their value",
		Repro: "np.can_cast(" + pyLiteral(from.op[0].Value) + ", " + toExpr + ")",
	})
	return unknown
}
