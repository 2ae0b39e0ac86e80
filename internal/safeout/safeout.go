// Package safeout writes output files so that nothing is clobbered and
// nothing is left behind.
//
// The guarantees, for a File made by Create and finished by Commit:
//
//   - Only regular files are replaced. A path that is a directory, a device
//     (/dev/full), a FIFO or a socket is refused by Check and Create, before
//     any work, and checked again just before the rename.
//   - A symbolic link is written through, as cp writes through one: the
//     link's final target is replaced and the link is kept. A dangling link
//     is refused.
//   - The new content is written to a temporary file in the target's own
//     directory, named .BASE.promote-tmp-PID-RAND so that it is recognisable,
//     synced, and renamed over the target; the directory is then synced. A
//     reader of the path sees the old file or the new one, never a part.
//   - A replaced file keeps its permission bits; a new file gets 0666
//     less the umask, as a shell redirect or cp would give it. The
//     temporary file is never more open than that while it is written.
//   - Abort, or a failed Commit, removes the temporary file. A run stopped
//     by a signal cleans up when its context is cancelled (Write then fails
//     with the context's cause) and it calls Abort, as a deferred Abort does.
//   - Errors name the path the caller gave, never the temporary file.
//   - Create reports temporary files a run that no longer exists left
//     beside the target (SIGKILL, a crash, a power cut), and removes those
//     untouched for a minute.
//
// CommitAll commits several files together or not at all; see its doc for
// the exact guarantee.
package safeout

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// Markers in the names of promote's own files beside an output.
const (
	tmpMarker    = ".promote-tmp-" // a file being written
	backupMarker = ".promote-old-" // the previous content, during CommitAll
)

// newFileMode is the mode a new file is created with; the kernel takes
// the umask from it, as it does for a shell redirect.
const newFileMode = 0o666

// File is an output file being written. It is an io.Writer; it is not
// safe for concurrent use.
type File struct {
	path   string // as the caller gave it
	target string // the file replaced: path, or its symbolic link's target
	ctx    context.Context
	tmp    *os.File
	mode   fs.FileMode // the replaced file's permission bits, to keep
	keep   bool        // the target exists: give the new file mode
	err    error       // the first write error
	done   bool        // committed or aborted
	stale  []Stale
	// pending lists the temporary file until it is committed or
	// removed, when ctx carries one (WithPending).
	pending *Pending
	// rename and link are os.Rename and os.Link; tests replace them to
	// make one fail.
	rename, link func(oldpath, newpath string) error
}

// Check reports whether path may be written as an output file: it does
// not exist yet, or it is a regular file, or a symbolic link whose final
// target is one. The error names path and says what it is.
func Check(path string) error {
	_, _, err := resolve(path)
	return err
}

// resolve returns the file path's content lives in (path, or its symbolic
// link's final target) and that file's info, nil when it does not exist.
func resolve(path string) (string, fs.FileInfo, error) {
	if path == "" {
		return "", nil, errors.New("empty output path")
	}
	li, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return path, nil, nil
	}
	if err != nil {
		return "", nil, err
	}
	target := path
	if li.Mode()&fs.ModeSymlink != 0 {
		t, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", nil, fmt.Errorf("%s is a symbolic link whose target cannot be resolved (%v); write to another path or fix the link", path, Cause(err))
		}
		target = t
	}
	st, err := os.Stat(target)
	if err != nil {
		return "", nil, err
	}
	if !st.Mode().IsRegular() {
		what := path
		if target != path {
			what = path + " (a link to " + target + ")"
		}
		return "", nil, fmt.Errorf("%s is %s; promote replaces only regular files", what, Kind(st.Mode()))
	}
	return target, st, nil
}

// Kind describes a file mode in words: "a directory", "a character
// device", "a named pipe (FIFO)", ...
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "not a regular file"
}

// Create starts writing the output file path: it checks path (see Check),
// then creates the temporary file beside the target. Writes go to the
// temporary file until Commit. When ctx is cancelled, Write fails with its
// cause. Call Abort when giving up; a deferred Abort after Commit does
// nothing.
func Create(ctx context.Context, path string) (*File, error) {
	target, st, err := resolve(path)
	if err != nil {
		return nil, err
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f := &File{path: path, target: target, ctx: ctx, mode: newFileMode, rename: os.Rename, link: os.Link}
	if st != nil {
		f.mode, f.keep = st.Mode().Perm(), true
	}
	f.stale = cleanStale(dir, base)
	// Created with the final mode, less the umask: a new file then has
	// its final mode already, and a replaced file's content is never
	// readable by more users while it is written than it was before
	// (finish sets the exact bits).
	tmp, err := createMarked(dir, base, tmpMarker, f.mode)
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: fmt.Errorf("cannot create a temporary file in %s: %w", dir, Cause(err))}
	}
	f.tmp = tmp
	f.pending = pendingOf(ctx)
	f.pending.add(tmp.Name())
	return f, nil
}

