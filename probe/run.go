package probe

import (
	"bufio"
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/promote-dev/promote"
)

// script is the probe script run in the user's Python.
//
//go:embed probe.py
var script []byte

// Defaults of Options.
const (
	DefaultPython    = "python3"
	DefaultTimeout   = 5 * time.Minute
	DefaultMemLimit  = 4 << 30   // bytes the script may write to
	DefaultMaxOutput = 256 << 20 // bytes of answers read
	maxLine          = 1 << 20   // one answer line
	stderrTail       = 4 << 10   // bytes of the script's stderr kept for errors
)

// Options configure a probe.
type Options struct {
	// Python is the interpreter: a path, or a name looked up on PATH
	// (DefaultPython when empty).
	Python string
	// Rules limits the probe to the frameworks of these rule sets or
	// framework names (numpy, pytorch, torch, numpy+ml_dtypes); empty
	// asks every framework.
	Rules []string
	// Timeout bounds the whole run (DefaultTimeout when zero); on expiry
	// the interpreter's process group is killed.
	Timeout time.Duration
	// MemLimit bounds the memory the script may write to, in bytes
	// (RLIMIT_DATA; DefaultMemLimit when zero).
	MemLimit int64
	// MaxOutput bounds the bytes of answers read (DefaultMaxOutput when
	// zero).
	MaxOutput int64
}

func (o Options) withDefaults() Options {
	if o.Python == "" {
		o.Python = DefaultPython
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MemLimit <= 0 {
		o.MemLimit = DefaultMemLimit
	}
	if o.MaxOutput <= 0 {
		o.MaxOutput = DefaultMaxOutput
	}
	return o
}

// hello is the script's first line: the interpreter and what it found.
type hello struct {
	Type       string            `json:"type"`
	Python     string            `json:"python"`
	Memory     string            `json:"memory"`
	Frameworks []scriptFramework `json:"frameworks"`
}

type scriptFramework struct {
	Name    string   `json:"name"`
	Found   bool     `json:"found"`
	Version string   `json:"version"`
	Kinds   []string `json:"kinds"`
	Note    string   `json:"note"`
	// DTypes are the framework's own dtype names, where the script can
	// list them (torch, ml_dtypes, triton, mlx).
	DTypes []string `json:"dtypes"`
}

// answer is one of the script's answers: a dtype name or an exception.
type answer struct {
	Type string  `json:"type"`
	I    *int    `json:"i"`
	A    *string `json:"a"`
	E    *string `json:"e"`
}

// wireQuery is a query as the script reads it.
type wireQuery struct {
	I   int           `json:"i"`
	F   string        `json:"f"`
	Ops []wireOperand `json:"ops"`
}

// plan is what one found framework is asked.
type plan struct {
	fw      Framework
	info    scriptFramework
	def     *promote.Def
	cands   []candidate
	queries []query
	first   int // the id of its first query
}

// Run probes the frameworks installed in the interpreter and matches each
// against its rule set's settings. An error means no report could be
// made: the interpreter is missing or is not a Python 3, the script
// crashed, hung past the timeout or wrote something that is not its
// protocol.
func Run(ctx context.Context, opt Options) (*Report, error) {
	opt = opt.withDefaults()
	fws, err := selectFrameworks(opt.Rules)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, opt.Timeout)
	defer cancel()
	py, err := exec.LookPath(opt.Python)
	if err != nil {
		return nil, fmt.Errorf("probe: Python interpreter %q: %w (name one with -python PATH)", opt.Python, err)
	}
	if err := checkPython(ctx, py); err != nil {
		return nil, err
	}
	s, err := start(ctx, py, opt)
	if err != nil {
		return nil, err
	}
	defer s.close()
	names := make([]string, len(fws))
	device := []string{}
	for i, f := range fws {
		names[i] = f.Module
		if f.Device {
			device = append(device, f.Module)
		}
	}
	cfg, _ := json.Marshal(map[string]any{"frameworks": names, "device": device, "mem_limit": opt.MemLimit})
	if _, err := s.stdin.Write(append(cfg, '\n')); err != nil {
		return nil, s.fail(ctx, opt, fmt.Errorf("writing to it: %w", err), 0, 0)
	}
	line, err := s.next()
	if err != nil {
		return nil, s.fail(ctx, opt, err, 0, 0)
	}
	var h hello
	if err := strictJSON(line, &h); err != nil || h.Type != "hello" {
		return nil, s.fail(ctx, opt, fmt.Errorf("its first line is not the probe's greeting: %s", quoteLine(line)), 0, 0)
	}
	report := &Report{Python: py, PythonVersion: h.Python, Memory: h.Memory}
	plans, err := makePlans(fws, h, report)
	if err != nil {
		return nil, err
	}
	total := 0
	for _, p := range plans {
		total += len(p.queries)
	}
	// The writer feeds every query while the reader takes the answers, so
	// neither pipe fills while the other waits.
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer s.stdin.Close()
		w := bufio.NewWriter(s.stdin)
		enc := json.NewEncoder(w)
		for _, p := range plans {
			for i, q := range p.queries {
				if enc.Encode(wireQuery{I: p.first + i, F: p.fw.Module, Ops: q.wire}) != nil {
					return
				}
			}
		}
		w.Flush()
	}()
	answers := make([]*answer, total)
	got := 0
	for {
		line, err := s.next()
		if err != nil {
			err = s.fail(ctx, opt, err, got, total)
			wg.Wait()
			return nil, err
		}
		var a answer
		if err := strictJSON(line, &a); err != nil {
			err = s.fail(ctx, opt, fmt.Errorf("it wrote a line that is not an answer: %s", quoteLine(line)), got, total)
			wg.Wait()
			return nil, err
		}
		if a.Type == "done" {
			break
		}
		if a.I == nil || *a.I < 0 || *a.I >= total || answers[*a.I] != nil || (a.A == nil) == (a.E == nil) {
			err = s.fail(ctx, opt, fmt.Errorf("it wrote an answer to no query it was asked: %s", quoteLine(line)), got, total)
			wg.Wait()
			return nil, err
		}
		answers[*a.I] = &a
		got++
	}
	if got != total {
		// Killed first: a script that said it was done and stopped reading
		// would otherwise hold the writer until the timeout.
		err := s.fail(ctx, opt, fmt.Errorf("it answered %d of %d queries", got, total), got, total)
		wg.Wait()
		return nil, err
	}
	wg.Wait()
	// Every answer is in: how the interpreter then exits (some GPU
	// libraries crash at teardown) changes nothing in the report.
	s.wait()
	for _, p := range plans {
		fr := match(p, answers[p.first:p.first+len(p.queries)])
		for i := range report.Frameworks {
			if report.Frameworks[i].Name == p.fw.Module {
				report.Frameworks[i] = fr
			}
		}
	}
	return report, nil
}

