package tensorflow

import (
	"fmt"
	"math"
	"math/big"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/pylit"
	"github.com/promote-dev/promote/kit"
)

// The rules of legacy mode, TensorFlow's default dtype_conversion_mode.
// TensorFlow has no promotion there: an op's inputs must share one dtype,
// and Python scalars are converted to it.
var (
	ruleLegacySame = &promote.Rule{ID: "legacy-same", Text: "in legacy mode an op's tensor inputs must all have the same dtype, which is the result", Source: srcConfig + "; " + srcKernel}
	ruleLegacyMix  = &promote.Rule{ID: "legacy-mismatch", Text: "in legacy mode two tensors of different dtypes are an error: the kernel expects every input to have the first input's dtype", Source: srcKernel}
	ruleLegacyConv = &promote.Rule{ID: "legacy-convert", Text: "in legacy mode a Python scalar is converted to the tensor's dtype (convert_to_tensor with that dtype), which fails for a float into an integer or bool, an int into bool, or a complex into a real type", Source: srcOpsMath + "; " + srcSeq + "; " + srcPywrap}
	ruleLegacyNP   = &promote.Rule{ID: "legacy-numpy", Text: "in legacy mode a NumPy scalar that comes first keeps its dtype; after a tensor it is cast (NumPy force-cast) to the tensor's dtype", Source: srcSeq + " (NumPy path, NPY_ARRAY_FORCECAST); " + srcGuide + " \"Old Type Promotion\""}
	ruleLegacyDef  = &promote.Rule{ID: "legacy-default", Text: "in legacy mode Python scalars alone become tensors of their default dtype: bool, int32 (int64 when the int does not fit), float32, complex128", Source: srcSeq + " (InferShapeAndType and the DT_INVALID request)"}
)

// TensorFlow's conversion errors (py_seq_tensor.cc, pywrap_tensor.cc).
const (
	msgIntRange   = "Can't convert Python sequence with out-of-range integer to Tensor."
	msgFloatRange = "Can't convert Python sequence with a value out of range for a double-precision float."
)

// legacy reads the operands as a chain of binary ops (x0 op x1) op x2 ...,
// each as TensorFlow's Python operators run them in eager mode.
func (r *rules) legacy(ops []promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	// The fold of kit.FoldLeft, written out because legacy mode's two
	// steps are not the rule set's only ones (the new modes fold over the
	// lattice table in newmodes.go).
	if len(ops) == 1 {
		return r.legacyOne(ops[0])
	}
	res, err := r.legacyTwo(ops[0], ops[1])
	for _, o := range ops[min(2, len(ops)):] {
		if err != nil {
			break
		}
		res, err = r.legacyTwo(promote.T(res.DType), o)
	}
	return res, err
}

// check refuses dtypes TensorFlow's promotion does not cover, weak
// tensors of a dtype WeakTensor does not allow, and non-Python literals.
func (r *rules) check(o *promote.Operand) error {
	switch o.Kind {
	case promote.Tensor, promote.Scalar:
		// Admitted here, operand by operand: a fault of an earlier operand
		// (a bad literal, a weak NumPy scalar) is named first.
		if err := r.AdmitOperand(o, nil); err != nil {
			return err
		}
		if o.Weak && o.Kind == promote.Scalar {
			return r.Refuse(ruleNumPy, "a NumPy scalar is never weak", *o)
		}
		if o.Weak && nodeOf[o.DType][1] == noNode {
			return r.Refuse(ruleWeakDT, fmt.Sprintf("TensorFlow has no WeakTensor of dtype %s (only int32, int64, float32, float64 and complex128)", tfName(o.DType)), *o)
		}
	case promote.Literal:
		if msg := pylit.Check(o.Value); msg != "" {
			return r.Refuse(pylit.Rule, msg, *o)
		}
	default:
		return r.Refuse(ruleNoDType, "invalid operand", *o)
	}
	return nil
}

