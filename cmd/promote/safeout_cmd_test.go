package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
	"github.com/promote-dev/promote/tensor"
)

// TestMain lets a test run the real command in a child process (for
// signals): with PROMOTE_TEST_MAIN=1 the test binary is promote, and
// recast announces on standard error when its temporary file exists, then
// waits for a signal.
func TestMain(m *testing.M) {
	if os.Getenv("PROMOTE_TEST_MAIN") == "1" {
		testHookWriting = func(ctx context.Context) {
			os.Stderr.WriteString("test: writing\n")
			select {
			case <-ctx.Done():
			case <-time.After(time.Minute):
			}
		}
		main()
		return
	}
	os.Exit(m.Run())
}

// promoteLeftovers lists promote's own temporary and backup files in dir.
func promoteLeftovers(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".promote-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func smallCheckpoint(t *testing.T, dir string) string {
	t.Helper()
	in := filepath.Join(dir, "in.safetensors")
	writeST(t, in, []safetensors.Named{{Name: "w", Tensor: &tensor.Tensor{DType: dtype.F32, Shape: []int64{3}, Data: f32s(1, 2.5, -3)}}}, nil)
	return in
}

// TestRecastRefusesSpecialOutputs: -o naming a device, a FIFO, a
// directory or a socket is a usage error before any work, and the node is
// left as it was (the issue's /dev/full became a regular file).
func TestRecastRefusesSpecialOutputs(t *testing.T) {
	dir := t.TempDir()
	in := smallCheckpoint(t, dir)
	fifo := filepath.Join(dir, "fifo")
	mkfifo(t, fifo)
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	link := filepath.Join(dir, "link")
	os.Symlink(fifo, link)
	outs := map[string]os.FileMode{fifo: os.ModeNamedPipe, sub: os.ModeDir, sock: os.ModeSocket, link: os.ModeSymlink}
	if st, err := os.Stat("/dev/full"); err == nil {
		outs["/dev/full"] = st.Mode().Type()
	}
	for out, mode := range outs {
		_, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out)
		if code != 2 || !strings.Contains(errs, "promote replaces only regular files") || !strings.Contains(errs, out) {
			t.Errorf("-o %s: exit %d, stderr %q", out, code, errs)
		}
		if st, err := os.Lstat(out); err != nil || st.Mode().Type() != mode.Type() {
			t.Errorf("-o %s: now %v, want %v", out, st.Mode(), mode)
		}
	}
	if l := promoteLeftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestRecastSymlinkOutput: -o naming a link to a regular file writes
// through it, as cp does: the target is replaced, the link kept.
func TestRecastSymlinkOutput(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	in := smallCheckpoint(t, dir)
	target := filepath.Join(other, "real.safetensors")
	os.WriteFile(target, []byte("old"), 0o600)
	link := filepath.Join(dir, "out.safetensors")
	os.Symlink(target, link)
	if _, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", link); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got, _ := readST(t, target)
	if got["w"] == nil || got["w"].DType != dtype.BF16 {
		t.Errorf("target: %v", got)
	}
	if st, _ := os.Lstat(link); st.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("target mode %v, want the old 0600 kept", st.Mode())
	}
}

// TestRecastToStdout: -o - writes the file to standard output.
func TestRecastToStdout(t *testing.T) {
	dir := t.TempDir()
	in := smallCheckpoint(t, dir)
	out := filepath.Join(dir, "out.safetensors")
	if _, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out); code != 0 {
		t.Fatal(errs)
	}
	stdout, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", "-")
	want, _ := os.ReadFile(out)
	if code != 0 || !bytes.Equal([]byte(stdout), want) {
		t.Errorf("exit %d, stderr %q: %d bytes on stdout, want the file's %d", code, errs, len(stdout), len(want))
	}
	if _, err := os.Stat(filepath.Join(dir, "-")); err == nil {
		t.Error("a file named - was created")
	}
	var errb bytes.Buffer
	if code := run(&env{stdin: strings.NewReader(""), stdout: &failingWriter{limit: 10}, stderr: &errb}, []string{"recast", "-to", "bf16", in, "-o", "-"}); code != 1 ||
		strings.Contains(errb.String(), "tensor (") || strings.Contains(errb.String(), "tensors (") || strings.Count(errb.String(), "writing standard output") != 1 {
		t.Errorf("failing stdout: exit %d, %q", code, errb.String())
	}
}

// TestRecastErrorsNameTheOutput: a failure to create the output names
// the path given, never the temporary file.
func TestRecastErrorsNameTheOutput(t *testing.T) {
	dir := t.TempDir()
	in := smallCheckpoint(t, dir)
	out := filepath.Join(dir, "missing", "out.safetensors")
	_, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out)
	if code != 1 || !strings.Contains(errs, out) || strings.Contains(errs, "promote-tmp") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// TestRecastReportsStale: a temporary file left by a killed run (its