// makePlans builds the queries for each framework the script found, and
// lists every framework asked for in the report, found or not.
func makePlans(fws []Framework, h hello, report *Report) ([]*plan, error) {
	byName := map[string]scriptFramework{}
	for _, f := range h.Frameworks {
		byName[f.Name] = f
	}
	var plans []*plan
	next := 0
	for _, fw := range fws {
		info, ok := byName[fw.Module]
		if !ok {
			info = scriptFramework{Name: fw.Module, Note: "the script did not report it"}
		}
		fr := FrameworkReport{Name: fw.Module, Found: info.Found, Version: info.Version, Note: info.Note}
		report.Frameworks = append(report.Frameworks, fr)
		if !info.Found {
			continue
		}
		def := fw.Rules
		cands, err := candidates(def, fw.Pinned)
		if err != nil {
			return nil, err
		}
		qs := queries(knownTypes(cands), info.Kinds, fw.dtypeName())
		plans = append(plans, &plan{fw: fw, info: info, def: def, cands: cands, queries: qs, first: next})
		next += len(qs)
	}
	return plans, nil
}

var pythonVersion = regexp.MustCompile(`^Python 3\.[0-9]+`)

// checkPython runs "PY --version" and refuses anything that does not
// answer as a Python 3 does, before any script is handed to it.
func checkPython(ctx context.Context, py string) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, py, "--version")
	ownGroup(cmd)
	cmd.WaitDelay = time.Second
	var out capped
	out.max = 4 << 10
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := strings.TrimSpace(out.String())
	if ctx.Err() != nil {
		return fmt.Errorf("probe: %s --version did not answer in time: it is not a working Python", py)
	}
	if err != nil || !pythonVersion.MatchString(text) {
		first, _, _ := strings.Cut(text, "\n")
		if err != nil && first == "" {
			first = err.Error()
		}
		return fmt.Errorf("probe: %s is not a Python 3 interpreter: --version answered %s (name one with -python PATH)", py, quoteLine([]byte(first)))
	}
	return nil
}

// session is the running script.
type session struct {
	cmd    *exec.Cmd
	dir    string
	stdin  io.WriteCloser
	out    *bufio.Scanner
	lim    *limitReader
	stderr *capped
	stop   func() bool
	waited bool
}

