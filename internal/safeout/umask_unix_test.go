//go:build unix

package safeout

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// withUmask runs f with the process umask set to m. The umask is the
// process's, so no test in this package runs in parallel.
func withUmask(m int, f func()) {
	old := syscall.Umask(m)
	defer syscall.Umask(old)
	f()
}

// currentUmask reads the umask (by setting it and putting it back).
func currentUmask() fs.FileMode {
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m)
}

// TestNewFileModeFollowsUmask: a new file gets 0666 less the umask, as a
// shell redirect gives it (it was a fixed 0644, readable by all under
// umask 077); a replaced file keeps its own bits whatever the umask, and
// its temporary file is never more open than the umask allows.
func TestNewFileModeFollowsUmask(t *testing.T) {
	for _, umask := range []int{0o077, 0o022, 0o002, 0o027} {
		dir := t.TempDir()
		out := filepath.Join(dir, "out.bin")
		withUmask(umask, func() {
			if err := write(t, out, "new"); err != nil {
				t.Fatal(err)
			}
		})
		if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o666&^fs.FileMode(umask) {
			t.Errorf("umask %03o: new file mode %v, %v; want %v", umask, st.Mode(), err, 0o666&^fs.FileMode(umask))
		}
		os.Chmod(out, 0o640)
		withUmask(umask, func() {
			f, err := Create(t.Context(), out)
			if err != nil {
				t.Fatal(err)
			}
			st, err := f.tmp.Stat()
			if err != nil || st.Mode().Perm()&^0o640 != 0 {
				t.Errorf("umask %03o: temporary file mode %v, more open than the target's 0640", umask, st.Mode())
			}
			f.Write([]byte("second"))
			if err := f.Commit(); err != nil {
				t.Fatal(err)
			}
		})
		if st, err := os.Stat(out); err != nil || st.Mode().Perm() != 0o640 {
			t.Errorf("umask %03o: replaced file mode %v, %v; want 0640", umask, st.Mode(), err)
		}
	}
}
