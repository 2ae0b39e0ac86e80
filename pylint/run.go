// Package pylint runs promote's Python lint (package pytype) over files
// and directory trees: in parallel, with bounded memory, one error per
// unreadable file while the rest of the tree is still linted, and writes
// the findings as text (file:line:col: message), JSON or SARIF 2.1.0.
package pylint

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/internal/safeout"
	"github.com/promote-dev/promote/pyapi"
	"github.com/promote-dev/promote/pytype"
	"github.com/promote-dev/promote/rules"
)

// DefaultMaxFileBytes is the largest file linted unless Options says
// otherwise: real Python files are far smaller, and the cap keeps a
// worker's memory bounded whatever the tree holds.
const DefaultMaxFileBytes = 10 << 20

// maxDirDepth bounds how deep a tree is walked.
const maxDirDepth = 256

// Options tune Run.
type Options struct {
	// Workers is the number of files linted at once (0: GOMAXPROCS).
	Workers int
	// MaxFileBytes is the largest file read (0: DefaultMaxFileBytes).
	MaxFileBytes int64
	// Progress, when set, is called after each file with the files done
	// and the files found so far (found grows while the tree is walked).
	// Calls come from one goroutine.
	Progress func(done, found int)
	// Libraries returns the libraries to lint against, once per worker
	// (nil: rules.PythonLibraries, NumPy's today).
	Libraries func() []pyapi.Library
}

// FileError is a file or directory that could not be linted.
type FileError struct {
	File string `json:"file"`
	Err  string `json:"error"`
}

// Error is "FILE: ERROR".
func (e FileError) Error() string { return e.File + ": " + e.Err }

// Report is the result of a run.
type Report struct {
	// Files is the number of files linted (errors included).
	Files    int              `json:"files"`
	Findings []pytype.Finding `json:"findings"`
	Errors   []FileError      `json:"errors"`
	// cols holds, per finding, its columns in UTF-16 code units (SARIF's).
	cols [][2]int
}

// defaultLibraries are the Python libraries the registered rule sets
// model (rules.PythonLibraries: NumPy's).
func defaultLibraries() []pyapi.Library { return rules.PythonLibraries() }

// job is one file to lint, numbered in walk order.
type job struct {
	n    int
	path string
	err  error // a walk error to report for this path instead
}

type result struct {
	n        int
	findings []pytype.Finding
	cols     [][2]int
	err      *FileError
}

