// Package e2e tests the explorer in a real browser: headless Chromium,
// driven by chromedp, against promote serve and against the static site
// promote site writes (served by a plain file server). The tests load the
// page, type queries, check the rendered answers against the library's
// own, switch views, follow shared URLs, measure the explorer's goals and
// keep screenshots.
//
// They build promote and its WebAssembly engine, so they take a minute or
// two; they skip under -short and when no Chromium is installed
// (apt-get install -y chromium). Screenshots and metrics.txt go to
// -screenshots DIR, or else to the test's artifact directory (kept with
// go test -artifacts).
package e2e_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/explorer"
	"github.com/promote-dev/promote/explorer/web"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/internal/castline"
	"github.com/promote-dev/promote/picture"
	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/rules/numpy"
)

var screenshots = flag.String("screenshots", "", "keep the browser tests' screenshots and metrics in `DIR` (default: the test's artifact directory)")

// chromium finds a Chromium or Chrome binary: $PROMOTE_CHROMIUM, then the
// usual names on PATH.
func chromium() string {
	if p := os.Getenv("PROMOTE_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// setup skips when the test cannot run and returns the module root.
func setup(t *testing.T) (root, browser string) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests build promote and its WebAssembly engine; skipped under -short")
	}
	browser = chromium()
	if browser == "" {
		t.Skip("no chromium on PATH: install Debian's chromium package (apt-get install -y chromium) to run the browser tests")
	}
	root, err := web.FindSource(".")
	if err != nil {
		t.Fatal(err)
	}
	return root, browser
}

// outDir is where screenshots and metrics are kept.
func outDir(t *testing.T) string {
	if *screenshots != "" {
		if err := os.MkdirAll(*screenshots, 0o755); err != nil {
			t.Fatal(err)
		}
		return *screenshots
	}
	return t.ArtifactDir()
}

// buildPromote builds the promote command into dir.
func buildPromote(t *testing.T, root, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "promote")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/promote")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build ./cmd/promote: %v\n%s", err, out)
	}
	return bin
}

// startServe runs promote serve on a free loopback port and returns its
// URL; the server is stopped with SIGTERM when the test ends.
func startServe(t *testing.T, bin string) string {
	t.Helper()
	cmd := exec.Command(bin, "serve", "-addr", "127.0.0.1:0")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("promote serve printed no address: %v %s", err, stderr.String())
	}
	i := strings.Index(line, "http://")
	if i < 0 {
		t.Fatalf("promote serve: %q", line)
	}
	return strings.TrimSpace(line[i:])
}

