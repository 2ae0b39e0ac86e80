package safeout

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// staleAge is how long a leftover of a finished process must have been
// untouched before it is removed: a directory shared between machines may
// hold the temporary file of a live run on another machine, whose process
// number means nothing here.
const staleAge = time.Minute

// Stale is a file an earlier run of promote left beside an output.
type Stale struct {
	Path string // the leftover file
	PID  int    // the process that made it
	// Backup: it holds a target's previous content, kept by a CommitAll
	// that did not finish; it is reported, never removed.
	Backup  bool
	Dir     bool // a directory (CleanStaleDirs), not a file
	Removed bool
	Err     error // why it could not be removed
}

// String says what the leftover is and what was done with it.
func (s Stale) String() string {
	noun := "file"
	if s.Dir {
		noun = "directory"
	}
	switch {
	case s.Backup && s.Dir:
		return fmt.Sprintf("%s holds a previous output that process %d moved aside and did not restore; it was kept", s.Path, s.PID)
	case s.Backup:
		return fmt.Sprintf("%s holds the previous content of an output from a commit that process %d did not finish; it was kept", s.Path, s.PID)
	case s.Removed:
		return fmt.Sprintf("removed %s, a temporary %s left by process %d, which is no longer running", s.Path, noun, s.PID)
	case s.Err != nil:
		return fmt.Sprintf("%s is a temporary %s left by process %d, which is no longer running; removing it failed: %v", s.Path, noun, s.PID, s.Err)
	}
	return fmt.Sprintf("%s is a temporary %s of process %d, which is not running here; kept, as it changed in the last minute (a run on another machine may be writing it)", s.Path, noun, s.PID)
}

// cleanStale finds promote's leftovers for base in dir whose process is
// no longer running, removes the temporary files among them that have not
// changed for staleAge, and reports each.
func cleanStale(dir, base string) []Stale { return findStale(dir, base, false) }

// CleanStaleDirs is cleanStale for outputs written as a whole directory
// (a sharded checkpoint): it finds the temporary directories
// (.BASE.promote-tmp-PID-RAND) and moved-aside previous outputs
// (.BASE.promote-old-PID-RAND) beside base in dir whose process is no
// longer running, removes the temporary ones untouched for a minute, and
// reports each; a moved-aside output is reported and kept.
func CleanStaleDirs(dir, base string) []Stale { return findStale(dir, base, true) }

// findStale does cleanStale's work for files, or for directories.
func findStale(dir, base string, dirs bool) []Stale {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Stale
	for _, ent := range ents {
		name := ent.Name()
		rest, ok := strings.CutPrefix(name, "."+base)
		if !ok || (dirs && !ent.IsDir()) || (!dirs && !ent.Type().IsRegular()) {
			continue
		}
		backup := false
		switch {
		case strings.HasPrefix(rest, tmpMarker):
			rest = rest[len(tmpMarker):]
		case strings.HasPrefix(rest, backupMarker):
			rest, backup = rest[len(backupMarker):], true
		default:
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid <= 0 || running(pid) {
			continue
		}
		s := Stale{Path: filepath.Join(dir, name), PID: pid, Backup: backup, Dir: dirs}
		if !backup {
			if info, err := ent.Info(); err == nil && time.Since(info.ModTime()) >= staleAge {
				if dirs {
					s.Err = os.RemoveAll(s.Path)
				} else {
					s.Err = os.Remove(s.Path)
				}
				s.Removed = s.Err == nil
			}
		}
		out = append(out, s)
	}
	return out
}

// running reports whether process pid exists on this machine (this
// process included).
func running(pid int) bool {
	if pid == os.Getpid() {
		return true
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM)
}