func (r *rules) legacyOne(o promote.Operand) (promote.Result, error) {
	if err := r.check(&o); err != nil {
		return promote.Result{}, err
	}
	switch o.Kind {
	case promote.Tensor:
		return promote.Result{DType: o.DType, Rule: ruleLegacySame}, nil
	case promote.Scalar:
		return promote.Result{DType: o.DType, Rule: ruleLegacyNP}, nil
	}
	d, msg := defaultDType(o.Value)
	if msg != "" {
		return promote.Result{}, r.Refuse(ruleLegacyDef, msg, o)
	}
	return promote.Result{DType: d, Rule: ruleLegacyDef}, nil
}

// legacyTwo is one binary op. The dtype is the first tensor's: the left
// operand's when it is a tensor or a NumPy scalar (tf.math.add converts
// its x first; the guide's "(a + b) + c" example), else the right
// operand's when it is one (a Python scalar on the left is converted by
// the reflected operator, r_binary_op_wrapper with force_same_dtype),
// else the left Python scalar's default dtype. Every other input is then
// converted to it; a tensor of another dtype fails in the kernel.
func (r *rules) legacyTwo(a, b promote.Operand) (promote.Result, error) {
	if err := r.check(&a); err != nil {
		return promote.Result{}, err
	}
	if err := r.check(&b); err != nil {
		return promote.Result{}, err
	}
	var lead dtype.DType
	switch {
	case a.Kind != promote.Literal:
		lead = a.DType
	case b.Kind != promote.Literal:
		lead = b.DType
	default:
		d, msg := defaultDType(a.Value)
		if msg != "" {
			return promote.Result{}, r.Refuse(ruleLegacyDef, msg, a, b)
		}
		lead = d
	}
	rule := ruleLegacySame
	for i, o := range [2]*promote.Operand{&a, &b} { // pointers: no copies
		switch o.Kind {
		case promote.Tensor:
			if o.DType != lead {
				return promote.Result{}, r.Refuse(ruleLegacyMix, mismatchMsg(i, lead, o.DType), a, b)
			}
		case promote.Scalar:
			if o.DType != lead {
				rule = ruleLegacyNP // force-cast; it cannot fail
			}
		case promote.Literal:
			if msg := convertMsg(o.Value, lead); msg != "" {
				return promote.Result{}, r.Refuse(ruleLegacyConv, msg, a, b)
			}
			if rule == ruleLegacySame {
				rule = ruleLegacyConv
			}
		}
	}
	return promote.Result{DType: lead, Rule: rule}, nil
}

// mismatchMsg is the eager kernel's input check, as the TF-NumPy type
// promotion guide shows it for AddV2 (the op behind +).
func mismatchMsg(input int, want, got dtype.DType) string {
	return fmt.Sprintf("cannot compute AddV2 as input #%d(zero-based) was expected to be a %s tensor but is a %s tensor [Op:AddV2]",
		input, dataTypeString(want), dataTypeString(got))
}

// decideLegacy is PromoteTypes in legacy mode: two tensors must have the
// same dtype.
func decideLegacy(a, b dtype.DType) kit.Decision {
	if d, bad := decideUnknown(a, b); bad {
		return d
	}
	if a != b {
		return kit.Decision{Rule: ruleLegacyMix, Msg: mismatchMsg(1, a, b)}
	}
	return kit.Decision{Out: a, Rule: ruleLegacySame}
}

// defaultDType is the dtype a Python scalar converts to with no dtype
// requested (PySeqToTFE_TensorHandle with DT_INVALID): bool; int32, or
// int64 when the int does not fit; float32 (a finite value that overflows
// float32 is an error); complex128. msg is TensorFlow's error, if any.
func defaultDType(v promote.Value) (dtype.DType, string) {
	switch v.Kind {
	case promote.BoolValue:
		return dtype.Bool, ""
	case promote.IntValue:
		switch {
		case kit.IntFits(v.Int, dtype.I32):
			return dtype.I32, ""
		case kit.IntFits(v.Int, dtype.I64):
			return dtype.I64, ""
		}
		return 0, msgIntRange
	case promote.FloatValue:
		if overflows(v.Real, dtype.F32) {
			return 0, msgFloatRange
		}
		return dtype.F32, ""
	}
	return dtype.C128, ""
}

