package probe

import (
	"fmt"
	"io"
	"strings"
)

// Report is what a probe found: the interpreter, and each framework asked.
type Report struct {
	// Promote is the promote build that answered (the caller sets it: the
	// command writes its module version and VCS revision).
	Promote       string `json:"promote,omitempty"`
	Python        string `json:"python"`         // the interpreter's path
	PythonVersion string `json:"python_version"` // as sys.version gives it
	// Memory says how the script's memory was bounded (RLIMIT_DATA=N), or
	// why it was not.
	Memory     string            `json:"memory_limit"`
	Frameworks []FrameworkReport `json:"frameworks"`
}

// FrameworkReport is one framework's result.
type FrameworkReport struct {
	Name  string `json:"name"` // torch, numpy, numpy+ml_dtypes, jax, ...
	Found bool   `json:"found"`
	// Version is the framework's own version string.
	Version string `json:"version,omitempty"`
	// Note says how it was asked (torch.result_type; the default dtype),
	// or why it was not (not installed; skipped: needs a CUDA device).
	Note string `json:"note,omitempty"`
	// VersionNote says when the release is not one the rule set's version
	// option names (newer than the newest, older than the oldest, or
	// between two): the best setting is then the closest model.
	VersionNote string `json:"version_note,omitempty"`
	// Rules is the rule set it was matched with.
	Rules   string `json:"rules,omitempty"`
	Queries int    `json:"queries"`
	// Best is the setting that agrees on the most queries; Exact when it
	// agrees on every one.
	Best  *SettingScore `json:"best,omitempty"`
	Exact bool          `json:"exact"`
	// Settings are every setting tried, most agreements first.
	Settings []SettingScore `json:"settings,omitempty"`
	// Disagreements are the queries where Best disagrees; Unmatched
	// counts those where no setting agrees.
	Disagreements []Disagreement `json:"disagreements,omitempty"`
	Unmatched     int            `json:"unmatched"`
	// Unmodelled are the framework's own dtype names that no setting of
	// the rule set knows, so no query asks about them (listed where the
	// script can enumerate the framework's dtypes).
	Unmodelled []string `json:"unmodelled,omitempty"`
}

// SettingScore is one setting and how many queries it agrees on.
type SettingScore struct {
	Setting string `json:"setting"` // a rule spec: numpy:promotion=legacy
	Agree   int    `json:"agree"`
}

// Disagreement is one query where the best setting and the framework
// differ.
type Disagreement struct {
	// Query is in promote's operand grammar: f32 is a one-element tensor,
	// f32[](1) a zero-dim tensor holding 1, 1.5 a Python float.
	Query string `json:"query"`
	// Python is the same query as Python to run (empty for Triton and
	// Keras, asked through internal calls).
	Python    string `json:"python,omitempty"`
	Framework string `json:"framework"` // the framework's dtype, or error: Class: message
	Promote   string `json:"promote"`   // the best setting's answer
	Rule      string `json:"rule"`      // the rule that decided it
	// AgreedBy lists the other settings that answer as the framework
	// does; empty when none does.
	AgreedBy []string `json:"agreed_by,omitempty"`
}

// MaxRows is how many disagreements WriteMarkdown lists per framework;
// the JSON report has them all.
const MaxRows = 200

// WriteMarkdown writes the report as Markdown a user can paste into an
// issue: a summary table, then for each framework found its settings and
// the queries where the best one disagrees.
func (r *Report) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# promote probe\n\n")
	promoteVersion := r.Promote
	if promoteVersion == "" {
		promoteVersion = "(version unknown)"
	}
	fmt.Fprintf(&b, "promote %s; Python %s (%s); memory bound: %s.\n\n", promoteVersion, r.PythonVersion, r.Python, r.Memory)
	var absent, rows []string
	for _, f := range r.Frameworks {
		if !f.Found {
			absent = append(absent, fmt.Sprintf("%s (%s)", f.Name, f.Note))
			continue
		}
		agree := fmt.Sprintf("%d of %d", f.Best.Agree, f.Queries)
		if f.Exact {
			agree += " (all)"
		}
		rows = append(rows, fmt.Sprintf("| %s | %s | %s | `%s` | %s |\n", cell(f.Name), cell(f.Version), cell(f.Rules), f.Best.Setting, agree))
	}
	if len(rows) == 0 {
		b.WriteString("None of the frameworks promote models was found in this Python.\n")
	} else {
		b.WriteString("| framework | version | rule set | best setting | agrees on |\n|---|---|---|---|---|\n")
		b.WriteString(strings.Join(rows, ""))
	}
	if len(absent) > 0 {
		fmt.Fprintf(&b, "\nNot probed: %s.\n", strings.Join(absent, "; "))
	}
	for _, f := range r.Frameworks {
		if !f.Found {
			continue
		}
		fmt.Fprintf(&b, "\n## %s %s\n\n", f.Name, f.Version)
		fmt.Fprintf(&b, "Asked with %s. %d queries.\n\n", f.Note, f.Queries)
		if f.VersionNote != "" {
			fmt.Fprintf(&b, "**Note:** %s.\n\n", f.VersionNote)
		}
		if f.Exact {
			fmt.Fprintf(&b, "`%s` answers as %s does on every query.\n", f.Best.Setting, f.Name)
		} else {
			fmt.Fprintf(&b, "Closest: `%s`, agreeing on %d of %d queries; on %d of the %d where it differs no setting agrees.\n",
				f.Best.Setting, f.Best.Agree, f.Queries, f.Unmatched, len(f.Disagreements))
		}
		b.WriteString("\nSettings tried: ")
		for i, s := range f.Settings {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "`%s` %d", s.Setting, s.Agree)
		}
		b.WriteString(".\n")
		if len(f.Unmodelled) > 0 {
			fmt.Fprintf(&b, "\nDtypes %s has that no setting of %s knows (not asked): %s.\n", f.Name, f.Rules, strings.Join(f.Unmodelled, ", "))
		}
		if len(f.Disagreements) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n| query | in Python | %s says | promote (`%s`) says | rule | settings that agree |\n|---|---|---|---|---|---|\n", cell(f.Name), f.Best.Setting)
		for i, d := range f.Disagreements {
			if i == MaxRows {
				fmt.Fprintf(&b, "\n… and %d more (promote probe -json lists them all).\n", len(f.Disagreements)-MaxRows)
				break
			}
			others := "none"
			if len(d.AgreedBy) > 0 {
				others = "`" + strings.Join(d.AgreedBy, "`, `") + "`"
			}
			py := ""
			if d.Python != "" {
				py = "`" + cell(d.Python) + "`"
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s | %s |\n", d.Query, py, cell(d.Framework), cell(d.Promote), cell(d.Rule), others)
		}
	}
	b.WriteString("\nQueries are in promote's operand grammar: `f32` is a one-element tensor, `f32[](1)` a zero-dim tensor holding 1, `1.5` a Python float; each asks the dtype of the two operands combined.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// cell makes text safe inside a Markdown table cell.
func cell(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	return strings.ReplaceAll(s, "|", `\|`)
}
