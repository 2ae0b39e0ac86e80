package picture

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/promote-dev/promote"
)

// Geometry of the table picture.
const (
	cellPadX   = 8.0
	cellHeight = 18.0
	margin     = 12.0
	swatchW    = 26.0
)

// Title is the table's title line.
func (t *Table) Title() string {
	if t.Against == "" {
		return fmt.Sprintf("%s: the dtype of a · b for every pair it accepts", t.Rules)
	}
	return fmt.Sprintf("%s against %s: %d of %d cells differ", t.Rules, t.Against, t.Differ, len(t.DTypes)*len(t.DTypes))
}

// SVG writes the table as an SVG picture: a grid with a legend and the
// rules the cells name, each with its text and source.
func (t *Table) SVG(w io.Writer) error {
	sw := &svgWriter{w: w}
	n := len(t.DTypes)
	// Every cell is as wide as the longest label, row header or answer.
	longest := 3.0
	for i, d := range t.DTypes {
		longest = math.Max(longest, textWidth(d.String(), fontSize))
		for _, c := range t.Cells[i] {
			longest = math.Max(longest, textWidth(c.A.Label(), fontSize))
			if t.Against != "" {
				longest = math.Max(longest, textWidth(c.B.Label(), fontSize))
			}
		}
	}
	cellW := math.Ceil(longest + 2*cellPadX)
	cellH := cellHeight
	if t.Against != "" {
		cellH = 2 * cellHeight // a differing cell shows both answers
	}
	rowHead := cellW
	gridW := rowHead + float64(n)*cellW
	lines := t.legendLines()
	sub := "rows: the first operand a; columns: the second operand b; × refused"
	if t.Against != "" {
		sub = fmt.Sprintf("rows: a; columns: b; a cell that differs is outlined and shows %s's answer above %s's", t.Rules, t.Against)
	}
	inner := math.Max(math.Max(gridW, 560), math.Max(textWidth(t.Title(), titleSize), textWidth(sub, fontSize)))
	for _, l := range lines {
		inner = math.Max(inner, legendWidth(l))
	}
	notes := t.ruleLines(inner)
	width := inner + 2*margin
	// Title, subtitle, the column header, the grid, the legend, the rules.
	y0 := margin + titleSize*lineHeight + fontSize*lineHeight + 6
	gridTop := y0 + cellHeight
	gridBottom := gridTop + float64(n)*cellH
	legendTop := gridBottom + 14
	legendH := float64(len(lines)) * (cellHeight + 4)
	notesTop := legendTop + legendH + 10
	height := notesTop + float64(len(notes))*fontSize*lineHeight + margin
	sw.header(width, height, t.Title())
	sw.hatchPattern()

	sw.text(margin, margin+titleSize*lineHeight/2, "start", titleSize, "bold", "", t.Title())
	sw.text(margin, margin+titleSize*lineHeight+fontSize*lineHeight/2, "start", fontSize, "", inkMuted, sub)

	left := margin + rowHead
	// Column headers, then each row: its header and cells.
	for j, d := range t.DTypes {
		sw.text(left+float64(j)*cellW+cellW/2, y0+cellHeight/2, "middle", fontSize, "bold", "", d.String())
	}
	for i, a := range t.DTypes {
		y := gridTop + float64(i)*cellH
		sw.text(left-cellPadX, y+cellH/2, "end", fontSize, "bold", "", a.String())
		for j, b := range t.DTypes {
			t.cellSVG(sw, left+float64(j)*cellW, y, cellW, cellH, t.Cells[i][j], a.String(), b.String())
		}
	}
	// The grid's outer frame.
	sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="1"/>`+"\n",
		num(left), num(gridTop), num(float64(n)*cellW), num(float64(n)*cellH), inkGrid)

	for k, l := range lines {
		y := legendTop + float64(k)*(cellHeight+4)
		x := margin
		for _, item := range l {
			item.draw(sw, x, y)
			x += swatchW + 6 + textWidth(item.label, fontSize) + 18
		}
	}
	for k, line := range notes {
		sw.text(margin, notesTop+float64(k)*fontSize*lineHeight+fontSize*lineHeight/2, "start", fontSize, line.weight, line.fill, line.text)
	}
	sw.footer()
	return sw.err
}

// cellSVG draws one cell with a tooltip naming the pair and the rule.
func (t *Table) cellSVG(sw *svgWriter, x, y, w, h float64, c Cell, a, b string) {
	sw.printf("<g><title>%s</title>\n", esc(t.tooltip(c, a, b)))
	if !c.Differs {
		answerSVG(sw, x, y, w, h, c.A)
	} else {
		answerSVG(sw, x, y, w, h/2, c.A)
		answerSVG(sw, x, y+h/2, w, h/2, c.B)
		sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="2.5"/>`+"\n",
			num(x+1.25), num(y+1.25), num(w-2.5), num(h-2.5), inkMark)
	}
	sw.printf("</g>\n")
}

