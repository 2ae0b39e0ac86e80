package explorer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/picture"
	"github.com/promote-dev/promote/rules"
)

// TestQuery: the rows are the library's answers, with the rule, its text
// and its source split into links; without a filter every rule set and
// preset answers, as promote compare.
func TestQuery(t *testing.T) {
	resp := Call(Request{Op: "query", Q: "i32 bf16", Rules: "pytorch,triton"})
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	q := resp.Query
	if len(q.Rows) != 2 || q.Dialect != "neutral" {
		t.Fatalf("%d rows in %s", len(q.Rows), q.Dialect)
	}
	for i, name := range []string{"pytorch", "triton"} {
		r, _ := rules.Parse(name)
		ops, _ := answer.ParseOperands(dtype.Neutral, []string{"i32", "bf16"})
		res, err := r.Result(ops...)
		if err != nil {
			t.Fatal(err)
		}
		row := q.Rows[i]
		if row.Label != name || row.Result != res.String() || row.RuleID != res.Rule.ID || row.Reason != res.Rule.Text || row.Source != res.Rule.Source {
			t.Errorf("row %d: %+v, want %s %v", i, row, name, res)
		}
		if picture.SourceURL(row.Source) != "" && len(row.Links) == 0 {
			t.Errorf("row %d: no links for %q", i, row.Source)
		}
	}
	all := Call(Request{Op: "query", Q: "f16 i64"})
	rs, _ := rules.Select("")
	if all.Error != "" || len(all.Query.Rows) != len(rs) || all.Query.Summary == "" {
		t.Fatalf("all rule sets: %q, %d rows, want %d", all.Error, len(all.Query.Rows), len(rs))
	}
	one := Call(Request{Op: "query", Q: "float i8", Rules: "numpy"})
	if one.Error != "" || one.Query.Dialect != "numpy" || one.Query.Rows[0].Result != "f64" {
		t.Errorf("numpy reads float as f64: %q %+v", one.Error, one.Query)
	}
	empty := Call(Request{Op: "query", Q: "  "})
	if empty.Error != "" || len(empty.Query.Rows) != 0 {
		t.Errorf("an empty query: %+v", empty)
	}
}

// TestErrors: each bad input gets the command line's message and
// nothing else.
func TestErrors(t *testing.T) {
	for _, tc := range []struct {
		req  Request
		want string
	}{
		{Request{Op: "query", Q: "i32 bf16x"}, `promote compare: bad operand "bf16x": unknown dtype "bf16x"`},
		{Request{Op: "query", Q: "float"}, `promote compare: bad operand "float"`},
		{Request{Op: "query", Q: "f32", Rules: "nope"}, `promote: unknown rule set "nope"`},
		{Request{Op: "query", Q: "f32", Rules: "numpy,nope"}, `promote compare: unknown rule set "nope"`},
		{Request{Op: "query", Q: "f32", Rules: "jax:x64=maybe"}, `promote: jax: option x64="maybe"`},
		{Request{Op: "query", Q: strings.Repeat("f32 ", MaxOperands+1)}, "at most 4096"},
		{Request{Op: "table", Rules: ""}, "promote table: -rules is required"},
		{Request{Op: "table", Rules: "jax", Against: "nope"}, `promote table: unknown rule set "nope"`},
		{Request{Op: "lattice", Rules: "nope"}, `promote lattice: unknown rule set "nope"`},
		{Request{Op: "cast", From: "f32", To: "f17"}, `promote cast: unknown dtype "f17"`},
		{Request{Op: "cast", From: "f32", To: "f16", Policy: "nope"}, "promote cast: "},
		{Request{Op: "cast", From: "f32", To: "f16", Values: strings.Repeat("1\n", MaxValueLines+1)}, "at most 4096 lines"},
		{Request{Op: "infer", Program: "x: f32", Rules: "nope"}, `promote infer: -compare: unknown rule set "nope"`},
		{Request{Op: "infer", Program: strings.Repeat("#", MaxProgramBytes+1)}, "at most"},
		{Request{Op: "nope"}, `unknown operation "nope"`},
		// Rule files are the command line's: the explorer reads no files.
		{Request{Op: "query", Q: "f32", Rules: "/etc/passwd"}, `promote: "/etc/passwd" names a rule file: the explorer answers with the built-in rule sets only`},
		{Request{Op: "query", Q: "f32", Rules: "numpy,./x.toml"}, `promote compare: "./x.toml" names a rule file`},
		{Request{Op: "table", Rules: "numpy", Against: "../../go.mod.json"}, `promote table: "../../go.mod.json" names a rule file`},
		{Request{Op: "lattice", Rules: "x.toml"}, `promote lattice: "x.toml" names a rule file`},
		{Request{Op: "infer", Program: "x: f32", Rules: "jax,/tmp/r.toml"}, `promote infer: -compare: "/tmp/r.toml" names a rule file`},
	} {
		resp := Call(tc.req)
		if !strings.HasPrefix(resp.Error, tc.want) && !strings.Contains(resp.Error, tc.want) {
			t.Errorf("%+.80v: error %q, want %q", tc.req, resp.Error, tc.want)
		}
		if resp.Query != nil || resp.Picture != nil || resp.Cast != nil || resp.Infer != nil {
			t.Errorf("%+.80v: an error with an answer", tc.req)
		}
	}
}