// convertMsg is convert_to_tensor(value, dtype=want) for a Python scalar in
// eager mode, or "" when it succeeds. TensorFlow first tries a converter
// for the requested dtype (it has them for float, double, half, int64,
// int32, uint64, complex128 and bool); when that fails or there is none,
// it converts to the value's own type (bool, int64, double, complex128)
// and casts if the two are "compatible" (integer to integer; integer or
// float to float; any number to complex), silently wrapping integers that
// do not fit; otherwise "Cannot convert V to EagerTensor of dtype D".
//
// Sources: py_seq_tensor.cc @ 03daf31 (PySeqToTFE_TensorHandle,
// ConvertScalar), pywrap_tensor.cc @ 31a3ce4 (ConvertToEagerTensorUncached,
// IsCompatible).
func convertMsg(v promote.Value, want dtype.DType) string {
	if ok, msg := convertDirect(v, want); ok || msg != "" {
		return msg
	}
	var got dtype.DType
	switch v.Kind {
	case promote.BoolValue:
		got = dtype.Bool
	case promote.IntValue:
		if !kit.IntFits(v.Int, dtype.I64) {
			return msgIntRange
		}
		got = dtype.I64
	case promote.FloatValue:
		got = dtype.F64
	default:
		got = dtype.C128
	}
	if compatible(want, got) {
		return ""
	}
	return fmt.Sprintf("Cannot convert %s to EagerTensor of dtype %s", pyRepr(v), dataTypeString(want))
}

// convertDirect is the converter for the requested dtype, where TensorFlow
// has one. ok reports success; msg is an error that ends the conversion
// (Python's OverflowError for a negative or too large int into uint64).
func convertDirect(v promote.Value, want dtype.DType) (ok bool, msg string) {
	isInt := v.Kind == promote.IntValue || v.Kind == promote.BoolValue
	switch want {
	case dtype.F16, dtype.F32, dtype.F64:
		switch v.Kind {
		case promote.FloatValue:
			return !overflows(v.Real, want), ""
		case promote.IntValue:
			return intFitsDouble(v.Int), ""
		case promote.BoolValue:
			return true, ""
		}
	case dtype.C128:
		switch v.Kind {
		case promote.ComplexValue, promote.FloatValue, promote.BoolValue:
			return true, ""
		case promote.IntValue:
			return intFitsDouble(v.Int), ""
		}
	case dtype.I64:
		return isInt && (v.Kind == promote.BoolValue || kit.IntFits(v.Int, dtype.I64)), ""
	case dtype.I32:
		return isInt && (v.Kind == promote.BoolValue || kit.IntFits(v.Int, dtype.I32)), ""
	case dtype.U64:
		if v.Kind == promote.IntValue {
			switch {
			case v.Int.Sign() < 0:
				return false, "can't convert negative int to unsigned"
			case v.Int.BitLen() > 64:
				return false, "int too big to convert"
			}
		}
		return isInt, ""
	case dtype.Bool:
		return v.Kind == promote.BoolValue, ""
	}
	return false, ""
}

// compatible is pywrap_tensor.cc's IsCompatible(desired, returned).
func compatible(want, got dtype.DType) bool {
	switch {
	case want == got:
		return true
	case want.IsInteger():
		return got.IsInteger()
	case want.IsFloat():
		return got.IsFloat() || got.IsInteger()
	case want.IsComplex():
		return got.IsComplex() || got.IsFloat() || got.IsInteger()
	}
	return false
}

// overflows reports whether a finite float64 rounds to infinity in d (the
// converters' overflow check).
func overflows(x float64, d dtype.DType) bool {
	if math.IsInf(x, 0) || math.IsNaN(x) || d == dtype.F64 {
		return false
	}
	f := d.Format()
	// Round to nearest even overflows from the largest finite value plus
	// half an ulp upward (the largest value's last bit is odd).
	halfULP := math.Ldexp(1, int(math.Floor(math.Log2(f.MaxFinite())))-f.MantBits-1)
	return math.Abs(x) >= f.MaxFinite()+halfULP
}

// intFitsDouble reports whether Python's int-to-float conversion succeeds.
func intFitsDouble(n *big.Int) bool {
	switch bl := n.BitLen(); {
	case bl < 1024:
		return true // below 2^1023: no allocation on the common path
	case bl > 1024:
		return false
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return !math.IsInf(f, 0)
}
