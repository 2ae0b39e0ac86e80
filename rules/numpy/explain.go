package numpy

import (
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// Explain says why a pair decided by the climbing procedure (spec.md §1,
// initialize_casting_tables in scalartypes.c.src) gives its type: it walks
// the same climb promoteTypes does and names the types it passes, so the
// line is derived from the rule's own data. Other rules are left to the
// caller's generic description.
//
// Under NumPy 1.x's value-based casting (legacy-value-based) it names the
// type min_scalar_type_num reads each scalar as, from its value
// (legacyCands, legacy.md §4).
func (r *rules) Explain(res promote.Result, ops ...promote.Operand) string {
	if res.Rule == ruleLegacyValueBased {
		return r.explainValueBased(ops)
	}
	if res.Rule != ruleClimb || len(ops) != 2 {
		return ""
	}
	a, okA := builtin(ops[0].DType)
	b, okB := builtin(ops[1].DType)
	if !okA || !okB || ops[0].Kind == promote.Literal || ops[1].Kind == promote.Literal {
		return ""
	}
	path, ok := climbPath(a, b)
	if !ok || len(path) == 0 || ntypes[path[len(path)-1]].dtype != res.DType {
		// Value-based casting (promotion=legacy) climbed from other
		// types than the operands' own: say nothing rather than a wrong
		// path.
		return ""
	}
	name := func(t ntype) string { return ntypes[t].dtype.String() }
	var b2 strings.Builder
	b2.WriteString("from " + name(path[0]))
	var passed []string
	if len(path) > 2 {
		for i, t := range path[1 : len(path)-1] {
			// long and longlong are both i64: name each dtype once.
			if ntypes[t].dtype != ntypes[path[i]].dtype {
				passed = append(passed, name(t))
			}
		}
	}
	if len(passed) > 0 {
		b2.WriteString(" past " + strings.Join(passed, ", "))
	}
	b2.WriteString(" to " + name(path[len(path)-1]) + ", the first both cast to safely")
	return b2.String()
}

// explainValueBased names what each scalar with a known value is read as
// under min_scalar_type_num: "i64[](3) is read as u8 (its value)".
func (r *rules) explainValueBased(ops []promote.Operand) string {
	var parts []string
	for _, o := range ops {
		cs, err := r.legacyCands(o)
		if err != nil || len(cs) != 1 || !cs[0].it.scalar || cs[0].it.obj {
			continue
		}
		d := ntypes[cs[0].it.ms].dtype
		if d == dtype.Invalid {
			continue
		}
		parts = append(parts, clip.Text(o.String())+" is read as "+d.String())
	}
	if len(parts) == 0 {
		return ""
	}
	return strings.Join(parts, ", ") + " (the smallest type that holds its value); then promoted pairwise"
}

// climbPath lists the types the climb from the higher-kind operand visits,
// from that operand to the result, both included: promoteTypes's walk,
// kept step by step.
func climbPath(a, b ntype) ([]ntype, bool) {
	start := a
	if ntypes[b].kind > ntypes[a].kind {
		start = b
	}
	kind := ntypes[start].kind
	i := 0
	for byKind[kind][i] != start {
		i++
	}
	var path []ntype
	for {
		if i == len(byKind[kind]) {
			kind++
			if kind == numKinds {
				return nil, false
			}
			i = 0
		}
		c := byKind[kind][i]
		path = append(path, c)
		if safeCast(a, c) && safeCast(b, c) {
			return path, true
		}
		i++
	}
}
