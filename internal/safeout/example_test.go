package safeout_test

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/promote-dev/promote/internal/safeout"
)

// Write an output file so that a failure or a signal leaves the old file
// (or none) and no temporary file behind.
func Example() {
	dir, _ := os.MkdirTemp("", "safeout")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "model.safetensors")

	// A signal cancels the context: writes then fail, and the deferred
	// Abort removes the temporary file.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	f, err := safeout.Create(ctx, path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Abort()
	for _, s := range f.Stale() {
		fmt.Println(s) // leftovers of a killed run
	}
	if _, err := f.Write([]byte("new content")); err != nil {
		fmt.Println(err)
		return
	}
	if err := f.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	b, _ := os.ReadFile(path)
	fmt.Println(string(b))
	// Output: new content
}

// Commit two outputs together: both new, or both as they were.
func ExampleCommitAll() {
	dir, _ := os.MkdirTemp("", "safeout")
	defer os.RemoveAll(dir)
	var files []*safeout.File
	for _, name := range []string{"a.npy", "b.npy"} {
		f, err := safeout.Create(context.Background(), filepath.Join(dir, name))
		if err != nil {
			fmt.Println(err)
			return
		}
		defer f.Abort()
		f.Write([]byte(name))
		files = append(files, f)
	}
	if err := safeout.CommitAll(files...); err != nil {
		fmt.Println(err)
		return
	}
	a, _ := os.ReadFile(filepath.Join(dir, "a.npy"))
	b, _ := os.ReadFile(filepath.Join(dir, "b.npy"))
	fmt.Println(string(a), string(b))
	// Output: a.npy b.npy
}

// A device, a FIFO or a directory is never replaced.
func ExampleCheck() {
	fmt.Println(safeout.Check(os.TempDir()) != nil)
	// Output: true
}
