package rules

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
)

// A Family groups rule sets for display, so that a side-by-side view of
// every system reads in a few blocks of related systems rather than one
// long list. Each rule set declares its family (promote.Def.Family); the
// families themselves, their names, titles and order, are
// promote.Families.
type Family struct {
	Name  string // a short word for -only: frameworks, compilers, languages
	Title string // what the family is, for headings
	// Members are rule set names in display order: registry order (All).
	Members []string
}

// familyIDs are the declared families in display order; families[i] is
// familyIDs[i] with its members.
var familyIDs = promote.Families()

// families partitions the registry, read once from the declarations. A
// rule set in none (one loaded from a file) is shown after them.
var families = func() []Family {
	var out []Family
	for _, f := range familyIDs {
		fam := Family{Name: f.String(), Title: f.Title()}
		for _, d := range defs {
			if d.Family == f {
				fam.Members = append(fam.Members, d.Name)
			}
		}
		out = append(out, fam)
	}
	return out
}()

// Families returns the display families in order.
func Families() []Family {
	out := make([]Family, len(families))
	for i, f := range families {
		out[i] = f
		out[i].Members = append([]string(nil), f.Members...)
	}
	return out
}

// FamilyOf returns the index of the family holding the named built-in rule
// set in Families, or len(Families()) for a rule set in none.
func FamilyOf(name string) int {
	for _, d := range defs {
		if d.Name == name {
			return familyIndex(d)
		}
	}
	return len(families)
}

// familyIndex is the index in families of d's family, or len(families)
// for a definition that declares none.
func familyIndex(d *promote.Def) int {
	for i, f := range familyIDs {
		if d.Family == f {
			return i
		}
	}
	return len(families)
}

// Select builds the rule sets a comma-separated selection names, in
// display order (by family, then registry order): each item is a family
// name (every member with its defaults and presets), a rule set name (it
// with its defaults and presets), or a spec with options (exactly that
// configuration). An empty selection is every rule set with its defaults
// and presets. A configuration named twice appears once.
func Select(selection string) ([]promote.Rules, error) {
	type pick struct {
		r   promote.Rules
		fam int
		pos int
	}
	var picks []pick
	seen := map[string]bool{}
	add := func(r promote.Rules) {
		l := Label(r)
		if seen[l] {
			return
		}
		seen[l] = true
		picks = append(picks, pick{r, familyIndex(r.Def()), position(r.Def().Name)})
	}
	addDef := func(d *promote.Def) error {
		for _, preset := range append([][]string{nil}, d.Presets...) {
			r, err := d.Build(preset...)
			if err != nil {
				return fmt.Errorf("%s preset %v: %w", d.Name, preset, err)
			}
			add(r)
		}
		return nil
	}
	items := strings.Split(selection, ",")
	if strings.TrimSpace(selection) == "" {
		items = nil
		for _, d := range defs {
			if err := addDef(d); err != nil {
				return nil, err
			}
		}
	}
	if len(items) > maxSpecs {
		return nil, fmt.Errorf("%d rule sets selected; at most %d", len(items), maxSpecs)
	}
	for _, item := range items {
		item = strings.TrimSpace(item)
		if fam, ok := familyNamed(item); ok {
			for _, m := range fam.Members {
				d, err := Lookup(m)
				if err != nil {
					return nil, err
				}
				if err := addDef(d); err != nil {
					return nil, err
				}
			}
			continue
		}
		if !strings.Contains(item, ":") {
			d, err := Lookup(item)
			if err != nil {
				return nil, fmt.Errorf("%w; or a family: %s", err, familyNames())
			}
			if err := addDef(d); err != nil {
				return nil, err
			}
			continue
		}
		r, err := Parse(item)
		if err != nil {
			return nil, err
		}
		add(r)
	}
	// Stable: by family, then registry position, keeping the order of
	// configurations within one rule set.
	for i := 1; i < len(picks); i++ {
		for j := i; j > 0 && (picks[j].fam < picks[j-1].fam || picks[j].fam == picks[j-1].fam && picks[j].pos < picks[j-1].pos); j-- {
			picks[j], picks[j-1] = picks[j-1], picks[j]
		}
	}
	out := make([]promote.Rules, len(picks))
	for i, p := range picks {
		out[i] = p.r
	}
	return out, nil
}

// position is the rule set's place in the registry, which is display
// order (len(defs) for a rule set not registered: a rule file).
func position(name string) int {
	for i, d := range defs {
		if d.Name == name {
			return i
		}
	}
	return len(defs)
}

func familyNamed(name string) (Family, bool) {
	for _, f := range families {
		if strings.EqualFold(f.Name, name) {
			return f, true
		}
	}
	return Family{}, false
}

func familyNames() string {
	names := make([]string, len(families))
	for i, f := range families {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}
