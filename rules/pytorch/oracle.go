package pytorch

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for PyTorch: torch.result_type, under
// the default dtype as the user has set it.
var oracles = []promote.LiveOracle{{Module: "torch", Repro: &promote.Repro{
	Call: "torch.result_type(%s)", Sep: ", ",
	Tensor: "torch.empty(1, dtype=torch.%s)", ZeroDim: "torch.empty((), dtype=torch.%s)"}}}
