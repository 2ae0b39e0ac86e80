package picture

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/promote-dev/promote/layout"
)

// Diagram is a partial order drawn as a Hasse diagram: each covering edge
// runs from a lower node up to an upper one, lower nodes promote to upper
// ones, and a join is the lowest node above both.
type Diagram struct {
	// Title names what is drawn.
	Title string
	Nodes []Node
	// Edges are the covering edges (no edge implied by two others).
	Edges []DiagramEdge
	// Notes are lines of explanation under the picture: the witness when
	// the pair table induces no lattice.
	Notes []string
}

// Node is one node of a diagram.
type Node struct {
	Label string
	Kind  Kind
	// Weak nodes (JAX's i* f* c*, TensorFlow's i32?) are framed dashed,
	// and so are their edges, as the Array API draws Python scalars.
	Weak bool
	// Mark highlights a node of a witness.
	Mark bool
}

// DiagramEdge is a covering edge from Lower up to Upper (node indices).
type DiagramEdge struct {
	Lower, Upper int
	// Mark highlights an edge of a witness.
	Mark bool
	// Label, when set, is written beside the edge (witness diagrams).
	Label string
}

// Geometry of the diagram picture.
const (
	nodePadX   = 10.0
	nodeHeight = 24.0
)

// Layout computes the diagram's layered layout.
func (d *Diagram) Layout() (*layout.Layout, error) {
	g := layout.Graph{Nodes: make([]layout.Size, len(d.Nodes))}
	for i, n := range d.Nodes {
		g.Nodes[i] = layout.Size{W: math.Ceil(textWidth(n.Label, fontSize) + 2*nodePadX), H: nodeHeight}
	}
	for _, e := range d.Edges {
		g.Edges = append(g.Edges, layout.Edge{Lower: e.Lower, Upper: e.Upper})
	}
	return layout.Compute(g, layout.Options{NodeGap: 14, LayerGap: 36, Margin: margin})
}

// SVG writes the diagram as an SVG picture: the title, the layered
// drawing with edges pointing up, a legend and the notes.
func (d *Diagram) SVG(w io.Writer) error {
	l, err := d.Layout()
	if err != nil {
		return fmt.Errorf("picture: %s: %w", d.Title, err)
	}
	sw := &svgWriter{w: w}
	top := margin + titleSize*lineHeight + 8
	legend := d.legend()
	inner := math.Max(math.Max(l.Width, 560), math.Max(textWidth(d.Title, titleSize), legendWidth(legend)))
	notes := d.noteLines(inner)
	legendTop := top + l.Height + 6
	notesTop := legendTop + cellHeight + 12
	width := inner + 2*margin
	height := notesTop + float64(len(notes))*fontSize*lineHeight + margin
	sw.header(width, height, d.Title)
	sw.hatchPattern()
	sw.printf(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">` +
		`<path d="M0,0 L10,5 L0,10 z" fill="` + inkMuted + `"/></marker>` +
		`<marker id="arrow-mark" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">` +
		`<path d="M0,0 L10,5 L0,10 z" fill="` + inkMark + `"/></marker></defs>` + "\n")
	sw.text(margin, margin+titleSize*lineHeight/2, "start", titleSize, "bold", "", d.Title)
	// Centre the drawing when the legend makes the picture wider.
	dx := margin + (width-2*margin-l.Width)/2
	sw.printf(`<g transform="translate(%s,%s)">`+"\n", num(dx), num(top))
	for i, e := range l.Edges {
		de := d.edgeFor(e)
		pts := l.Paths[i]
		var b strings.Builder
		for k, p := range pts {
			if k == 0 {
				fmt.Fprintf(&b, "M%s,%s", num(p.X), num(p.Y))
			} else {
				fmt.Fprintf(&b, " L%s,%s", num(p.X), num(p.Y))
			}
		}
		stroke, width, marker := inkMuted, "1.2", "arrow"
		if de.Mark {
			stroke, width, marker = inkMark, "2.5", "arrow-mark"
		}
		dash := ""
		if d.Nodes[e.Lower].Weak || d.Nodes[e.Upper].Weak {
			dash = ` stroke-dasharray="5 3"`
		}
		sw.printf(`<path d="%s" fill="none" stroke="%s" stroke-width="%s"%s marker-end="url(#%s)"/>`+"\n", b.String(), stroke, width, dash, marker)
		if de.Label != "" && len(pts) >= 2 {
			mid := pts[len(pts)/2-1+len(pts)%2]
			if len(pts) == 2 {
				mid = layout.Point{X: (pts[0].X + pts[1].X) / 2, Y: (pts[0].Y + pts[1].Y) / 2}
			}
			sw.text(mid.X+4, mid.Y, "start", fontSize-1, "", inkMuted, de.Label)
		}
	}
	for i, n := range d.Nodes {
		c := l.Centre[i]
		bw := math.Ceil(textWidth(n.Label, fontSize) + 2*nodePadX)
		nodeSVG(sw, c.X-bw/2, c.Y-nodeHeight/2, bw, nodeHeight, n)
	}
	sw.printf("</g>\n")
	x := margin
	for _, item := range legend {
		item.draw(sw, x, legendTop)
		x += swatchW + 6 + textWidth(item.label, fontSize) + 18
	}
	for k, line := range notes {
		sw.text(margin, notesTop+float64(k)*fontSize*lineHeight+fontSize*lineHeight/2, "start", fontSize, line.weight, line.fill, line.text)
	}
	sw.footer()
	return sw.err
}

