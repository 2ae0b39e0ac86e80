package safeout

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPending: a File created under WithPending is listed until it is
// committed or aborted; RemoveAll removes the temporary files of the
// others and leaves committed targets alone.
func TestPending(t *testing.T) {
	dir := t.TempDir()
	ctx, p := WithPending(context.Background())
	create := func(name string) *File {
		f, err := Create(ctx, filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		f.Write([]byte(name))
		return f
	}
	committed, aborted, stuck := create("c.npy"), create("a.npy"), create("s.npy")
	a2, b2 := create("x.npy"), create("y.npy")
	if err := committed.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := CommitAll(a2, b2); err != nil {
		t.Fatal(err)
	}
	aborted.Abort()
	removed := p.RemoveAll()
	if !slices.Equal(removed, []string{stuck.tmp.Name()}) {
		t.Errorf("removed %v, want only %s", removed, stuck.tmp.Name())
	}
	if l := leftovers(t, dir); len(l) != 0 {
		t.Errorf("left behind: %v", l)
	}
	for _, name := range []string{"c.npy", "x.npy", "y.npy"} {
		if readString(t, filepath.Join(dir, name)) != name {
			t.Errorf("%s: committed content lost", name)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "s.npy")); !os.IsNotExist(err) {
		t.Errorf("s.npy: %v, want no file", err)
	}
	// The stuck run's Commit, if it ever comes, fails and writes nothing.
	if err := stuck.Commit(); err == nil {
		t.Error("Commit after RemoveAll succeeded")
	}
	if p.RemoveAll() != nil {
		t.Error("second RemoveAll removed something")
	}
}
