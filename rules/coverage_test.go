package rules

import (
	"bufio"
	"errors"
	"io/fs"
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
	"github.com/promote-dev/promote/kit"
)

// vectorMarker marks a testdata file in internal/tsvtest's vector format
// (NAME SETTINGS QUERY ANSWER [MESSAGE [RULE [SOURCE]]]), answered as
// `promote batch` answers: a header comment line holding it puts the file
// in the coverage proof below. Every rule set's package marks its own.
const vectorMarker = "vector-format: batch"

// divisionMarker marks a file in the same columns whose queries are two
// operands typed on the path of division (/, //, %), which the batch
// contract does not reach; the rule set types them with its divider.
const divisionMarker = "vector-format: division"

// divider is implemented by a rule set whose division has rules of its
// own (Triton's computation type with div_or_mod): it types a / b.
type divider interface {
	DivisionType(a, b promote.Operand) (promote.Result, error)
}

// unreachableFile, in a rule set's testdata, lists the rules no query of
// the batch grammar can reach (RULE-ID, then the reason): the parser makes
// the query impossible, or the rule types an operand inside a step that
// another rule decides. Each package keeps its own.
const unreachableFile = "unreachable.tsv"

// unreachableRules reads the package's unreachable rules: ID to reason.
func unreachableRules(t *testing.T, dir string) map[string]string {
	t.Helper()
	path := filepath.Join(dir, "testdata", unreachableFile)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	out := map[string]string{}
	for _, row := range tsvtest.Read(t, path) {
		if len(row.Fields) != 2 || row.Fields[1] == "" {
			t.Fatalf("%s:%d: want RULE-ID, a tab and the reason", path, row.Line)
		}
		out[row.Fields[0]] = row.Fields[1]
	}
	return out
}

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
		// CheckDeclaration does not ask for these: a rule file has no
		// family, and its host is Python by default. A built-in states
		// both.
		if d.Family.String() == "" {
			t.Errorf("%s: declares no display family (Def.Family)", d.Name)
		}
		if d.Host.String() == "host?" {
			t.Errorf("%s: declares no host language (Def.Host)", d.Name)
		}
	}
}

// TestLiveOracles: every live framework a rule set declares for promote
// probe is named once in the registry, never by another rule set's name;
// its pinned settings are settings of the rule set; and every dtype it
// names is one the rule set promotes with itself under some setting the
// probe tries (the pins with the defaults, a preset, or one option value
// changed), so that no name is sent for a dtype the probe never asks.
func TestLiveOracles(t *testing.T) {
	owner := map[string]string{} // rule set names and oracle modules: their rule set
	modules := map[string]bool{}
	for _, d := range All() {
		owner[d.Name] = d.Name
	}
	for _, d := range All() {
		for _, o := range d.Oracles {
			if o.Module == "" {
				t.Errorf("%s: a live oracle without a module", d.Name)
				continue
			}
			if prev, ok := owner[o.Module]; ok && (prev != d.Name || modules[o.Module]) {
				t.Errorf("%s: live oracle %s is also %s's name or oracle", d.Name, o.Module, prev)
			}
			owner[o.Module], modules[o.Module] = d.Name, true
			if _, err := d.Parse(o.Pinned...); err != nil {
				t.Errorf("%s: live oracle %s: pinned settings %v: %v", d.Name, o.Module, o.Pinned, err)
				continue
			}
			var built []promote.Rules
			for _, kv := range probedSettings(d, o.Pinned) {
				if r, err := d.Build(kv...); err == nil {
					built = append(built, r)
				}
			}
			for x, name := range o.Names {
				if name == "" {
					t.Errorf("%s: live oracle %s names %s with an empty name", d.Name, o.Module, x)
				}
				if !slices.ContainsFunc(built, func(r promote.Rules) bool {
					_, err := r.PromoteTypes(x, x)
					return err == nil
				}) {
					t.Errorf("%s: live oracle %s names %s (%q), a dtype no setting of the rule set has", d.Name, o.Module, x, name)
				}
			}
		}
	}
}

