// Package gen writes large random programs in promote's program language,
// for benchmarks of the parser and the inference (and of promote infer
// end to end).
package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
)

// Host selects literal syntax: "python", "r" or "cpp".
type Host string

// Write writes a program of about lines lines to w: a few inputs, then
// bindings that combine earlier names with operators, literals and calls,
// then a result expression. The same seed gives the same program. Every
// program types under jax, numpy and anvil (floats and ints only, no
// shape conflicts), so benchmarks measure the success path.
func Write(w io.Writer, lines int, seed uint64, host Host) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	inputs := []string{"f32[8,4]", "i32[8,4]", "i16[]", "f16[4]", "u8[8,4]", "f64[8,4]?", "i64[]"}
	switch host {
	case "python":
		inputs[5] = "f64[8,4]" // NumPy and PyTorch refuse weak tensors
	case "r":
		inputs[3] = "f32[8,4]" // anvil has no f16 and broadcasts only scalars
	}
	n := 0
	for i, in := range inputs {
		fmt.Fprintf(bw, "x%d: %s\n", i, in)
		n++
	}
	lits := map[Host][]string{
		"python": {"1", "2", "0.5", "3.0", "7"},
		"r":      {"1L", "2L", "0.5", "3", "7L"},
		"cpp":    {"1", "2", "0.5", "3.0f", "7"},
	}[host]
	ops := []string{"+", "-", "*", "+", "*", "-", "+", "*"}
	funcs := []string{"abs", "neg", "round", "max", "min"}
	k := len(inputs)
	for ; n < lines-1; n++ {
		// Most operands are recent results, as in a traced program; some
		// reach back anywhere.
		pick := func() int {
			if rng.IntN(8) == 0 {
				return rng.IntN(k)
			}
			return k - 1 - rng.IntN(min(k, 64))
		}
		a, b := pick(), pick()
		fmt.Fprintf(bw, "x%d = ", k)
		switch r := rng.IntN(10); {
		case r < 5:
			fmt.Fprintf(bw, "x%d %s x%d\n", a, ops[rng.IntN(len(ops))], b)
		case r < 8:
			fmt.Fprintf(bw, "x%d %s %s\n", a, ops[rng.IntN(len(ops))], lits[rng.IntN(len(lits))])
		case r < 9:
			fmt.Fprintf(bw, "%s(x%d)\n", funcs[rng.IntN(len(funcs))], a)
		default:
			fmt.Fprintf(bw, "(x%d + x%d) * %s # a comment\n", a, b, lits[rng.IntN(len(lits))])
		}
		k++
	}
	fmt.Fprintf(bw, "x%d\n", k-1)
	return bw.Flush()
}
