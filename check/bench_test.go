package check_test

import (
	"testing"

	"github.com/promote-dev/promote/check"
	"github.com/promote-dev/promote/rules"
)

// BenchmarkCheckAll is the goal: every rule set and preset, all
// triples, under 2 s (one op is the whole table).
func BenchmarkCheckAll(b *testing.B) {
	rs, err := check.WithPresets(rules.All())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(rs)), "rulesets")
	for b.Loop() {
		check.CheckAll(rs)
	}
}

// BenchmarkCheck times one rule set with many refusals (JAX, 31 dtypes).
func BenchmarkCheck(b *testing.B) {
	r, _ := rules.Build("jax")
	for b.Loop() {
		check.Check(r)
	}
}
