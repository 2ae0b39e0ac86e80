//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// leftovers lists the temporary files in dir.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.Contains(e.Name(), ".promote-tmp-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func write(t *testing.T, path, content string) error {
	t.Helper()
	f, err := Create(path)
	if err != nil {
		return err
	}
	defer f.Abort()
	if _, err := f.Write([]byte(content)); err != nil {
		return err
	}
	return f.Commit()
}

func TestCommit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.bin")
	if err := write(t, path, "new"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "new" {
		t.Errorf("content %q", b)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o644 {
		t.Errorf("new file mode %v, want 0644", st.Mode().Perm())
	}
	// A replaced file keeps its permission bits.
	if err := os.Chmod(path, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := write(t, path, "again"); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file mode %v, want 0600", st.Mode().Perm())
	}
	if b, _ := os.ReadFile(path); string(b) != "again" {
		t.Errorf("content %q", b)
	}
	if l := leftovers(t, dir); l != nil {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestSymlinkWrittenThrough: the link stays a link and its target gets
// the content, as cp does it.
func TestSymlinkWrittenThrough(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "real")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(sub, "target.bin")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.bin")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if err := write(t, link, "new"); err != nil {
		t.Fatal(err)
	}
	if li, _ := os.Lstat(link); li.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link was replaced by a %v", li.Mode())
	}
	if b, _ := os.ReadFile(target); string(b) != "new" {
		t.Errorf("target holds %q", b)
	}
	if l := append(leftovers(t, dir), leftovers(t, sub)...); l != nil {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestRefused: nothing but a regular file (or a link to one) is
// replaced, and the error names the path given.
func TestRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dangling := filepath.Join(dir, "dangling")
	if err := os.Symlink(filepath.Join(dir, "nowhere", "x"), dangling); err != nil {
		t.Fatal(err)
	}
	toDir := filepath.Join(dir, "todir")
	if err := os.Symlink(dir, toDir); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ path, want string }{
		{dir, "a directory"},
		{fifo, "a named pipe"},
		{dangling, "cannot be resolved"},
		{toDir, "a link to"},
		{"", "empty output path"},
	}
	if st, err := os.Stat("/dev/null"); err == nil && st.Mode()&fs.ModeCharDevice != 0 {
		cases = append(cases, struct{ path, want string }{"/dev/null", "a character device"})
	}
	for _, c := range cases {
		_, err := Create(c.path)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.path) {
			t.Errorf("Create(%q) = %v, want an error naming the path and saying %q", c.path, err, c.want)
		}
	}
	if l := leftovers(t, dir); l != nil {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestAbortAndLateChange: Abort keeps the old file; a target that became
// a directory while being written is refused at Commit, naming the path
// given and not the temporary file.
func TestAbortAndLateChange(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.bin")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("new"))
	f.Abort()
	f.Abort()
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Errorf("after Abort the file holds %q", b)
	}
	if err := f.Commit(); err == nil {
		t.Errorf("Commit after Abort succeeded")
	}
	if _, err := f.Write([]byte("x")); err == nil {
		t.Errorf("Write after Abort succeeded")
	}

	f, err = Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	err = f.Commit()
	if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "promote-tmp") {
		t.Errorf("Commit over a new directory = %v, want an error naming %s only", err, path)
	}
	if l := leftovers(t, dir); l != nil {
		t.Errorf("temporary files left: %v", l)
	}
}

// TestCreateErrorNamesPath: a directory that does not exist is reported
// under the path given.
func TestCreateErrorNamesPath(t *testing.T) {
	path := filepath.Join(t.TempDir(), "missing", "out.bin")
	_, err := Create(path)
	if err == nil || !strings.Contains(err.Error(), path) || strings.Contains(err.Error(), "*") {
		t.Errorf("Create(%q) = %v", path, err)
	}
}
