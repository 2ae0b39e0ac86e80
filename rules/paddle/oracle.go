package paddle

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for PaddlePaddle: + on CPU tensors.
var oracles = []promote.LiveOracle{{Module: "paddle"}}
