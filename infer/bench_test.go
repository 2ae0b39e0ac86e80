package infer

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer/internal/gen"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/rules/jax"
	"github.com/promote-dev/promote/rules/numpy"
)

// benchSizes are the program sizes every benchmark here runs at: the cost
// per line must stay flat from the first to the last. Benchmarks run only
// under -bench, so the 1M-line programs never slow the plain tests.
var benchSizes = []int{10_000, 100_000, 1_000_000}

func genProgram(b testing.TB, lines int, host gen.Host) []byte {
	var buf bytes.Buffer
	if err := gen.Write(&buf, lines, 1, host); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// perLine reports the benchmark's time per program line, the figure that
// must not grow with the program.
func perLine(b *testing.B, lines int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(lines), "ns/line")
}

// BenchmarkParse measures the parser on generated programs of 10k, 100k
// and 1M lines (cost per line should not grow).
func BenchmarkParse(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			src := genProgram(b, n, "python")
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse("bench", src, numpy.Def); err != nil {
					b.Fatal(err)
				}
			}
			perLine(b, n)
		})
	}
}

// BenchmarkInferProgram measures inference over parsed programs.
func BenchmarkInferProgram(b *testing.B) {
	for _, n := range benchSizes {
		src := genProgram(b, n, "python")
		for _, def := range []*promote.Def{numpy.Def, jax.Def} {
			p, err := Parse("bench", src, def)
			if err != nil {
				b.Fatal(err)
			}
			in := New(def.MustBuild())
			var ts Types
			b.Run(fmt.Sprintf("%s/%d", def.Name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if err := in.InferInto(p.Graph, &ts); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(p.Graph.Len())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
				perLine(b, n)
			})
		}
	}
}

// BenchmarkCheck is promote infer -rules numpy without the output: parse
// and type under one rule set, the unit the lint's cost is measured in.
func BenchmarkCheck(b *testing.B) {
	r := numpy.Def.MustBuild()
	for _, n := range benchSizes {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			src := genProgram(b, n, "python")
			b.ReportAllocs()
			for b.Loop() {
				if _, _, err := Check("bench", src, r); err != nil {
					b.Fatal(err)
				}
			}
			perLine(b, n)
		})
	}
}

// BenchmarkLint is the porting lint over every registered rule set; its
// ns/line should stay within twice the number of rule sets times
// BenchmarkCheck's.
func BenchmarkLint(b *testing.B) {
	var rs []promote.Rules
	for _, d := range rules.All() {
		rs = append(rs, d.MustBuild())
	}
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("%d-rule-sets/%d", len(rs), n), func(b *testing.B) {
			src := genProgram(b, n, "python")
			b.ReportAllocs()
			for b.Loop() {
				if l := Compare("bench", src, rs); len(l.Rows) == 0 {
					b.Fatal("no rows")
				}
			}
			perLine(b, n)
		})
	}
}

// BenchmarkInferGraph measures inference over a graph built with the Go
// API: strong tensors, the table path.
func BenchmarkInferGraph(b *testing.B) {
	for _, n := range benchSizes {
		g := NewGraph(n)
		ids := []NodeID{
			g.Input(promote.Shaped(dtype.F32, 8, 4)),
			g.Input(promote.Shaped(dtype.I32, 8, 4)),
			g.Input(promote.Shaped(dtype.F16, 4)),
			g.Input(promote.T(dtype.U8)),
		}
		ops := []Op{OpAdd, OpMul, OpSub, OpLt}
		for i := len(ids); i < n; i++ {
			a, c := ids[(i*7)%len(ids)], ids[(i*13)%len(ids)]
			ids = append(ids, g.Binary(ops[i%len(ops)], a, c))
		}
		in := New(jax.Def.MustBuild())
		var ts Types
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := in.InferInto(g, &ts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkLintWrite measures writing the lint's report, text and JSON,
// to a discarding writer: a row costs a few buffered appends, never a
// write call or a reflective encoding of its own.
func BenchmarkLintWrite(b *testing.B) {
	var rs []promote.Rules
	for _, d := range rules.All() {
		rs = append(rs, d.MustBuild())
	}
	for _, n := range benchSizes {
		l := Compare("bench", genProgram(b, n, "python"), rs)
		for _, format := range []string{"text", "json"} {
			b.Run(fmt.Sprintf("%s/%d", format, n), func(b *testing.B) {
				b.ReportAllocs()
				var w countWriter
				for b.Loop() {
					var err error
					if format == "text" {
						err = l.WriteText(&w)
					} else {
						err = l.WriteJSON(&w)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				b.SetBytes(w.n / int64(b.N))
				perLine(b, n)
			})
		}
	}
}

// countWriter counts what is written to it and keeps nothing.
type countWriter struct{ n int64 }

func (w *countWriter) Write(p []byte) (int, error) {
	w.n += int64(len(p))
	return len(p), nil
}
