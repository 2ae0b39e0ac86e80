// Package promote is the reference engine for tensor dtype promotion: it
// answers, exactly as each system would, which dtype comes out when
// operands of different dtypes meet, and which rule of that system decided
// it.
//
// Three calls answer a query: build a rule set by name (with options, such
// as "x64=true"), parse the operands in its spelling, and ask for the
// result:
//
//	r, _ := rules.Build("numpy")                                // package promote/rules
//	ops, _ := promote.ParseOperands(r.Def().Dialect, "f16 i64") // f16 tensor, i64 tensor
//	res, _ := r.Result(ops...)                                  // f64, by res.Rule "climb"
//
// res.Rule.Text says what the rule does and res.Rule.Source where it comes
// from upstream (repository, file and commit). The package's Example (in
// example_test.go, shown on pkg.go.dev) runs this call.
//
// A refusal is an *[Error] naming the rule set, the rule and the operands,
// in the system's own words where it has them. For two plain dtypes,
// r.PromoteTypes(a, b) is one table lookup that allocates nothing.
//
// The systems are ML frameworks (PyTorch, NumPy in both promotion states,
// JAX, TensorFlow, the Array API standard, Keras 3, MLX, PaddlePaddle,
// MindSpore, tinygrad, anvil), compilers, runtimes and kernel libraries
// (OpenVINO, CANN, Triton, TVM, kernel_float) and languages (C, C++,
// Julia), and rule sets a user writes in a file. The rule sets live in the
// subpackages of promote/rules; package
// [github.com/promote-dev/promote/rules] lists them all (rules.Names,
// rules.Families) and builds them from "NAME:KEY=VALUE" specs or rule-file
// paths (rules.Parse).
//
// The vocabulary: an [Operand] is what meets in an operation (a tensor of a
// DType with a shape and a weak flag, a host-language literal, or a typed
// host scalar); a [Rules] value is one system's rule set, built from a [Def]
// with typed options; its answer is a [Result] carrying the [Rule] that
// decided it, or an *[Error] naming the rule set, the rule and the operands.
//
// Beyond promotion, the module converts values exactly between dtypes
// (package convert), reads and writes .npy, .npz and .safetensors files
// (npy, safetensors) and whole checkpoints (checkpoint), types programs
// (infer), measures a rule set's algebra (check), generates promotion code
// (gen) and draws tables and lattices (picture). The command promote
// (cmd/promote) is all of it on the command line; docs/README.md in the
// repository is the guide.
package promote
