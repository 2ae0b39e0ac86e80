package pytorch

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// How each operand enters a slot, and the refusals for operands PyTorch
// cannot have.
var (
	ruleDimTensor = &promote.Rule{ID: "dim-tensor",
		Text:   "a tensor with dim() > 0 goes to the dim slot with its dtype",
		Source: srcResult + " update_result_type_state"}
	ruleZeroDim = &promote.Rule{ID: "zero-dim-tensor",
		Text:   "a zero-dim tensor goes to the zero-dim slot with its dtype; a typed scalar such as f64(1.5) is taken as the zero-dim tensor torch.tensor(1.5, dtype=torch.float64)",
		Source: srcResult + " update_result_type_state"}
	rulePyBool = kit.PythonBool.Adopt(promote.Rule{ID: "python-bool",
		Text:   "a Python bool is a wrapped bool",
		Source: srcScalar})
	rulePyInt = kit.PythonInt.Adopt(promote.Rule{ID: "python-int",
		Text:   "a Python int is a wrapped int64, whatever its value (no value check: uint8 tensor + 1000 is uint8)",
		Source: srcScalar})
	rulePyIntUnsigned = kit.PythonInt.Adopt(promote.Rule{ID: "python-int-uint64",
		Text:   "a Python int in [2^63, 2^64) does not fit int64 and becomes a uint64 Scalar (from 2.x)",
		Source: srcScalar})
	// ruleIntOverflow2x is release.ruleIntOutside from 2.x; 1.13 has its
	// own (versions.go).
	ruleIntOverflow2x = kit.PythonIntRange.Adopt(promote.Rule{ID: "python-int-overflow",
		Text:   "a Python int outside [-2^63, 2^64) cannot become a Scalar: OverflowError",
		Source: srcScalar})
	rulePyFloat = kit.PythonFloat.Adopt(promote.Rule{ID: "python-float",
		Text:   "python float takes the default dtype (torch.get_default_dtype(): float32 unless set to float64)",
		Source: srcResult + " update_result_type_state"})
	rulePyComplex = kit.PythonComplex.Adopt(promote.Rule{ID: "python-complex",
		Text:   "python complex takes the default complex dtype (complex64 for a float32 default, complex128 for float64)",
		Source: srcResult + " update_result_type_state"})
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "PyTorch has no weak tensors: its only weakly typed operands are Python scalars",
		Source: srcResult + " update_result_type_state"})
	ruleDynamicRank = &promote.Rule{ID: "dynamic-rank",
		Text:   "a tensor of unknown rank cannot be placed: PyTorch treats zero-dim and dimensioned tensors differently",
		Source: srcResult + " update_result_type_state (tensor.dim() > 0)"}
)

// classify says which slot an operand goes to and with which dtype
// (update_result_type_state and, for Python numbers, the Scalar the
// argument parser makes of them).
func (s *State) classify(op *promote.Operand) (Slot, dtype.DType, *promote.Rule, error) {
	refuse := func(r *promote.Rule, msg string) (Slot, dtype.DType, *promote.Rule, error) {
		return 0, dtype.Invalid, r, &promote.Error{Rules: Name, Rule: r, Msg: msg, Operands: []promote.Operand{*op}}
	}
	switch op.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted against Def's declaration under this State's version,
		// here, operand by operand, as update_result_type_state reaches
		// it: Result and a caller driving the State by hand get the same
		// refusal, from the one check.
		// The common case (a strong tensor of a dtype the version has) is
		// answered inline; anything else takes the full check.
		if r := s.release(); !kit.Admitted((*promote.DTypeSet)(&r.has), op) {
			if err := s.admit(r, op); err != nil {
				return 0, dtype.Invalid, err.Rule, err
			}
		}
		if op.Kind == promote.Scalar {
			// A typed host scalar has a dtype of its own, so in PyTorch it
			// is a zero-dim tensor of that dtype, never a wrapped number.
			return ZeroDimSlot, op.DType, ruleZeroDim, nil
		}
		switch {
		case op.Rank == promote.RankDynamic:
			return refuse(ruleDynamicRank, "PyTorch's answer depends on whether the tensor is zero-dim; give a rank ("+op.DType.String()+" or "+op.DType.String()+"[])")
		case op.Rank == 0:
			return ZeroDimSlot, op.DType, ruleZeroDim, nil
		}
		return DimSlot, op.DType, ruleDimTensor, nil
	case promote.Literal:
		v := op.Value
		if msg := pylit.Check(v); msg != "" {
			return refuse(pylit.Rule, msg)
		}
		switch v.Kind {
		case promote.BoolValue:
			return WrappedSlot, dtype.Bool, rulePyBool, nil
		case promote.IntValue:
			r := s.release()
			switch {
			case kit.IntFits(v.Int, dtype.I64):
				return WrappedSlot, dtype.I64, rulePyInt, nil
			case !r.wideInts:
				// v1.13.1 python_numbers.h:69-71: THPUtils_unpackLong
				// throws std::runtime_error on any overflow.
				return refuse(r.ruleIntOutside, "Overflow when unpacking long (Python int "+v.Text+" is outside int64's range; PyTorch "+r.name+" has no uint64 Scalar)")
			case kit.IntFits(v.Int, dtype.U64): // [2^63, 2^64), past int64
				return WrappedSlot, dtype.U64, rulePyIntUnsigned, nil
			case v.Int.Sign() < 0:
				return refuse(r.ruleIntOutside, "OverflowError: can't convert negative int to unsigned (Python int "+v.Text+" is below int64's range)")
			}
			return refuse(r.ruleIntOutside, "OverflowError: int too big to convert (Python int "+v.Text+" is above uint64's range)")
		case promote.FloatValue:
			return WrappedSlot, s.defFloat, rulePyFloat, nil
		case promote.ComplexValue:
			return WrappedSlot, s.defComplex, rulePyComplex, nil
		}
	}
	return refuse(ruleNoDType, "invalid operand")
}

// admit refuses an operand the State's version cannot have (a dtype it
// lacks, a weak operand), through kit.AdmitOperand with the rule
// set's settings under that version r (the State's release); nil when it
// is admitted.
func (s *State) admit(r *release, op *promote.Operand) *promote.Error {
	adm := s.adm
	if adm == nil {
		adm = releaseSettings()[r]
	}
	err := kit.AdmitOperand(*adm, (*promote.DTypeSet)(&r.has), op, nil)
	if err == nil {
		return nil
	}
	return err.(*promote.Error)
}

// releaseSettings holds, for each release, the rule set's settings under
// that version (defaults otherwise): what a State admits operands
// against. Built once, on first use.
var releaseSettings = sync.OnceValue(func() map[*release]*promote.Settings {
	m := make(map[*release]*promote.Settings, len(releases))
	for _, r := range releases {
		s, err := Def.Parse("version=" + r.name)
		if err != nil {
			panic("pytorch: the settings of release " + r.name + ": " + err.Error())
		}
		m[r] = &s
	}
	return m
})
