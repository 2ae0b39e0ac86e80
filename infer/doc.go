// Package infer is program-level dtype inference: it types every
// operation of a program, or of a graph a Go tensor library traces, under
// any of promote's rule sets, carrying weak (JAX, TensorFlow) and
// ambiguous (anvil) types from one operation to the next as each system
// does, and names the rule behind every type.
//
// A dtype is decided op by op, so a program's answer is not the N-operand
// result of its inputs: anvil's z <- x + 1L; z * y gives i16 because z
// stays ambiguous, and PyTorch's (a + b) + c differs from a + (b + c).
//
// # Programs
//
// Parse reads the small language of docs/infer.md: inputs NAME: OPERAND in
// the batch contract's operand grammar, bindings NAME = EXPR, and a bare
// expression as the result, with literals in the rule set's host language
// (Python; R for anvil; C for c; C++ for cpp and kernel-float; Julia for
// julia: each rule set declares it in its promote.Def, see HostOf). Inputs may carry values: a typed scalar f64(1.5) or
// a 0-d array i64[](300), which NumPy 1.x's legacy promotion reads.
// Check parses and types in one call; WriteText prints what promote infer prints; Compare is the
// porting lint across rule sets, and Lint.WriteText and Lint.WriteJSON
// print it.
//
// A program is parsed once for every host: the hosts read the same tree
// and differ only at a few sites (a literal's suffix, a named literal, an
// input's dtype, convert's dtype), which each host reads when the parse is
// bound to it; so the lint costs one parse and one typing per rule set.
//
// No program can exhaust the machine: expressions nest at most 1000
// levels, integer literals have at most 10,000 digits, and literal
// arithmetic keeps at most 2^16 bits per integer and 2^22 bits of wide
// integers per typing. Past a bound the program gets an error naming the
// bound and where it was passed; errors cut echoed tokens to a few dozen
// bytes.
//
// # Graphs
//
// A Graph is a flat slice of nodes indexed by NodeID (int32); build one
// with Input, Literal, Binary, Call and Convert and type it with an
// Inferer. Binary promotion goes through the rule set's
// promote.Rules.Result, with literal operands where a literal is written,
// so every type carries the promote.Rule that decided it. Two strong
// ranked tensors take the compiled table (Rules.PromoteTypes); every
// other combination is computed once per Inferer and cached by dtype,
// weak flag and rank class, so typing allocates nothing per node.
//
// # Op typing
//
// What an operation does around promotion (true division of integers,
// exp of an integer, sum of bool, mean, comparisons, argmax, C's integer
// promotion of -x) differs by system, and each system says it in its own
// package: a rule set that implements promote.OpTyper types its
// operations there (rules/<system>/typing.go; C and C++ share
// rules/internal/clit/optyping.go), reading its own options, each entry a
// promote.Rule citing the op-typing section of the rule set's spec. This
// package knows no system by name: typing.go is the generic typing, which
// a rule set without OpTyper gets and an OpTyper returns where it has
// nothing to add. docs/infer.md lists the entries. The
// C and C++ entries are checked against GCC (oracle_test.go).
package infer
