package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/promote-dev/promote/rules"
)

// The default view of a query's answers fits a terminal of briefWidth
// columns: each row is its rule set, its result and a short reason that
// says why this query gets this answer (answer.Brief). A long label wraps
// onto more lines; a reason wraps onto at most briefReasonLines lines and
// is cut with … after them, a refusal's message after one line (-v and
// -json carry every word).
//
// Widths are counted in bytes, which for promote's output is never fewer
// than columns: a line then fits briefWidth whether a tool counts
// characters or bytes (awk 'length > 100' under mawk, Debian's default awk,
// counts bytes, and ≠ and … take three each).
const (
	briefWidth       = 100
	briefLabelMax    = 30 // the widest label column
	briefReasonMin   = 30 // the narrowest reason column
	briefReasonLines = 2
)

// writeBrief writes the rows in the default, terminal-sized view.
func writeBrief(w io.Writer, rows []row, marks bool) {
	labelW, resultW := len("RULES"), len("RESULT")
	for _, r := range rows {
		labelW = max(labelW, runes(r.Label()))
		resultW = max(resultW, runes(r.Answer()))
	}
	labelW = min(labelW, briefLabelMax)
	lead, markW := "", 0
	if marks {
		lead, markW = "  ", len("≠ ") // the ≠ column: two columns, four bytes
	}
	reasonW := max(briefWidth-markW-labelW-2-resultW-2, briefReasonMin)
	line := func(mark, label, result, reason string) {
		s := mark + pad(label, labelW) + "  " + pad(result, resultW) + "  " + reason
		fmt.Fprintln(w, strings.TrimRight(s, " "))
	}
	line(lead, "RULES", "RESULT", "WHY")
	fams := rules.Families()
	for i, r := range rows {
		if marks && (i == 0 || r.FamilyIndex != rows[i-1].FamilyIndex) {
			title := "other rule sets"
			if r.FamilyIndex < len(fams) {
				title = fams[r.FamilyIndex].Title
			}
			if i > 0 {
				fmt.Fprintln(w)
			}
			fmt.Fprintln(w, lead+strings.ToUpper(title[:1])+title[1:]+":")
		}
		labels := wrapWords(r.Label(), labelW, 0)
		lines := briefReasonLines
		if r.Error != "" {
			lines = 1 // a refusal's message is the system's own, often long
		}
		reasons := wrapWords(r.Brief, reasonW, lines)
		for j := 0; j < max(len(labels), len(reasons)); j++ {
			mark, result := "", ""
			if j == 0 {
				result = r.Answer()
				if marks {
					mark = "  "
					if r.Differs {
						mark = "≠ "
					}
				}
			} else if marks {
				mark = "  "
			}
			line(mark, at(labels, j), result, at(reasons, j))
		}
	}
}

// wrapWords breaks s at spaces into lines of at most width bytes (so of at
// most width columns too), a word longer than a line split where it must,
// between runes. With maxLines > 0 it keeps that many lines and ends the
// last with … when words were left out.
func wrapWords(s string, width, maxLines int) []string {
	var lines []string
	cur := ""
	for _, word := range strings.Fields(s) {
		for len(word) > width {
			if cur != "" {
				lines, cur = append(lines, cur), ""
			}
			head, tail := splitBytes(word, width)
			lines, word = append(lines, head), tail
		}
		switch {
		case cur == "":
			cur = word
		case len(cur)+1+len(word) <= width:
			cur += " " + word
		default:
			lines, cur = append(lines, cur), word
		}
	}
	if cur != "" {
		lines = append(lines, cur)
	}
	if maxLines > 0 && len(lines) > maxLines {
		lines = lines[:maxLines]
		last := lines[maxLines-1]
		for last != "" && len(last)+len("…") > width {
			if i := strings.LastIndexByte(last, ' '); i > 0 {
				last = last[:i] // cut at a word, not inside one
				continue
			}
			_, size := utf8.DecodeLastRuneInString(last)
			last = last[:len(last)-size]
		}
		lines[maxLines-1] = last + "…"
	}
	return lines
}

// splitBytes cuts s at the last rune boundary within n bytes, after at
// least one rune so that a caller's loop always advances.
func splitBytes(s string, n int) (string, string) {
	cut := 0
	for k, r := range s {
		end := k + utf8.RuneLen(r)
		if end > n && cut > 0 {
			break
		}
		cut = end
	}
	return s[:cut], s[cut:]
}

func runes(s string) int { return utf8.RuneCountInString(s) }

// pad fills s with spaces to width runes.
func pad(s string, width int) string {
	if n := runes(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}

// at is lines[i], or "" past the end.
func at(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return ""
}