// answerSVG draws one answer in a box: its kind's fill (a hatch when
// refused), a dashed inner frame when weak, and its label.
func answerSVG(sw *svgWriter, x, y, w, h float64, a Answer) {
	fill := a.Kind().Fill()
	if a.Refused {
		fill = "url(#hatch)"
	}
	sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="0.5"/>`+"\n",
		num(x), num(y), num(w), num(h), fill, inkGrid)
	if a.Weak {
		sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="1" stroke-dasharray="3 2"/>`+"\n",
			num(x+2.5), num(y+2.5), num(w-5), num(h-5), inkText)
	}
	label := a.Label()
	if a.Refused {
		// The × stands on a white patch so that the hatch does not hide it.
		sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="#FFFFFF"/>`+"\n",
			num(x+w/2-6), num(y+h/2-6), "12", "12")
	}
	sw.text(x+w/2, y+h/2, "middle", fontSize, "", "", label)
}

// tooltip says what a cell means, in words.
func (t *Table) tooltip(c Cell, a, b string) string {
	one := func(name string, ans Answer) string {
		s := name + ": " + a + " · " + b + " = " + ans.Label()
		if ans.Refused {
			s = name + ": " + a + " · " + b + " refused: " + ans.Msg
		}
		if ans.Rule != nil {
			s += " (rule " + ans.Rule.ID + ")"
		}
		return s
	}
	if t.Against == "" {
		return one(t.Rules, c.A)
	}
	s := one(t.Rules, c.A) + "\n" + one(t.Against, c.B)
	if c.Differs {
		s += "\ndiffers"
	}
	return s
}

// legendItem is one swatch and its label.
type legendItem struct {
	label string
	draw  func(sw *svgWriter, x, y float64)
}

func (t *Table) legendLines() [][]legendItem {
	used, weak := t.kinds()
	var items []legendItem
	for _, k := range used {
		k := k
		label := k.String()
		items = append(items, legendItem{label, func(sw *svgWriter, x, y float64) {
			a := Answer{DType: 0, Refused: k == KindRefused}
			if k != KindRefused {
				sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="%s" stroke="%s" stroke-width="0.5"/>`+"\n",
					num(x), num(y), num(swatchW), num(cellHeight), k.Fill(), inkGrid)
			} else {
				answerSVG(sw, x, y, swatchW, cellHeight, a)
			}
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", label)
		}})
	}
	if weak {
		items = append(items, legendItem{"weak (? suffix, dashed frame)", func(sw *svgWriter, x, y float64) {
			sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="#FFFFFF" stroke="%s" stroke-width="0.5"/>`+"\n",
				num(x), num(y), num(swatchW), num(cellHeight), inkGrid)
			sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="none" stroke="%s" stroke-width="1" stroke-dasharray="3 2"/>`+"\n",
				num(x+2.5), num(y+2.5), num(swatchW-5), num(cellHeight-5), inkText)
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", "weak (? suffix, dashed frame)")
		}})
	}
	if t.Against != "" {
		label := fmt.Sprintf("differs (%s above, %s below)", t.Rules, t.Against)
		items = append(items, legendItem{label, func(sw *svgWriter, x, y float64) {
			sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" fill="#FFFFFF" stroke="%s" stroke-width="2.5"/>`+"\n",
				num(x+1.25), num(y+1.25), num(swatchW-2.5), num(cellHeight-2.5), inkMark)
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", label)
		}})
	}
	// Four items a line.
	var lines [][]legendItem
	for len(items) > 0 {
		k := min(4, len(items))
		lines = append(lines, items[:k])
		items = items[k:]
	}
	return lines
}

// noteLine is one line of the notes under the legend.
type noteLine struct{ text, weight, fill string }

// ruleLines lists the rules the cells name, each "ID: text [source]",
// wrapped to the picture's width.
func (t *Table) ruleLines(width float64) []noteLine {
	cols := int(width / (charEm * fontSize))
	var out []noteLine
	section := func(name string, rs []*promote.Rule) {
		if len(rs) == 0 {
			return
		}
		out = append(out, noteLine{text: "Rules of " + name + " that decide these cells:", weight: "bold"})
		for _, r := range rs {
			text := r.ID + ": " + r.Text
			if r.Source != "" {
				text += " [" + r.Source + "]"
			}
			for i, l := range wrap(text, cols-2) {
				if i > 0 {
					l = "    " + l
				}
				out = append(out, noteLine{text: "  " + l, fill: inkMuted})
			}
		}
	}
	section(t.Rules, t.RulesA)
	if t.Against != "" {
		section(t.Against, t.RulesB)
	}
	return out
}

// wrap breaks s into lines of at most n characters at spaces (a longer
// word stands on a line of its own).
func wrap(s string, n int) []string {
	n = max(n, 20)
	var lines []string
	var cur []string
	curLen := 0
	for _, word := range strings.Fields(s) {
		wl := len([]rune(word))
		if curLen > 0 && curLen+1+wl > n {
			lines = append(lines, strings.Join(cur, " "))
			cur, curLen = nil, 0
		}
		if curLen > 0 {
			curLen++
		}
		cur = append(cur, word)
		curLen += wl
	}
	if len(cur) > 0 {
		lines = append(lines, strings.Join(cur, " "))
	}
	return lines
}
