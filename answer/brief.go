package answer

import (
	"errors"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// Brief says in one short line why these operands get this answer: the
// deciding rule's ID, then what the rule's own data says about this query
// when the rule set implements promote.Explainer, and otherwise a
// description of the outcome computed from the operands' formats (which
// operand's dtype is kept, and which operands it does not hold exactly).
// It never restates the rule's general text: Row.Reason carries that.
func Brief(r promote.Rules, res promote.Result, ops []promote.Operand) string {
	why := ""
	if ex, ok := r.(promote.Explainer); ok {
		why = ex.Explain(res, ops...)
	}
	if why == "" {
		why = outcome(res.DType, ops)
	}
	if res.Rule == nil {
		return why
	}
	if why == "" {
		return res.Rule.ID
	}
	return res.Rule.ID + ": " + why
}

// BriefError is a refusal's short line: the rule's ID and the rule set's
// message, without the rule set's name and the operand list that
// promote.Error adds (the row names both).
func BriefError(err error, ops []promote.Operand) string {
	var pe *promote.Error
	if !errors.As(err, &pe) {
		return CutValues(OneLine(err.Error()), ops)
	}
	msg := CutValues(OneLine(pe.Msg), ops)
	if pe.Rule == nil {
		return msg
	}
	return pe.Rule.ID + ": " + msg
}

// outcome describes a result by what the operands are and whether the
// result holds their values exactly (dtype.Holds): "keeps f16; i64 does
// not fit in it exactly", "f64 holds both f16 and i64". It says nothing it
// cannot compute, so it is right for every rule set.
func outcome(out dtype.DType, ops []promote.Operand) string {
	var typed []dtype.DType // distinct dtypes of tensors and typed scalars
	var lits []string       // literal operands, as written
	for _, o := range ops {
		if o.Kind == promote.Literal {
			lits = append(lits, clip.Text(o.String())) // a 10,000-digit int is cut
			continue
		}
		if !contains(typed, o.DType) {
			typed = append(typed, o.DType)
		}
	}
	var parts []string
	switch {
	case len(typed) == 0:
		if len(lits) > 0 {
			parts = append(parts, "the literal "+andList(lits)+" takes "+out.String())
		}
	case contains(typed, out):
		var fit, lossy []string
		for _, d := range typed {
			switch {
			case d == out:
			case dtype.Holds(d, out):
				fit = append(fit, d.String())
			default:
				lossy = append(lossy, d.String())
			}
		}
		switch {
		case len(fit)+len(lossy) > 0 || len(lits) > 0 || len(ops) == 1:
			parts = append(parts, "keeps "+out.String())
		case len(ops) == 2:
			parts = append(parts, "both are "+out.String())
		default:
			parts = append(parts, "all are "+out.String())
		}
		if len(fit) > 0 {
			parts = append(parts, andList(fit)+" "+verb(fit, "fits", "fit")+" in it")
		}
		if len(lossy) > 0 {
			parts = append(parts, andList(lossy)+" "+verb(lossy, "does", "do")+" not fit in it exactly")
		}
		if len(lits) > 0 {
			parts = append(parts, "the literal "+andList(lits)+" takes its type")
		}
	default:
		var held, not []string
		for _, d := range typed {
			if dtype.Holds(d, out) {
				held = append(held, d.String())
			} else {
				not = append(not, d.String())
			}
		}
		switch {
		case len(not) == 0 && len(held) == 2:
			parts = append(parts, "a new type: "+out.String()+" holds both "+andList(held))
		case len(not) == 0:
			parts = append(parts, "a new type: "+out.String()+" holds "+andList(held))
		case len(held) > 0:
			parts = append(parts, "a new type: "+out.String()+" holds "+andList(held)+" but not "+andList(not)+" exactly")
		case len(not) == 1:
			parts = append(parts, "a new type, "+out.String()+", which does not hold "+not[0]+" exactly")
		case len(not) == 2:
			parts = append(parts, "a new type, "+out.String()+", which holds neither "+not[0]+" nor "+not[1]+" exactly")
		default:
			parts = append(parts, "a new type, "+out.String()+", which holds none of "+andList(not)+" exactly")
		}
		if len(lits) > 0 {
			parts = append(parts, "the literal "+andList(lits)+" takes it too")
		}
	}
	return strings.Join(parts, "; ")
}

func contains(ds []dtype.DType, d dtype.DType) bool {
	for _, x := range ds {
		if x == d {
			return true
		}
	}
	return false
}

// andList joins "a", "a and b", "a, b and c".
func andList(s []string) string { return joinLast(s, " and ") }

func joinLast(s []string, last string) string {
	switch len(s) {
	case 0:
		return ""
	case 1:
		return s[0]
	}
	return strings.Join(s[:len(s)-1], ", ") + last + s[len(s)-1]
}

// verb picks the singular or plural form for a list's length.
func verb(s []string, one, many string) string {
	if len(s) == 1 {
		return one
	}
	return many
}
