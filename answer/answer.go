// Package answer answers one query under several rule sets and marks
// where they disagree (Compare): what promote f16 i64 and promote compare
// print, one row per rule set, shared by the command and the explorer so
// that both give the same answers, marks and errors.
package answer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/castline"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/rules"
)

// families are the display families, read once (rules.Families copies
// them on every call).
var families = rules.Families()

// Row is one rule set's answer to a query.
type Row struct {
	Rules    string   `json:"rules"`
	Settings []string `json:"settings,omitempty"`
	Result   string   `json:"result,omitempty"`
	Weak     bool     `json:"weak,omitempty"`
	RuleID   string   `json:"rule,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Source   string   `json:"source,omitempty"`
	Error    string   `json:"error,omitempty"`
	Differs  bool     `json:"differs"`
	// Brief is the short line of a terminal's default view (see Brief and
	// BriefError): why this query gets this answer. It is not part of the
	// JSON, whose rows keep the rule's full text and source.
	Brief string `json:"-"`
	// Family names the rule set's family (rules.Families), FamilyIndex
	// its place there: len(rules.Families()) for a rule set in none.
	Family      string `json:"family,omitempty"`
	FamilyIndex int    `json:"-"`
}

// Label names the row's rule set with its changed settings: "numpy" or
// "jax x64=true".
func (r Row) Label() string {
	if len(r.Settings) == 0 {
		return r.Rules
	}
	return r.Rules + " " + strings.Join(r.Settings, " ")
}

// Answer is the result, or "error" for a refusal.
func (r Row) Answer() string {
	if r.Error != "" {
		return "error"
	}
	return r.Result
}

// Evaluate answers one query under one rule set.
func Evaluate(r promote.Rules, ops []promote.Operand) Row {
	rw := Row{Rules: r.Def().Name, Settings: r.Settings().Changed(), FamilyIndex: rules.FamilyOf(r.Def().Name)}
	if rw.FamilyIndex < len(families) {
		rw.Family = families[rw.FamilyIndex].Name
	}
	res, err := r.Result(ops...)
	if err != nil {
		rw.Error = CutValues(OneLine(err.Error()), ops)
		rw.Brief = BriefError(err, ops)
		var pe *promote.Error
		if errors.As(err, &pe) && pe.Rule != nil {
			rw.RuleID, rw.Source = pe.Rule.ID, pe.Rule.Source
		}
		return rw
	}
	rw.Result, rw.Weak = res.String(), res.Weak
	if res.Rule != nil {
		rw.RuleID, rw.Reason, rw.Source = res.Rule.ID, res.Rule.Text, res.Rule.Source
	}
	rw.Brief = Brief(r, res, ops)
	return rw
}

// A Comparison is one query answered under several rule sets.
type Comparison struct {
	// Rows are the answers, one per rule set, in the order given; Differs
	// marks those that differ from the most common answer (see Mark).
	Rows []Row
	// Summary says who agrees and who differs: promote compare's last
	// line.
	Summary string
}

// Compare answers one query under each of rs and marks where they
// disagree. It is what promote f16 i64 does with rs the rule sets and
// presets of rules.Select("") and ops read in the neutral spelling
// (ParseOperands with dtype.Neutral), so that every row answers the same
// question.
func Compare(rs []promote.Rules, ops []promote.Operand) Comparison {
	rows := make([]Row, len(rs))
	for i, r := range rs {
		rows[i] = Evaluate(r, ops)
	}
	return Comparison{Rows: rows, Summary: Mark(rows)}
}

// ParseOperands reads query operands, one a token, in a dialect. An error
// is the operand's *promote.SyntaxError.
func ParseOperands(d *dtype.Dialect, tokens []string) ([]promote.Operand, error) {
	ops := make([]promote.Operand, 0, len(tokens))
	for _, a := range tokens {
		o, err := promote.ParseOperandIn(d, a)
		if err != nil {
			return nil, err
		}
		ops = append(ops, o)
	}
	return ops, nil
}

// Mark sets Differs on the rows whose answer differs from the most common
// answer among the rows that give one, and returns the line that says so.
// A refusal is never marked: when most rule sets refuse, the few that
// answer are what the user came for, and marking them for disagreeing with
// "error" would hide the question that matters, whether they agree with
// each other. When the top answers tie, there is no most common one and
// every answer is marked.
func Mark(rows []Row) string {
	count := map[string]int{}
	var order []string
	refused := 0
	for _, r := range rows {
		if r.Error != "" {
			refused++
			continue
		}
		if count[r.Result] == 0 {
			order = append(order, r.Result)
		}
		count[r.Result]++
	}
	answered := len(rows) - refused
	best, tie := "", false
	for _, a := range order {
		switch {
		case count[a] > count[best]:
			best, tie = a, false
		case count[a] == count[best]:
			tie = true
		}
	}
	marked := 0
	for i := range rows {
		rows[i].Differs = rows[i].Error == "" && (tie || rows[i].Result != best)
		if rows[i].Differs {
			marked++
		}
	}
	refusals := ""
	if refused > 0 {
		refusals = fmt.Sprintf("; %d refuse", refused)
	}
	switch {
	case answered == 0:
		return fmt.Sprintf("all %d refuse", refused)
	case len(order) == 1 && refused == 0:
		return fmt.Sprintf("all %d agree", answered)
	case len(order) == 1:
		if answered == 1 {
			return fmt.Sprintf("only 1 answers (%s)%s", best, refusals)
		}
		return fmt.Sprintf("the %d that answer agree (%s)%s", answered, best, refusals)
	case tie:
		return fmt.Sprintf("≠ marks all %d answers: they split with no most common answer%s", answered, refusals)
	}
	return fmt.Sprintf("≠ marks the %d of %d answers that differ from the most common, %s (%d)%s", marked, answered, best, count[best], refusals)
}

// CutValues cuts the long literal texts a rule set's message may echo
// (a 10,000-digit int in an OverflowError): promote.Error cuts its operand
// list, but the message is in the system's own words.
func CutValues(msg string, ops []promote.Operand) string {
	if len(msg) <= 2*clip.TokenBytes {
		return msg
	}
	toks := make([]string, 0, len(ops))
	for _, o := range ops {
		if o.HasValue() {
			toks = append(toks, o.Value.Text)
		}
	}
	return castline.Cut(msg, toks, clip.TokenBytes)
}

// OneLine makes a message fit on one line.
func OneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
