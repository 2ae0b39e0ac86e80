package pytype

import (
	"errors"
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/python"
)

// argsLib is the library of an operation's operands, or nil when one is
// not a number the inference knows.
func argsLib(args []value) pyapi.Library {
	var lib pyapi.Library
	for _, a := range args {
		if a.k != vNum {
			return nil
		}
		if lib == nil {
			lib = a.lib
		}
	}
	return lib
}

func allLiteral(args []value) bool {
	for _, a := range args {
		if a.op[0].Kind != promote.Literal || a.op[1].Kind != promote.Literal {
			return false
		}
	}
	return true
}

func allSame(args []value) bool {
	for _, a := range args {
		if !a.same() {
			return false
		}
	}
	return true
}

// compute types op over args under both versions.
func (fc *fileChecker) compute(op infer.Op, args []value) (value, [2]typed, [2]bool, pyapi.Library, int) {
	lib := argsLib(args)
	var res [2]typed
	var done [2]bool
	if lib == nil {
		return unknown, res, done, nil, -1
	}
	li := fc.c.libIndex(lib)
	if li < 0 {
		return unknown, res, done, nil, -1
	}
	out := value{k: vNum, lib: lib}
	ops := make([]promote.Operand, len(args))
	for i := 0; i < 2; i++ {
		ok := true
		for j, a := range args {
			if !a.known(i) {
				ok = false
				break
			}
			ops[j] = a.op[i]
		}
		if !ok {
			continue
		}
		res[i], done[i] = fc.c.typeOp(fc.c.in[li][i], op, ops), true
		out.op[i] = res[i].o
	}
	if out.op[0].Kind == 0 && out.op[1].Kind == 0 {
		return unknown, res, done, lib, li
	}
	return out, res, done, lib, li
}

// raisesChecked types op under the new version with its run-time checks
// (NumPy 2's OverflowError for a Python int out of bounds); the error is
// nil when it does not raise. Comparisons never raise (NumPy 2.x compares
// an out-of-range Python int correctly).
func (fc *fileChecker) raisesChecked(li int, op infer.Op, args []value) error {
	if !op.IsBinary() || op.IsComparison() {
		return nil
	}
	ops := make([]promote.Operand, len(args))
	for j, a := range args {
		ops[j] = a.op[1]
	}
	return fc.c.typeOp(fc.c.in[li][2], op, ops).err
}

// site types an operation and records a finding when the two versions
// differ on operands they both see alike.
func (fc *fileChecker) site(n python.Node, opText string, op infer.Op, args []value, _ *value) value {
	out, res, done, lib, li := fc.compute(op, args)
	if lib == nil || allLiteral(args) || !allSame(args) || !done[0] || !done[1] {
		return out
	}
	if res[1].err != nil {
		return out // the new version refuses the types themselves
	}
	if err := fc.raisesChecked(li, op, args); err != nil {
		if old, ok := oldAnswer(lib, res[0]); ok {
			fc.report(n, "raises", opText, lib, args, old, typedErr(err), true)
		}
		out.op[1] = promote.Operand{}
		return out
	}
	fc.compare(n, opText, lib, args, res, func(ops []promote.Operand) typed {
		return fc.c.typeOp(fc.c.in[li][0], op, ops)
	})
	return out
}

// compare records a dtype-changed or may-change finding; retype types
// the operation under the old version for other operands.
func (fc *fileChecker) compare(n python.Node, opText string, lib pyapi.Library, args []value, res [2]typed, retype func([]promote.Operand) typed) {
	fc.compareAs(n, "dtype-changed", opText, lib, args, res, retype)
}

// compareAs is compare with the kind of a definite difference
// ("result-type" for np.result_type). Where the old version's dtype
// depends on values or ranks the source does not show, the operation is
// typed for candidates of them (candidates.go), and a finding is
// "may-change" when one of them differs from the new version's dtype.
func (fc *fileChecker) compareAs(n python.Node, kind, opText string, lib pyapi.Library, args []value, res [2]typed, retype func([]promote.Operand) typed) {
	if res[0].err == nil {
		if res[0].o.Kind == promote.Literal && res[1].o.Kind == promote.Literal {
			return
		}
		if res[0].t.DType != res[1].t.DType {
			fc.report(n, kind, opText, lib, args, res[0], res[1], false)
		}
		return
	}
	if _, _, ok := lib.Outcomes(res[0].err); !ok {
		return // the old version refuses for another reason
	}
	ops := make([]promote.Operand, len(args))
	scalarish := make([]bool, len(args))
	for i, a := range args {
		ops[i], scalarish[i] = a.op[0], a.scalarish
	}
	if old, ok := mayChange(lib, ops, scalarish, res[1].t.DType, retype); ok {
		fc.report(n, "may-change", opText, lib, args, old, res[1], false)
	}
}

func typedErr(err error) typed { return typed{err: err} }

// oldAnswer is the old version's answer where the new one raises: its
// dtype, or which dtypes it gives for the values the source does not show;
// ok is false when the old version refused too.
func oldAnswer(lib pyapi.Library, old typed) (typed, bool) {
	if old.err == nil {
		return old, true
	}
	if _, exs, ok := lib.Outcomes(old.err); ok {
		return typed{err: fmt.Errorf("a result whose dtype depends on values the source does not show: %s", strings.Join(exs, ", "))}, true
	}
	return old, false
}

