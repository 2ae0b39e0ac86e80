package numpy

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/oracle"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// The live oracles (scripts/live-oracles.sh, internal/oracle): Debian's
// NumPy 1.24 on the host (promotion=legacy), NumPy 2.2 in the trixie
// chroot and NumPy 2.4 with ml_dtypes 0.5 in the sid chroot (promotion=
// weak, with and without ml_dtypes). Each set of queries goes to one
// Python process (testdata/oracle.py), all queries on standard input.

// liveQuery is one question for the oracle: mode pt (np.promote_types),
// rt (np.result_type) or add (np.add), and operands in the batch grammar.
type liveQuery struct{ mode, line string }

// Boundary literals: each side of every integer type's limits, of the
// float16 cut-off of value-based promotion (65000) and float16's largest
// value (65504), of float32's and float64's (3.4e38, 1.7e308), and the
// special floats.
var (
	boundaryInts = []string{"0", "1", "-1", "127", "128", "-128", "-129", "255", "256", "32767", "32768",
		"-32768", "-32769", "65535", "65536", "2147483647", "2147483648", "-2147483648", "-2147483649",
		"4294967295", "4294967296", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
		"-9223372036854775809", "18446744073709551615", "18446744073709551616", "1000000000000000000000000000000",
		"1" + strings.Repeat("0", 400), "1" + strings.Repeat("0", 4300)}
	boundaryFloats = []string{"0.0", "1.5", "-1.5", "64999.0", "65000.0", "-65000.0", "65504.0", "65505.0", "1e10",
		"3.3e38", "3.4e38", "3.5e38", "1e39", "1.6e308", "1.7e308", "1e300", "inf", "-inf", "nan"}
	boundaryComplex = []string{"1j", "(1+2j)", "3.5e38j", "(1e300+0j)", "(nan+0j)"}
	boundaryBools   = []string{"true", "false"}
)

func boundaryLiterals() []string {
	var out []string
	for _, l := range [][]string{boundaryInts, boundaryFloats, boundaryComplex, boundaryBools} {
		out = append(out, l...)
	}
	return out
}

// liveTypes are the dtypes a rule set knows (its own pair with itself
// promotes), in catalogue order.
func liveTypes(r promote.Rules) []dtype.DType {
	var out []dtype.DType
	for _, d := range dtype.All() {
		if _, err := r.PromoteTypes(d, d); err == nil {
			out = append(out, d)
		}
	}
	return out
}

// scalarValues are the values a NumPy scalar or 0-d array of d is tried
// with: every boundary integer it holds, or the float and complex
// boundaries.
func scalarValues(d dtype.DType) []string {
	switch {
	case d == dtype.Bool:
		return boundaryBools
	case d.IsInteger():
		var out []string
		for _, s := range boundaryInts {
			if _, err := promote.ParseOperand(d.String() + "(" + s + ")"); err == nil {
				out = append(out, s)
			}
		}
		return out
	case d.Kind() == dtype.KindComplex:
		return []string{"0.0", "1.5", "(3.5e38+0j)", "(1e300+1j)", "(nan+0j)", "inf"}
	}
	return []string{"0.0", "1.5", "64999.0", "65000.0", "65504.0", "3.3e38", "3.4e38", "1e300", "inf", "nan"}
}

// Triples a default run sends (oracle.Sample): of the array triples (2,744
// of NumPy's builtins, 27,000 with ml_dtypes) and of the triples mixing
// two arrays with a literal. PROMOTE_EXHAUSTIVE=1 sends every array
// triple and 3,000 mixed ones.
const (
	sampledArrayTriples = 1000
	sampledMixedTriples = 1000
	allMixedTriples     = 3000
)

