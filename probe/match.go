package probe

import (
	"slices"
	"sort"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// verdict is one answer, framework's or promote's, reduced to what is
// compared: a dtype, or a refusal.
type verdict struct {
	dtype  dtype.DType // Invalid for a refusal or a name outside the catalogue
	refuse bool
	text   string // as shown: the dtype's name, or "error: ..."
	rule   *promote.Rule
}

// agrees reports whether promote's verdict p matches the framework's f:
// the same dtype (promote's weak flag aside: the frameworks report only
// the dtype), or both refusing. A framework answer promote's catalogue
// cannot name (NumPy's object dtype) agrees with a refusal, since promote
// refuses what it cannot name.
func agrees(f, p verdict) bool {
	if f.refuse || f.dtype == dtype.Invalid {
		return p.refuse
	}
	return !p.refuse && p.dtype == f.dtype
}

// frameworkVerdict reads a script answer in the rule set's dialect.
func frameworkVerdict(a *answer, dial *dtype.Dialect) verdict {
	if a.E != nil {
		return verdict{refuse: true, text: "error: " + clipText(*a.E, 160)}
	}
	name := strings.TrimSpace(*a.A)
	v := verdict{text: name}
	if dial == nil {
		dial = dtype.Neutral
	}
	if d, err := dial.Parse(name); err == nil {
		v.dtype = d
	} else if d, err := dtype.Parse(name); err == nil {
		v.dtype = d
	}
	return v
}

// promoteVerdict asks one setting.
func promoteVerdict(r promote.Rules, ops []promote.Operand) verdict {
	res, err := r.Result(ops...)
	if err != nil {
		v := verdict{refuse: true, text: "error: " + clipText(err.Error(), 160)}
		if pe, ok := err.(*promote.Error); ok {
			v.text = "error: " + clipText(pe.Msg, 160)
			v.rule = pe.Rule
		}
		return v
	}
	return verdict{dtype: res.DType, text: res.String(), rule: res.Rule}
}

// match scores every candidate setting against the framework's answers,
// picks the best (the most agreements; among equals, the setting whose
// version= names the installed release, else the earlier setting, defaults
// first) and lists the queries where the best setting disagrees,
// each with the settings that agree with the framework there (none: no
// setting of promote answers as the framework does).
func match(p *plan, answers []*answer) FrameworkReport {
	fr := FrameworkReport{
		Name: p.fw.Module, Found: true, Version: p.info.Version, Note: p.info.Note,
		Rules: p.def.Name, Queries: len(p.queries),
		Unmodelled:  unmodelled(p.info.DTypes, knownTypes(p.cands), p.def.Dialect),
		VersionNote: versionNote(p.fw.Module, p.info.Version, p.def),
	}
	agree := make([]int, len(p.cands))
	ok := make([][]bool, len(p.queries))
	fv := make([]verdict, len(p.queries))
	for qi, q := range p.queries {
		fv[qi] = frameworkVerdict(answers[qi], p.def.Dialect)
		ok[qi] = make([]bool, len(p.cands))
		for ci, c := range p.cands {
			if agrees(fv[qi], promoteVerdict(c.r, q.ops)) {
				agree[ci]++
				ok[qi][ci] = true
			}
		}
	}
	b := 0
	for i := range agree {
		if agree[i] > agree[b] {
			b = i
		}
	}
	// Releases that promote with the same rules (torch 1.13 and 2.0) tie;
	// the one the framework is belongs in the report, not the first.
	for i := range agree {
		if agree[i] == agree[b] && namesRelease(p.cands[i].label, p.info.Version) && !namesRelease(p.cands[b].label, p.info.Version) {
			b = i
		}
	}
	fr.Best = &SettingScore{Setting: p.cands[b].label, Agree: agree[b]}
	fr.Exact = agree[b] == len(p.queries)
	for i, c := range p.cands {
		fr.Settings = append(fr.Settings, SettingScore{Setting: c.label, Agree: agree[i]})
	}
	sort.SliceStable(fr.Settings, func(i, j int) bool { return fr.Settings[i].Agree > fr.Settings[j].Agree })
	for qi, q := range p.queries {
		if ok[qi][b] {
			continue
		}
		pv := promoteVerdict(p.cands[b].r, q.ops)
		d := Disagreement{Query: q.text, Python: pythonOf(p.fw, q), Framework: fv[qi].text, Promote: pv.text}
		if pv.rule != nil {
			d.Rule = pv.rule.ID + ": " + clipText(pv.rule.Text, 200)
		}
		for ci, c := range p.cands {
			if ok[qi][ci] {
				d.AgreedBy = append(d.AgreedBy, c.label)
			}
		}
		if len(d.AgreedBy) == 0 {
			fr.Unmatched++
		}
		fr.Disagreements = append(fr.Disagreements, d)
	}
	return fr
}

// unmodelled lists the framework's dtype names that no setting of the
// rule set knows: ones the catalogue lacks, or that the rule set refuses.
func unmodelled(names []string, known []dtype.DType, dial *dtype.Dialect) []string {
	if dial == nil {
		dial = dtype.Neutral
	}
	var out []string
	for _, n := range names {
		d, err := dial.Parse(n)
		if err != nil {
			d, err = dtype.Parse(n)
		}
		if err != nil || !slices.Contains(known, d) {
			out = append(out, n)
		}
	}
	return out
}
