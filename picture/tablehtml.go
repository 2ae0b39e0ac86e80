package picture

import (
	"fmt"
	"io"
	"strings"

	"github.com/promote-dev/promote"
)

// HTML writes the table as a standalone HTML document: the grid as an
// HTML table (each cell's meaning in its title), the legend and the rules
// the cells name. It has its own style sheet and no scripts, fetches
// nothing, and prints.
func (t *Table) HTML(w io.Writer) error {
	sw := &svgWriter{w: w}
	title := t.Title()
	sw.printf("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>\n%s</style>\n</head>\n<body>\n", esc(title), tableCSS())
	sw.printf("<h1>%s</h1>\n", esc(title))
	if t.Against == "" {
		sw.printf("<p>Rows: the first operand a; columns: the second operand b; × refused.</p>\n")
	} else {
		sw.printf("<p>Rows: a; columns: b. A cell that differs is outlined and shows %s's answer above %s's.</p>\n", esc(t.Rules), esc(t.Against))
	}
	sw.printf("<table class=\"pairs\">\n<thead><tr><th scope=\"col\">a \\ b</th>")
	for _, d := range t.DTypes {
		sw.printf("<th scope=\"col\">%s</th>", esc(d.String()))
	}
	sw.printf("</tr></thead>\n<tbody>\n")
	for i, a := range t.DTypes {
		sw.printf("<tr><th scope=\"row\">%s</th>", esc(a.String()))
		for j, b := range t.DTypes {
			c := t.Cells[i][j]
			tip := esc(t.tooltip(c, a.String(), b.String()))
			if !c.Differs {
				sw.printf("<td class=\"%s\" title=\"%s\">%s</td>", answerClass(c.A), tip, esc(c.A.Label()))
				continue
			}
			sw.printf("<td class=\"differs\" title=\"%s\"><span class=\"%s\">%s</span><span class=\"%s\">%s</span></td>",
				tip, answerClass(c.A), esc(c.A.Label()), answerClass(c.B), esc(c.B.Label()))
		}
		sw.printf("</tr>\n")
	}
	sw.printf("</tbody>\n</table>\n")

	used, weak := t.kinds()
	sw.printf("<ul class=\"legend\">\n")
	for _, k := range used {
		sw.printf("<li><span class=\"swatch %s\">%s</span> %s</li>\n", kindClass(k), map[bool]string{true: "×", false: ""}[k == KindRefused], esc(k.String()))
	}
	if weak {
		sw.printf("<li><span class=\"swatch weak\"></span> weak (? suffix, dashed frame)</li>\n")
	}
	if t.Against != "" {
		sw.printf("<li><span class=\"swatch differs\"></span> differs (%s above, %s below)</li>\n", esc(t.Rules), esc(t.Against))
	}
	sw.printf("</ul>\n")
	for k, rs := range [][]*promote.Rule{t.RulesA, t.RulesB} {
		if len(rs) == 0 {
			continue
		}
		name := t.Rules
		if k == 1 {
			name = t.Against
		}
		sw.printf("<h2>Rules of %s that decide these cells</h2>\n<dl class=\"rules\">\n", esc(name))
		for _, r := range rs {
			sw.printf("<dt>%s</dt><dd>%s", esc(r.ID), esc(r.Text))
			if r.Source != "" {
				sw.printf(" [%s]", spansHTML(r.Source))
			}
			sw.printf("</dd>\n")
		}
		sw.printf("</dl>\n")
	}
	sw.printf("</body>\n</html>\n")
	return sw.err
}

func answerClass(a Answer) string {
	c := kindClass(a.Kind())
	if a.Weak {
		c += " weak"
	}
	return c
}

func kindClass(k Kind) string {
	if int(k) < len(kindClasses) {
		return kindClasses[k]
	}
	return "k-other"
}

var kindClasses = [...]string{"k-other", "k-bool", "k-unsigned", "k-signed", "k-smallfloat", "k-float", "k-complex", "k-refused"}

// tableCSS is the HTML table's style sheet, from the same palette as the
// SVG.
func tableCSS() string {
	var b strings.Builder
	b.WriteString(`body { font-family: ` + fontStack + `; font-size: 12px; color: #000; background: #fff; margin: 12px; }
h1 { font-size: 16px; } h2 { font-size: 13px; margin-top: 16px; }
table.pairs { border-collapse: collapse; }
table.pairs th, table.pairs td { border: 0.5px solid ` + inkGrid + `; padding: 2px 6px; text-align: center; white-space: nowrap; }
table.pairs thead th { position: sticky; top: 0; background: #fff; }
table.pairs tbody th { text-align: right; background: #fff; }
td.differs { outline: 2.5px solid ` + inkMark + `; outline-offset: -2.5px; padding: 0; }
td.differs span { display: block; padding: 1px 6px; }
.weak { box-shadow: inset 0 0 0 2px #fff, inset 0 0 0 3px #000; }
.k-refused { background: repeating-linear-gradient(45deg, #fff 0 3px, ` + inkHatch + ` 3px 4.5px); }
ul.legend { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px 18px; }
.swatch { display: inline-block; width: 26px; height: 16px; border: 0.5px solid ` + inkGrid + `; vertical-align: middle; text-align: center; }
.swatch.weak { background: #fff; }
.swatch.differs { outline: 2.5px solid ` + inkMark + `; outline-offset: -2.5px; }
dl.rules dt { font-weight: bold; margin-top: 4px; } dl.rules dd { margin-left: 2em; color: ` + inkMuted + `; }
@media print { table.pairs thead th { position: static; } * { -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
`)
	for k := KindNone; k < KindRefused; k++ {
		fmt.Fprintf(&b, ".%s { background: %s; }\n", kindClass(k), k.Fill())
	}
	return b.String()
}

// spansHTML writes a rule's source with its public files linked.
func spansHTML(source string) string {
	var b strings.Builder
	for _, s := range SourceSpans(source) {
		if s.URL == "" {
			b.WriteString(esc(s.Text))
			continue
		}
		b.WriteString(`<a href="` + esc(s.URL) + `">` + esc(s.Text) + `</a>`)
	}
	return b.String()
}
