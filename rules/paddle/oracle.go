package paddle

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for PaddlePaddle: + on CPU tensors.
var oracles = []promote.LiveOracle{{Module: "paddle", Repro: &promote.Repro{
	Call: "(%s).dtype", Sep: " + ", Tensor: "paddle.ones([1], %q)", ZeroDim: "paddle.ones([], %q)"}}}
