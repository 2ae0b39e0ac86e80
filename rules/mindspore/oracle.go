package mindspore

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// oracles is what promote probe asks for MindSpore: mindspore.ops.add on
// the CPU. Its bool dtype is mindspore.bool_: mindspore has no attribute
// bool (mindspore/python/mindspore/common/dtype.py).
var oracles = []promote.LiveOracle{{Module: "mindspore", Names: map[dtype.DType]string{dtype.Bool: "bool_"},
	Repro: &promote.Repro{Call: "mindspore.ops.add(%s).dtype", Sep: ", ",
		Tensor: "mindspore.ops.ones((1,), mindspore.%s)", ZeroDim: "mindspore.ops.ones((), mindspore.%s)"}}}