// liveQueries is the broad generated set: every pair for promote_types,
// every pair of arrays, every dtype with every boundary literal, NumPy
// scalars and 0-d arrays with boundary values against every array dtype,
// all-scalar pairs, both operand orders everywhere; and triples of arrays
// and triples mixing arrays and literals, a fixed sample of each by
// default (all array triples under PROMOTE_EXHAUSTIVE=1).
func liveQueries(r promote.Rules) []liveQuery {
	types := liveTypes(r)
	var qs []liveQuery
	both := func(line string) {
		qs = append(qs, liveQuery{"rt", line}, liveQuery{"add", line})
	}
	for _, a := range types {
		for _, b := range types {
			qs = append(qs, liveQuery{"pt", a.String() + " " + b.String()})
			both(a.String() + " " + b.String())
		}
	}
	n := len(types)
	for _, i := range oracle.Sample(n*n*n, sampledArrayTriples, 3) {
		a, b, c := types[i/(n*n)], types[i/n%n], types[i%n]
		qs = append(qs, liveQuery{"rt", a.String() + " " + b.String() + " " + c.String()})
	}
	lits := boundaryLiterals()
	for _, a := range types {
		for _, l := range lits {
			both(a.String() + " " + l)
			both(l + " " + a.String())
		}
		for _, v := range scalarValues(a) {
			for _, form := range []string{a.String() + "(" + v + ")", a.String() + "[](" + v + ")"} {
				if _, err := promote.ParseOperand(form); err != nil {
					continue // DTYPE[](VALUE) needs the operand grammar's 0-d arrays with values
				}
				for _, b := range types {
					both(form + " " + b.String())
					both(b.String() + " " + form)
				}
				for _, l := range []string{"1", "300", "-1", "1.5", "1e300", "1j", "true"} {
					both(form + " " + l)
				}
			}
		}
	}
	for _, l1 := range lits {
		for _, l2 := range []string{"1", "-1", "9223372036854775808", "1.5", "1j", "true"} {
			both(l1 + " " + l2)
		}
	}
	rng := rand.New(rand.NewPCG(10, 50))
	mixed := make([]string, allMixedTriples)
	for i := range mixed {
		a, b := types[rng.IntN(len(types))], types[rng.IntN(len(types))]
		l := lits[rng.IntN(len(lits))]
		ops := []string{a.String(), b.String(), l}
		rng.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
		mixed[i] = strings.Join(ops, " ")
	}
	for _, i := range oracle.Sample(len(mixed), sampledMixedTriples, 4) {
		qs = append(qs, liveQuery{"rt", mixed[i]})
	}
	return qs
}

// runOracle sends qs to one Python process and returns its answers.
func runOracle(t *testing.T, p *oracle.Python, ml bool, qs []liveQuery, prelude string) []string {
	t.Helper()
	script, err := os.ReadFile("testdata/oracle.py")
	if err != nil {
		t.Fatal(err)
	}
	var in strings.Builder
	fmt.Fprintf(&in, "ml_dtypes=%t\n", ml)
	for _, q := range qs {
		in.WriteString(q.mode + "\t" + q.line + "\n")
	}
	out, err := p.Run(prelude+string(script), []byte(in.String()))
	if err != nil {
		t.Fatalf("oracle %s: %v", p.Name, err)
	}
	answers := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(answers) != len(qs) {
		t.Fatalf("oracle %s answered %d of %d queries", p.Name, len(answers), len(qs))
	}
	return answers
}

// promoteAnswer is what promote says to q, in the oracle's terms: a
// canonical dtype, "object" for NumPy's object refusal, or "error: CLASS"
// (NumPy's exception class opens promote's refusal message).
func promoteAnswer(rt, add promote.Rules, q liveQuery) string {
	if q.mode == "pt" {
		ops, err := promote.ParseOperands(rt.Def().Dialect, q.line)
		if err != nil {
			return "error: " + err.Error()
		}
		res, err := rt.PromoteTypes(ops[0].DType, ops[1].DType)
		if err != nil {
			return errorClass(err.Error(), nil)
		}
		return res.String()
	}
	r := rt
	if q.mode == "add" {
		r = add
	}
	got, rule := tsvtest.Answer(r, q.line)
	if msg, isErr := strings.CutPrefix(got, "error: "); isErr {
		return errorClass(msg, rule)
	}
	return got
}

func errorClass(msg string, rule *promote.Rule) string {
	if rule != nil && rule.ID == "object-dtype" {
		return "object"
	}
	msg = strings.TrimPrefix(msg, "numpy: ")
	class, _, _ := strings.Cut(msg, ":")
	return "error: " + class
}

// maxReport is how many disagreements a live test lists (PROMOTE_LIVE_REPORT
// raises it).
var maxReport = func() int {
	var n int
	if _, err := fmt.Sscan(os.Getenv("PROMOTE_LIVE_REPORT"), &n); err == nil && n > 0 {
		return n
	}
	return 40
}()

