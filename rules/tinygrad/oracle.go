package tinygrad

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for tinygrad: + on tensors, nothing
// realized. Its fp8 types are sent by tinygrad.dtypes' attribute names,
// since their .name (float8_e4m3) is no attribute (tinygrad/tinygrad
// tinygrad/dtype.py, class dtypes).
var oracles = []promote.LiveOracle{{Module: "tinygrad", Names: map[dtype.DType]string{
	dtype.F8E4M3FN: "fp8e4m3", dtype.F8E5M2: "fp8e5m2",
	dtype.F8E4M3FNUZ: "fp8e4m3fnuz", dtype.F8E5M2FNUZ: "fp8e5m2fnuz"},
	Repro: &promote.Repro{Call: "(%s).dtype", Sep: " + ",
		Tensor: "Tensor.ones(1, dtype=dtypes.%s)", ZeroDim: "Tensor.ones(dtype=dtypes.%s)"}}}
