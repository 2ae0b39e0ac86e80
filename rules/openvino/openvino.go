package openvino

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

const name = "openvino"

// The op's attributes as options, spelled as in the IR, each declared
// once here and read only through its handle.
var (
	optUnsafe = promote.NewBoolOpt(promote.Option{Name: "promote_unsafe", Default: "false",
		Doc: "allow promotions that widen, lose precision or overflow instead of failing"})
	optPyTorch = promote.NewBoolOpt(promote.Option{Name: "pytorch_scalar_promotion", Default: "false",
		Doc: "a rank-0 input with a ranked input of the same kind takes the ranked input's type"})
	optTgt64 = promote.NewDTypeOpt(promote.Option{Name: "u64_integer_promotion_target", Default: "f32",
		Doc: "the result of u64 with a signed integer under promote_unsafe; taken as given, any dtype (even dynamic)"})
)

// Def is the openvino rule set: ConvertPromoteTypes-14 with its three
// attributes as options.
var Def = &promote.Def{
	Name:    name,
	Title:   "OpenVINO ConvertPromoteTypes-14",
	Family:  promote.FamilyCompilers,
	Source:  "rules/openvino/spec.md; " + src,
	NAry:    promote.Two,
	Dialect: dtype.OpenVINO,
	Options: promote.Opts(optUnsafe, optPyTorch, optTgt64),
	Presets: [][]string{
		{optUnsafe.Name + "=true"},
		// What the PyTorch frontend's align_eltwise_input_types builds.
		{optUnsafe.Name + "=true", optPyTorch.Name + "=true"},
	},
	New:    newRules,
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.NoWeakTypes,
	// Its graph inputs are tensors; literals are written in its Python
	// API, and the op refuses them.
	Host:  promote.HostPython,
	Rules: []*promote.Rule{R1, R2, R3, R4, R5, R6, R7, R8, R9, R10, R11, ruleInputs, ruleTensors, ruleNoWeak, kit.NoOperands},
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleNoWeak, func(_ promote.Settings, o promote.Operand) string {
			return fmt.Sprintf("OpenVINO has no weak types: write %s without the ?", o.DType)
		}),
	},
}

type rules struct {
	kit.Base
	a attrs
}

func newRules(s promote.Settings) (promote.Rules, error) {
	a := attrs{unsafe: optUnsafe.Of(s), pt: optPyTorch.Of(s), tgt64: optTgt64.Of(s)}
	if !a.tgt64.Valid() {
		return nil, fmt.Errorf("%s: option %s: no dtype given", name, optTgt64.Name)
	}
	return &rules{Base: kit.NewBase(s, tableFor(a.unsafe, a.tgt64)), a: a}, nil
}

// The refusals that are not ConvertPromoteTypes' own checks but follow from
// what the op is: a node with two tensor inputs of OpenVINO element types.
var (
	ruleInputs = &promote.Rule{ID: "inputs",
		Text:   "ConvertPromoteTypes has exactly two inputs, input_0 and input_1",
		Source: "openvinotoolkit/openvino src/core/include/openvino/op/convert_promote_types.hpp@132a4ba9"}
	ruleTensors = &promote.Rule{ID: "tensors",
		Text:   "the inputs are tensors; a host scalar reaches the op only through a frontend, which makes it a rank-0 Constant",
		Source: "openvinotoolkit/openvino src/frontends/pytorch/src/utils.cpp@00a8f10b (align_eltwise_input_types)"}
	ruleNoWeak = kit.NoWeakTypes.Adopt(promote.Rule{ID: "no-weak",
		Text:   "OpenVINO element types are never weak",
		Source: "openvinotoolkit/openvino src/core/include/openvino/core/type/element_type.hpp@0f9259b0"})
)

// Result is the common element type of exactly two inputs, as
// ConvertPromoteTypes infers it; one input gives its own type if the op
// supports it.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	switch len(ops) {
	case 0:
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands: ConvertPromoteTypes takes exactly two inputs")
	case 1:
		t, _, err := r.input(&ops[0])
		if err != nil {
			return promote.Result{}, err
		}
		if !Supported(t) {
			return promote.Result{}, r.Refuse(R1, unsupportedMsg(t, dtype.Bool), ops...)
		}
		return promote.Result{DType: t, Rule: R1}, nil
	case 2:
	default:
		return promote.Result{}, r.Refuse(ruleInputs, fmt.Sprintf("ConvertPromoteTypes takes exactly two inputs, got %d", len(ops)), ops...)
	}
	t0, r0, err := r.input(&ops[0])
	if err != nil {
		return promote.Result{}, err
	}
	t1, r1, err := r.input(&ops[1])
	if err != nil {
		return promote.Result{}, err
	}
	d := r.decide(t0, r0, t1, r1)
	if d.Out == dtype.Invalid {
		return promote.Result{}, r.Refuse(d.Rule, d.Msg, ops...)
	}
	return promote.Result{DType: d.Out, Rule: d.Rule}, nil
}

// decide uses the compiled table unless the ranks can matter, which is only
// in pytorch mode with a rank-0 or dynamic-rank input.
func (r *rules) decide(t0 dtype.DType, r0 int, t1 dtype.DType, r1 int) kit.Decision {
	shapeMatters := r.a.pt && (rankClass(r0) != ranked || rankClass(r1) != ranked)
	if shapeMatters || !t0.Valid() || !t1.Valid() { // the table has no row for an invalid dtype
		return infer(r.a, t0, r0, t1, r1)
	}
	return r.Table.Cell(t0, t1)
}

// input reads an operand as an input of the op: its element type and rank.
// A typed scalar such as i64(3) is a rank-0 Constant of its type.
func (r *rules) input(o *promote.Operand) (dtype.DType, int, error) {
	switch o.Kind {
	case promote.Literal:
		return 0, 0, r.Refuse(ruleTensors, fmt.Sprintf(
			"ConvertPromoteTypes takes tensors, not the %s literal %s: write it as a rank-0 tensor of the type a frontend would give it, e.g. i64[], as the PyTorch frontend builds (see pytorch_scalar_promotion)",
			o.Value.Kind, o.Value.Text), *o)
	case promote.Tensor, promote.Scalar:
		// Admitted here, input by input: a literal first input is named
		// before a weak second one.
		if err := r.AdmitOperand(o, nil); err != nil {
			return 0, 0, err
		}
		if o.Kind == promote.Scalar {
			return o.DType, 0, nil
		}
		return o.DType, o.Rank, nil
	}
	return 0, 0, r.Refuse(ruleTensors, "invalid operand", *o)
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(Supported) })
