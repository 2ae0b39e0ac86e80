// Package gccoracle compiles and runs small C and C++ programs with GCC,
// the live oracle of the c and cpp rule sets. It is for tests only: a test
// asks for a compiler with Require, which skips the test with a one-line
// reason when no GCC of the needed version is found.
//
// Two compilers are looked for: the host's gcc and g++ (Debian bookworm's
// GCC 12), and those of a Debian chroot named gcc-trixie under the oracle
// directory (internal/oracle.Dir; GCC 14, for C23's _BitInt and __bf16 and
// C++23's <stdfloat>), built with
//
//	debootstrap --variant=minbase --include=g++,gcc trixie DIR/gcc-trixie
//	touch DIR/gcc-trixie/.promote-complete
//
// A program is compiled once and run once per table, never per pair.
package gccoracle

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/oracle"
)

// Lang is the language a compiler is asked to compile.
type Lang string

// The two languages.
const (
	C   Lang = "c"
	CXX Lang = "c++"
)

// Compiler is one GCC driver: the host's, or a chroot's.
type Compiler struct {
	Name  string // "host gcc 12.2.0", "gcc-trixie g++ 14.2.0"
	Major int
	lang  Lang
	root  string // the chroot; "" for the host
}

// driver is the program name for a language.
func driver(l Lang) string {
	if l == CXX {
		return "g++"
	}
	return "gcc"
}

var versionRE = regexp.MustCompile(`(\d+)\.(\d+)\.(\d+)`)

// find returns the compilers for l that are present, oldest first.
func find(l Lang) []*Compiler {
	var out []*Compiler
	if path, err := exec.LookPath(driver(l)); err == nil {
		if c := probe(l, "", path); c != nil {
			out = append(out, c)
		}
	}
	if dir := oracle.Dir(); dir != "" && os.Geteuid() == 0 {
		root := filepath.Join(dir, "gcc-trixie")
		if _, err := os.Stat(filepath.Join(root, ".promote-complete")); err == nil {
			if c := probe(l, root, "/usr/bin/"+driver(l)); c != nil {
				out = append(out, c)
			}
		}
	}
	return out
}

func probe(l Lang, root, path string) *Compiler {
	out, err := command(root, path, "-dumpfullversion").Output()
	if err != nil {
		return nil
	}
	m := versionRE.FindStringSubmatch(string(out))
	if m == nil {
		return nil
	}
	major, _ := strconv.Atoi(m[1])
	where := "host"
	if root != "" {
		where = filepath.Base(root)
	}
	return &Compiler{Name: fmt.Sprintf("%s %s %s", where, driver(l), m[0]), Major: major, lang: l, root: root}
}

func command(root, path string, args ...string) *exec.Cmd {
	if root == "" {
		return exec.Command(path, args...)
	}
	cmd := exec.Command("chroot", append([]string{root, path}, args...)...)
	cmd.Env = []string{"PATH=/usr/bin:/bin", "LANG=C.UTF-8", "HOME=/root"}
	return cmd
}

// Require returns the first compiler for l whose major version is at
// least minMajor, or skips the test with a one-line reason.
func Require(t testing.TB, l Lang, minMajor int) *Compiler {
	t.Helper()
	cs := find(l)
	for _, c := range cs {
		if c.Major >= minMajor {
			return c
		}
	}
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name
	}
	have := "none found"
	if len(names) > 0 {
		have = "found " + strings.Join(names, ", ")
	}
	t.Skipf("live oracle: no %s of GCC %d or later (%s; see internal/gccoracle for the trixie chroot)", driver(l), minMajor, have)
	return nil
}

// Run compiles source with the flags (such as -std=c17), runs the program
// and returns its standard output. A compile error is returned with the
// compiler's first error line.
func (c *Compiler) Run(source string, flags ...string) ([]byte, error) {
	base := os.TempDir()
	if c.root != "" {
		base = filepath.Join(c.root, "tmp")
	}
	dir, err := os.MkdirTemp(base, "promote-gcc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ext := ".c"
	if c.lang == CXX {
		ext = ".cc"
	}
	if err := os.WriteFile(filepath.Join(dir, "t"+ext), []byte(source), 0o600); err != nil {
		return nil, err
	}
	inside := dir // the directory as the compiler sees it
	if c.root != "" {
		inside = "/tmp/" + filepath.Base(dir)
	}
	args := append(append([]string{}, flags...), "-o", inside+"/t", inside+"/t"+ext)
	path := driver(c.lang)
	if c.root != "" {
		path = "/usr/bin/" + path
	}
	var stderr bytes.Buffer
	cc := command(c.root, path, args...)
	cc.Stderr = &stderr
	if err := cc.Run(); err != nil {
		return nil, fmt.Errorf("%s %s: %w: %s", c.Name, strings.Join(flags, " "), err, firstError(stderr.String()))
	}
	run := command(c.root, inside+"/t")
	var out bytes.Buffer
	run.Stdout, run.Stderr = &out, &stderr
	if err := run.Run(); err != nil {
		return nil, fmt.Errorf("%s: running the program: %w: %s", c.Name, err, stderr.String())
	}
	return out.Bytes(), nil
}

// Compiles reports whether source compiles with the flags, and the
// compiler's first error line when it does not.
func (c *Compiler) Compiles(source string, flags ...string) (bool, string) {
	_, err := c.Run(source, flags...)
	if err == nil {
		return true, ""
	}
	return false, err.Error()
}

func firstError(s string) string {
	for _, line := range strings.Split(s, "\n") {
		if strings.Contains(line, "error:") {
			return strings.TrimSpace(line)
		}
	}
	return strings.TrimSpace(s)
}

// All returns the compilers for l whose major version is at least
// minMajor, oldest first, or skips the test with a one-line reason when
// there is none. By default that is the newest of them alone (one
// compilation per table keeps the live tests within their time budget);
// under PROMOTE_EXHAUSTIVE=1 (oracle.Exhaustive) it is every one.
func All(t testing.TB, l Lang, minMajor int) []*Compiler {
	t.Helper()
	first := Require(t, l, minMajor)
	var out []*Compiler
	for _, c := range find(l) {
		if c.Major >= first.Major {
			out = append(out, c)
		}
	}
	if !oracle.Exhaustive() && len(out) > 1 {
		out = out[len(out)-1:]
	}
	return out
}
