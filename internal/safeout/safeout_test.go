package safeout

import (
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
)

// write creates path through a File, writes s and commits.
func write(t *testing.T, path, s string) error {
	t.Helper()
	f, err := Create(context.Background(), path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write([]byte(s)); err != nil {
		return err
	}
	return f.Commit()
}

func readString(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// leftovers lists the names in dir that promote made for itself.
func leftovers(t *testing.T, dir string) []string {
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

func TestCreateCommit(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.bin")
	if err := write(t, out, "new"); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(out)
	if err != nil || readString(t, out) != "new" || st.Mode().Perm() != newFileMode&^currentUmask() {
		t.Errorf("new file: %v, %v", st.Mode(), err)
	}
	// Replacing keeps the permission bits, as cp does.
	os.Chmod(out, 0o600)
	if err := write(t, out, "second"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(out); readString(t, out) != "second" || st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file: mode %v", st.Mode())
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestTempFileIsRecognisable: while writing, the temporary file sits
// beside the target as .BASE.promote-tmp-PID-RAND; Abort removes it.
func TestTempFileIsRecognisable(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "model.safetensors")
	os.WriteFile(out, []byte("old"), 0o644)
	f, err := Create(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("partial"))
	l := leftovers(t, dir)
	prefix := ".model.safetensors.promote-tmp-" + itoa(os.Getpid()) + "-"
	if len(l) != 1 || !strings.HasPrefix(l[0], prefix) {
		t.Errorf("temporary files %v, want one named %s...", l, prefix)
	}
	f.Abort()
	f.Abort() // twice is harmless
	if l := leftovers(t, dir); len(l) != 0 || readString(t, out) != "old" {
		t.Errorf("after Abort: %v, %q", l, readString(t, out))
	}
	if err := f.Commit(); err == nil {
		t.Error("Commit after Abort succeeded")
	}
}

// TestRefusesNonRegular: a device, a FIFO, a directory, a socket and a
// dangling link are refused by Check and Create, and left as they were.
func TestRefusesNonRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "sub")
	os.Mkdir(sub, 0o755)
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	dangling := filepath.Join(dir, "dangling")
	os.Symlink(filepath.Join(dir, "nowhere"), dangling)
	linkToFifo := filepath.Join(dir, "linktofifo")
	os.Symlink(fifo, linkToFifo)
	cases := map[string]string{
		fifo: "a named pipe", sub: "a directory", sock: "a socket",
		dangling: "symbolic link", linkToFifo: "a named pipe",
	}
	if _, err := os.Stat("/dev/full"); err == nil {
		cases["/dev/full"] = "a character device"
	}
	for path, want := range cases {
		for _, err := range []error{Check(path), func() error { _, err := Create(context.Background(), path); return err }()} {
			if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: %v; want an error naming it as %s", path, err, want)
			}
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO was replaced: %v", st.Mode())
	}
	if st, err := os.Lstat(dangling); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Error("the dangling link was replaced")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestSymlinkWritesThrough: a link to a regular file is written through,
// as cp does: the target gets the new content, atomically, through a
// temporary file in the target's directory, and the link stays a link.
func TestSymlinkWritesThrough(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	target := filepath.Join(other, "real.bin")
	os.WriteFile(target, []byte("old"), 0o640)
	os.Chmod(target, 0o640) // whatever the umask
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	f, err := Create(context.Background(), link)
	if err != nil {
		t.Fatal(err)
	}
	if l := leftovers(t, other); len(l) != 1 || !strings.HasPrefix(l[0], ".real.bin.promote-tmp-") {
		t.Errorf("temporary file not beside the target: %v", l)
	}
	f.Write([]byte("new"))
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Lstat(link)
	if st.Mode()&os.ModeSymlink == 0 || readString(t, target) != "new" || readString(t, link) != "new" {
		t.Errorf("link mode %v, target %q", st.Mode(), readString(t, target))
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o640 {
		t.Errorf("target mode %v", st.Mode())
	}
	if len(leftovers(t, dir))+len(leftovers(t, other)) != 0 {
		t.Error("left behind")
	}
}

// TestRecheckBeforeRename: a FIFO put at the path while the file is
// written is not replaced.
func TestRecheckBeforeRename(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	f, err := Create(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("x"))
	syscall.Mkfifo(out, 0o644)
	if err := f.Commit(); err == nil || !strings.Contains(err.Error(), "named pipe") {
		t.Errorf("Commit over a FIFO: %v", err)
	}
	if st, _ := os.Lstat(out); st.Mode()&os.ModeNamedPipe == 0 {
		t.Error("the FIFO was replaced")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestCancelledContext: once the context is cancelled (a signal), Write
// fails with its cause and Commit removes the temporary file.
func TestCancelledContext(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	cause := errors.New("interrupted by SIGTERM")
	ctx, cancel := context.WithCancelCause(context.Background())
	f, err := Create(ctx, out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("a")); err != nil {
		t.Fatal(err)
	}
	cancel(cause)
	if _, err := f.Write([]byte("b")); !errors.Is(err, cause) {
		t.Errorf("Write after cancel: %v", err)
	}
	if err := f.Commit(); !errors.Is(err, cause) {
		t.Errorf("Commit after cancel: %v", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("the output was created")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
	if _, err := Create(ctx, out); !errors.Is(err, cause) {
		t.Errorf("Create under a cancelled context: %v", err)
	}
}

// TestErrorsNameTheUserPath: errors name the path given, never the
// temporary file.
func TestErrorsNameTheUserPath(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	f, err := Create(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	f.rename = func(string, string) error {
		return &os.LinkError{Op: "rename", Old: "x.promote-tmp-1", New: out, Err: syscall.EXDEV}
	}
	err = f.Commit()
	if err == nil || strings.Contains(err.Error(), "promote-tmp") || !strings.Contains(err.Error(), out) {
		t.Errorf("error %v", err)
	}
	if _, err := Create(context.Background(), filepath.Join(dir, "missing", "out")); err == nil ||
		strings.Contains(err.Error(), "promote-tmp") || !strings.Contains(err.Error(), "missing/out") {
		t.Errorf("error %v", err)
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// deadPID returns the number of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Skipf("cannot run a child process: %v", err)
	}
	pid := cmd.Process.Pid
	if running(pid) {
		t.Skip("the child's process number was reused")
	}
	return pid
}

// TestStale: a temporary file of a process that no longer runs is
// removed (when untouched for a minute) and reported; one of a live
// process is left alone; a backup is reported and kept.
func TestStale(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.npy")
	dead := deadPID(t)
	old := time.Now().Add(-time.Hour)
	mk := func(name string, mtime time.Time) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("x"), 0o600)
		os.Chtimes(p, mtime, mtime)
		return p
	}
	gone := mk(".out.npy.promote-tmp-"+itoa(dead)+"-00ff00ff", old)
	fresh := mk(".out.npy.promote-tmp-"+itoa(dead)+"-11111111", time.Now())
	live := mk(".out.npy.promote-tmp-"+itoa(os.Getppid())+"-22222222", old)
	backup := mk(".out.npy.promote-old-"+itoa(dead)+"-33333333", old)
	other := mk(".other.npy.promote-tmp-"+itoa(dead)+"-44444444", old)
	f, err := Create(context.Background(), out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Abort()
	got := map[string]Stale{}
	for _, s := range f.Stale() {
		got[s.Path] = s
	}
	if s, ok := got[gone]; !ok || !s.Removed || s.PID != dead || !strings.Contains(s.String(), "removed") {
		t.Errorf("stale temporary file: %+v", s)
	}
	if _, err := os.Stat(gone); err == nil {
		t.Error("the stale file is still there")
	}
	if s, ok := got[fresh]; !ok || s.Removed || !strings.Contains(s.String(), "kept") {
		t.Errorf("recent temporary file: %+v", s)
	}
	if s, ok := got[backup]; !ok || s.Removed || !s.Backup {
		t.Errorf("backup: %+v", s)
	}
	for _, p := range []string{live, other, fresh, backup} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s was removed", p)
		}
	}
	if _, ok := got[live]; ok || len(got) != 3 {
		t.Errorf("reported %v", got)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
