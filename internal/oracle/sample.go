package oracle

import (
	"math/rand/v2"
	"os"
	"slices"
)

// ExhaustiveEnv is the environment variable that asks the live tests for
// their full query sets: PROMOTE_EXHAUSTIVE=1, the variable that also
// turns on the full conversion sweeps (convert/internal/sweep).
const ExhaustiveEnv = "PROMOTE_EXHAUSTIVE"

// Exhaustive reports whether the full query sets were asked for.
//
// By default each live test sends its oracle every pair and every
// boundary literal, and a fixed sample of the larger sets (triples), so
// that all live tests together stay within a minute on a 2-core machine;
// scripts/live-oracles.sh test runs them exhaustively.
func Exhaustive() bool { return os.Getenv(ExhaustiveEnv) == "1" }

// Sample returns which of total items a live test keeps: all of them
// under Exhaustive or when total is at most n, else n indexes drawn
// without repetition by a generator fixed by seed, in ascending order, so
// every run sends the same queries.
func Sample(total, n int, seed uint64) []int {
	if Exhaustive() || total <= n {
		all := make([]int, total)
		for i := range all {
			all[i] = i
		}
		return all
	}
	rng := rand.New(rand.NewPCG(seed, 0x70726f6d6f7465)) // "promote"
	out := rng.Perm(total)[:n]
	slices.Sort(out)
	return out
}