// answer is a version's answer as a finding prints it.
func answer(lib pyapi.Library, t typed) string {
	if t.err != nil {
		var pe *promote.Error
		if errors.As(t.err, &pe) {
			return pe.Msg
		}
		return t.err.Error()
	}
	if t.o.Kind == promote.Literal {
		return "a Python " + t.o.Value.Kind.String()
	}
	return lib.DTypeName(t.t.DType)
}

// describe writes an operand as a finding names it.
func describe(lib pyapi.Library, o promote.Operand) string {
	switch o.Kind {
	case promote.Literal:
		return "Python " + o.Value.Kind.String() + " " + o.Value.Text
	case promote.Scalar:
		return lib.DTypeName(o.DType) + " scalar " + o.Value.Text
	case promote.Tensor:
		name := lib.DTypeName(o.DType)
		switch {
		case o.Rank == 0 && o.HasValue():
			return "0-d " + name + " array holding " + o.Value.Text
		case o.Rank == 0:
			return name + " scalar or 0-d array"
		case o.Rank == promote.RankDynamic:
			return name + " array (or scalar)"
		}
		return name + " array"
	}
	return "unknown"
}

// report records a finding unless a loop's head is being searched.
func (fc *fileChecker) report(n python.Node, kind, opText string, lib pyapi.Library, args []value, old, new typed, raised bool) {
	if fc.muted > 0 {
		return
	}
	ops := make([]promote.Operand, len(args))
	descs := make([]string, len(args))
	for i, a := range args {
		ops[i] = a.op[1]
		descs[i] = describe(lib, a.op[1])
	}
	v := lib.Versions()
	f := Finding{
		File: fc.file, Kind: kind, Op: opText, Operands: descs,
		OldName: v.OldName, NewName: v.NewName,
		Old: answer(lib, old), New: answer(lib, new),
		OldRule: old.rule, NewRule: new.rule,
		Case:  lib.Case(ops, raised),
		Repro: repro(lib, opText, reproOperands(args)),
	}
	if fc.repro != "" {
		f.Repro = fc.repro
	}
	if new.err != nil {
		var pe *promote.Error
		if errors.As(new.err, &pe) && pe.Rule != nil {
			f.NewRule = pe.Rule.ID
		}
	}
	fc.add(n, f)
}

// add positions a finding at n and writes its message.
func (fc *fileChecker) add(n python.Node, f Finding) {
	p := n.Pos()
	f.Line, f.Col, f.EndLine, f.EndCol = p.Lineno, p.ColOffset+1, p.EndLineno, p.EndColOffset+1
	var what string
	switch f.Kind {
	case "raises", "inplace-cast", "can-cast":
		what = fmt.Sprintf("%s raises (%s); %s gives %s", f.NewName, f.New, f.OldName, f.Old)
	case "may-change":
		what = fmt.Sprintf("%s gives %s, %s gives %s", f.OldName, f.Old, f.NewName, f.New)
	default:
		what = fmt.Sprintf("%s gives %s, %s gives %s", f.OldName, f.Old, f.NewName, f.New)
	}
	rules := ""
	if f.OldRule != "" || f.NewRule != "" {
		rules = fmt.Sprintf(" [rules: %s / %s]", orDash(f.OldRule), orDash(f.NewRule))
	}
	f.Message = fmt.Sprintf("%s on %s: %s. %s%s", f.Op, strings.Join(f.Operands, ", "), what, f.Case, rules)
	fc.findings = append(fc.findings, f)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// augAssign types "target op= value". On an array the result is stored
// back in the array's dtype (casting="same_kind"): the new version may
// refuse a cast the old one made (u8_array += np.int16(5)); the array
// keeps its dtype. On anything else it is "target = target op value".
func (fc *fileChecker) augAssign(x *python.AugAssign, t, v value) value {
	op, ok := binOps[x.Op]
	opText := binSymbols[x.Op] + "="
	if !ok {
		return unknown
	}
	if !(t.k == vNum && t.same() && t.op[0].Kind == promote.Tensor) {
		return fc.site(x, opText, op, []value{t, v}, nil)
	}
	args := []value{t, v}
	_, res, done, lib, li := fc.compute(op, args)
	if lib == nil || !allSame(args) || !done[0] || !done[1] || res[1].err != nil {
		return t
	}
	if err := fc.raisesChecked(li, op, args); err != nil {
		if old, ok := oldAnswer(lib, res[0]); ok {
			fc.report(x, "raises", opText, lib, args, old, typedErr(err), true)
		}
		return t
	}
	to := t.op[0].DType
	if res[0].err != nil || res[1].o.Kind != promote.Tensor && res[1].o.Kind != promote.Scalar {
		return t
	}
	newOK := lib.SameKindCast(res[1].t.DType, to)
	oldOK := lib.SameKindCast(res[0].t.DType, to)
	if !newOK && oldOK {
		msg := fmt.Sprintf("UFuncTypeError: cannot cast the %s result to %s with casting rule 'same_kind'", lib.DTypeName(res[1].t.DType), lib.DTypeName(to))
		old := res[0]
		fc.report(x, "inplace-cast", opText, lib, args, old, typed{err: errors.New(msg), rule: res[1].rule}, false)
	}
	return t
}
