// Package web serves promote's explorer: the page's files, embedded in
// the binary, and its API (promote serve), or the page as static files
// with promote compiled to WebAssembly as its engine (promote site). The
// engine itself, the one function both run, is package explorer.
package web

import (
	"bytes"
	"embed"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"path"
	"strings"
	"time"

	"github.com/promote-dev/promote/explorer"
)

// assets are the page's files: index.html, app.js, style.css.
//
//go:embed assets
var assets embed.FS

// Assets returns the page's files (index.html, app.js, style.css). The
// engine choice, engine.js, is written by whoever serves them: see
// EngineJS.
func Assets() fs.FS {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the directory is embedded at build time
	}
	return sub
}

// EngineJS is the page's engine.js for an engine: "api" (promote serve)
// or "wasm" (promote site).
func EngineJS(engine string) []byte {
	return []byte("// Written by promote: which engine the page runs on.\nwindow.promoteEngine = \"" + engine + "\";\n")
}

// contentTypes are the types of the files the explorer serves.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".wasm": "application/wasm",
}

// csp is the page's Content-Security-Policy: its own files only, and
// WebAssembly compilation for the static site's engine.
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// HandlerOptions configure Handler.
type HandlerOptions struct {
	// LocalOnly refuses requests whose Host is not a loopback name or
	// address (localhost, 127.0.0.1, [::1]), so that a web page elsewhere
	// cannot reach a loopback server through a DNS name it controls
	// (DNS rebinding). Set it when the server listens on loopback.
	LocalOnly bool
}

// Handler serves the explorer: its own embedded files at / and its API at
// /api (POST a Request as JSON; the answer is a Response). Nothing else
// is served: no directory listings, no files from disk.
func Handler(opt HandlerOptions) http.Handler {
	files := map[string][]byte{"engine.js": EngineJS("api")}
	fs.WalkDir(Assets(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, rerr := fs.ReadFile(Assets(), p)
			if rerr == nil {
				files[p] = b
			}
		}
		return nil
	})
	mux := http.NewServeMux()
	mux.HandleFunc("/api", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "the API takes POST", http.StatusMethodNotAllowed)
			return
		}
		body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, explorer.MaxRequestBytes))
		if err != nil {
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				http.Error(w, "request too large", http.StatusRequestEntityTooLarge)
				return
			}
			http.Error(w, "reading the request: "+err.Error(), http.StatusBadRequest)
			return
		}
		out, status := explorer.CallJSONStatus(body)
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		// A malformed request is a 400 whose JSON body says why; a refusal
		// is an answer, 200 (explorer.Response.Status).
		w.WriteHeader(status)
		w.Write(out)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name == "" {
			name = "index.html"
		}
		b, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", contentTypes[path.Ext(name)])
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(b))
	})
	var h http.Handler = mux
	if opt.LocalOnly {
		h = localOnly(h)
	}
	return secure(h)
}

// secure sets the headers every answer carries.
func secure(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("Referrer-Policy", "no-referrer")
		hd.Set("X-Frame-Options", "DENY")
		h.ServeHTTP(w, r)
	})
}

// localOnly refuses requests addressed to a name that is not loopback.
func localOnly(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host := r.Host
		if hst, _, err := net.SplitHostPort(host); err == nil {
			host = hst
		}
		host = strings.Trim(host, "[]")
		ip := net.ParseIP(host)
		if !strings.EqualFold(host, "localhost") && (ip == nil || !ip.IsLoopback()) {
			http.Error(w, "promote serve answers only requests to a loopback address (localhost, 127.0.0.1, [::1])", http.StatusForbidden)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// NewServer is an http.Server for the explorer with bounded time and
// headers: a slow or stuck client cannot hold a connection for long.
func NewServer(addr string, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    16 << 10,
	}
}
