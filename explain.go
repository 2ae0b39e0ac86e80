package promote

// Explainer is implemented by rule sets that can say, in one short line,
// why one query gets its answer: not what the deciding rule does in
// general (Rule.Text says that) but what the rule's own data says about
// these operands ("climbing the floats from f16: f32 cannot hold i64
// safely, f64 can"). Callers test for it with a type assertion and fall
// back to a description of their own when a rule set does not implement
// it or returns "".
//
// Explain is given the operands and the Result that the rule set's Result
// method returned for them; it must be safe for concurrent use and must
// not panic for any operands.
type Explainer interface {
	Explain(res Result, ops ...Operand) string
}
