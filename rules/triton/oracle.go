package triton

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for Triton: its type computation
// (computation_type_impl) on two tensor element types, which needs no
// GPU. Triton names the element types by triton.language's attributes:
// int1 for bool, float8e4nv, float8e5, float8e4b8 and float8e5b16 for the
// float8 types (triton-lang/triton python/triton/language/core.py).
var oracles = []promote.LiveOracle{{Module: "triton", Names: map[dtype.DType]string{
	dtype.Bool: "int1", dtype.F8E4M3FN: "float8e4nv", dtype.F8E5M2: "float8e5",
	dtype.F8E4M3FNUZ: "float8e4b8", dtype.F8E5M2FNUZ: "float8e5b16"}}}
