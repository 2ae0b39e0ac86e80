package infer

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/infer/internal/gen"
	"github.com/promote-dev/promote/rules/jax"
	"github.com/promote-dev/promote/rules/numpy"
)

func genProgram(b testing.TB, lines int, host gen.Host) []byte {
	var buf bytes.Buffer
	if err := gen.Write(&buf, lines, 1, host); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkParse measures the parser on generated programs of 10k, 100k
// and 1M lines (cost per line should not grow).
func BenchmarkParse(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		src := genProgram(b, n, "python")
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := Parse("bench", src, numpy.Def); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/line")
		})
	}
}

// BenchmarkInferProgram measures inference over parsed programs.
func BenchmarkInferProgram(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		src := genProgram(b, n, "python")
		for _, def := range []*promote.Def{numpy.Def, jax.Def} {
			p, err := Parse("bench", src, def)
			if err != nil {
				b.Fatal(err)
			}
			in := New(def.MustBuild())
			var ts Types
			b.Run(fmt.Sprintf("%s/%d", def.Name, n), func(b *testing.B) {
				for b.Loop() {
					if err := in.InferInto(p.Graph, &ts); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(p.Graph.Len())*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
			})
		}
	}
}

// BenchmarkInferGraph measures inference over a graph built with the Go
// API: strong tensors, the table path.
func BenchmarkInferGraph(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
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
			for b.Loop() {
				if err := in.InferInto(g, &ts); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}