// probedSettings are pinned with the defaults, with each preset, and with
// each value of each option not pinned alone.
func probedSettings(d *promote.Def, pinned []string) [][]string {
	with := func(kv ...string) []string { return append(slices.Clone(pinned), kv...) }
	out := [][]string{with()}
	for _, p := range d.Presets {
		out = append(out, with(p...))
	}
	for _, o := range d.Options {
		if slices.ContainsFunc(pinned, func(kv string) bool { return strings.HasPrefix(kv, o.Name+"=") }) {
			continue
		}
		vals := o.Values
		if o.Kind == promote.BoolOption {
			vals = []string{"true", "false"}
		}
		for _, v := range vals {
			out = append(out, with(o.Name+"="+v))
		}
	}
	return out
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
			// A rule repeated word for word under another version (the
			// same ID and text, a Rule value per version citing its own
			// commit: tinygrad's and tvm's) is reached when one copy is.
			reachedText := map[[2]string]bool{}
			note := func(r *promote.Rule) {
				if r != nil && !reached[r] {
					reached[r] = true
					reachedID[r.ID] = true
					reachedText[[2]string{r.ID, r.Text}] = true
					checkAdoption(t, d.Name, r) // a rule answered with but not listed too
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
				eachQuery(t, d, division, func(r promote.Rules, ops []promote.Operand) {
					div, ok := r.(divider)
					if !ok {
						t.Fatalf("%v are marked %q, but %s has no DivisionType", division, divisionMarker, d.Name)
					}
					if len(ops) == 2 {
						res, err := div.DivisionType(ops[0], ops[1])
						note(ruleOf(res, err))
					}
				})
			}
			unreachable := unreachableRules(t, dir)
			for id := range unreachable {
				if !slices.ContainsFunc(d.Rules, func(r *promote.Rule) bool { return r.ID == id }) {
					t.Errorf("%s lists %s, which %s does not declare", unreachableFile, id, d.Name)
				}
				if reachedID[id] {
					t.Errorf("%s lists %s, but a vector reaches it", unreachableFile, id)
				}
			}
			var missing []string
			for _, r := range d.Rules {
				if _, ok := unreachable[r.ID]; ok || reached[r] || reachedText[[2]string{r.ID, r.Text}] {
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

// TestSharedRules: every rule stated under one of a shared rule's IDs
// (package kit: no-weak-types and its kin, the Python scalars) adopts that
// shared rule, so that a new system cannot silently declare its own, and
// every adoption goes by one of its shared rule's IDs; every system with no
// weak types refuses a weak operand, under every preset, with an adoption
// of kit.NoWeakTypes; and every shared rule has adopters, derived
// (Adopters), not listed by hand.
func TestSharedRules(t *testing.T) {
	for _, d := range All() {
		for _, r := range d.Rules {
			checkAdoption(t, d.Name, r)
		}
		if d.Weak != promote.NoWeakTypes || d.Admission.NoWeak == nil {
			continue
		}
		for _, kv := range append([][]string{nil}, d.Presets...) {
			s, err := d.Parse(kv...)
			if err != nil {
				t.Fatalf("%s %v: %v", d.Name, kv, err)
			}
			if r := d.Admission.NoWeak.RuleFor(s); !kit.NoWeakTypes.Adopted(r) {
				t.Errorf("%s %v: the NoWeak refusal's rule %v does not adopt kit.NoWeakTypes", d.Name, kv, r)
			}
		}
	}
	for _, s := range kit.SharedRules() {
		var names []string
		for _, a := range Adopters(s) {
			if !s.Adopted(a.Rule) {
				t.Errorf("Adopters(%s) lists %s's %s, which does not adopt it", s.Name(), a.RuleSet, a.Rule.ID)
			}
			names = append(names, a.RuleSet+" "+a.Rule.ID)
		}
		if len(names) == 0 {
			t.Errorf("no rule set adopts the shared rule %s", s.Name())
		}
		t.Logf("%s: %s", s.Name(), strings.Join(slices.Compact(names), ", "))
	}
}

// checkAdoption reports a rule of rule set name that goes by a shared
// rule's ID without adopting it, or adopts a shared rule under an ID that
// is not the shared rule's.
func checkAdoption(t *testing.T, name string, r *promote.Rule) {
	t.Helper()
	if r == nil {
		return
	}
	want, got := kit.SharedByID(r.ID), kit.SharedOf(r)
	switch {
	case r.Shared != nil && got == nil:
		t.Errorf("%s: rule %s links to %v, which is not a shared rule of package kit", name, r.ID, r.Shared)
	case want != nil && got != want:
		t.Errorf("%s: rule %s goes by an ID of the shared rule %s but does not adopt it (declare it with kit.%s.Adopt)", name, r.ID, want.Name(), sharedVar(want))
	case got != nil && want != got:
		t.Errorf("%s: rule %s adopts the shared rule %s under an ID that is not one of its IDs %v", name, r.ID, got.Name(), got.IDs())
	}
}

// sharedVar names the kit variable of a shared rule, for the error that
// asks a rule set to adopt it.
func sharedVar(s *kit.Shared) string {
	for name, v := range map[string]*kit.Shared{"NoWeakTypes": kit.NoWeakTypes, "PythonBool": kit.PythonBool, "PythonInt": kit.PythonInt,
		"PythonFloat": kit.PythonFloat, "PythonComplex": kit.PythonComplex, "PythonIntRange": kit.PythonIntRange, "PythonScalars": kit.PythonScalars} {
		if v == s {
			return name
		}
	}
	return s.Name()
}
