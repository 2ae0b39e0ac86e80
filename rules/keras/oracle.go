package keras

import "github.com/promote-dev/promote"

// oracles is what promote probe asks for Keras: keras.backend.result_type,
// under the user's backend and floatx.
var oracles = []promote.LiveOracle{{Module: "keras"}}
