package numpy

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for NumPy: np.result_type, alone and
// with ml_dtypes imported. np.result_type never looks at values, so
// check_values=false is pinned, not searched; NumPy alone has no ml_dtypes
// types.
var oracles = []promote.LiveOracle{
	{Module: "numpy", Pinned: []string{"check_values=false", "ml_dtypes=false"}},
	{Module: "numpy+ml_dtypes", Pinned: []string{"check_values=false"}, Names: mlDTypesNames},
}

// mlDTypesNames are ml_dtypes' names where promote's neutral spelling is
// not one: float8_e4m3b11 is TensorFlow's and an old alias, ml_dtypes has
// only float8_e4m3b11fnuz (jax-ml/ml_dtypes ml_dtypes/__init__.py,
// __all__).
var mlDTypesNames = map[dtype.DType]string{dtype.F8E4M3B11FNUZ: "float8_e4m3b11fnuz"}
