package mlx

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for MLX: mx.add, nothing evaluated.
var oracles = []promote.LiveOracle{{Module: "mlx", Repro: &promote.Repro{
	Call: "mx.add(%s).dtype", Sep: ", ", Tensor: "mx.ones((1,), mx.%s)", ZeroDim: "mx.ones((), mx.%s)"}}}
