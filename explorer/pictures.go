package explorer

import (
	"bytes"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/picture"
	"github.com/promote-dev/promote/rules"
)

// Picture is a drawing: the same SVG promote table -format svg and
// promote lattice write.
type Picture struct {
	Title string `json:"title"`
	// Rules and Against are the specs drawn, as the URL should name them.
	Rules   string `json:"rules"`
	Against string `json:"against,omitempty"`
	// Differ counts a table's differing cells (with Against).
	Differ int `json:"differ"`
	// Notes explain a lattice picture (the witness).
	Notes []string `json:"notes,omitempty"`
	SVG   string   `json:"svg"`
}

// table draws the pair table of req.Rules, compared with req.Against.
func table(req Request) Response {
	const cmd = "promote table: "
	r, err := parseSpec(req.Rules)
	if err != nil {
		return Response{Error: cmd + answer.OneLine(err.Error())}
	}
	var other promote.Rules
	if req.Against != "" {
		if other, err = parseSpec(req.Against); err != nil {
			return Response{Error: cmd + answer.OneLine(err.Error())}
		}
	}
	t := picture.NewTable(r, other)
	var b bytes.Buffer
	if err := t.SVG(&b); err != nil {
		return Response{Error: cmd + err.Error(), internal: true}
	}
	p := &Picture{Title: t.Title(), Rules: rules.Label(r), Differ: t.Differ, SVG: b.String()}
	if other != nil {
		p.Against = rules.Label(other)
	}
	return Response{Picture: p}
}

// latticeView draws the lattice of req.Rules, or its witness.
func latticeView(req Request) Response {
	const cmd = "promote lattice: "
	r, err := parseSpec(req.Rules)
	if err != nil {
		return Response{Error: cmd + answer.OneLine(err.Error())}
	}
	d, err := picture.LatticeDiagram(r)
	if err != nil {
		return Response{Error: cmd + err.Error(), internal: true}
	}
	var b bytes.Buffer
	if err := d.SVG(&b); err != nil {
		return Response{Error: cmd + err.Error(), internal: true}
	}
	return Response{Picture: &Picture{Title: d.Title, Rules: rules.Label(r), Notes: d.Notes, SVG: b.String()}}
}
