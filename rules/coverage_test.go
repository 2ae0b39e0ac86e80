package rules

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/rules/triton"
)

// vectorMarker marks a testdata file in internal/tsvtest's vector format
// (NAME SETTINGS QUERY ANSWER [MESSAGE [RULE [SOURCE]]]), answered as
// `promote batch` answers: a header comment line holding it puts the file
// in the coverage proof below. Every rule set's package marks its own.
const vectorMarker = "vector-format: batch"

// divisionMarker marks a file in the same columns whose queries are two
// operands typed on the path of division (/, //, %), which the batch
// contract does not reach; divisions says how each system types it.
const divisionMarker = "vector-format: division"

// divisions types a division of two operands, for the rule sets whose
// division has rules of its own.
var divisions = map[string]func(r promote.Rules, a, b promote.Operand) (promote.Result, error){
	triton.Name: func(r promote.Rules, a, b promote.Operand) (promote.Result, error) {
		return triton.ComputationType(r, a, b, true)
	},
}

// unreachable names the rules no query of the batch grammar can reach,
// each with the reason, keyed "SYSTEM RULE-ID": the parser makes the query
// impossible, or the rule types an operand inside a step that another
// rule decides.
var unreachable = map[string]string{
	"keras no-promotion-path": "unreachable with Keras's dtypes, as its text says",
	"tvm python-bool":         "types a literal inside a binary operator, where the cascade's rule decides the step: no answer names it",
	"tvm python-int":          "types a literal inside a binary operator, where the cascade's rule decides the step: no answer names it",
	"tvm python-float":        "types a literal inside a binary operator, where the cascade's rule decides the step: no answer names it",
	"numpy no-common-dtype":   "guards a result outside the catalogue; NumPy's builtin numeric dtypes always have a common dtype",
	"pytorch one-slot":        "names combine_categories with an empty slot, which only the State API (program typing) reports; Result names the filled slot's own rule",
	"jax python-scalar":       "refuses an operand kind the parser never makes",
	"mlx python-scalar":       "refuses a literal kind the parser never makes; a Python literal MLX cannot take is refused by python-literal",
	"keras python-scalar":     "refuses a literal kind the parser never makes; a Python literal Keras cannot take is refused by python-literal",
}

// reachedByID names the rule sets whose versions each repeat the same
// rules (same ID, same words, a Rule value per version): their vectors
// need only reach each ID under some version, not each version's copy.
var reachedByID = map[string]bool{"tinygrad": true, "tvm": true}

// TestDeclarations: every registered rule set declares what it is (its
// weak-type policy, host language, rule list and admission refusals),
// consistently, and every declared rule says where it comes from.
func TestDeclarations(t *testing.T) {
	for _, d := range All() {
		if err := d.CheckDeclaration(); err != nil {
			t.Error(err)
		}
		if len(d.Rules) == 0 {
			t.Errorf("%s: declares no rules", d.Name)
		}
		for _, r := range d.Rules {
			if r == nil || r.ID == "" || r.Source == "" {
				t.Errorf("%s: rule %v has no ID or no source", d.Name, r)
			}
		}
		if d.Weak == promote.NoWeakTypes && d.Admission.NoWeak == nil {
			t.Errorf("%s: no weak types, but no NoWeak refusal to say so", d.Name)
		}
	}
}

