package web

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/promote-dev/promote/internal/safeout"
)

// ModulePath is the module whose source a site's engine is built from.
const ModulePath = "github.com/promote-dev/promote"

// WasmPackage is the engine's main package, relative to the module root.
const WasmPackage = "./explorer/wasm"

// siteMarker marks a directory promote site wrote, which a later run may
// write over; any other non-empty directory is refused.
const siteMarker = ".promote-site"

// SiteOptions configure WriteSite.
type SiteOptions struct {
	// Dir is the directory to write: absent, empty, or a site promote
	// wrote before.
	Dir string
	// Src is the promote module's source directory (the one holding its
	// go.mod). Empty: found from the working directory upwards.
	Src string
	// Go is the go command. Empty: "go" from PATH.
	Go string
}

// SiteReport says what WriteSite wrote.
type SiteReport struct {
	Dir       string
	Src       string   // the module source the engine was built from
	GoVersion string   // the toolchain that built it
	Files     []string // the files written, by name
	WasmBytes int64    // promote.wasm's size
	WasmGzip  int64    // its size compressed with gzip -9
}

// WriteSite writes the explorer as static files: the page, engine.js
// choosing the WebAssembly engine, wasm_exec.js from the toolchain's
// GOROOT, and promote.wasm, built from the module's own source with
// GOOS=js GOARCH=wasm, the purego tag (no assembly), -trimpath and
// -ldflags "-s -w". The files are written together or not at all.
func WriteSite(ctx context.Context, opt SiteOptions) (*SiteReport, error) {
	if opt.Dir == "" {
		return nil, errors.New("no output directory (give -o DIR)")
	}
	if err := checkSiteDir(opt.Dir); err != nil {
		return nil, err
	}
	src := opt.Src
	if src == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, err
		}
		if src, err = FindSource(wd); err != nil {
			return nil, err
		}
	} else if err := checkSource(src); err != nil {
		return nil, err
	}
	goCmd := opt.Go
	if goCmd == "" {
		goCmd = "go"
	}
	goPath, err := exec.LookPath(goCmd)
	if err != nil {
		return nil, fmt.Errorf("no Go toolchain (%s: %v): promote site builds its WebAssembly engine from source with the standard Go toolchain; install Go (go.dev/dl) or put go on PATH", goCmd, unwrapExec(err))
	}
	goroot, err := goOutput(ctx, goPath, src, "env", "GOROOT")
	if err != nil {
		return nil, err
	}
	version, _ := goOutput(ctx, goPath, src, "env", "GOVERSION")
	wasmExec, err := readWasmExec(goroot)
	if err != nil {
		return nil, err
	}

	tmp, err := os.MkdirTemp("", "promote-site-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	wasmPath := filepath.Join(tmp, "promote.wasm")
	build := exec.CommandContext(ctx, goPath, "build", "-trimpath", "-tags", "purego", "-ldflags", "-s -w", "-o", wasmPath, WasmPackage)
	build.Dir = src
	build.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var out bytes.Buffer
	build.Stdout, build.Stderr = &out, &out
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("building the WebAssembly engine (GOOS=js GOARCH=wasm go build %s in %s): %v\n%s", WasmPackage, src, err, strings.TrimSpace(out.String()))
	}
	wasm, err := os.ReadFile(wasmPath)
	if err != nil {
		return nil, err
	}

	files := []struct {
		name string
		data []byte
	}{
		{"engine.js", EngineJS("wasm")},
		{"wasm_exec.js", wasmExec},
		{"promote.wasm", wasm},
		{siteMarker, []byte("Written by promote site: the explorer as static files. promote site may write over this directory.\n")},
	}
	err = fs.WalkDir(Assets(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := fs.ReadFile(Assets(), p)
		files = append(files, struct {
			name string
			data []byte
		}{p, b})
		return err
	})
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(opt.Dir, 0o755); err != nil {
		return nil, err
	}
	var outs []*safeout.File
	rep := &SiteReport{Dir: opt.Dir, Src: src, GoVersion: version, WasmBytes: int64(len(wasm)), WasmGzip: gzipSize(wasm)}
	for _, f := range files {
		o, err := safeout.Create(ctx, filepath.Join(opt.Dir, f.name))
		if err != nil {
			for _, prev := range outs {
				prev.Abort()
			}
			return nil, err
		}
		outs = append(outs, o)
		if _, err := o.Write(f.data); err != nil {
			for _, prev := range outs {
				prev.Abort()
			}
			return nil, err
		}
		rep.Files = append(rep.Files, f.name)
	}
	if err := safeout.CommitAll(outs...); err != nil {
		return nil, err
	}
	return rep, nil
}

// checkSiteDir accepts a directory that does not exist, an empty one, or
// one promote site wrote (it holds the marker).
func checkSiteDir(dir string) error {
	st, err := os.Stat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is %s, not a directory", dir, safeout.Kind(st.Mode()))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return nil
	}
	if _, err := os.Stat(filepath.Join(dir, siteMarker)); err == nil {
		return nil
	}
	return fmt.Errorf("%s is not empty and is not a site promote wrote (it has no %s); give a new or empty directory, so that no file of yours is replaced", dir, siteMarker)
}

// FindSource finds the promote module's source: start or the nearest of
// its parents holding a go.mod for ModulePath.
func FindSource(start string) (string, error) {
	dir, err := filepath.Abs(start)
	if err != nil {
		return "", err
	}
	for {
		if checkSource(dir) == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no promote source in %s or its parents (a go.mod for %s): promote site builds its WebAssembly engine from promote's source; run it in a clone of promote, or give -src DIR", start, ModulePath)
		}
		dir = parent
	}
}

// checkSource reports whether dir holds promote's go.mod and the engine's
// package.
func checkSource(dir string) error {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		return fmt.Errorf("%s is not promote's source: %v", dir, safeout.Cause(err))
	}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for sc.Scan() {
		if f := strings.Fields(sc.Text()); len(f) == 2 && f[0] == "module" {
			if strings.Trim(f[1], `"`) != ModulePath {
				return fmt.Errorf("%s holds module %s, not %s", dir, f[1], ModulePath)
			}
			if _, err := os.Stat(filepath.Join(dir, WasmPackage, "main.go")); err != nil {
				return fmt.Errorf("%s has no %s (a promote older than the explorer?)", dir, WasmPackage)
			}
			return nil
		}
	}
	return fmt.Errorf("%s/go.mod has no module line", dir)
}

// goOutput runs a go subcommand and returns its output, trimmed.
func goOutput(ctx context.Context, goPath, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, goPath, args...)
	cmd.Dir = dir
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// readWasmExec reads the toolchain's wasm_exec.js: lib/wasm since Go 1.24,
// misc/wasm before.
func readWasmExec(goroot string) ([]byte, error) {
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		if b, err := os.ReadFile(filepath.Join(goroot, p)); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("no wasm_exec.js in the Go toolchain at %s (looked in lib/wasm and misc/wasm)", goroot)
}

func gzipSize(b []byte) int64 {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(b)
	zw.Close()
	return int64(buf.Len())
}

func unwrapExec(err error) error {
	var ee *exec.Error
	if errors.As(err, &ee) {
		return ee.Err
	}
	return err
}
