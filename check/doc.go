// Package check measures the algebraic properties of a rule set's
// promotion: whether its pair operation a·b is commutative, associative
// and idempotent, whether a lattice induces it (and if so the order and
// its Hasse diagram; if not, a witness), and how it compares with the
// rule set's own lattice when it has one (promote.LatticeRules).
//
// # What is measured
//
// The elements are the dtypes the rule set accepts (a dtype is accepted
// when it promotes with itself; a dtype the system does not have is left
// out, so its refusals are not refusals of a pair), as strong ranked
// tensors, then every other type a product of elements reaches, until
// none is new (in practice weak types: JAX's u64·i8 is f64? with x64 on).
// NewAlgebra computes the product table once: PromoteTypes for two strong
// dtypes, Result on a weak tensor otherwise, which is how a weak
// intermediate meets the next operand in a fold or a program.
//
// # How refusals and weak results count
//
//   - A refusal is an answer like any other: two answers are the same when
//     both are refusals (whatever the rule) or both the same element. So
//     a·b refused and b·a refused is commutative, and a triple whose fold
//     is refused in one order only is a triple where order matters.
//   - A weak result is its own element, distinct from the strong dtype
//     (f64? ≠ f64): weakness changes what the next step gives.
//   - Idempotence allows aliases: when a·a = k ≠ a, k·k = k, and a gives
//     the same product as k with every element on either side, the rule
//     set maps a to k before promoting (JAX with x64 off: u64 to u32), and
//     a is reported as an alias, not a failure. Any other a·a ≠ a fails.
//
// # Lattices with refusals
//
// Induce takes the relation a ≤ b when a·b = b, over the elements that are
// not aliases. A lattice induces the table when the relation is a partial
// order, every pair with a least upper bound in it is promoted to that
// bound, and every pair without one is refused: a partial join-semilattice
// (Order.Total when nothing is refused). Otherwise Order.Witness gives the
// first failure, looked for in this order: a·b ≠ b·a; a·a neither a nor an
// alias; a triple where the fold's order matters; a·b that is an upper
// bound but not the least (two dtypes with no least upper bound); a
// refused pair that has a least upper bound.
package check
