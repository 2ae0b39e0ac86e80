package cupy

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for CuPy: cupy.add on device arrays,
// a ufunc, which needs a GPU; without one the probe says so and skips it.
var oracles = []promote.LiveOracle{{Module: "cupy", Device: true, Repro: &promote.Repro{
	Call: "cupy.add(%s).dtype", Sep: ", ", Tensor: "cupy.ones(1, %q)", ZeroDim: "cupy.ones((), %q)"}}}
