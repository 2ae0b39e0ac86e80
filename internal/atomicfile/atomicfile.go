// Package atomicfile writes a file so that a reader of its path sees the
// old content or the new, never a part, and nothing but a regular file is
// ever replaced. It is what the library's WriteFile and Create functions
// (npy, safetensors) write through.
//
// For a File made by Create and finished by Commit:
//
//   - Only regular files are replaced: a path that is a directory, a
//     device (/dev/full), a FIFO or a socket is refused by Create, and
//     checked again just before the rename.
//   - A symbolic link is written through, as cp writes through one: its
//     final target is replaced and the link is kept. A dangling link is
//     refused.
//   - The content goes to a temporary file in the target's directory,
//     named .BASE.promote-tmp-PID-NNN (the name the command line's output
//     package gives its own, so a later run recognises a leftover), which
//     is synced, renamed over the target, and the directory synced, as
//     durable writers do.
//   - A replaced file keeps its permission bits; a new file gets 0644.
//   - Abort, or a failed Commit, removes the temporary file.
//   - Errors name the path the caller gave, never the temporary file.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// File is a file being written. It is an io.Writer; it is not safe for
// concurrent use.
type File struct {
	path   string // as the caller gave it
	target string // the file replaced: path, or its symbolic link's target
	tmp    *os.File
	mode   fs.FileMode
	err    error // the first write error
	done   bool  // committed or aborted
}

// Create checks that path may be written (it does not exist, or is a
// regular file or a symbolic link to one) and creates the temporary file
// beside its target. Call Commit to finish or Abort to give up (Abort
// after Commit does nothing, so defer it).
func Create(path string) (*File, error) {
	target, st, err := resolve(path)
	if err != nil {
		return nil, err
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	f := &File{path: path, target: target, mode: 0o644}
	if st != nil {
		f.mode = st.Mode().Perm()
	}
	f.tmp, err = os.CreateTemp(dir, "."+base+".promote-tmp-"+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: path, Err: fmt.Errorf("cannot create a temporary file in %s: %w", dir, unwrapPath(err))}
	}
	return f, nil
}

// resolve returns the file whose content path names (path, or its
// symbolic link's final target) and its info, nil when it does not exist.
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
		if target, err = filepath.EvalSymlinks(path); err != nil {
			return "", nil, fmt.Errorf("%s is a symbolic link whose target cannot be resolved (%v)", path, unwrapPath(err))
		}
	}
	st, err := os.Stat(target)
	if err != nil {
		return "", nil, err
	}
	if !st.Mode().IsRegular() {
		what := path
		if target != path {
			what += " (a link to " + target + ")"
		}
		return "", nil, fmt.Errorf("%s is %s; only a regular file is replaced", what, kind(st.Mode()))
	}
	return target, st, nil
}

// kind describes a file mode that is not a regular file's.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
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

// Name returns the path the caller gave.
func (f *File) Name() string { return f.path }

// Write writes to the temporary file. After an error every Write fails
// with it.
func (f *File) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	if f.done {
		return 0, &fs.PathError{Op: "write", Path: f.path, Err: fs.ErrClosed}
	}
	n, err := f.tmp.Write(p)
	if err != nil {
		f.err = &fs.PathError{Op: "write", Path: f.path, Err: unwrapPath(err)}
	}
	return n, f.err
}

// Commit makes what was written the file at path: it sets the mode, syncs
// and closes the temporary file, checks the target is still a regular
// file or absent, renames over it and syncs the directory. On an error
// before the rename the temporary file is removed and the target is as it
// was.
func (f *File) Commit() error {
	if f.done {
		return &fs.PathError{Op: "commit", Path: f.path, Err: errors.New("already committed or aborted")}
	}
	if err := f.finish(); err != nil {
		f.Abort()
		return err
	}
	if err := os.Rename(f.tmp.Name(), f.target); err != nil {
		f.Abort()
		return &fs.PathError{Op: "rename", Path: f.path, Err: unwrapPath(err)}
	}
	f.done = true
	return syncDir(filepath.Dir(f.target), f.path)
}

// finish checks for a write error, then sets the mode, syncs and closes
// the temporary file and checks the target again.
func (f *File) finish() error {
	if f.err != nil {
		return f.err
	}
	for _, step := range []struct {
		op string
		do func() error
	}{
		{"chmod", func() error { return f.tmp.Chmod(f.mode) }},
		{"sync", f.tmp.Sync},
		{"close", f.tmp.Close},
	} {
		if err := step.do(); err != nil {
			return &fs.PathError{Op: step.op, Path: f.path, Err: unwrapPath(err)}
		}
	}
	// Something may have been put at the target meanwhile.
	st, err := os.Stat(f.target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return &fs.PathError{Op: "stat", Path: f.path, Err: unwrapPath(err)}
	case !st.Mode().IsRegular():
		return fmt.Errorf("%s became %s while it was being written; only a regular file is replaced", f.path, kind(st.Mode()))
	}
	return nil
}

// Abort removes the temporary file. It does nothing after Commit or an
// earlier Abort.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.tmp.Close()
	os.Remove(f.tmp.Name())
}

// syncDir syncs a directory so that a rename in it is durable. File
// systems that cannot sync a directory (EINVAL) are not an error.
func syncDir(dir, path string) error {
	if !canSyncDir {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return &fs.PathError{Op: "sync directory of", Path: path, Err: unwrapPath(err)}
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errSyncUnsupported) {
		return &fs.PathError{Op: "sync directory of", Path: path, Err: unwrapPath(err)}
	}
	return nil
}

// unwrapPath drops a *PathError's or *LinkError's own paths (the
// temporary file's), so the error can be named by the caller's path.
func unwrapPath(err error) error {
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