// newBrowser starts headless Chromium with the flags a closed, shared
// machine needs (root: no sandbox; no background traffic).
func newBrowser(t *testing.T, browser string) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(browser),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1400, 1000),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 4*time.Minute)
	t.Cleanup(func() { cancelTime(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	return ctx
}

// TestBrowser drives the explorer in Chromium, against promote serve and
// against the static site.
func TestBrowser(t *testing.T) {
	root, browser := setup(t)
	work := t.TempDir()
	bin := buildPromote(t, root, work)

	site := filepath.Join(work, "site")
	out, err := exec.Command(bin, "site", "-o", site, "-src", root).CombinedOutput()
	if err != nil {
		t.Fatalf("promote site: %v\n%s", err, out)
	}
	t.Logf("promote site:\n%s", out)
	wasm, err := os.ReadFile(filepath.Join(site, "promote.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	gz := gzipLen(wasm)
	if gz >= 8<<20 {
		t.Errorf("promote.wasm is %d bytes with gzip, the goal is under 8 MiB", gz)
	}
	files := httptest.NewServer(http.FileServer(http.Dir(site)))
	defer files.Close()

	m := &metrics{}
	m.add("promote.wasm: %d bytes, %d with gzip -9 (%.2f MiB; goal under 8 MiB)", len(wasm), gz, float64(gz)/(1<<20))
	for _, target := range []struct{ name, url string }{
		{"serve", startServe(t, bin)},
		{"site", files.URL + "/"},
	} {
		t.Run(target.name, func(t *testing.T) {
			ctx := newBrowser(t, browser)
			b := &page{t: t, ctx: ctx, base: target.url, name: target.name, dir: outDir(t)}
			b.queries()
			b.malformed()
			b.views()
			b.sharedURLs()
			b.goals(m)
		})
	}
	m.write(t, outDir(t))
}

// page drives one loaded explorer.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string // the page's URL, ending in /
	name string // serve or site
	dir  string
}

func (p *page) run(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// open loads the page at a query string and waits for its engine.
func (p *page) open(query string) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.base+query), chromedp.WaitReady(chromedp.CSS("body")))
}

// poll waits until a JavaScript expression is true.
func (p *page) poll(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		state, _ := chromedp.Run(p.ctx, chromedp.Evaluate[string](`location.href + " | " + document.body.innerText.slice(0, 400)`))
		p.t.Fatalf("waiting for %s: %v\npage: %s", expr, err, state)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its
// value.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// shot keeps a full-page screenshot.
func (p *page) shot(name string) {
	p.t.Helper()
	buf, err := chromedp.Run(p.ctx, chromedp.FullScreenshot(100))
	if err != nil {
		p.t.Fatal(err)
	}
	path := filepath.Join(p.dir, p.name+"-"+name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

// clear empties an input without events, so that the keys typed next
// replace its text (chromedp's Clear resets the value attribute only).
func clear(sel string) chromedp.Action[chromedp.Void] {
	return chromedp.Evaluate[chromedp.Void](`document.querySelector(` + strconv.Quote(sel) + `).value = ''`)
}

// renderedRow is a query answer as the page shows it.
type renderedRow struct {
	Spec, Label, Result, Mark string
}

func (p *page) rows() []renderedRow {
	return eval[[]renderedRow](p, `[...document.querySelectorAll('#q-table tbody tr[data-spec]')].map(tr => ({Spec: tr.dataset.spec,
		Label: tr.cells[1].textContent, Result: tr.cells[2].textContent, Mark: tr.cells[0].textContent}))`)
}

// want is the library's own answer to a query: each rule set's row,
// computed with the rule sets directly, and promote compare's marks.
func want(t *testing.T, q string, specs []string) []renderedRow {
	t.Helper()
	var rs []promote.Rules
	if specs == nil {
		all, err := rules.Select("")
		if err != nil {
			t.Fatal(err)
		}
		rs = all
	} else {
		for _, s := range specs {
			r, err := rules.Parse(s)
			if err != nil {
				t.Fatal(err)
			}
			rs = append(rs, r)
		}
	}
	d := dtype.Neutral
	if len(rs) == 1 {
		d = rs[0].Def().Dialect
	}
	ops, err := answer.ParseOperands(d, strings.Fields(q))
	if err != nil {
		t.Fatal(err)
	}
	var out []renderedRow
	var rows []answer.Row
	for _, r := range rs {
		res, err := r.Result(ops...)
		row := answer.Row{Rules: r.Def().Name, Settings: r.Settings().Changed(), Result: res.String()}
		if err != nil {
			row.Result, row.Error = "", err.Error()
		}
		rows = append(rows, row)
	}
	if len(rows) > 1 {
		answer.Mark(rows)
	}
	for i, row := range rows {
		mark := ""
		if row.Differs {
			mark = "≠"
		}
		out = append(out, renderedRow{Spec: rules.Label(rs[i]), Label: row.Label(), Result: row.Answer(), Mark: mark})
	}
	return out
}

func (p *page) checkRows(q string, specs []string) {
	p.t.Helper()
	got, exp := p.rows(), want(p.t, q, specs)
	// The page groups the rows by result; compare them rule set by rule set.
	bySpec := func(rs []renderedRow) {
		sort.Slice(rs, func(i, j int) bool { return rs[i].Spec < rs[j].Spec })
	}
	bySpec(got)
	bySpec(exp)
	if len(got) != len(exp) {
		p.t.Fatalf("%q: %d rows on the page, the library gives %d", q, len(got), len(exp))
	}
	for i := range got {
		if got[i] != exp[i] {
			p.t.Errorf("%q row %d: page %+v, library %+v", q, i, got[i], exp[i])
		}
	}
}

// checkGrouped: the answers open grouped by result, the most common
// first and the refusals last, each row one short line (the reason
// promote compare prints) whose details hold the rule's full text.
func (p *page) checkGrouped() {
	p.t.Helper()
	heads := eval[[]string](p, `[...document.querySelectorAll('#q-table tr.group th')].map(th => th.textContent)`)
	if len(heads) < 2 || !strings.HasPrefix(heads[0], "bf16 — ") || !strings.HasSuffix(heads[len(heads)-1], " refuse") {
		p.t.Errorf("group headings %q: want bf16's first and the refusals last", heads)
	}
	summaries := eval[[]string](p, `[...document.querySelectorAll('#q-table tr[data-spec] td.why details > summary')].map(s => s.textContent)`)
	fulls := eval[int](p, `document.querySelectorAll('#q-table tr[data-spec] td.why details > p.full').length`)
	if len(summaries) == 0 || fulls != len(summaries) {
		p.t.Fatalf("%d summaries and %d full texts", len(summaries), fulls)
	}
	for _, s := range summaries {
		if len([]rune(s)) > 120 || !strings.Contains(s, ": ") {
			p.t.Errorf("summary %q: want a rule ID and a reason in at most 120 characters", s)
		}
	}
	open := eval[int](p, `document.querySelectorAll('#q-table details[open]').length`)
	if open != 0 {
		p.t.Errorf("%d details open at first; the reasons and sources are a click away", open)
	}
}

// queries: the default view answers, then a query typed into the box.
func (p *page) queries() {
	p.open("")
	p.poll(`window.promoteStats && window.promoteStats.firstAnswerMs !== null`)
	p.checkRows("i32 bf16", nil)
	p.checkGrouped()
	p.shot("query-default")

	p.run(clear("#q"), chromedp.SendKeys(chromedp.CSS("#q"), "f16 i64 2.5"))
	p.poll(`new URLSearchParams(location.search).get('q') === 'f16 i64 2.5' && document.querySelectorAll('#q-table tbody tr[data-spec]').length > 0`)
	p.checkRows("f16 i64 2.5", nil)

	p.run(clear("#q-rules"), chromedp.SendKeys(chromedp.CSS("#q-rules"), "numpy,jax:x64=true,pytorch"), chromedp.Blur(chromedp.CSS("#q-rules")))
	p.poll(`new URLSearchParams(location.search).get('rules') === 'numpy,jax:x64=true,pytorch' && document.querySelectorAll('#q-table tbody tr[data-spec]').length === 3`)
	p.checkRows("f16 i64 2.5", []string{"numpy", "jax:x64=true", "pytorch"})
	links := eval[int](p, `document.querySelectorAll('#q-table .source a[href^="https://github.com/"]').length`)
	if links < 3 {
		p.t.Errorf("%d source links for 3 rule sets", links)
	}
	p.shot("query-typed")
}

// malformed: a bad operand shows the command line's error beside the box,
// and the rest of the page keeps working.
func (p *page) malformed() {
	p.open("?q=f32")
	p.poll(`document.querySelectorAll('#q-table tbody tr[data-spec]').length > 0`)
	p.run(clear("#q"), chromedp.SendKeys(chromedp.CSS("#q"), "i32 bf16x"))
	// Each key gives an answer; wait for the one to the whole query.
	p.poll(`new URLSearchParams(location.search).get('q') === 'i32 bf16x' && document.getElementById('q-error').textContent !== ''`)
	var msg string
	var hidden bool
	msg = eval[string](p, `document.getElementById('q-error').textContent`)
	hidden = eval[bool](p, `document.getElementById('q-table').hidden`)
	if exp := explorer.Call(explorer.Request{Op: "query", Q: "i32 bf16x"}).Error; msg != exp || !strings.HasPrefix(msg, "promote compare: bad operand \"bf16x\"") {
		p.t.Errorf("error beside the box %q, want %q", msg, exp)
	}
	if !hidden {
		p.t.Error("the answers of an earlier query stay on screen under an error")
	}
	p.shot("query-error")
	// The other views still work, and the box recovers.
	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="lattice"]`)))
	p.poll(`document.querySelector('#l-picture svg') !== null`)
	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="query"]`)), clear("#q"), chromedp.SendKeys(chromedp.CSS("#q"), "i32 bf16"))
	// "i32" alone is a query too: wait for the answer to the whole one
	// (the URL is written after its rows are drawn).
	p.poll(`new URLSearchParams(location.search).get('q') === 'i32 bf16' && document.getElementById('q-error').textContent === '' && document.querySelectorAll('#q-table tbody tr[data-spec]').length > 0`)
	p.checkRows("i32 bf16", nil)
}

