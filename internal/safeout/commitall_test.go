package safeout

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// pair creates two Files in dir with contents a and b.
func pair(t *testing.T, dir, a, b string) (*File, *File) {
	t.Helper()
	var fs [2]*File
	for i, c := range []string{a, b} {
		f, err := Create(context.Background(), filepath.Join(dir, []string{"a.npy", "b.npy"}[i]))
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(c))
		fs[i] = f
	}
	return fs[0], fs[1]
}

func TestCommitAll(t *testing.T) {
	dir := t.TempDir()
	a, b := pair(t, dir, "A1", "B1")
	if err := CommitAll(a, b); err != nil {
		t.Fatal(err)
	}
	a, b = pair(t, dir, "A2", "B2")
	if err := CommitAll(a, b); err != nil {
		t.Fatal(err)
	}
	if readString(t, filepath.Join(dir, "a.npy")) != "A2" || readString(t, filepath.Join(dir, "b.npy")) != "B2" {
		t.Error("not both replaced")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// failSecond makes the rename of the second file's new content onto its
// target fail.
func failSecond(b *File) {
	b.rename = func(old, new string) error {
		if new == b.target && strings.Contains(old, tmpMarker) {
			return &os.LinkError{Op: "rename", Old: old, New: new, Err: syscall.ENOSPC}
		}
		return os.Rename(old, new)
	}
}

// TestCommitAllRestoresFirst: when the second rename fails, the first
// target gets its previous content back, and nothing is left behind,
// whether the first target existed before or not, and whether the file
// system has hard links or not.
func TestCommitAllRestoresFirst(t *testing.T) {
	for _, tc := range []struct {
		name            string
		existed, noLink bool
	}{
		{"replace", true, false},
		{"replace without hard links", true, true},
		{"new", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.existed {
				a, b := pair(t, dir, "A-old", "B-old")
				if err := CommitAll(a, b); err != nil {
					t.Fatal(err)
				}
			}
			a, b := pair(t, dir, "A-new", "B-new")
			failSecond(b)
			if tc.noLink {
				for _, f := range []*File{a, b} {
					f.link = func(string, string) error { return syscall.EPERM }
				}
			}
			err := CommitAll(a, b)
			if err == nil || !errors.Is(err, syscall.ENOSPC) || !strings.Contains(err.Error(), "b.npy") || strings.Contains(err.Error(), "promote-tmp") {
				t.Fatalf("error %v", err)
			}
			if !strings.Contains(err.Error(), "restored "+filepath.Join(dir, "a.npy")) {
				t.Errorf("the error does not say a.npy was restored: %v", err)
			}
			pathA, pathB := filepath.Join(dir, "a.npy"), filepath.Join(dir, "b.npy")
			if tc.existed {
				if readString(t, pathA) != "A-old" || readString(t, pathB) != "B-old" {
					t.Errorf("a %q, b %q; want both old", readString(t, pathA), readString(t, pathB))
				}
			} else {
				for _, p := range []string{pathA, pathB} {
					if _, err := os.Stat(p); err == nil {
						t.Errorf("%s exists", p)
					}
				}
			}
			if l := leftovers(t, dir); len(l) != 0 {
				t.Errorf("left behind: %v", l)
			}
		})
	}
}

// TestCommitAllChecksFirst: a target that became a directory is found
// before anything is renamed: both stay as they were.
func TestCommitAllChecksFirst(t *testing.T) {
	dir := t.TempDir()
	a, b := pair(t, dir, "A1", "B1")
	CommitAll(a, b)
	a, b = pair(t, dir, "A2", "B2")
	pathB := filepath.Join(dir, "b.npy")
	os.Remove(pathB)
	os.Mkdir(pathB, 0o755)
	if err := CommitAll(a, b); err == nil || !strings.Contains(err.Error(), "a directory") {
		t.Errorf("error %v", err)
	}
	if readString(t, filepath.Join(dir, "a.npy")) != "A1" {
		t.Error("a.npy was replaced")
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}

// TestCommitAllWriteError: a file whose writes failed aborts the pair.
func TestCommitAllWriteError(t *testing.T) {
	dir := t.TempDir()
	a, b := pair(t, dir, "A", "B")
	b.err = &os.PathError{Op: "write", Path: b.path, Err: syscall.ENOSPC}
	if err := CommitAll(a, b); !errors.Is(err, syscall.ENOSPC) {
		t.Errorf("error %v", err)
	}
	for _, n := range []string{"a.npy", "b.npy"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			t.Errorf("%s was written", n)
		}
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
}
