// Package picture draws promote's answers: a rule set's pair table as a
// coloured grid (with the cells where a second rule set differs marked and
// both answers shown), and promotion lattices as Hasse diagrams laid out by
// package layout. Output is SVG that renders the same in any browser and
// prints (explicit sizes, text as text, no fonts to fetch, no scripts, no
// style sheets), standalone HTML, Graphviz DOT, or plain text.
package picture

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules"
)

// Answer is one rule set's answer for one ordered pair.
type Answer struct {
	DType   dtype.DType // Invalid when refused
	Weak    bool
	Refused bool
	Rule    *promote.Rule // the rule that decided, or refused; may be nil
	Msg     string        // the refusal's message
}

// Label is the answer as the table prints it: the dtype with ? when weak,
// or × for a refusal.
func (a Answer) Label() string {
	switch {
	case a.Refused:
		return "×"
	case a.Weak:
		return a.DType.String() + "?"
	}
	return a.DType.String()
}

// key is what two answers are compared by: promote diff's short answer
// (the result with its ?, or "error" for any refusal).
func (a Answer) key() string {
	if a.Refused {
		return "error"
	}
	return a.Label()
}

// Kind is the colour class of the answer.
func (a Answer) Kind() Kind {
	if a.Refused {
		return KindRefused
	}
	return KindOf(a.DType)
}

// Cell is one ordered pair of the table.
type Cell struct {
	A Answer
	// B is the second rule set's answer (a Table built with against).
	B Answer
	// Differs reports that A and B differ, as promote diff counts them.
	Differs bool
}

// Table is a pair table to draw: rows are the first operand, columns the
// second.
type Table struct {
	// Rules and Against label the rule sets (as their specs:
	// numpy:promotion=legacy); Against is empty for a single table.
	Rules, Against string
	// DTypes are the rows and columns: every dtype the rule set accepts
	// (it promotes with itself), or with Against every dtype either does,
	// as promote diff compares them.
	DTypes []dtype.DType
	Cells  [][]Cell
	// Differ counts the cells that differ.
	Differ int
	// RulesA and RulesB are the rules the cells name, in order of first
	// use (row by row).
	RulesA, RulesB []*promote.Rule
}

// NewTable answers every ordered pair under r and, when against is not
// nil, under against too, marking the cells where they differ.
func NewTable(r, against promote.Rules) *Table {
	t := &Table{Rules: rules.Label(r)}
	if against != nil {
		t.Against = rules.Label(against)
	}
	if against != nil {
		t.DTypes = rules.KnownDTypes(r, against)
	} else {
		t.DTypes = rules.KnownDTypes(r)
	}
	pairsA := rules.Pairs(r, t.DTypes)
	var pairsB [][]rules.Pair
	if against != nil {
		pairsB = rules.Pairs(against, t.DTypes)
	}
	seenA, seenB := map[*promote.Rule]bool{}, map[*promote.Rule]bool{}
	use := func(list *[]*promote.Rule, seen map[*promote.Rule]bool, rule *promote.Rule) {
		if rule != nil && !seen[rule] {
			seen[rule] = true
			*list = append(*list, rule)
		}
	}
	t.Cells = make([][]Cell, len(t.DTypes))
	for i := range t.DTypes {
		t.Cells[i] = make([]Cell, len(t.DTypes))
		for j := range t.DTypes {
			c := Cell{A: answerOf(pairsA[i][j])}
			use(&t.RulesA, seenA, c.A.Rule)
			if against != nil {
				c.B = answerOf(pairsB[i][j])
				use(&t.RulesB, seenB, c.B.Rule)
				if c.A.key() != c.B.key() {
					c.Differs = true
					t.Differ++
				}
			}
			t.Cells[i][j] = c
		}
	}
	return t
}

// answerOf is the pair's answer as the picture draws it.
func answerOf(p rules.Pair) Answer {
	if p.Refused() {
		ans := Answer{Refused: true, Msg: p.Err.Error()}
		if pe := p.Refusal(); pe != nil {
			ans.Rule, ans.Msg = pe.Rule, pe.Msg
		}
		return ans
	}
	return Answer{DType: p.Result.DType, Weak: p.Result.Weak, Rule: p.Result.Rule}
}

// kinds lists the kinds the table's answers use, in legend order, and
// whether any answer is weak.
func (t *Table) kinds() (used []Kind, weak bool) {
	var seen [KindRefused + 1]bool
	for _, row := range t.Cells {
		for _, c := range row {
			seen[c.A.Kind()] = true
			weak = weak || c.A.Weak
			if t.Against != "" {
				seen[c.B.Kind()] = true
				weak = weak || c.B.Weak
			}
		}
	}
	for k := range seen {
		if seen[k] {
			used = append(used, Kind(k))
		}
	}
	return used, weak
}