// views: switch to each view with its tab and check it against the
// library.
func (p *page) views() {
	p.open("?q=u8+i8")
	p.poll(`document.querySelectorAll('#q-table tbody tr[data-spec]').length > 0`)

	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="table"]`)))
	p.poll(`document.querySelector('#t-picture svg title') !== null && new URLSearchParams(location.search).get('view') === 'table'`)
	jax, _ := rules.Parse("jax")
	np, _ := rules.Parse("numpy")
	p.checkTitle("#t-picture", picture.NewTable(jax, np).Title())
	p.shot("table")

	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="lattice"]`)))
	p.poll(`document.querySelector('#l-picture svg title') !== null && new URLSearchParams(location.search).get('view') === 'lattice'`)
	d, _ := picture.LatticeDiagram(jax)
	p.checkTitle("#l-picture", d.Title)
	p.shot("lattice")

	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="cast"]`)))
	p.poll(`document.querySelectorAll('#c-table tbody tr').length > 0 && new URLSearchParams(location.search).get('view') === 'cast'`)
	p.checkCast("f32", "bf16", "default")
	p.shot("cast")

	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="infer"]`)))
	p.poll(`document.getElementById('i-summary').textContent !== '' && new URLSearchParams(location.search).get('view') === 'infer'`)
	var summary, prog, list string
	summary = eval[string](p, `document.getElementById('i-summary').textContent`)
	prog = eval[string](p, `document.getElementById('i-prog').value`)
	list = eval[string](p, `document.getElementById('i-rules').value`)
	rs, err := rules.ParseList(list)
	if err != nil {
		p.t.Fatal(err)
	}
	l := infer.Compare("program", []byte(prog), rs)
	exp := "all rule sets agree"
	if l.First >= 0 {
		exp = fmt.Sprintf("first disagreement: line %d", l.FirstLine)
	}
	if summary != exp {
		p.t.Errorf("infer: page says %q, the library %q", summary, exp)
	}
	p.shot("infer")

	p.run(chromedp.Click(chromedp.CSS(`#tabs a[data-view="lint"]`)))
	p.poll(`document.getElementById('p-summary').textContent !== '' && new URLSearchParams(location.search).get('view') === 'lint'`)
	src := eval[string](p, `document.getElementById('p-src').value`)
	fs, err := pytype.NewChecker(numpy.NewPython()).Check("source.py", []byte(src))
	if err != nil {
		p.t.Fatal(err)
	}
	rows := eval[int](p, `document.querySelectorAll('#p-table tbody tr').length`)
	if rows != len(fs) || len(fs) == 0 {
		p.t.Errorf("lint: page shows %d findings, the library %d", rows, len(fs))
	}
	first := eval[string](p, `document.querySelector('#p-table tbody tr td').textContent`)
	if len(fs) > 0 && first != fmt.Sprintf("%d:%d", fs[0].Line, fs[0].Col) {
		p.t.Errorf("lint: first finding at %q, the library at %d:%d", first, fs[0].Line, fs[0].Col)
	}
	p.shot("lint")
}