// TestAdmission: under every preset, a rule set with no weak types
// refuses a weak tensor of each dtype it has with its NoWeak rule, and one
// with weak types of some dtypes only (Admission.WeakDTypes) refuses a weak
// tensor of each other dtype it has with its NoWeak rule for that operand
// and admits the rest; a rule set that declares its dtypes refuses a
// tensor of every other dtype with its NoDType rule, and a typed scalar of
// a dtype its tensors have but its scalars do not (Admission.ScalarDTypes)
// the same way; all before its own promotion runs.
func TestAdmission(t *testing.T) {
	for _, d := range All() {
		for _, kv := range append([][]string{nil}, d.Presets...) {
			r, err := d.Build(kv...)
			if err != nil {
				t.Fatalf("%s %v: %v", d.Name, kv, err)
			}
			s := r.Settings()
			has := d.DTypesOf(s)
			if ref := d.Admission.NoWeak; ref != nil {
				var weak *promote.DTypeSet // nil: no dtype may be weak
				if d.Weak == promote.WeakTypes && d.Admission.WeakDTypes != nil {
					weak = d.Admission.WeakDTypes(s)
				}
				for _, x := range has {
					o := promote.Weak(promote.T(x))
					if weak != nil && weak.Has(x) {
						requireNoRefusal(t, r, ref.RuleForOperand(s, o), o)
						continue
					}
					requireRefusal(t, r, ref.RuleForOperand(s, o), o)
				}
			}
			if ref := d.Admission.NoDType; ref != nil {
				for _, x := range dtype.All() {
					if !slices.Contains(has, x) {
						requireRefusal(t, r, ref.RuleForOperand(s, promote.T(x)), promote.T(x))
						requireRefusal(t, r, ref.RuleForOperand(s, promote.T(x)), promote.T(has[0]), promote.T(x))
					}
				}
				if d.Admission.ScalarDTypes != nil {
					scalars := d.Admission.ScalarDTypes(s)
					for _, x := range has {
						if o := promote.ScalarOf(x, promote.Value{}); !scalars.Has(x) {
							requireRefusal(t, r, ref.RuleForOperand(s, o), o)
							requireRefusal(t, r, ref.RuleForOperand(s, o), promote.T(has[0]), o)
						}
					}
				}
			}
		}
	}
}

// requireNoRefusal fails the test when the operands are refused by rule
// not: an operand the declaration admits must get past admission.
func requireNoRefusal(t *testing.T, r promote.Rules, not *promote.Rule, ops ...promote.Operand) {
	t.Helper()
	_, err := r.Result(ops...)
	var pe *promote.Error
	if errors.As(err, &pe) && pe.Rule == not {
		t.Errorf("%s %s: %v; admitted operands refused by rule %s", r.Def().Name, r.Settings(), err, not.ID)
	}
}

func requireRefusal(t *testing.T, r promote.Rules, want *promote.Rule, ops ...promote.Operand) {
	t.Helper()
	res, err := r.Result(ops...)
	var pe *promote.Error
	if !errors.As(err, &pe) || pe.Rule != want {
		t.Errorf("%s %s: %v, %v; want a refusal by rule %s", r.Def().Name, r.Settings(), res, err, want.ID)
	}
}

// TestEveryRuleIsReached: every marked vector file of a rule set's package
// holds (tsvtest.RunVectors); every rule the package declares is in
// its Def.Rules, and every rule in Def.Rules decides or refuses at least
// one query of the package's vector files (those marked vectorMarker),
// through Result or, for a query of two plain tensors, PromoteTypes: no
// rule is dead, and every rule has a test.
func TestEveryRuleIsReached(t *testing.T) {
	for _, d := range All() {
		t.Run(d.Name, func(t *testing.T) {
			dir := packageDir(t, d)
			tsvtest.RequireRulesListed(t, dir, d.Rules)
			batch, division := markedFiles(t, dir, vectorMarker), markedFiles(t, dir, divisionMarker)
			if len(batch) == 0 {
				t.Fatalf("no vector file in %s/testdata is marked %q", dir, vectorMarker)
			}
			for _, path := range batch {
				t.Run(filepath.Base(path), func(t *testing.T) { tsvtest.RunVectors(t, d, path) })
			}
			reached := map[*promote.Rule]bool{}
			reachedID := map[string]bool{}
			note := func(r *promote.Rule) {
				if r != nil {
					reached[r] = true
					reachedID[r.ID] = true
				}
			}
			eachQuery(t, d, batch, func(r promote.Rules, ops []promote.Operand) {
				res, err := r.Result(ops...)
				note(ruleOf(res, err))
				if a, b, ok := plainPair(ops); ok {
					res, err := r.PromoteTypes(a, b)
					note(ruleOf(res, err))
				}
			})
			if len(division) > 0 {
				div, ok := divisions[d.Name]
				if !ok {
					t.Fatalf("%v are marked %q, but %s has no division in divisions", division, divisionMarker, d.Name)
				}
				eachQuery(t, d, division, func(r promote.Rules, ops []promote.Operand) {
					if len(ops) == 2 {
						res, err := div(r, ops[0], ops[1])
						note(ruleOf(res, err))
					}
				})
			}
			for key := range unreachable {
				if sys, id, _ := strings.Cut(key, " "); sys == d.Name {
					if !slices.ContainsFunc(d.Rules, func(r *promote.Rule) bool { return r.ID == id }) {
						t.Errorf("unreachable lists %s, which %s does not declare", id, d.Name)
					}
					if reachedID[id] {
						t.Errorf("unreachable lists %s, but a vector reaches it", id)
					}
				}
			}
			var missing []string
			for _, r := range d.Rules {
				if _, ok := unreachable[d.Name+" "+r.ID]; ok || reached[r] || reachedByID[d.Name] && reachedID[r.ID] {
					continue
				}
				missing = append(missing, r.ID)
			}
			if len(missing) > 0 {
				slices.Sort(missing)
				t.Errorf("rules no vector reaches: %s", strings.Join(slices.Compact(missing), ", "))
			}
		})
	}
}

