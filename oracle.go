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
}
