package web

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/explorer"
)

// TestHandler: the page's files, the API, and nothing else; every answer
// with its security headers; requests to a non-loopback name refused.
func TestHandler(t *testing.T) {
	srv := httptest.NewServer(Handler(HandlerOptions{LocalOnly: true}))
	defer srv.Close()
	get := func(method, path, host, body string) (*http.Response, string) {
		t.Helper()
		req, err := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp, string(b)
	}
	for _, tc := range []struct {
		method, path, host, body string
		status                   int
		ctype, contains          string
	}{
		{"GET", "/", "", "", 200, "text/html; charset=utf-8", "<title>promote explorer</title>"},
		{"GET", "/index.html", "", "", 200, "text/html; charset=utf-8", "app.js"},
		{"GET", "/app.js", "", "", 200, "text/javascript; charset=utf-8", "promoteEngine"},
		{"GET", "/style.css", "", "", 200, "text/css; charset=utf-8", "table.answers"},
		{"GET", "/engine.js", "", "", 200, "text/javascript; charset=utf-8", `window.promoteEngine = "api"`},
		{"HEAD", "/", "", "", 200, "text/html; charset=utf-8", ""},
		{"POST", "/api", "", `{"op":"query","q":"i32 bf16","rules":"jax"}`, 200, "application/json", `"result":"bf16"`},
		// A malformed request is a 400 with the error in its JSON body; a
		// well-formed query whose answer is a refusal is a 200.
		{"POST", "/api", "", `{"op":"query","q":"i32 bf16x"}`, 400, "application/json", `"error":"promote compare: bad operand`},
		{"POST", "/api", "", `not json`, 400, "application/json", `"error":"promote: bad request`},
		{"POST", "/api", "", `{"op":"nope"}`, 400, "application/json", `"error":"promote: unknown operation`},
		{"POST", "/api", "", `{"op":"query","q":"f32","rules":"nope"}`, 400, "application/json", `unknown rule set`},
		{"POST", "/api", "", `{"op":"table","rules":"nope"}`, 400, "application/json", `unknown rule set`},
		{"POST", "/api", "", `{"op":"query","q":"f16 i64","rules":"openvino"}`, 200, "application/json", `"error":"openvino: Integer input cannot be safely promoted`},
		{"POST", "/api", "", strings.Repeat("x", explorer.MaxRequestBytes+1), 413, "", "too large"},
		{"GET", "/api", "", "", 405, "", "POST"},
		{"POST", "/", "", "", 405, "", ""},
		{"GET", "/promote.wasm", "", "", 404, "", ""},
		{"GET", "/assets/app.js", "", "", 404, "", ""},
		{"GET", "/../../etc/passwd", "", "", 404, "", ""},
		{"GET", "/%2e%2e/go.mod", "", "", 404, "", ""},
		{"GET", "/", "localhost:8080", "", 200, "", ""},
		{"GET", "/", "[::1]:8080", "", 200, "", ""},
		{"GET", "/", "evil.example:8080", "", 403, "", "loopback"},
		{"POST", "/api", "attacker.example", `{"op":"meta"}`, 403, "", ""},
	} {
		resp, body := get(tc.method, tc.path, tc.host, tc.body)
		if resp.StatusCode != tc.status || (tc.ctype != "" && resp.Header.Get("Content-Type") != tc.ctype) || !strings.Contains(body, tc.contains) {
			t.Errorf("%s %s (Host %q): %d %q %.120q", tc.method, tc.path, tc.host, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
		if resp.Header.Get("Content-Security-Policy") != csp || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s %s: security headers missing", tc.method, tc.path)
		}
	}
}

// TestPageSelfContained: the page's files name nothing outside their own
// origin (no CDN, no web font, no analytics), so the page works offline.
func TestPageSelfContained(t *testing.T) {
	err := fs.WalkDir(Assets(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Assets(), p)
		if err != nil {
			return err
		}
		s := string(b)
		for _, bad := range []string{"http://", "//cdn", "@import", "url(http", "fonts.googleapis", "<script src=\"http"} {
			if strings.Contains(s, bad) {
				t.Errorf("%s contains %q", p, bad)
			}
		}
		// https:// appears only in the links the engine sends for rule
		// sources, never as something the page loads.
		if strings.Contains(s, "https://") {
			t.Errorf("%s names an https:// address", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	// The engine's answers are JSON; the API never returns HTML.
	var resp explorer.Response
	if err := json.Unmarshal(explorer.CallJSON([]byte(`{"op":"meta"}`)), &resp); err != nil || resp.Meta == nil {
		t.Fatal(err)
	}
}

// TestSiteChecks: WriteSite refuses, before any work, a directory with
// files of the user's, a path that is a file, a source that is not
// promote's, and a missing Go toolchain, each with an error saying what to
// do.
func TestSiteChecks(t *testing.T) {
	root, err := FindSource(".")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	mine := filepath.Join(dir, "mine")
	os.Mkdir(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "index.html"), []byte("my page"), 0o644)
	file := filepath.Join(dir, "file")
	os.WriteFile(file, []byte("x"), 0o644)
	notSrc := t.TempDir()
	for _, tc := range []struct {
		opt  SiteOptions
		want string
	}{
		{SiteOptions{}, "no output directory"},
		{SiteOptions{Dir: mine, Src: root}, "not empty and is not a site promote wrote"},
		{SiteOptions{Dir: file, Src: root}, "not a directory"},
		{SiteOptions{Dir: filepath.Join(dir, "new"), Src: notSrc}, "is not promote's source"},
		{SiteOptions{Dir: filepath.Join(dir, "new"), Src: root, Go: filepath.Join(dir, "no-go")}, "no Go toolchain"},
	} {
		_, err := WriteSite(context.Background(), tc.opt)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.opt, err, tc.want)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(mine, "index.html")); string(b) != "my page" {
		t.Error("the user's file changed")
	}
	if _, err := os.Stat(filepath.Join(dir, "new")); err == nil {
		t.Error("a refused run created its directory")
	}
	if _, err := FindSource(notSrc); err == nil || !strings.Contains(err.Error(), "-src") {
		t.Errorf("FindSource outside a clone: %v", err)
	}
}
