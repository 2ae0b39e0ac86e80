package mlx

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for MLX: mx.add, nothing evaluated.
var oracles = []promote.LiveOracle{{Module: "mlx"}}
