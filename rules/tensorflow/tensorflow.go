package tensorflow

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// Where the rules come from (see doc.go for the full list).
const (
	srcFlex    = "tensorflow/tensorflow@ced6378 tensorflow/python/framework/flexible_dtypes.py"
	srcConfig  = "tensorflow/tensorflow@0304934 tensorflow/python/ops/numpy_ops/np_config.py (dtype_conversion_mode, default legacy)"
	srcGuide   = "tensorflow/docs@7c36502 site/en/guide/tf_numpy_type_promotion.ipynb"
	srcSeq     = "tensorflow/tensorflow@03daf31 tensorflow/python/lib/core/py_seq_tensor.cc (PySeqToTFE_TensorHandle)"
	srcPywrap  = "tensorflow/tensorflow@31a3ce4 tensorflow/python/eager/pywrap_tensor.cc (ConvertToEagerTensorUncached, IsCompatible)"
	srcKernel  = "tensorflow/core/common_runtime/eager/execute.cc (input dtype check); message as shown in " + srcGuide + " \"Old Type Promotion\""
	srcOpsMath = "tensorflow/python/ops/math_ops.py (binary_op_wrapper, r_binary_op_wrapper, maybe_promote_tensors)"
)

// The rules of the new type promotion (modes all and safe).
var (
	ruleLattice = &promote.Rule{ID: "lattice", Text: "the result is the least upper bound of the two types on TensorFlow's lattice (its ALL-mode table entry); several operands fold left to right", Source: srcFlex + " (_BINARY_DTYPE_RES_HALF, _result_type_impl)"}
	ruleSafe    = &promote.Rule{ID: "safe-level", Text: "in SAFE mode a fold step whose table entry is at level ALL (it could lose precision or widen bits) raises TypeError", Source: srcFlex + " (_result_type_impl)"}
	ruleTensor  = &promote.Rule{ID: "tensor", Text: "a tensor is strong; a WeakTensor (dtype i32, i64, f32, f64 or c128) is weak", Source: srcFlex + " (_get_dtype_and_weakness)"}
	rulePyBool  = kit.PythonBool.Adopt(promote.Rule{ID: "python-bool", Text: "a Python bool is a strong bool", Source: srcFlex + " (_get_dtype_and_weakness)"})
	rulePyInt   = kit.PythonInt.Adopt(promote.Rule{ID: "python-int", Text: "a Python int is a weak int32 (i32?); outside the int32 range it raises OverflowError", Source: srcFlex + " (_get_dtype_and_weakness)"})
	rulePyFloat = kit.PythonFloat.Adopt(promote.Rule{ID: "python-float", Text: "a Python float is a weak float32 (f32?)", Source: srcFlex + " (_get_dtype_and_weakness)"})
	rulePyCplx  = kit.PythonComplex.Adopt(promote.Rule{ID: "python-complex", Text: "a Python complex is a weak complex128 (c128?)", Source: srcFlex + " (_get_dtype_and_weakness)"})
	ruleNumPy   = &promote.Rule{ID: "numpy-scalar", Text: "a NumPy scalar such as np.float64(1.5) is strong, of its own dtype", Source: srcFlex + " (_get_dtype_and_weakness)"}
	ruleEmpty   = &promote.Rule{ID: "no-inputs", Text: "with no inputs the result is a weak float32", Source: srcFlex + " (_result_type_impl)"}
)

// Rules shared by every mode.
var (
	ruleNoDType = &promote.Rule{ID: "dtype", Text: "TensorFlow's type promotion covers bool, int8..int64, uint8..uint64, bfloat16, float16, float32, float64, complex64 and complex128", Source: srcFlex + " (_all_dtypes)"}
	ruleWeakDT  = &promote.Rule{ID: "weak-dtype", Text: "a WeakTensor has dtype int32, int64, float32, float64 or complex128", Source: srcFlex + " (_all_dtypes, the weak entries)"}
)

// Modes are the values of the mode option, TensorFlow's
// dtype_conversion_mode (PromoMode), less "off", which behaves as legacy.
const (
	ModeLegacy = "legacy"
	ModeSafe   = "safe"
	ModeAll    = "all"
)

// optMode declares the option "mode"; the rule set reads it only through this handle.
var optMode = promote.NewEnumOpt(promote.Option{
	Name:    "mode",
	Default: ModeLegacy,
	Values:  []string{ModeLegacy, ModeSafe, ModeAll},
	Doc:     "dtype_conversion_mode: legacy (TensorFlow's default: mixed dtypes are an error, Python scalars take the tensor's dtype), safe or all (the new type promotion)",
})