// createMarked creates dir/.BASE+marker+PID-RAND exclusively, with mode
// less the umask.
func createMarked(dir, base, marker string, mode fs.FileMode) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, markedName(base, marker))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, mode)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, errors.New("no unused temporary file name")
}

func markedName(base, marker string) string {
	var r [4]byte
	rand.Read(r[:])
	return "." + base + marker + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:])
}

// Name returns the path the caller gave.
func (f *File) Name() string { return f.path }

// Stale returns what Create found of earlier runs beside the target.
func (f *File) Stale() []Stale { return f.stale }

// Write writes to the temporary file. After an error, or once ctx is
// cancelled, every Write fails.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	if f.done {
		return 0, &fs.PathError{Op: "write", Path: f.path, Err: fs.ErrClosed}
	}
	if err := context.Cause(f.ctx); err != nil {
		f.err = err
		return 0, err
	}
	n, err := f.tmp.Write(p)
	if err != nil {
		f.err = &fs.PathError{Op: "write", Path: f.path, Err: Cause(err)}
	}
	return n, f.err
}

// Commit makes the written content the file at path: it syncs and closes
// the temporary file, gives it the mode, checks the target is still a
// regular file or absent, renames it over the target and syncs the
// directory. On an error the temporary file is removed and the target is
// as it was.
func (f *File) Commit() error {
	if err := f.finish(); err != nil {
		f.Abort()
		return err
	}
	if err := f.recheck(); err != nil {
		f.Abort()
		return err
	}
	if err := f.rename(f.tmp.Name(), f.target); err != nil {
		f.Abort()
		return &fs.PathError{Op: "rename", Path: f.path, Err: Cause(err)}
	}
	f.done = true
	f.pending.drop(f.tmp.Name())
	return syncDir(filepath.Dir(f.target), f.path)
}

// finish ends writing: it checks for a write error or a cancelled
// context, then gives a replacement the replaced file's mode, syncs and
// closes the temporary file.
func (f *File) finish() error {
	if f.done {
		return &fs.PathError{Op: "commit", Path: f.path, Err: errors.New("already committed or aborted")}
	}
	if f.err != nil {
		return f.err
	}
	if err := context.Cause(f.ctx); err != nil {
		return err
	}
	for _, step := range []struct {
		op string
		do func() error
	}{
		{"chmod", func() error {
			if !f.keep {
				return nil // created with 0666 less the umask
			}
			return f.tmp.Chmod(f.mode)
		}},
		{"sync", f.tmp.Sync},
		{"close", f.tmp.Close},
	} {
		if err := step.do(); err != nil {
			return &fs.PathError{Op: step.op, Path: f.path, Err: Cause(err)}
		}
	}
	return nil
}

// recheck checks, just before the rename, that the target is still a
// regular file or absent: something may have been put there meanwhile.
func (f *File) recheck() error {
	st, err := os.Stat(f.target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return &fs.PathError{Op: "stat", Path: f.path, Err: Cause(err)}
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s became %s while it was being written; promote replaces only regular files", f.path, Kind(st.Mode()))
	}
	return nil
}

// Abort removes the temporary file. It does nothing after Commit or an
// earlier Abort, so it can be deferred.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
	f.pending.drop(f.tmp.Name())
}

// syncDir syncs a directory so that a rename in it is durable. File
// systems that cannot sync a directory are not an error.
func syncDir(dir, path string) error {
	d, err := os.Open(dir)
	if err != nil {
		return &fs.PathError{Op: "sync directory of", Path: path, Err: Cause(err)}
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errSyncUnsupported) {
		return &fs.PathError{Op: "sync directory of", Path: path, Err: Cause(err)}
	}
	return nil
}

// Cause drops the path an *fs.PathError or *os.LinkError repeats, for a
// message that names the path itself (or a temporary file's path the user
// never named): "open a.npy: permission denied" becomes "permission
// denied". Other errors are returned as they are. One helper for every
// reader and writer of the module (checkpoint, pylint, the site writer).
func Cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}
