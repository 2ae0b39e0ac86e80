package numpy

import (
	"math/big"
	"regexp"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// probeValues are the values a 0-d array of d is tried with when checking
// an answer given without a value (legacy.md §8): for an integer type 0,
// ±1, its limits and 2^k-1, 2^k, 2^k+1 and their negatives for every k
// inside its range; for the floats and complex types every cut-off of
// min_scalar_type_num on both sides, the limits of float64 and the special
// values.
func probeValues(d dtype.DType) []string {
	switch {
	case d == dtype.Bool:
		return []string{"false", "true"}
	case d.IsInteger():
		lo, hi := d.Format().IntRange()
		min, max := big.NewInt(lo), new(big.Int).SetUint64(hi)
		var out []string
		seen := map[string]bool{}
		add := func(v *big.Int) {
			if s := v.String(); v.Cmp(min) >= 0 && v.Cmp(max) <= 0 && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
		for _, v := range []int64{0, 1, -1} {
			add(big.NewInt(v))
		}
		add(min)
		add(max)
		for k := uint(1); k <= 64; k++ {
			p := new(big.Int).Lsh(big.NewInt(1), k)
			for _, delta := range []int64{-1, 0, 1} {
				v := new(big.Int).Add(p, big.NewInt(delta))
				add(v)
				add(new(big.Int).Neg(v))
			}
		}
		return out
	case d.Kind() == dtype.KindComplex:
		return []string{"0.0", "1.5", "-1.5", "1j", "(64999+1j)", "(65000+0j)", "3.3e38j", "(3.4e38+0j)",
			"(3.5e38+0j)", "(-3.5e38+0j)", "1e300j", "(1.7e308+0j)", "(nan+0j)", "(inf+0j)", "-inf"}
	}
	return []string{"0.0", "1.5", "-1.5", "5e-324", "64999.0", "65000.0", "-65000.0", "65504.0", "65505.0",
		"3.3e38", "3.4e38", "-3.4e38", "3.5e38", "1e39", "1e300", "1.6e308", "1.7e308", "-1.7e308",
		"1.7976931348623157e308", "inf", "-inf", "nan"}
}

// valuelessPair is one query of an array of one builtin and a 0-d array
// of another written without a value, with the same query for each value
// the 0-d array is probed with.
type valuelessPair struct {
	query  string   // "a b[]" or "b[] a"
	valued []string // the query with b[](v) for each probe value v
	values []string
}

// valuelessPairs lists, for every pair of builtins (a, b), both orders of
// an array of a with a value-less 0-d array of b.
func valuelessPairs() []valuelessPair {
	var out []valuelessPair
	for _, a := range builtins {
		for _, b := range builtins {
			vs := probeValues(b)
			for _, order := range []func(x string) string{
				func(x string) string { return a.String() + " " + x },
				func(x string) string { return x + " " + a.String() },
			} {
				p := valuelessPair{query: order(b.String() + "[]"), values: vs}
				for _, v := range vs {
					p.valued = append(p.valued, order(b.String()+"[]("+v+")"))
				}
				out = append(out, p)
			}
		}
	}
	return out
}

// needsValueExamples reads the two examples of a legacy-needs-value
// refusal: "X gives A, Y gives B".
var needsValueExamples = regexp.MustCompile(`depends on the value of [^:]+: (\S+) gives (.+?), (\S+) gives (.+?); write`)

// checkValueless checks one answer given without a value against the
// answers for each value (answerOf gives the answer to a valued query, from
// promote or from live NumPy): either every value gives that answer, or the
// answer is a refusal whose two examples give different answers, each the
// answer the refusal says.
func checkValueless(t *testing.T, r promote.Rules, p valuelessPair, answerOf func(query string) string) {
	t.Helper()
	got, rule := tsvtest.Answer(r, p.query)
	if rule == nil || rule.ID != ruleLegacyNeedsValue.ID {
		for i, q := range p.valued {
			if want := answerOf(q); want != got {
				t.Errorf("%q = %q, but with the value %s it is %q", p.query, got, p.values[i], want)
				return
			}
		}
		return
	}
	exs, ok := refusalExamples(p, got)
	if !ok {
		t.Errorf("%q: refusal without two examples: %s", p.query, got)
		return
	}
	if exs[0].answer == exs[1].answer {
		t.Errorf("%q: refused, but both examples give %s: %s", p.query, exs[0].answer, got)
	}
	for _, e := range exs {
		if a := answerOf(e.query); a != e.answer {
			t.Errorf("%q: the refusal says %s gives %s, but %q is %q", p.query, e.value, e.answer, e.query, a)
		}
	}
}

// example is one value a legacy-needs-value refusal names: the 0-d array
// with its value, the query with it in place of the value-less one, and
// the answer the refusal says it gives.
type example struct{ value, query, answer string }

// refusalExamples reads the two examples of p's legacy-needs-value
// refusal msg: "X gives A, Y gives B".
func refusalExamples(p valuelessPair, msg string) ([2]example, bool) {
	m := needsValueExamples.FindStringSubmatch(msg)
	if m == nil {
		return [2]example{}, false
	}
	var out [2]example
	for i, ex := range []struct{ value, answer string }{{m[1], m[2]}, {m[3], m[4]}} {
		b, _, _ := strings.Cut(ex.value, "[")
		out[i] = example{ex.value, strings.Replace(p.query, b+"[]", ex.value, 1), ex.answer}
	}
	return out, true
}

// TestLegacyValuelessZeroDim checks every answer promotion=legacy gives
// for an array and a 0-d array written without a value against the
// answers it gives with each probe value: the answer holds for every
// value, or the refusal's two examples really differ.
func TestLegacyValuelessZeroDim(t *testing.T) {
	r := Def.MustBuild("promotion=legacy")
	for _, p := range valuelessPairs() {
		checkValueless(t, r, p, func(q string) string {
			got, _ := tsvtest.Answer(r, q)
			return got
		})
	}
}

// TestLiveLegacyValuelessZeroDim is TestLegacyValuelessZeroDim with
// Debian's NumPy 1.24 answering the valued queries (np.result_type): every
// answer promote gives without a value is NumPy's for every probe value,
// and every refusal names two values NumPy answers differently.
func TestLiveLegacyValuelessZeroDim(t *testing.T) {
	if testing.Short() {
		t.Skip("live NumPy oracles skipped under -short")
	}
	p := oracle.Require(t, "host", "numpy")
	r := Def.MustBuild("promotion=legacy")
	pairs := valuelessPairs()
	var qs []liveQuery
	for _, pr := range pairs {
		for _, q := range pr.valued {
			qs = append(qs, liveQuery{"rt", q})
		}
		got, rule := tsvtest.Answer(r, pr.query)
		if rule != nil && rule.ID == ruleLegacyNeedsValue.ID {
			if exs, ok := refusalExamples(pr, got); ok {
				qs = append(qs, liveQuery{"rt", exs[0].query}, liveQuery{"rt", exs[1].query})
			}
		}
	}
	answers := runOracle(t, p, false, qs, "")
	numpy := make(map[string]string, len(qs))
	for i, q := range qs {
		numpy[q.line] = answers[i]
	}
	for _, pr := range pairs {
		checkValueless(t, r, pr, func(q string) string {
			a, ok := numpy[q]
			if !ok {
				t.Fatalf("no NumPy answer for %q", q)
			}
			return a
		})
	}
	t.Logf("%d pairs, %d NumPy queries", len(pairs), len(qs))
}
