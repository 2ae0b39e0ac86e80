package picture

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// Text metrics. The pictures name no web font: text is set in the local
// monospace font (DejaVu Sans Mono, Menlo, Consolas, then any monospace),
// whose advance is about 0.6 em in every one of them, and boxes are sized
// for 0.62 em a character so that text fits whichever the browser picks.
const (
	charEm     = 0.62
	fontSize   = 11.0
	titleSize  = 14.0
	lineHeight = 1.35
)

// textWidth is the width allowed for s at the given font size.
func textWidth(s string, size float64) float64 {
	return float64(len([]rune(s))) * charEm * size
}

// svgWriter writes SVG markup with presentation attributes only (no style
// sheets, no scripts, no external resources), so the picture renders the
// same in any browser, under a strict Content-Security-Policy, and in
// print. It remembers the first write error.
type svgWriter struct {
	w   io.Writer
	err error
}

func (s *svgWriter) printf(format string, args ...any) {
	if s.err != nil {
		return
	}
	_, s.err = fmt.Fprintf(s.w, format, args...)
}

// esc escapes text for an attribute or element content.
func esc(s string) string { return html.EscapeString(s) }

// num formats a coordinate with at most two decimals.
func num(f float64) string {
	s := strconv.FormatFloat(f, 'f', 2, 64)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// header opens an SVG document of explicit size in user units (px), with
// a white background so that it prints and shows the same on any page.
func (s *svgWriter) header(w, h float64, title string) {
	s.printf(`<svg xmlns="http://www.w3.org/2000/svg" width="%s" height="%s" viewBox="0 0 %s %s" font-family="%s" font-size="%s">`+"\n",
		num(w), num(h), num(w), num(h), fontStack, num(fontSize))
	s.printf("<title>%s</title>\n", esc(title))
	s.printf(`<rect x="0" y="0" width="%s" height="%s" fill="#FFFFFF"/>`+"\n", num(w), num(h))
}

func (s *svgWriter) footer() { s.printf("</svg>\n") }

// text writes one line of text centred vertically on y (the baseline is
// set 0.35 em below y rather than with dominant-baseline, which not every
// renderer honours). anchor is start, middle or end.
func (s *svgWriter) text(x, y float64, anchor string, size float64, weight, fill, t string) {
	extra := ""
	if weight != "" {
		extra += ` font-weight="` + weight + `"`
	}
	if size != fontSize {
		extra += ` font-size="` + num(size) + `"`
	}
	if fill != "" && fill != inkText {
		extra += ` fill="` + fill + `"`
	}
	s.printf(`<text x="%s" y="%s" text-anchor="%s"%s>%s</text>`+"\n", num(x), num(y+0.35*size), anchor, extra, esc(t))
}

// hatchPattern defines the hatch that marks refused cells and nodes.
func (s *svgWriter) hatchPattern() {
	s.printf(`<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
		`<rect width="6" height="6" fill="#FFFFFF"/><line x1="0" y1="0" x2="0" y2="6" stroke="` + inkHatch + `" stroke-width="1.5"/></pattern></defs>` + "\n")
}
