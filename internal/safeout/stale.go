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
	Removed bool
	Err     error // why it could not be removed
}

// String says what the leftover is and what was done with it.
func (s Stale) String() string {
	switch {
	case s.Backup:
		return fmt.Sprintf("%s holds the previous content of an output from a commit that process %d did not finish; it was kept", s.Path, s.PID)
	case s.Removed:
		return fmt.Sprintf("removed %s, a temporary file left by process %d, which is no longer running", s.Path, s.PID)
	case s.Err != nil:
		return fmt.Sprintf("%s is a temporary file left by process %d, which is no longer running; removing it failed: %v", s.Path, s.PID, s.Err)
	}
	return fmt.Sprintf("%s is a temporary file of process %d, which is not running here; kept, as it changed in the last minute (a run on another machine may be writing it)", s.Path, s.PID)
}

// cleanStale finds promote's leftovers for base in dir whose process is
// no longer running, removes the temporary files among them that have not
// changed for staleAge, and reports each.
func cleanStale(dir, base string) []Stale {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Stale
	for _, ent := range ents {
		name := ent.Name()
		rest, ok := strings.CutPrefix(name, "."+base)
		if !ok || !ent.Type().IsRegular() {
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
		s := Stale{Path: filepath.Join(dir, name), PID: pid, Backup: backup}
		if !backup {
			if info, err := ent.Info(); err == nil && time.Since(info.ModTime()) >= staleAge {
				s.Err = os.Remove(s.Path)
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