// legendWidth is the width a line of legend items takes.
func legendWidth(items []legendItem) float64 {
	w := 0.0
	for _, item := range items {
		w += swatchW + 6 + textWidth(item.label, fontSize) + 18
	}
	return w
}

// edgeFor finds the diagram edge a layout edge draws.
func (d *Diagram) edgeFor(e layout.Edge) DiagramEdge {
	for _, de := range d.Edges {
		if de.Lower == e.Lower && de.Upper == e.Upper {
			return de
		}
	}
	return DiagramEdge{Lower: e.Lower, Upper: e.Upper}
}

// nodeSVG draws a node: a rounded box in its kind's fill, dashed when
// weak, thick and dark red when marked, with its label.
func nodeSVG(sw *svgWriter, x, y, w, h float64, n Node) {
	fill := n.Kind.Fill()
	if n.Kind == KindRefused {
		fill = "url(#hatch)"
	}
	stroke, width, dash := inkText, "1", ""
	if n.Weak {
		dash = ` stroke-dasharray="4 2.5"`
		width = "1.5"
	}
	if n.Mark {
		stroke, width = inkMark, "3"
	}
	sw.printf(`<rect x="%s" y="%s" width="%s" height="%s" rx="5" ry="5" fill="%s" stroke="%s" stroke-width="%s"%s/>`+"\n",
		num(x), num(y), num(w), num(h), fill, stroke, width, dash)
	weight := ""
	if n.Mark {
		weight = "bold"
	}
	sw.text(x+w/2, y+h/2, "middle", fontSize, weight, "", n.Label)
}

// legend lists the kinds the nodes use, weak nodes and marks.
func (d *Diagram) legend() []legendItem {
	var seen [KindRefused + 1]bool
	weak, mark := false, false
	for _, n := range d.Nodes {
		if !n.Weak {
			seen[n.Kind] = true
		}
		weak = weak || n.Weak
		mark = mark || n.Mark
	}
	var items []legendItem
	for k := range seen {
		if !seen[k] || Kind(k) == KindNone {
			continue
		}
		k := Kind(k)
		items = append(items, legendItem{k.String(), func(sw *svgWriter, x, y float64) {
			nodeSVG(sw, x, y, swatchW, cellHeight, Node{Kind: k})
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", k.String())
		}})
	}
	if weak {
		const label = "weak (Python scalar; dashed)"
		items = append(items, legendItem{label, func(sw *svgWriter, x, y float64) {
			nodeSVG(sw, x, y, swatchW, cellHeight, Node{Weak: true})
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", label)
		}})
	}
	if mark {
		const label = "witness"
		items = append(items, legendItem{label, func(sw *svgWriter, x, y float64) {
			nodeSVG(sw, x, y, swatchW, cellHeight, Node{Mark: true})
			sw.text(x+swatchW+6, y+cellHeight/2, "start", fontSize, "", "", label)
		}})
	}
	return items
}