// Run lints the files and trees at paths: a file is linted whatever its
// name, a directory recursively for *.py files (following symbolic links
// to directories, with loops reported). It stops early, with ctx's error,
// when ctx is cancelled.
func Run(ctx context.Context, paths []string, opt Options) (*Report, error) {
	workers := opt.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	max := opt.MaxFileBytes
	if max <= 0 {
		max = DefaultMaxFileBytes
	}
	libs := opt.Libraries
	if libs == nil {
		libs = defaultLibraries
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan job, workers)
	results := make(chan result, workers)
	found := make(chan int, 1)
	go func() {
		defer close(jobs)
		w := walker{ctx: ctx, jobs: jobs}
		for _, p := range paths {
			w.root(p)
		}
		found <- w.n
	}()
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := pytype.NewChecker(libs()...)
			for j := range jobs {
				results <- lintFile(c, j, max)
			}
		}()
	}
	go func() { wg.Wait(); close(results) }()
	var all []result
	total := -1
	for r := range results {
		all = append(all, r)
		if total < 0 {
			select {
			case total = <-found:
			default:
			}
		}
		if opt.Progress != nil {
			f := total
			if f < 0 {
				f = len(all)
			}
			opt.Progress(len(all), f)
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	sort.Slice(all, func(i, j int) bool { return all[i].n < all[j].n })
	rep := &Report{Files: len(all), Findings: []pytype.Finding{}, Errors: []FileError{}}
	for _, r := range all {
		if r.err != nil {
			rep.Errors = append(rep.Errors, *r.err)
			continue
		}
		rep.Findings = append(rep.Findings, r.findings...)
		rep.cols = append(rep.cols, r.cols...)
	}
	return rep, nil
}

// lintFile reads and lints one file.
func lintFile(c *pytype.Checker, j job, max int64) result {
	fail := func(err error) result {
		return result{n: j.n, err: &FileError{File: j.path, Err: err.Error()}}
	}
	if j.err != nil {
		return fail(j.err)
	}
	src, err := readFile(j.path, max)
	if err != nil {
		return fail(err)
	}
	fs, err := c.Check(j.path, src)
	if err != nil {
		msg := err.Error()
		msg = strings.TrimPrefix(msg, j.path+":")
		return result{n: j.n, err: &FileError{File: j.path, Err: "syntax error at " + msg}}
	}
	return result{n: j.n, findings: fs, cols: utf16Cols(src, fs)}
}

// readFile reads a regular file of at most max bytes.
func readFile(path string, max int64) ([]byte, error) {
	f, err := safein.OpenRegular(path)
	if err != nil {
		if errors.Is(err, safein.ErrNotRegular) {
			return nil, errors.New("not a regular file")
		}
		return nil, safeout.Cause(err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, safeout.Cause(err)
	}
	if st.Size() > max {
		return nil, fmt.Errorf("file is %d bytes; the lint reads at most %d bytes per file (-max-file-size)", st.Size(), max)
	}
	b, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, safeout.Cause(err)
	}
	if int64(len(b)) > max {
		return nil, fmt.Errorf("file holds more than %d bytes; the lint reads at most that per file (-max-file-size)", max)
	}
	return b, nil
}

// walker numbers the files it finds and sends them to the workers.
type walker struct {
	ctx  context.Context
	jobs chan<- job
	n    int
}

func (w *walker) send(path string, err error) bool {
	select {
	case w.jobs <- job{n: w.n, path: path, err: err}:
		w.n++
		return true
	case <-w.ctx.Done():
		return false
	}
}

// root handles one command-line path.
func (w *walker) root(p string) {
	st, err := os.Stat(p)
	if err != nil {
		w.send(p, safeout.Cause(err))
		return
	}
	if !st.IsDir() {
		w.send(p, nil)
		return
	}
	w.dir(p, []os.FileInfo{st})
}

// dir walks a directory; stack holds it and its ancestors, to find loops
// through symbolic links.
func (w *walker) dir(p string, stack []os.FileInfo) bool {
	if len(stack) > maxDirDepth {
		return w.send(p, fmt.Errorf("directory nested more than %d levels deep; not walked", maxDirDepth))
	}
	ents, err := os.ReadDir(p)
	if err != nil {
		return w.send(p, safeout.Cause(err))
	}
	for _, e := range ents {
		if w.ctx.Err() != nil {
			return false
		}
		child := filepath.Join(p, e.Name())
		t := e.Type()
		if t&fs.ModeSymlink != 0 {
			st, err := os.Stat(child)
			if err != nil {
				if strings.HasSuffix(e.Name(), ".py") {
					w.send(child, fmt.Errorf("broken symbolic link: %v", safeout.Cause(err)))
				}
				continue
			}
			if st.IsDir() {
				if loop := loopsTo(st, stack); loop >= 0 {
					if !w.send(child, fmt.Errorf("symbolic link loops back to an enclosing directory; not followed")) {
						return false
					}
					continue
				}
				if !w.dir(child, append(stack, st)) {
					return false
				}
				continue
			}
			t = st.Mode().Type()
		}
		switch {
		case t.IsDir():
			st, err := os.Stat(child)
			if err != nil {
				if !w.send(child, safeout.Cause(err)) {
					return false
				}
				continue
			}
			if loopsTo(st, stack) >= 0 { // a bind mount loop
				continue
			}
			if !w.dir(child, append(stack, st)) {
				return false
			}
		case strings.HasSuffix(e.Name(), ".py"):
			if !w.send(child, nil) {
				return false
			}
		}
	}
	return true
}

// loopsTo is the index in stack of the directory st is, or -1.
func loopsTo(st os.FileInfo, stack []os.FileInfo) int {
	for i, s := range stack {
		if os.SameFile(st, s) {
			return i
		}
	}
	return -1
}