func (p *page) checkTitle(sel, exp string) {
	p.t.Helper()
	title := eval[string](p, `document.querySelector('`+sel+` svg title').textContent`)
	if title != exp {
		p.t.Errorf("%s: picture %q, want %q", sel, title, exp)
	}
}

// checkCast compares the cast view's rows with castline's.
func (p *page) checkCast(from, to, policy string) {
	p.t.Helper()
	var values string
	var results []string
	values = eval[string](p, `document.getElementById('c-values').value`)
	results = eval[[]string](p, `[...document.querySelectorAll('#c-table tbody tr')].map(tr => tr.cells.length > 3 ? tr.cells[3].textContent : 'error')`)
	c, err := castline.New(from, to, policy)
	if err != nil {
		p.t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(values, "\n"), "\n")
	if len(lines) != len(results) {
		p.t.Fatalf("cast: %d rows for %d lines", len(results), len(lines))
	}
	for i, l := range lines {
		exp := "error"
		if r, err := c.Convert(l); err == nil {
			exp = castline.Hex(c.Dst(), r.Out)
		}
		if results[i] != exp {
			p.t.Errorf("cast %s -> %s %q: page %s, library %s", from, to, l, results[i], exp)
		}
	}
}

// sharedURLs: a pasted link restores its view; an unknown parameter opens
// the default view with a note.
func (p *page) sharedURLs() {
	p.open("?q=i32+bf16&rules=pytorch,triton")
	p.poll(`document.querySelectorAll('#q-table tbody tr[data-spec]').length === 2`)
	p.checkRows("i32 bf16", []string{"pytorch", "triton"})
	p.shot("shared-query")

	p.open("?view=lattice&rules=numpy")
	p.poll(`document.querySelector('#l-picture svg title') !== null`)
	np, _ := rules.Parse("numpy")
	d, _ := picture.LatticeDiagram(np)
	p.checkTitle("#l-picture", d.Title)
	p.shot("shared-lattice-numpy")

	p.open("?view=table&rules=kernel-float&against=anvil")
	p.poll(`document.querySelector('#t-picture svg title') !== null`)
	kf, _ := rules.Parse("kernel-float")
	an, _ := rules.Parse("anvil")
	p.checkTitle("#t-picture", picture.NewTable(kf, an).Title())

	p.open("?view=cast&from=f32&to=f16&policy=saturate&v=65520%0A1e-8%0A0x7f800000")
	p.poll(`document.querySelectorAll('#c-table tbody tr').length === 3`)
	p.checkCast("f32", "f16", "saturate")

	p.open("?view=infer&prog=x%3A+i8%0Ax+%2B+1.5&rules=numpy,tensorflow")
	p.poll(`document.getElementById('i-summary').textContent !== ''`)
	summary := eval[string](p, `document.getElementById('i-summary').textContent`)
	if summary != "first disagreement: line 2" {
		p.t.Errorf("shared infer link: %q", summary)
	}

	p.open("?frobnicate=1&q=f32")
	p.poll(`!document.getElementById('note').hidden && document.querySelectorAll('#q-table tbody tr[data-spec]').length > 0`)
	var note, q string
	note = eval[string](p, `document.getElementById('note').textContent`)
	q = eval[string](p, `document.getElementById('q').value`)
	if !strings.Contains(note, "Unknown parameter frobnicate") || q != "i32 bf16" {
		p.t.Errorf("unknown parameter: note %q, query %q", note, q)
	}
	p.checkRows("i32 bf16", nil)
	p.shot("unknown-parameter")
}

