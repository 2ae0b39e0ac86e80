package rules

import (
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// BenchmarkPromoteTypes measures two plain dtypes under each rule set: the
// compiled table's one index. The pair is one every rule set accepts.
func BenchmarkPromoteTypes(b *testing.B) {
	for _, d := range All() {
		r := d.MustBuild()
		x, y := acceptedPair(r)
		b.Run(d.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := r.PromoteTypes(x, y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkResult4 measures N-operand promotion of four tensors under each
// rule set that takes more than two operands.
func BenchmarkResult4(b *testing.B) {
	for _, d := range All() {
		if d.NAry == promote.Two {
			continue
		}
		r := d.MustBuild()
		x, y := acceptedPair(r)
		ops := []promote.Operand{promote.T(x), promote.T(y), promote.T(x), promote.T(y)}
		if _, err := r.Result(ops...); err != nil {
			continue
		}
		b.Run(d.Name, func(b *testing.B) {
			for b.Loop() {
				if _, err := r.Result(ops...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// acceptedPair finds two different dtypes the rule set promotes, preferring
// the pair the anchors time (NumPy and PyTorch promote_types of an
// integer with a float).
func acceptedPair(r promote.Rules) (dtype.DType, dtype.DType) {
	for _, p := range [][2]dtype.DType{{dtype.I32, dtype.F32}, {dtype.I8, dtype.F32}, {dtype.I16, dtype.I32}, {dtype.F16, dtype.F32}} {
		if _, err := r.PromoteTypes(p[0], p[1]); err == nil {
			return p[0], p[1]
		}
	}
	return dtype.F32, dtype.F32
}
