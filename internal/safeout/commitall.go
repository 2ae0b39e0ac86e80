package safeout

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// CommitAll commits files together, or not at all: a pair of outputs that
// belong together (promote convert's two arrays) is never left half new,
// half old by an error.
//
// It first finishes every file (sync, close) and checks every target; any
// failure there aborts them all and leaves every target as it was. Then it
// keeps the previous content of each target that exists (a hard link named
// .BASE.promote-old-PID-RAND beside it, or, where the file system has no
// hard links, the target itself renamed to that name) and renames the new
// files over the targets in order. If a rename fails, the targets already
// renamed get their previous content back (or are removed, if they did not
// exist), and the error says so; if even that fails, the error names the
// file that keeps the previous content. On success the kept copies are
// removed and the directories synced.
//
// The guarantee covers errors, not a crash or SIGKILL between two renames:
// then some targets are new and the others old, and the previous content of
// the new ones stays in the .promote-old- files, which the next Create beside
// them reports. Each single target is always whole, old or new.
func CommitAll(files ...*File) error {
	for _, f := range files {
		if err := f.finish(); err != nil {
			abortAll(files)
			return err
		}
	}
	for _, f := range files {
		if err := f.recheck(); err != nil {
			abortAll(files)
			return err
		}
	}
	// Keep each existing target's content, so it can be put back.
	backups := make([]string, len(files))
	undo := func() {
		for i, b := range backups {
			if b != "" && files[i].rename(b, files[i].target) == nil {
				backups[i] = ""
			}
		}
	}
	for i, f := range files {
		b, err := keep(f)
		if err != nil {
			undo()
			abortAll(files)
			return err
		}
		backups[i] = b
	}
	for i, f := range files {
		err := f.rename(f.tmp.Name(), f.target)
		if err == nil {
			f.done = true
			f.pending.drop(f.tmp.Name())
			continue
		}
		err = &fs.PathError{Op: "rename", Path: f.path, Err: Cause(err)}
		abortAll(files[i:])
		var msgs []string
		for _, e := range []error{restore(files[:i], backups), restoreRest(files[i:], backups[i:])} {
			if e != nil {
				msgs = append(msgs, e.Error())
			}
		}
		if len(msgs) == 0 {
			return err
		}
		return fmt.Errorf("%w; %s", err, strings.Join(msgs, "; "))
	}
	for _, b := range backups {
		if b != "" {
			os.Remove(b)
		}
	}
	synced := map[string]bool{}
	for _, f := range files {
		if dir := filepath.Dir(f.target); !synced[dir] {
			synced[dir] = true
			if err := syncDir(dir, f.path); err != nil {
				return err
			}
		}
	}
	return nil
}

// keep keeps the target's current content under a backup name and returns
// that name ("" when there is no target yet).
func keep(f *File) (string, error) {
	if _, err := os.Lstat(f.target); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	dir, base := filepath.Split(f.target)
	if dir == "" {
		dir = "."
	}
	for range 100 {
		b := filepath.Join(dir, markedName(base, backupMarker))
		err := f.link(f.target, b)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			// No hard links here: move the target aside instead. Until
			// the new file is renamed in, the path does not exist.
			if err := f.rename(f.target, b); err != nil {
				return "", &fs.PathError{Op: "keep the previous content of", Path: f.path, Err: Cause(err)}
			}
		}
		return b, nil
	}
	return "", &fs.PathError{Op: "keep the previous content of", Path: f.path, Err: errors.New("no unused backup name")}
}

// restore gives the committed files their previous content back after a
// later file's rename failed, and says how that went.
func restore(done []*File, backups []string) error {
	var ok, failed []string
	for i, f := range done {
		var err error
		if backups[i] != "" {
			err = f.rename(backups[i], f.target)
		} else {
			err = os.Remove(f.target) // it did not exist before
		}
		if err != nil {
			kept := ""
			if backups[i] != "" {
				kept = fmt.Sprintf(" (its previous content is in %s)", backups[i])
			}
			failed = append(failed, fmt.Sprintf("%s could not be restored: %v%s", f.path, Cause(err), kept))
			continue
		}
		ok = append(ok, f.path)
	}
	var msgs []string
	if len(ok) > 0 {
		msgs = append(msgs, "restored "+strings.Join(ok, ", ")+" as it was before")
	}
	msgs = append(msgs, failed...)
	if len(msgs) == 0 {
		return nil
	}
	return errors.New(strings.Join(msgs, "; "))
}

// restoreRest puts back the targets of files not committed whose content
// was moved aside (where the file system has no hard links), and removes
// the hard-linked copies of the others.
func restoreRest(rest []*File, backups []string) error {
	var failed []string
	for i, f := range rest {
		b := backups[i]
		if b == "" {
			continue
		}
		if _, err := os.Lstat(f.target); errors.Is(err, fs.ErrNotExist) {
			if err := f.rename(b, f.target); err != nil {
				failed = append(failed, fmt.Sprintf("%s could not be restored: %v (its previous content is in %s)", f.path, Cause(err), b))
			}
			continue
		}
		os.Remove(b)
	}
	if len(failed) == 0 {
		return nil
	}
	return errors.New(strings.Join(failed, "; "))
}

func abortAll(files []*File) {
	for _, f := range files {
		f.Abort()
	}
}