func (d *Diagram) noteLines(width float64) []noteLine {
	cols := int(width / (charEm * fontSize))
	var out []noteLine
	for _, n := range d.Notes {
		for i, l := range wrap(n, cols-2) {
			if i > 0 {
				l = "  " + l
			}
			out = append(out, noteLine{text: l})
		}
	}
	return out
}

// DOT writes the diagram in Graphviz's DOT language, bottom to top, with
// each node's position from promote's own layout (pos, in points, y up),
// so that "neato -n2" draws promote's layout and "dot" its own.
func (d *Diagram) DOT(w io.Writer) error {
	l, err := d.Layout()
	if err != nil {
		return fmt.Errorf("picture: %s: %w", d.Title, err)
	}
	sw := &svgWriter{w: w}
	sw.printf("digraph %s {\n", dotQuote(d.Title))
	sw.printf("  rankdir=BT;\n  node [shape=box, style=\"rounded,filled\", fontname=\"monospace\", fontsize=11];\n")
	for i, n := range d.Nodes {
		style := "rounded,filled"
		if n.Weak {
			style += ",dashed"
		}
		if n.Mark {
			style += ",bold"
		}
		c := l.Centre[i]
		sw.printf("  n%d [label=%s, fillcolor=%s, style=%s, pos=\"%s,%s\"", i, dotQuote(n.Label), dotQuote(n.Kind.Fill()), dotQuote(style), num(c.X), num(l.Height-c.Y))
		if n.Mark {
			sw.printf(", color=%s, penwidth=3", dotQuote(inkMark))
		}
		sw.printf("];\n")
	}
	for _, e := range d.Edges {
		attrs := []string{}
		if d.Nodes[e.Lower].Weak || d.Nodes[e.Upper].Weak {
			attrs = append(attrs, "style=dashed")
		}
		if e.Mark {
			attrs = append(attrs, "color="+dotQuote(inkMark), "penwidth=2.5")
		}
		if e.Label != "" {
			attrs = append(attrs, "label="+dotQuote(e.Label))
		}
		a := ""
		if len(attrs) > 0 {
			a = " [" + strings.Join(attrs, ", ") + "]"
		}
		sw.printf("  n%d -> n%d%s;\n", e.Lower, e.Upper, a)
	}
	for _, n := range d.Notes {
		sw.printf("  // %s\n", strings.ReplaceAll(n, "\n", " "))
	}
	sw.printf("}\n")
	return sw.err
}

func dotQuote(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
}

// Text writes the diagram as plain text: its layers from the top down as
// promote's layout orders them, then every covering edge, then the notes.
func (d *Diagram) Text(w io.Writer) error {
	l, err := d.Layout()
	if err != nil {
		return fmt.Errorf("picture: %s: %w", d.Title, err)
	}
	sw := &svgWriter{w: w}
	label := func(i int) string {
		s := d.Nodes[i].Label
		if d.Nodes[i].Mark {
			s = "[" + s + "]"
		}
		return s
	}
	sw.printf("%s\n%d nodes, %d covering edges, %d layers, %d crossings\n\n", d.Title, len(d.Nodes), len(d.Edges), len(l.Layers), l.Crossings)
	for k := len(l.Layers) - 1; k >= 0; k-- {
		names := make([]string, len(l.Layers[k]))
		for j, n := range l.Layers[k] {
			names[j] = label(n)
		}
		sw.printf("layer %2d: %s\n", k, strings.Join(names, "  "))
	}
	sw.printf("\nedges (lower -> upper; a dashed edge touches a weak node):\n")
	edges := append([]DiagramEdge(nil), d.Edges...)
	sort.SliceStable(edges, func(i, j int) bool { return edges[i].Lower < edges[j].Lower })
	for _, e := range edges {
		extra := ""
		if d.Nodes[e.Lower].Weak || d.Nodes[e.Upper].Weak {
			extra = "  (dashed)"
		}
		if e.Label != "" {
			extra += "  " + e.Label
		}
		sw.printf("  %s -> %s%s\n", label(e.Lower), label(e.Upper), extra)
	}
	if len(d.Notes) > 0 {
		sw.printf("\n")
		for _, n := range d.Notes {
			sw.printf("%s\n", n)
		}
	}
	return sw.err
}
