package numpy

import (
	"fmt"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for NumPy: np.result_type, alone and
// with ml_dtypes imported. np.result_type never looks at values, so
// check_values=false is pinned, not searched; NumPy alone has no ml_dtypes
// types.
var oracles = []promote.LiveOracle{
	{Module: "numpy", Pinned: []string{"check_values=false", "ml_dtypes=false"}, Repro: repro},
	{Module: "numpy+ml_dtypes", Pinned: []string{"check_values=false"}, Names: mlDTypesNames, Repro: repro},
}

// repro writes a query as np.result_type over arrays and scalars: a
// builtin dtype as np.dtype("int8"), an ml_dtypes type by its class
// (ml_dtypes.bfloat16), a typed scalar by the dtype's scalar type
// (np.dtype("uint64").type(300), ml_dtypes.bfloat16(1.0)).
var repro = &promote.Repro{
	Call: "np.result_type(%s)", Sep: ", ", Tensor: "np.ones(1, %s)", ZeroDim: "np.ones((), %s)",
	DType: func(d dtype.DType, name string) string {
		if builtinDTypeSet().Has(d) {
			return fmt.Sprintf("np.dtype(%q)", name)
		}
		return "ml_dtypes." + name
	},
	Scalar: func(d dtype.DType, expr, lit string) string {
		if builtinDTypeSet().Has(d) {
			return expr + ".type(" + lit + ")"
		}
		return expr + "(" + lit + ")"
	},
}

// mlDTypesNames are ml_dtypes' names where promote's neutral spelling is
// not one: float8_e4m3b11 is TensorFlow's and an old alias, ml_dtypes has
// only float8_e4m3b11fnuz (jax-ml/ml_dtypes ml_dtypes/__init__.py,
// __all__).
var mlDTypesNames = map[dtype.DType]string{dtype.F8E4M3B11FNUZ: "float8_e4m3b11fnuz"}