// compareLive checks promote against the oracle's answers and reports the
// first disagreements and the count.
func compareLive(t *testing.T, name string, rt, add promote.Rules, qs []liveQuery, answers []string) {
	t.Helper()
	bad := 0
	counts := map[string]int{}
	for i, q := range qs {
		counts[q.mode]++
		want := answers[i]
		if want == "error: UFuncTypeError" || want == "error: UFuncNoLoopError" {
			want = "error: UFuncTypeError"
		}
		got := promoteAnswer(rt, add, q)
		if got != want {
			if bad++; bad <= maxReport {
				line := q.line
				if len(line) > 160 {
					line = line[:80] + "…" + line[len(line)-40:]
				}
				t.Errorf("%s %s(%s): promote %s, NumPy %s", name, q.mode, line, got, want)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%s: %d of %d queries disagree", name, bad, len(qs))
	}
	t.Logf("%s: %d queries (%v), %d disagree", name, len(qs), counts, bad)
}

func liveCase(t *testing.T, oracleName string, ml bool, settings []string, prelude string, modules ...string) {
	if testing.Short() {
		t.Skip("live NumPy oracles skipped under -short")
	}
	p := oracle.Require(t, oracleName, modules...)
	rt := Def.MustBuild(settings...)
	add := Def.MustBuild(append([]string{"check_values=true"}, settings...)...)
	qs := liveQueries(rt)
	answers := runOracle(t, p, ml, qs, prelude)
	compareLive(t, oracleName+" "+strings.Join(settings, " "), rt, add, qs, answers)
}

// TestLiveNumPy124Legacy: Debian bookworm's NumPy 1.24, its default
// (legacy) promotion state, against promotion=legacy.
func TestLiveNumPy124Legacy(t *testing.T) {
	liveCase(t, "host", false, []string{"promotion=legacy"}, "", "numpy")
}

// TestLiveNumPy22: trixie's NumPy 2.2 against the default (weak) state.
func TestLiveNumPy22(t *testing.T) {
	liveCase(t, "trixie", false, nil, "", "numpy")
}

// TestLiveNumPy24: sid's NumPy 2.4, without and with ml_dtypes 0.5.
func TestLiveNumPy24(t *testing.T) {
	liveCase(t, "sid", false, nil, "", "numpy")
}

func TestLiveNumPy24MLDtypes(t *testing.T) {
	liveCase(t, "sid", true, []string{"ml_dtypes=true"}, "", "numpy", "ml_dtypes")
}

// TestLiveNumPy124LegacyMLDtypes needs ml_dtypes 0.5 built for the host's
// NumPy 1.24 (Debian bookworm has no package for it): set
// PROMOTE_HOST_ML_DTYPES to the directory holding its ml_dtypes package.
func TestLiveNumPy124LegacyMLDtypes(t *testing.T) {
	dir := os.Getenv("PROMOTE_HOST_ML_DTYPES")
	if dir == "" {
		t.Skip("PROMOTE_HOST_ML_DTYPES not set: no ml_dtypes built for the host's NumPy 1.24")
	}
	prelude := fmt.Sprintf("import sys; sys.path.insert(0, %q)\n", dir)
	liveCase(t, "host", true, []string{"promotion=legacy", "ml_dtypes=true"}, prelude, "numpy")
}

// TestLiveSafeCasts compares the safe-cast relation the ml_dtypes model
// derives (registrations plus NumPy's "equivalent types" rule) with
// np.can_cast(a, b, "safe") over every pair, in NumPy 2.4 and, when built,
// NumPy 1.24.
func TestLiveSafeCasts(t *testing.T) {
	if testing.Short() {
		t.Skip("live NumPy oracles skipped under -short")
	}
	for _, c := range []struct{ oracle, prelude string }{
		{"sid", ""},
		{"host", os.Getenv("PROMOTE_HOST_ML_DTYPES")},
	} {
		t.Run(c.oracle, func(t *testing.T) {
			prelude := ""
			if c.oracle == "host" {
				if c.prelude == "" {
					t.Skip("PROMOTE_HOST_ML_DTYPES not set: no ml_dtypes built for the host's NumPy 1.24")
				}
				prelude = fmt.Sprintf("import sys; sys.path.insert(0, %q)\n", c.prelude)
			}
			p := oracle.Require(t, c.oracle, "numpy")
			var qs []liveQuery
			var pairs [][2]ntype
			for a := ntype(0); a < numAllTypes; a++ {
				for b := ntype(0); b < numAllTypes; b++ {
					if a == nLongLong || a == nULongLong || b == nLongLong || b == nULongLong {
						continue
					}
					pairs = append(pairs, [2]ntype{a, b})
					qs = append(qs, liveQuery{"cc", ntypes[a].dtype.String() + " " + ntypes[b].dtype.String()})
				}
			}
			answers := runOracle(t, p, true, qs, prelude)
			bad := 0
			for i, pr := range pairs {
				if got := fmt.Sprint(safeTable[pr[0]][pr[1]]); got != answers[i] {
					if bad++; bad <= maxReport {
						t.Errorf("can_cast(%s, %s, safe): promote %s, NumPy %s", ntypes[pr[0]].name, ntypes[pr[1]].name, got, answers[i])
					}
				}
			}
			t.Logf("%s: %d pairs, %d disagree", c.oracle, len(pairs), bad)
		})
	}
}