func TestPictures(t *testing.T) {
	resp := Call(Request{Op: "table", Rules: "kernel-float", Against: "anvil"})
	r, _ := rules.Parse("kernel-float")
	a, _ := rules.Parse("anvil")
	tab := picture.NewTable(r, a)
	if resp.Error != "" || resp.Picture.Title != tab.Title() || resp.Picture.Differ != tab.Differ || !strings.HasPrefix(resp.Picture.SVG, "<svg") {
		t.Errorf("table: %q %+.200v", resp.Error, resp.Picture)
	}
	resp = Call(Request{Op: "lattice", Rules: "numpy"})
	n, _ := rules.Parse("numpy")
	d, _ := picture.LatticeDiagram(n)
	if resp.Error != "" || resp.Picture.Title != d.Title || len(resp.Picture.Notes) == 0 {
		t.Errorf("lattice: %q %+.200v", resp.Error, resp.Picture)
	}
}

func TestCast(t *testing.T) {
	resp := Call(Request{Op: "cast", From: "f32", To: "f16", Values: "0.1\r\n65520\nfoo\n"})
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	rows := resp.Cast.Rows
	if len(rows) != 3 {
		t.Fatalf("%d rows", len(rows))
	}
	if r := rows[0]; r.InHex != "0x3dcccccd" || r.InValue != "0.100000001490116119384765625" || r.Read != "rounded up" ||
		r.OutHex != "0x2e66" || r.OutValue != "0.0999755859375" || r.Rounding != "rounded down" || r.CLI != "0x2e66 0.0999755859375" {
		t.Errorf("0.1: %+v", r)
	}
	if r := rows[1]; r.OutHex != "0x7c00" || r.OutValue != "inf" || r.Rounding != "rounded up" || r.Read != "exact" {
		t.Errorf("65520: %+v", r)
	}
	if r := rows[2]; !strings.HasPrefix(r.CLI, "error: ") || r.Error == "" {
		t.Errorf("foo: %+v", r)
	}
}

func TestInfer(t *testing.T) {
	resp := Call(Request{Op: "infer", Program: "x: i8\ny: u8\nx + y\n", Rules: "numpy,jax"})
	if resp.Error != "" {
		t.Fatal(resp.Error)
	}
	l := resp.Infer
	if len(l.Rules) != 2 || len(l.Rows) != 3 || l.Summary != "all rule sets agree" || l.First != -1 {
		t.Errorf("%+v", l)
	}
	resp = Call(Request{Op: "infer", Program: "x: i8\nx + 1.5\n", Rules: "numpy,tensorflow"})
	if l := resp.Infer; l == nil || l.First != 1 || l.Summary != "first disagreement: line 2" {
		t.Errorf("%q %+v", resp.Error, resp.Infer)
	}
}

func TestMeta(t *testing.T) {
	m := Call(Request{Op: "meta"}).Meta
	if len(m.Rules) != len(rules.All()) || len(m.DTypes) == 0 || len(m.Policies) == 0 {
		t.Errorf("%+v", m)
	}
	for _, r := range m.Rules {
		for _, p := range r.Presets {
			if _, err := rules.Parse(p); err != nil {
				t.Errorf("preset %s: %v", p, err)
			}
		}
	}
}

// FuzzCallJSON: any request body gives a JSON response, never a panic.
func FuzzCallJSON(f *testing.F) {
	for _, s := range []string{`{"op":"query","q":"i32 bf16"}`, `{"op":"table","rules":"jax","against":"numpy:x=1"}`,
		`{"op":"cast","from":"f32","to":"f8e4m3fn","values":"1e9\n-0"}`, `{"op":"infer","program":"x: f32\nx ** 2","rules":"jax"}`,
		`{"op":"lattice","rules":"pytorch"}`, `{"op":"meta"}`, `nope`, `{"op":"query","q":"f32[", "rules":","}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var resp Response
		if err := json.Unmarshal(CallJSON(b), &resp); err != nil {
			t.Fatalf("not JSON: %v", err)
		}
	})
}

// BenchmarkQueryAll answers one query under every rule set and preset,
// the page's heaviest query; the browser test measures the same in the
// page, under WebAssembly.
func BenchmarkQueryAll(b *testing.B) {
	req := []byte(`{"op":"query","q":"i32 bf16 2.5"}`)
	for b.Loop() {
		CallJSON(req)
	}
}

// TestLint: the lint view finds what promote lint finds, and says when
// the source does not parse.
func TestLint(t *testing.T) {
	resp := Call(Request{Op: "lint", Program: "import numpy as np\nx = np.uint8(1) + 300\ny = np.float32(3) + 3.0\n"})
	l := resp.Lint
	if resp.Error != "" || l == nil || len(l.Findings) != 2 || l.Summary != "2 places where NumPy 1.x and NumPy 2 differ" {
		t.Fatalf("%q %+v", resp.Error, l)
	}
	if f := l.Findings[0]; f.Line != 2 || f.Kind != "raises" || f.New != "OverflowError: Python integer 300 out of bounds for uint8" {
		t.Errorf("first finding %+v", f)
	}
	resp = Call(Request{Op: "lint", Program: "def (:\n"})
	if l := resp.Lint; l == nil || l.Error == "" || l.Summary != "the source does not parse" {
		t.Errorf("%q %+v", resp.Error, resp.Lint)
	}
	resp = Call(Request{Op: "lint", Program: strings.Repeat("#", MaxProgramBytes+1)})
	if !strings.Contains(resp.Error, "at most") {
		t.Errorf("oversized source: %q", resp.Error)
	}
}
