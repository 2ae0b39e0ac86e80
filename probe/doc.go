// Package probe checks promote against the frameworks installed in a
// user's own Python: it runs an embedded probe script in the interpreter
// (python3 on PATH by default), which imports each modelled framework it
// finds (the live frameworks each rule set declares, promote.LiveOracle:
// torch, numpy with and without ml_dtypes, jax, tensorflow, keras, mlx,
// paddle, mindspore, tinygrad, cupy, triton) in a guarded way,
// never installing anything or touching the network, and asks it every
// query promote poses for the matching rule set: every ordered pair of the
// rule set's dtypes as tensors of rank 1 and rank 0, and every dtype with
// Python bool, int, float and complex literals, boundary integers (-1,
// 2**63, 2**64 and their neighbours) and out-of-range floats among them.
//
// For each framework found, Run reports its version, the setting of the
// rule set (every combination of its enum and bool options, or the
// defaults, presets and each value alone when they are many) that answers
// as the framework does on the most queries, and every query where that
// setting disagrees, as promote's operands and as the Python the script
// ran, with the rule that decided promote's answer and the settings, if
// any, that agree there. It also says when the release is not one the rule
// set's version option names (the best setting is then only the closest),
// and which of the framework's own dtypes no setting knows, so that what
// the queries cannot reach is said rather than silent. WriteMarkdown
// writes it in a form a user can paste into an issue.
//
// A run is bounded: an overall timeout after which the interpreter's
// process group is killed, a cap on the bytes of answers read and on each
// line, and a memory bound the script sets on itself with
// resource.setrlimit (RLIMIT_DATA: RLIMIT_AS would also count the address
// space CUDA reserves without using, and fail every device probe).
// Frameworks that need a device (CuPy) are skipped, saying so, without
// one; Triton is asked through its type computation, which needs none,
// and JAX through jax.eval_shape of jnp.add on the CPU backend: the
// operation promote's jax rule set models (a Python int past the default
// integer is an OverflowError), traced, not compiled or run. Each
// framework is sent its own dtype names (testdata/framework_names.tsv).
package probe
