package picture

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/tsvtest"
	"github.com/promote-dev/promote/kit"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	tsvtest.Golden(t, name, got, *update)
}

// fakeDef is a rule set whose pair table is given by a function, for
// witnesses no real rule set shows.
func fakeRules(name string, decide func(a, b dtype.DType) kit.Decision) promote.Rules {
	def := &promote.Def{Name: name, NAry: promote.Fold}
	def.New = func(s promote.Settings) (promote.Rules, error) {
		return &fake{Base: kit.Base{D: def, S: s, Table: kit.NewPairTable(name, decide)}}, nil
	}
	return def.MustBuild()
}

type fake struct{ kit.Base }

func (f *fake) Result(ops ...promote.Operand) (promote.Result, error) {
	return promote.Result{}, f.Refuse(kit.NoOperands, "not used")
}

// only restricts a fake table to some dtypes: the others are refused.
func only(ds []dtype.DType, decide func(a, b dtype.DType) kit.Decision) func(a, b dtype.DType) kit.Decision {
	in := map[dtype.DType]bool{}
	for _, d := range ds {
		in[d] = true
	}
	rule := &promote.Rule{ID: "absent"}
	return func(a, b dtype.DType) kit.Decision {
		if !in[a] || !in[b] {
			return kit.Decision{Rule: rule, Msg: "absent"}
		}
		return decide(a, b)
	}
}

// checkSVG asserts that an SVG document is well-formed XML with explicit
// sizes, and uses nothing a browser would fetch or run: no scripts, no
// style sheets, no links outside the document, no foreign objects.
func checkSVG(t *testing.T, svg []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(svg))
	first := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		switch se.Name.Local {
		case "script", "style", "foreignObject", "image", "use", "a", "link":
			t.Errorf("SVG has a <%s> element", se.Name.Local)
		}
		if first {
			first = false
			if se.Name.Local != "svg" {
				t.Fatalf("root element <%s>", se.Name.Local)
			}
			has := map[string]bool{}
			for _, a := range se.Attr {
				has[a.Name.Local] = true
			}
			for _, a := range []string{"width", "height", "viewBox"} {
				if !has[a] {
					t.Errorf("<svg> without %s", a)
				}
			}
		}
		for _, a := range se.Attr {
			v := strings.ToLower(a.Value)
			if strings.HasPrefix(a.Name.Local, "on") || a.Name.Local == "style" || a.Name.Local == "href" ||
				strings.Contains(v, "http:") || strings.Contains(v, "https:") || strings.Contains(v, "javascript:") ||
				(strings.Contains(v, "url(") && !strings.HasPrefix(v, "url(#")) {
				if a.Name.Local == "xmlns" {
					continue
				}
				t.Errorf("<%s %s=%q> reaches outside the picture or runs something", se.Name.Local, a.Name.Local, a.Value)
			}
		}
	}
}
