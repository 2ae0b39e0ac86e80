package picture

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/rules"
)

// TestTableCells: every cell is the rule set's own answer, the dtypes are
// those it accepts, and with against the differing cells are exactly the
// pairs whose short answers (promote diff's) differ.
func TestTableCells(t *testing.T) {
	for _, d := range rules.All() {
		r := d.MustBuild()
		tab := NewTable(r, nil)
		for i, a := range tab.DTypes {
			if _, err := r.PromoteTypes(a, a); err != nil {
				t.Errorf("%s: %s is drawn but refused with itself", d.Name, a)
			}
			for j, b := range tab.DTypes {
				res, err := r.PromoteTypes(a, b)
				c := tab.Cells[i][j]
				if got, want := c.A.Label(), shortLabel(res, err); got != want {
					t.Errorf("%s: %s·%s drawn %s, want %s", d.Name, a, b, got, want)
				}
			}
		}
	}
	a, err := rules.Build("jax")
	if err != nil {
		t.Fatal(err)
	}
	b, err := rules.Build("numpy")
	if err != nil {
		t.Fatal(err)
	}
	tab := NewTable(a, b)
	differ := 0
	for i, x := range tab.DTypes {
		for j, y := range tab.DTypes {
			ra, ea := a.PromoteTypes(x, y)
			rb, eb := b.PromoteTypes(x, y)
			if diff := shortKey(ra, ea) != shortKey(rb, eb); diff != tab.Cells[i][j].Differs {
				t.Errorf("%s·%s: differs = %v, want %v", x, y, tab.Cells[i][j].Differs, diff)
			} else if diff {
				differ++
			}
		}
	}
	if differ != tab.Differ || differ == 0 {
		t.Errorf("Differ = %d, counted %d", tab.Differ, differ)
	}
}

func shortLabel(res promote.Result, err error) string {
	if err != nil {
		return "×"
	}
	return res.String()
}

func shortKey(res promote.Result, err error) string {
	if err != nil {
		return "error"
	}
	return res.String()
}

// TestTableSVGAll: every rule set's table, and each against the next,
// draws as a self-contained SVG that names every dtype and answer, and as
// HTML without scripts.
func TestTableSVGAll(t *testing.T) {
	all := rules.All()
	for i, d := range all {
		r := d.MustBuild()
		other := all[(i+1)%len(all)].MustBuild()
		for _, tab := range []*Table{NewTable(r, nil), NewTable(r, other)} {
			var svg, html bytes.Buffer
			if err := tab.SVG(&svg); err != nil {
				t.Fatal(err)
			}
			checkSVG(t, svg.Bytes())
			for _, x := range tab.DTypes {
				if !strings.Contains(svg.String(), ">"+x.String()+"</text>") {
					t.Errorf("%s: %s is not a label", tab.Title(), x)
				}
			}
			if err := tab.HTML(&html); err != nil {
				t.Fatal(err)
			}
			h := html.String()
			if strings.Contains(h, "<script") || !strings.HasSuffix(h, "</html>\n") {
				t.Errorf("%s: HTML has a script or is cut", tab.Title())
			}
			if got, want := strings.Count(h, "<tr>"), len(tab.DTypes)+1; got != want {
				t.Errorf("%s: %d rows, want %d", tab.Title(), got, want)
			}
			if tab.Against != "" && strings.Count(h, `class="differs"`) != tab.Differ {
				t.Errorf("%s: %d differing cells in HTML, want %d", tab.Title(), strings.Count(h, `class="differs"`), tab.Differ)
			}
		}
	}
}

// TestTableGolden keeps the pictures of two small tables: kernel-float
// alone, and kernel-float against anvil (refusals, weak results,
// differences).
func TestTableGolden(t *testing.T) {
	kf, err := rules.Parse("kernel-float")
	if err != nil {
		t.Fatal(err)
	}
	anvil, err := rules.Parse("anvil")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		tab     *Table
		html    bool
		against bool
	}{
		{"table_kernel-float.svg", NewTable(kf, nil), false, false},
		{"table_kernel-float_anvil.svg", NewTable(kf, anvil), false, true},
		{"table_kernel-float_anvil.html", NewTable(kf, anvil), true, true},
	} {
		var b bytes.Buffer
		if tc.html {
			err = tc.tab.HTML(&b)
		} else {
			err = tc.tab.SVG(&b)
			checkSVG(t, b.Bytes())
		}
		if err != nil {
			t.Fatal(err)
		}
		golden(t, tc.name, b.Bytes())
	}
}

func ExampleTable_SVG() {
	r, _ := rules.Parse("kernel-float")
	against, _ := rules.Parse("anvil")
	t := NewTable(r, against)
	fmt.Println(t.Title())
	var svg bytes.Buffer
	t.SVG(&svg) // write svg.Bytes() to a file, or serve it
	fmt.Println(strings.HasPrefix(svg.String(), "<svg"))
	// Output:
	// kernel-float against anvil: 224 of 361 cells differ
	// true
}
