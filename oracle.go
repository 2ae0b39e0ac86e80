package promote

import "github.com/promote-dev/promote/dtype"

// LiveOracle is a live framework that answers as this rule set does: what
// promote probe asks. The probe script imports Module in the user's
// Python, asks it the dtype of every query the rule set's settings
// answer, and reports the setting that agrees most. A rule set declares
// one for each way its system is asked (Def.Oracles; numpy has two: NumPy
// alone and with ml_dtypes); a system the script cannot import declares
// none.
type LiveOracle struct {
	// Module is the probe script's name for the framework: the Python
	// module (torch, numpy, jax), or numpy+ml_dtypes for NumPy with
	// ml_dtypes imported. The script has an adapter of that name.
	Module string
	// Pinned are KEY=VALUE settings of the rule set that the probe fixes
	// because the script's call decides them (numpy's check_values=false
	// for np.result_type): they are not searched.
	Pinned []string
	// Device says the framework is asked on a GPU and is skipped without
	// one (CuPy).
	Device bool
	// Names are the framework's own names for the dtypes whose Python
	// spelling in the rule set's dialect the framework does not accept
	// (Triton's int1 for bool); other dtypes are sent in that spelling.
	// Shared and not to be modified.
	Names map[dtype.DType]string
	// Repro writes a query as Python a user can run to see the
	// framework's answer; nil where the probe asks through an internal
	// call a user would not write (Triton's type computation, Keras's
	// result_type over backends).
	Repro *Repro
}

// Repro says how to write a query as Python a user can run against the
// framework and see its answer: promote probe prints it beside each
// disagreement. It mirrors what the probe script's adapter for the
// framework does.
type Repro struct {
	// Call wraps the operands (%s), joined by Sep.
	Call, Sep string
	// Tensor and ZeroDim write a tensor with one dimension and a 0-d
	// tensor of a dtype (%s or %q: the dtype, as DType writes it).
	Tensor, ZeroDim string
	// DType, when set, writes the dtype d the script sends as name
	// (NumPy's np.dtype("int8"), or ml_dtypes.bfloat16 for a type that
	// ml_dtypes registers); nil: the name itself.
	DType func(d dtype.DType, name string) string
	// Scalar, when set, writes a typed scalar of dtype d (expr: as DType
	// wrote it) holding the Python literal lit; nil: the framework is not
	// asked about typed scalars.
	Scalar func(d dtype.DType, expr, lit string) string
}