// Def is the tensorflow rule set.
var Def = &promote.Def{
	Name:    "tensorflow",
	Title:   "TensorFlow (legacy dtype conversion, and the new type promotion's SAFE and ALL modes)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/tensorflow/spec.md; " + srcFlex + "; " + srcConfig,
	NAry:    promote.Fold,
	Dialect: dtype.TensorFlow,
	Options: promote.Opts(optMode),
	Presets: [][]string{{"mode=all"}, {"mode=safe"}},
	New: func(s promote.Settings) (promote.Rules, error) {
		switch mode := optMode.Of(s); mode {
		case ModeLegacy:
			return &rules{Base: kit.NewBase(s, legacyTable()), mode: mode}, nil
		case ModeSafe:
			return &rules{Base: kit.NewBase(s, safeTable()), mode: mode}, nil
		case ModeAll:
			return &rules{Base: kit.NewBase(s, allTable()), mode: mode}, nil
		default:
			return nil, fmt.Errorf("tensorflow: unknown mode %q", mode)
		}
	},
	DTypes: func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:   promote.WeakTypes,
	Host:   promote.HostPython,
	Rules: []*promote.Rule{
		ruleLegacySame, ruleLegacyMix, ruleLegacyConv, ruleLegacyNP, ruleLegacyDef, ruleLattice, ruleSafe, ruleTensor,
		rulePyBool, rulePyInt, rulePyFloat, rulePyCplx, ruleNumPy, ruleEmpty, ruleNoDType, ruleWeakDT, kit.NoOperands, pylit.Rule,
	},
	Admission: promote.Admission{
		NoDType: &promote.Refusal{Rule: ruleNoDType, Msg: func(_ promote.Settings, o promote.Operand) string { return unknownMsg(o.DType) }},
	},
}

type rules struct {
	kit.Base
	mode string
}

// Result computes the common type: in legacy mode by the conversions of a
// chain of binary ops, in safe and all modes by flexible_dtypes'
// result_type, a left fold over its table.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if r.mode == ModeLegacy {
		return r.legacy(ops)
	}
	return r.fold(ops)
}

// known reports whether d is one of TensorFlow's promotion dtypes.
func known(d dtype.DType) bool { return d.Valid() && nodeOf[d][0] != noNode }

func unknownMsg(d dtype.DType) string {
	return fmt.Sprintf("TensorFlow's type promotion has no entry for %s", d)
}

// tfName is TensorFlow's Python name of a dtype (tf.DType.name).
func tfName(d dtype.DType) string {
	switch d {
	case dtype.Bool:
		return "bool"
	case dtype.BF16:
		return "bfloat16"
	case dtype.F16:
		return "float16"
	case dtype.F32:
		return "float32"
	case dtype.F64:
		return "float64"
	case dtype.C64:
		return "complex64"
	case dtype.C128:
		return "complex128"
	}
	if d.IsSigned() {
		return fmt.Sprintf("int%d", d.Bits())
	}
	return fmt.Sprintf("uint%d", d.Bits())
}

// dataTypeString is the C++ DataTypeString of a dtype, the name TensorFlow's
// kernel and conversion errors print ("float" for float32, "double" for
// float64, "half" for float16).
func dataTypeString(d dtype.DType) string {
	switch d {
	case dtype.F16:
		return "half"
	case dtype.F32:
		return "float"
	case dtype.F64:
		return "double"
	}
	return tfName(d)
}

// The compiled pair tables, one per mode: PromoteTypes treats both dtypes
// as strong tensors. Each is built the first time a rule set of its mode
// asks for it (after init in nodes.go has built the lattice it is
// compiled from), not at init.
var (
	allTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("tensorflow", func(a, b dtype.DType) kit.Decision { return decideNew(a, b, false) })
	})
	safeTable = sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable("tensorflow", func(a, b dtype.DType) kit.Decision { return decideNew(a, b, true) })
	})
	legacyTable = sync.OnceValue(func() *kit.PairTable { return kit.NewPairTable("tensorflow", decideLegacy) })
)

func decideUnknown(a, b dtype.DType) (kit.Decision, bool) {
	switch {
	case !known(a):
		return kit.Decision{Rule: ruleNoDType, Msg: unknownMsg(a)}, true
	case !known(b):
		return kit.Decision{Rule: ruleNoDType, Msg: unknownMsg(b)}, true
	}
	return kit.Decision{}, false
}

func decideNew(a, b dtype.DType, safe bool) kit.Decision {
	if d, bad := decideUnknown(a, b); bad {
		return d
	}
	na, nb := nodeOf[a][0], nodeOf[b][0]
	s := steps[na][nb]
	if safe && s.all {
		return kit.Decision{Rule: ruleSafe, Msg: safeMsg(na, nb)}
	}
	// Two strong types can join to a weak node (u64 with i8 is f64?).
	return kit.Decision{Out: nodeType[s.out], Weak: nodeWeak[s.out], Rule: ruleLattice}
}

// safeMsg is the TypeError that _result_type_impl raises in SAFE mode.
func safeMsg(acc, next node) string {
	return fmt.Sprintf("In promotion mode PromoMode.SAFE, implicit dtype promotion between (<dtype: '%s'>, weak=%s) and (<dtype: '%s'>, weak=%s) is disallowed. You need to explicitly specify the dtype in your op, or relax your dtype promotion rules (such as from SAFE mode to ALL mode).",
		tfName(nodeType[acc]), pyBool(nodeWeak[acc]), tfName(nodeType[next]), pyBool(nodeWeak[next]))
}

func pyBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(known) })