// goals measures the explorer's goals: the first answer after a load,
// and a query under every rule set answered and drawn in the page.
func (p *page) goals(m *metrics) {
	var first, ready, compiled, goMain []float64
	for i := 0; i < 5; i++ {
		p.open(fmt.Sprintf("?q=i32+bf16+%d", i))
		p.poll(`window.promoteStats.firstAnswerMs !== null && window.promoteStats.engineReadyMs !== null`)
		first = append(first, eval[float64](p, `window.promoteStats.firstAnswerMs`))
		ready = append(ready, eval[float64](p, `window.promoteStats.engineReadyMs`))
		compiled = append(compiled, eval[float64](p, `window.promoteStats.compiledMs || 0`))
		goMain = append(goMain, eval[float64](p, `window.promoteStats.goMainMs || 0`))
	}
	m.add("%s: first answer on screen %s ms after navigation starts; engine ready at %s ms (5 loads: first, median, worst; goal for the site: 300 ms)", p.name, spread(first), spread(ready))
	if p.name == "site" {
		m.add("%s: of which wasm downloaded and compiled at %s ms, Go's main started (runtime and package init done) at %s ms", p.name, spread(compiled), spread(goMain))
	}

	queries := []string{"f16 i64", "i32 bf16 2.5", "u8 i8?", "f32[] i64 1j", "bool u16 f8e4m3fn", "c64 f64(1.5)", "i4 u4", "f16[2,3] 1000", "bf16 f16", "u64 i64"}
	var total, eng []float64
	for round := 0; round < 3; round++ {
		for _, q := range queries {
			n := eval[int](p, `window.promoteStats.calls.length`)
			p.run(chromedp.SetValue(chromedp.CSS("#q"), q), chromedp.Evaluate[chromedp.Void](`document.getElementById('q').dispatchEvent(new Event('change'))`))
			p.poll(fmt.Sprintf(`window.promoteStats.calls.length > %d && document.getElementById('q').value === %q`, n, q))
			c := eval[struct{ EngineMs, TotalMs float64 }](p, `(({engineMs, totalMs}) => ({EngineMs: engineMs, TotalMs: totalMs}))(window.promoteStats.calls[window.promoteStats.calls.length-1])`)
			total, eng = append(total, c.TotalMs), append(eng, c.EngineMs)
		}
	}
	m.add("%s: a query under every rule set and preset (%d rows), answered and drawn: %s ms; the engine call alone %s ms (30 queries: first, median, worst; goal: 5 ms)",
		p.name, len(want(p.t, "f16 i64", nil)), spread(total), spread(eng))
}

type metrics struct{ lines []string }

func (m *metrics) add(format string, args ...any) {
	m.lines = append(m.lines, fmt.Sprintf(format, args...))
}

func (m *metrics) write(t *testing.T, dir string) {
	text := strings.Join(m.lines, "\n") + "\n"
	t.Logf("explorer goals on this machine:\n%s", text)
	if err := os.WriteFile(filepath.Join(dir, "metrics.txt"), []byte(text), 0o644); err != nil {
		t.Error(err)
	}
}

// spread writes the first, the median and the worst of samples.
func spread(xs []float64) string {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return fmt.Sprintf("%.1f / %.1f / %.1f", xs[0], s[len(s)/2], s[len(s)-1])
}

func gzipLen(b []byte) int {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return buf.Len()
}
