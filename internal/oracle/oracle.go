// Package oracle runs the live oracles that tests compare promote with:
// Python with NumPy, PyTorch and ml_dtypes, either Debian bookworm's own
// (the host) or inside a Debian chroot that scripts/live-oracles.sh builds.
// It is for tests only: a test asks for an oracle with Require, which skips
// the test with a one-line reason when the oracle is absent.
//
// The chroots live under $PROMOTE_ORACLES (default
// ${XDG_CACHE_HOME:-$HOME/.cache}/promote/oracles), one directory per
// Debian suite. PyTorch needs /proc inside the chroot while it runs: for
// an oracle that asked for it (WithProc, or Require of the module torch)
// Run mounts it for the run and unmounts it after, under an exclusive lock
// on the chroot so that test binaries running in parallel never unmount
// /proc under each other. NumPy and ml_dtypes need no /proc, so their
// runs take no lock and never wait for a torch run in the same chroot.
package oracle

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Python is one live Python interpreter: the host's, or a chroot's.
type Python struct {
	// Name is "host" or the chroot's suite name ("trixie", "sid").
	Name string
	root string // the chroot directory; "" for the host
	proc bool   // a chroot run mounts /proc (torch needs it)
}

// WithProc returns p for scripts that need /proc in the chroot (those
// that import torch): each Run mounts it, under the chroot's lock. On the
// host it changes nothing.
func (p *Python) WithProc() *Python {
	q := *p
	q.proc = true
	return &q
}

// Dir returns the directory holding the chroots.
func Dir() string {
	if d := os.Getenv("PROMOTE_ORACLES"); d != "" {
		return d
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "promote", "oracles")
}

// hostPython is Debian's own interpreter, which sees Debian's
// python3-numpy and python3-torch (a pyenv shim on PATH would not).
const hostPython = "/usr/bin/python3"

// Find returns the named oracle ("host", "trixie", "sid"), or a one-line
// reason why it is absent.
func Find(name string) (*Python, string) {
	if name == "host" {
		if _, err := os.Stat(hostPython); err != nil {
			return nil, "no " + hostPython
		}
		return &Python{Name: name}, ""
	}
	dir := Dir()
	if dir == "" {
		return nil, "no home directory to find the oracle chroots in"
	}
	root := filepath.Join(dir, name)
	if _, err := os.Stat(filepath.Join(root, ".promote-complete")); err != nil {
		return nil, fmt.Sprintf("no %s chroot at %s (build it with scripts/live-oracles.sh)", name, root)
	}
	if os.Geteuid() != 0 {
		return nil, fmt.Sprintf("the %s chroot needs root to enter", name)
	}
	return &Python{Name: name, root: root}, ""
}

// Require returns the named oracle with every module importable, or skips
// the test with a one-line reason.
func Require(t testing.TB, name string, modules ...string) *Python {
	t.Helper()
	p, why := Find(name)
	if p == nil {
		t.Skipf("live oracle %s absent: %s", name, why)
	}
	if slices.Contains(modules, "torch") {
		p = p.WithProc()
	}
	if len(modules) > 0 {
		script := "import " + strings.Join(modules, ", ")
		if out, err := p.Run(script, nil); err != nil {
			t.Skipf("live oracle %s lacks %s: %s", name, strings.Join(modules, ", "), firstLine(out, err))
		}
	}
	return p
}

// Version returns module.__version__ in this interpreter.
func (p *Python) Version(module string) (string, error) {
	out, err := p.Run("import "+module+"; print("+module+".__version__)", nil)
	if err != nil {
		return "", fmt.Errorf("%s: %s", p.Name, firstLine(out, err))
	}
	return strings.TrimSpace(string(out)), nil
}

// Run runs a Python script with stdin and returns its standard output. An
// exit status other than 0 is an error carrying the script's standard error.
func (p *Python) Run(script string, stdin []byte) ([]byte, error) {
	var cmd *exec.Cmd
	if p.root == "" {
		cmd = exec.Command(hostPython, "-c", script)
	} else {
		if p.proc {
			unlock, err := p.enter()
			if err != nil {
				return nil, err
			}
			defer unlock()
		}
		cmd = exec.Command("chroot", p.root, "/usr/bin/python3", "-c", script)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/root", "OMP_NUM_THREADS=1"}
	}
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return stderr.Bytes(), fmt.Errorf("%s python: %w: %s", p.Name, err, lastLine(stderr.String()))
	}
	return stdout.Bytes(), nil
}

func firstLine(out []byte, err error) string {
	s := strings.TrimSpace(string(out))
	if s == "" && err != nil {
		s = err.Error()
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return s
}