// process gone, untouched for a while) is reported and removed.
func TestRecastReportsStale(t *testing.T) {
	dir := t.TempDir()
	in := smallCheckpoint(t, dir)
	out := filepath.Join(dir, "out.safetensors")
	child := exec.Command(os.Args[0], "-test.run=^$")
	if err := child.Run(); err != nil {
		t.Skipf("cannot run a child process: %v", err)
	}
	stale := filepath.Join(dir, ".out.safetensors.promote-tmp-"+itoaTest(child.Process.Pid)+"-deadbeef")
	os.WriteFile(stale, make([]byte, 1000), 0o600)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(stale, old, old)
	_, errs, code := runPromote(t, "", "recast", "-to", "bf16", in, "-o", out)
	if code != 0 || !strings.Contains(errs, "removed "+stale) || !strings.Contains(errs, "no longer running") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if l := promoteLeftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

func itoaTest(n int) string { return strconv.Itoa(n) }

// TestRecastInterrupted: a run whose context a signal cancels stops,
// removes its temporary file, leaves the old output alone and exits 128
// plus the signal (in process: the hook cancels once the file exists).
func TestRecastInterrupted(t *testing.T) {
	dir := t.TempDir()
	in := smallCheckpoint(t, dir)
	out := filepath.Join(dir, "out.safetensors")
	os.WriteFile(out, []byte("previous"), 0o644)
	ctx, cancel := context.WithCancelCause(context.Background())
	testHookWriting = func(context.Context) { cancel(interrupt{syscall.SIGTERM}) }
	defer func() { testHookWriting = nil }()
	var stdout, errb bytes.Buffer
	code := run(&env{ctx: ctx, stdin: strings.NewReader(""), stdout: &stdout, stderr: &errb}, []string{"recast", "-to", "bf16", in, "-o", out})
	if code != 143 || !strings.Contains(errb.String(), "interrupted by SIGTERM") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
	if b, _ := os.ReadFile(out); string(b) != "previous" {
		t.Errorf("the output changed: %q", b)
	}
	if l := promoteLeftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestRecastSignal: the real process, sent SIGINT or SIGTERM while it
// writes, removes its temporary file and exits 130 or 143.
func TestRecastSignal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the command in a child process; skipped with -short")
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		in := smallCheckpoint(t, dir)
		out := filepath.Join(dir, "out.safetensors")
		cmd := exec.Command(os.Args[0], "recast", "-to", "bf16", in, "-o", out)
		cmd.Env = append(os.Environ(), "PROMOTE_TEST_MAIN=1")
		stderr, err := cmd.StderrPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(stderr)
		var lines []string
		for sc.Scan() {
			lines = append(lines, sc.Text())
			if sc.Text() == "test: writing" {
				if l := promoteLeftovers(t, dir); len(l) != 1 {
					t.Errorf("%v: temporary files while writing: %v", sig, l)
				}
				cmd.Process.Signal(sig)
			}
		}
		err = cmd.Wait()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 128+int(sig) {
			t.Errorf("%v: %v, stderr %q; want exit %d", sig, err, lines, 128+int(sig))
		}
		if l := promoteLeftovers(t, dir); len(l) != 0 {
			t.Errorf("%v: left behind: %v", sig, l)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%v: the output was written", sig)
		}
	}
}

// TestConvertRefusesSpecialOutputs: an output path that is a FIFO or a
// directory is refused before any work, and neither output is written.
func TestConvertRefusesSpecialOutputs(t *testing.T) {
	in := t.TempDir()
	a := writeNPY(t, in, "a.npy", dtype.F32, []int64{2}, lef32(1, 2))
	b := writeNPY(t, in, "b.npy", dtype.F64, []int64{2}, lef64(1, 2))
	for _, special := range []func(string) error{
		func(p string) error { mkfifo(t, p); return nil },
		func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		out := t.TempDir()
		if err := special(filepath.Join(out, "b.npy")); err != nil {
			t.Fatal(err)
		}
		_, errs, code := runPromote(t, "", "convert", a, b, "-o", out)
		if code != 2 || !strings.Contains(errs, "promote replaces only regular files") {
			t.Errorf("exit %d, stderr %q", code, errs)
		}
		if _, err := os.Stat(filepath.Join(out, "a.npy")); err == nil {
			t.Error("a.npy was written")
		}
		if l := promoteLeftovers(t, out); len(l) != 0 {
			t.Errorf("left behind: %v", l)
		}
	}
}

// TestConvertReplacesBoth: a second run replaces both outputs, and leaves
// nothing behind.
func TestConvertReplacesBoth(t *testing.T) {
	in, out := t.TempDir(), t.TempDir()
	a := writeNPY(t, in, "a.npy", dtype.F32, []int64{2}, lef32(1, 2))
	b := writeNPY(t, in, "b.npy", dtype.F64, []int64{2}, lef64(1, 2))
	os.WriteFile(filepath.Join(out, "a.npy"), []byte("old a"), 0o644)
	os.WriteFile(filepath.Join(out, "b.npy"), []byte("old b"), 0o644)
	if _, errs, code := runPromote(t, "", "convert", a, b, "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if x := readNPY(t, filepath.Join(out, "a.npy")); x.DType != dtype.F64 {
		t.Errorf("a.npy is %v", x)
	}
	if x := readNPY(t, filepath.Join(out, "b.npy")); x.DType != dtype.F64 {
		t.Errorf("b.npy is %v", x)
	}
	if l := promoteLeftovers(t, out); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}
