package jax

import (
	"strings"

	"github.com/promote-dev/promote"
)

// Explain says why a query decided by x64-off gets its answer: which
// operands' 64-bit dtypes were canonicalised to 32 bits
// (_canonicalize_dtype, _dtype_to_32bit_dtype in jax/_src/dtypes.py)
// before the x32 lattice joined them, so the line is derived from the
// rule's own data. Other rules are left to the caller's generic
// description.
func (r *rules) Explain(res promote.Result, ops ...promote.Operand) string {
	if res.Rule != ruleX64 {
		return ""
	}
	var changed, joined []string
	seen := map[string]bool{}
	for _, o := range ops {
		if o.Kind == promote.Literal {
			continue
		}
		d := o.DType
		if c := r.c.Canonical(d); c != d {
			if !seen[d.String()] {
				changed = append(changed, d.String()+" is read as "+c.String())
			}
			d = c
		}
		seen[o.DType.String()] = true
		if !seen["join "+d.String()] {
			seen["join "+d.String()] = true
			joined = append(joined, d.String())
		}
	}
	if len(changed) == 0 {
		return ""
	}
	s := strings.Join(changed, ", ")
	if n := len(joined); n > 1 {
		s += "; the x32 lattice joins " + strings.Join(joined[:n-1], ", ") + " and " + joined[n-1]
	}
	return s
}
