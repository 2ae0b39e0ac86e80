package mindspore

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// The rules of the current code (rules=table).
var (
	ruleSame = &promote.Rule{ID: "same-dtype",
		Text:   "an operand of the running type changes nothing",
		Source: srcTable + " (GetConversionType: current == saved_type_id)"}
	ruleTensorTensor = &promote.Rule{ID: "tensor-tensor",
		Text:   "two tensors (or two scalars) take tensor_tensor_convert_map's type for the pair: integers widen (int8 with uint8 is int16), an integer with a float is the float, float16 with bfloat16 is float32, a real with a complex is the complex of the wider part",
		Source: srcTable + " (tensor_tensor_convert_map)"}
	ruleTensorScalar = &promote.Rule{ID: "tensor-scalar",
		Text:   "a tensor with a Python scalar takes scalar_tensor_convert_map's type: the tensor's dtype, except a bool tensor with an int (int64) and a bool or integer tensor with a float (float32)",
		Source: srcTable + " (scalar_tensor_convert_map)"}
	ruleOne = &promote.Rule{ID: "one-operand",
		Text:   "one operand keeps its type: a tensor its dtype, a Python bool Bool, int Int64, float Float32",
		Source: srcTable + " (GetSignatureTypeMap: the first operand sets the running type)"}
	ruleNoConversion = &promote.Rule{ID: "no-implicit-conversion",
		Text:   "the pair is in neither map (uint16/32/64 with anything but bool and itself; a scalar int or float with uint16/32/64): TypeError",
		Source: srcTable + " (ConvertTypeForTensorsOrScalars, ConvertTypeBetweenTensorAndScalar)"}
)

// The rules of the older code (rules=priority) and of the note (rules=doc).
var (
	rulePriority = &promote.Rule{ID: "priority",
		Text:   "the tensor of highest priority decides: bool < int8 < uint8 < int16 < int32 < int64 < float16 < float32 < float64 (type_map)",
		Source: srcPriority}
	ruleInt8UInt8 = &promote.Rule{ID: "int8-uint8",
		Text:   "uint8 as the highest with an int8 tensor gives int16",
		Source: srcPriority + " (has_int8)"}
	ruleBoolScalar = &promote.Rule{ID: "bool-tensor-scalar",
		Text:   "a bool tensor as the highest with a Python int gives int64, with a Python float float32",
		Source: srcPriority + " (has_scalar_int64, has_scalar_float32)"}
	ruleIntFloatScalar = &promote.Rule{ID: "int-tensor-float-scalar",
		Text:   "an integer tensor as the highest with a Python float gives float32",
		Source: srcPriority + " (has_scalar_float32)"}
	ruleScalarFollows = &promote.Rule{ID: "scalar-follows-tensor",
		Text:   "otherwise a Python scalar converts to the highest tensor's dtype",
		Source: srcPriority + " (DoAutoCast)"}
	ruleUnlisted = &promote.Rule{ID: "outside-priority-list",
		Text:   "uint16/32/64, bfloat16 and complex are not in type_map: they are left unconverted, so they work only with operands of their own dtype",
		Source: srcPriority + " (type_map, type_name_map)"}
	ruleNoTensor = &promote.Rule{ID: "no-tensor",
		Text:   "with no tensor among the operands implicit conversion does nothing (kTypeUnknown); Python arithmetic applies",
		Source: srcPriority + " (GetMaxDtype: has_tensor)"}
	ruleDocPriority = &promote.Rule{ID: "doc-priority",
		Text:   "the note: the tensor of highest priority decides, bool < uint8 < int8 < int16 < int32 < int64 < float16 < float32 < float64; int8 with uint8 gives int16",
		Source: srcDoc}
	ruleDocScalar = &promote.Rule{ID: "doc-scalar",
		Text:   "the note: a scalar takes the tensor's dtype, except a bool tensor with an int or float scalar (int32 or float32) and an int or uint tensor with a float scalar (float32)",
		Source: srcDoc}
	ruleDocUnlisted = &promote.Rule{ID: "doc-unlisted",
		Text:   "the note lists bool, int8, uint8, int16, int32, int64, float16, float32 and float64 as the data types involved in conversion",
		Source: srcDoc + " (Data Types Involved in Conversion)"}
)

// Rules for operands MindSpore cannot have.
var (
	ruleNoDType   = &promote.Rule{ID: "not-a-mindspore-dtype", Text: "MindSpore has no such dtype", Source: srcDTypes}
	ruleNoWeak    = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak", Text: "MindSpore has no weak tensors; its only weakly typed operands are Python scalars", Source: srcTable})
	ruleNoComplex = &promote.Rule{ID: "no-complex-scalar", Text: "a Python complex is in neither conversion map", Source: srcTable + " (scalar_tensor_convert_map)"}
)