// packageDir is the directory, relative to this package, of the package
// that declares d: the package of its constructor.
func packageDir(t *testing.T, d *promote.Def) string {
	t.Helper()
	fn := runtime.FuncForPC(reflect.ValueOf(d.New).Pointer())
	if fn == nil {
		t.Fatalf("%s: no constructor", d.Name)
	}
	const prefix = "github.com/promote-dev/promote/rules/"
	rest, ok := strings.CutPrefix(fn.Name(), prefix)
	if !ok {
		t.Fatalf("%s: constructor %s is outside rules/", d.Name, fn.Name())
	}
	pkg, _, _ := strings.Cut(rest, ".")
	return pkg
}

// eachQuery calls f with the rule set built under each row's settings and
// the row's operands, for every row of the vector files; rows whose
// settings or query do not build or parse are another test's business.
func eachQuery(t *testing.T, d *promote.Def, files []string, f func(promote.Rules, []promote.Operand)) {
	t.Helper()
	for _, path := range files {
		for _, row := range tsvtest.Read(t, path) {
			if len(row.Fields) < 3 {
				continue
			}
			r, err := d.Build(tsvtest.Settings(row.Fields[1])...)
			if err != nil {
				continue
			}
			ops, err := promote.ParseOperands(d.Dialect, row.Fields[2])
			if err != nil {
				continue
			}
			f(r, ops)
		}
	}
}

// plainPair reports whether ops are two plain tensors (strong, ranked), the
// query PromoteTypes answers too, and their dtypes.
func plainPair(ops []promote.Operand) (dtype.DType, dtype.DType, bool) {
	if len(ops) != 2 {
		return 0, 0, false
	}
	for _, o := range ops {
		if o.Kind != promote.Tensor || o.Weak || o.Rank != promote.RankPositive {
			return 0, 0, false
		}
	}
	return ops[0].DType, ops[1].DType, true
}

// ruleOf is the rule that decided or refused.
func ruleOf(res promote.Result, err error) *promote.Rule {
	if err == nil {
		return res.Rule
	}
	var pe *promote.Error
	if errors.As(err, &pe) {
		return pe.Rule
	}
	return nil
}

// markedFiles lists the vector files of dir/testdata whose header (the
// leading comment lines) holds marker.
func markedFiles(t *testing.T, dir, marker string) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(dir, "testdata", "*.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range paths {
		if headerHolds(t, p, marker) {
			out = append(out, p)
		}
	}
	return out
}

func headerHolds(t *testing.T, path, marker string) bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "#") {
			return false
		}
		if strings.Contains(line, marker) {
			return true
		}
	}
	return false
}
