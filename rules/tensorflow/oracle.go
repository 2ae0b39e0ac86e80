package tensorflow

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for TensorFlow: tf.math.add on the
// CPU.
var oracles = []promote.LiveOracle{{Module: "tensorflow", Repro: &promote.Repro{
	Call: "tf.math.add(%s).dtype", Sep: ", ", Tensor: "tf.ones([1], tf.%s)", ZeroDim: "tf.ones([], tf.%s)"}}}