// foldTable is GetSignatureTypeMap for one dtype group: the first operand
// sets the running (type, has tensor); each next operand of another type
// meets it through scalar_tensor_convert_map when exactly one side has a
// tensor, else through tensor_tensor_convert_map.
func foldTable(args []arg) (dtype.DType, *promote.Rule, string) {
	saved, hasTensor := args[0].dt, args[0].tensor
	why := ruleOne
	if len(args) > 1 {
		why = ruleSame
	}
	for _, a := range args[1:] {
		if a.dt != saved {
			if a.tensor != hasTensor {
				out, ok := scalarTensor[key(a.dt, saved)]
				if !ok {
					// ConvertTypeBetweenTensorAndScalar names the current
					// operand as the tensor, whichever side is.
					return dtype.Invalid, ruleNoConversion, "TypeError: Type implicit conversion between Tensor[" + typeName(a.dt) + "] and " + typeName(saved) + " is not supported."
				}
				saved, why = out, ruleTensorScalar
			} else {
				out, ok := tensorTensor[key(a.dt, saved)]
				if !ok {
					return dtype.Invalid, ruleNoConversion, "TypeError: Type implicit conversion between " + typeName(a.dt) + " and " + typeName(saved) + " is not supported."
				}
				saved, why = out, ruleTensorTensor
			}
		}
		hasTensor = hasTensor || a.tensor
	}
	return saved, why, ""
}

// maxPriority is the older code's GetMaxTypeId and JudgeMaxType (doc:
// the note's rules): over a set of operands, the highest-priority tensor
// among the nine listed types, adjusted by the Python scalars. n is the
// number of operands, for the lone-operand case.
func maxPriority(doc bool, args []arg, n int) (dtype.DType, *promote.Rule, string) {
	max := dtype.Invalid
	hasInt8, scalarInt, scalarFloat := false, false, false
	var tensors, unlisted []dtype.DType
	for _, a := range args {
		if !a.tensor {
			switch a.dt {
			case dtype.I64:
				scalarInt = true
			case dtype.F32:
				scalarFloat = true
			}
			continue
		}
		tensors = append(tensors, a.dt)
		p, ok := priority[a.dt]
		if !ok {
			unlisted = append(unlisted, a.dt)
			continue
		}
		if a.dt == dtype.I8 {
			hasInt8 = true
		}
		if max == dtype.Invalid || p > priority[max] {
			max = a.dt
		}
	}
	if len(tensors) == 0 {
		if n == 1 {
			return args[0].dt, ruleNoTensor, ""
		}
		return dtype.Invalid, ruleNoTensor, "no tensor among the operands: MindSpore's implicit conversion applies only when a tensor takes part"
	}
	unlistedRule := ruleUnlisted
	if doc {
		unlistedRule = ruleDocUnlisted
	}
	if max == dtype.Invalid {
		// Only types outside the list: nothing is converted, so the tensors
		// must already agree (promote's reading; a scalar follows them).
		for _, t := range tensors[1:] {
			if t != tensors[0] {
				return dtype.Invalid, unlistedRule, unlistedMsg(doc, tensors)
			}
		}
		return tensors[0], unlistedRule, ""
	}
	if len(unlisted) > 0 {
		return dtype.Invalid, unlistedRule, unlistedMsg(doc, tensors)
	}
	// JudgeMaxType, in the pynative order (the graph order gives the same
	// answers: its conditions exclude each other).
	out := max
	why, scalarWhy := rulePriority, ruleBoolScalar
	if doc {
		why, scalarWhy = ruleDocPriority, ruleDocScalar
	}
	switch {
	case max == dtype.Bool && scalarFloat:
		out, why = dtype.F32, scalarWhy
	case max == dtype.Bool && scalarInt:
		out, why = dtype.I64, scalarWhy
		if doc {
			out = dtype.I32
		}
	case scalarFloat && !max.IsFloat():
		out, why = dtype.F32, ruleIntFloatScalar
		if doc {
			why = ruleDocScalar
		}
	case max == dtype.U8 && hasInt8:
		out = dtype.I16
		if !doc {
			why = ruleInt8UInt8
		}
	case len(tensors) < len(args):
		why = ruleScalarFollows
		if doc {
			why = ruleDocScalar
		}
	}
	return out, why, ""
}

func unlistedMsg(doc bool, tensors []dtype.DType) string {
	names := make([]string, len(tensors))
	for i, t := range tensors {
		names[i] = t.String()
	}
	if doc {
		return "the note's implicit conversion covers bool, int8, uint8, int16, int32, int64, float16, float32 and float64 only; got tensors " + strings.Join(names, ", ")
	}
	return "MindSpore's implicit conversion does not convert uint16/32/64, bfloat16 or complex (they are not in type_map), so the operator receives mixed dtypes: " + strings.Join(names, ", ")
}

// allRules is every rule of the rule set; the tests require each to be
// reached by a vector, and every rule declared here to be listed.
var allRules = []*promote.Rule{
	ruleSame, ruleTensorTensor, ruleTensorScalar, ruleOne, ruleNoConversion,
	rulePriority, ruleInt8UInt8, ruleBoolScalar, ruleIntFloatScalar, ruleScalarFollows,
	ruleUnlisted, ruleNoTensor, ruleDocPriority, ruleDocScalar, ruleDocUnlisted,
	ruleNoDType, ruleNoWeak, ruleNoComplex, pylit.Rule,
}
