//go:build unix

package safein_test

import (
	"errors"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/internal/safein/fifotest"
)

// TestOpenRegularRefuses: a FIFO, a directory, a socket and a device are
// refused at once, with an error naming the path and what it is.
func TestOpenRegularRefuses(t *testing.T) {
	fifo := fifotest.Make(t, "in.npy")
	dir := t.TempDir()
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	cases := map[string]string{fifo: "a named pipe (FIFO)", dir: "a directory", sock: "a socket"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "a character device"
	}
	for path, kind := range cases {
		fifotest.Returns(t, fifo, func() {
			f, err := safein.OpenRegular(path)
			if err == nil {
				f.Close()
				t.Errorf("%s: opened", path)
				return
			}
			var nr *safein.NotRegularError
			if !errors.As(err, &nr) || !errors.Is(err, safein.ErrNotRegular) || nr.Path != path {
				t.Errorf("%s: error %#v is not a *NotRegularError for the path", path, err)
			}
			if want := path + " is " + kind + ", not a regular file"; err.Error() != want {
				t.Errorf("%s: error %q, want %q", path, err, want)
			}
		})
	}
}

// TestOpenRegularReads: a regular file, directly or through a symbolic
// link, opens and reads whole, blocking as os.Open's file does.
func TestOpenRegularReads(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "in.txt")
	want := strings.Repeat("promote\n", 10000)
	if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{path, link} {
		f, err := safein.OpenRegular(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(f)
		f.Close()
		if err != nil || string(got) != want {
			t.Errorf("%s: read %d bytes, %v", p, len(got), err)
		}
	}
	if _, err := safein.OpenRegular(filepath.Join(dir, "absent")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("absent file: %v, want not exist", err)
	}
}
