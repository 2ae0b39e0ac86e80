package jax

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for JAX: jax.eval_shape of jnp.add on
// the CPU backend, under the user's jax_enable_x64. jax.numpy names the
// b11 float8 only float8_e4m3b11fnuz, as ml_dtypes does; float8_e4m3b11 is
// TensorFlow's and an old alias (jax-ml/jax jax/numpy/__init__.py;
// jax-ml/ml_dtypes ml_dtypes/__init__.py, __all__).
var oracles = []promote.LiveOracle{
	{Module: "jax", Names: map[dtype.DType]string{dtype.F8E4M3B11FNUZ: "float8_e4m3b11fnuz"},
		Repro: &promote.Repro{Call: "jax.eval_shape(jnp.add, %s).dtype", Sep: ", ",
			Tensor: "np.ones(1, jnp.dtype(%q))", ZeroDim: "np.ones((), jnp.dtype(%q))"}},
}
