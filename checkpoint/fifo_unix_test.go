//go:build unix

package checkpoint

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

// TestConfigFIFOSkipped: a config.json that is a named pipe is not waited
// on for a writer: it is listed as skipped, saying what it is. (A path
// swapped for a FIFO after that look is refused by safein.OpenRegular.)
func TestConfigFIFOSkipped(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	os.Mkdir(in, 0o755)
	writeFile(t, filepath.Join(in, "m.safetensors"), []safetensors.Named{tt("w", dtype.F32, []int64{2}, make([]byte, 8))}, nil)
	if err := syscall.Mkfifo(filepath.Join(in, "config.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	var skipped []string
	go func() {
		ck, err := Open(in)
		if err == nil {
			skipped = ck.skipped
			ck.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err != nil || len(skipped) != 1 || !strings.Contains(skipped[0], "config.json") || !strings.Contains(skipped[0], "named pipe") {
			t.Errorf("Open with a FIFO config.json: %v, skipped %q; want config.json skipped as a named pipe", err, skipped)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Open waited on a FIFO config.json")
	}
}

// TestOutputModesFollowUmask: an output directory's files get 0666 and
// the directory 0777, less the umask, as cp and mkdir give them (under
// umask 002, group-writable).
func TestOutputModesFollowUmask(t *testing.T) {
	old := syscall.Umask(0o002)
	defer syscall.Umask(old)
	dir := t.TempDir()
	in := filepath.Join(dir, "in.safetensors")
	writeFile(t, in, []safetensors.Named{tt("w", dtype.F32, []int64{2}, make([]byte, 8))}, nil)
	ck, err := Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer ck.Close()
	out := filepath.Join(dir, "out")
	if _, err := Recast(bg, ck, out, RecastOptions{To: dtype.BF16}); err != nil {
		t.Fatal(err)
	}
	err = filepath.Walk(out, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		want := os.FileMode(0o664)
		if info.IsDir() {
			want = 0o775
		}
		if info.Mode().Perm() != want {
			t.Errorf("%s: mode %v under umask 002, want %v", p, info.Mode().Perm(), want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