func start(ctx context.Context, py string, opt Options) (*session, error) {
	dir, err := os.MkdirTemp("", "promote-probe-")
	if err != nil {
		return nil, fmt.Errorf("probe: %w", err)
	}
	path := filepath.Join(dir, "promote_probe.py")
	if err := os.WriteFile(path, script, 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("probe: %w", err)
	}
	// -u: unbuffered, so that each answer arrives as it is written. The
	// working directory is the temporary one, so that a numpy.py in the
	// user's directory does not stand in for NumPy.
	cmd := exec.CommandContext(ctx, py, "-u", path)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONDONTWRITEBYTECODE=1", "PYTHONIOENCODING=utf-8")
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	s := &session{cmd: cmd, dir: dir, stderr: &capped{max: stderrTail, tail: true}}
	cmd.Stderr = s.stderr
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("probe: %w", err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("probe: %w", err)
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("probe: starting %s: %w", py, err)
	}
	// On expiry exec kills the process group; should a descendant that
	// left the group still hold standard output open, closing it ends
	// the read that waits on it.
	s.stop = context.AfterFunc(ctx, func() {
		killGroup(cmd)
		time.AfterFunc(cmd.WaitDelay, func() { stdout.Close() })
	})
	s.lim = &limitReader{r: stdout, left: opt.MaxOutput}
	s.out = bufio.NewScanner(s.lim)
	s.out.Buffer(make([]byte, 64<<10), maxLine)
	return s, nil
}

// next returns the next line the script wrote.
func (s *session) next() ([]byte, error) {
	if s.out.Scan() {
		if s.lim.hit {
			// A line cut by the cap may be only part of one.
			return nil, errOutputCap
		}
		return s.out.Bytes(), nil
	}
	switch err := s.out.Err(); {
	case errors.Is(err, bufio.ErrTooLong):
		return nil, fmt.Errorf("it wrote a line longer than %d bytes", maxLine)
	case errors.Is(err, errOutputCap):
		return nil, err
	case err != nil:
		return nil, fmt.Errorf("reading its output: %w", err)
	}
	return nil, io.ErrUnexpectedEOF
}

func (s *session) wait() error {
	if s.waited {
		return nil
	}
	s.waited = true
	return s.cmd.Wait()
}

// close ends the process group (the script and anything it started) and
// removes the temporary directory.
func (s *session) close() {
	s.stop()
	killGroup(s.cmd)
	s.wait()
	os.RemoveAll(s.dir)
}

// fail turns what went wrong into one error: a timeout, the script's
// exit with the tail of its standard error, or the protocol fault.
func (s *session) fail(ctx context.Context, opt Options, err error, got, total int) error {
	killGroup(s.cmd)
	werr := s.wait()
	progress := ""
	if total > 0 {
		progress = fmt.Sprintf(" after %d of %d answers", got, total)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Errorf("probe: %s did not finish within %v%s; its process group was killed (raise -timeout, or probe fewer frameworks with -rules)", s.cmd.Path, opt.Timeout, progress)
	}
	if ctx.Err() != nil {
		return fmt.Errorf("probe: interrupted%s: %w", progress, ctx.Err())
	}
	if errors.Is(err, errOutputCap) {
		return fmt.Errorf("probe: %s wrote more than %d bytes%s; it was killed", s.cmd.Path, opt.MaxOutput, progress)
	}
	tail := strings.TrimSpace(s.stderr.String())
	if i := strings.LastIndexByte(tail, '\n'); i >= 0 && len(tail)-i < 200 {
		// The last line of a traceback says what happened.
		tail = tail[i+1:]
	}
	if errors.Is(err, io.ErrUnexpectedEOF) {
		why := "it ended without finishing"
		var ee *exec.ExitError
		if errors.As(werr, &ee) {
			why = "it exited with " + ee.ProcessState.String()
		}
		if tail != "" {
			why += ": " + clipText(tail, 300)
		}
		return fmt.Errorf("probe: the probe script under %s failed%s: %s", s.cmd.Path, progress, why)
	}
	return fmt.Errorf("probe: the probe script under %s failed%s: %w", s.cmd.Path, progress, err)
}

// strictJSON decodes one JSON object and refuses trailing text.
func strictJSON(line []byte, v any) error {
	t := bytes.TrimSpace(line)
	if len(t) == 0 || t[0] != '{' {
		return errors.New("not a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(t))
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("trailing text")
	}
	return nil
}

func quoteLine(b []byte) string { return fmt.Sprintf("%q", clipText(string(b), 120)) }

func clipText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

var errOutputCap = errors.New("output over the cap")

// limitReader fails once more than left bytes have been read.
type limitReader struct {
	r    io.Reader
	left int64
	hit  bool // the cap was reached
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		l.hit = true
		return 0, errOutputCap
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// capped keeps at most max bytes written to it: the first ones, or with
// tail the last ones.
type capped struct {
	mu   sync.Mutex
	buf  []byte
	max  int
	tail bool
}

func (c *capped) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	if c.tail {
		if len(p) > c.max {
			p = p[len(p)-c.max:]
		}
		c.buf = append(c.buf, p...)
		if len(c.buf) > c.max {
			c.buf = append(c.buf[:0], c.buf[len(c.buf)-c.max:]...)
		}
		return n, nil
	}
	if room := c.max - len(c.buf); room > 0 {
		if len(p) > room {
			p = p[:room]
		}
		c.buf = append(c.buf, p...)
	}
	return n, nil
}

func (c *capped) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return string(c.buf)
}
