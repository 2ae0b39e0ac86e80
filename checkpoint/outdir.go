package checkpoint

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"syscall"

	"github.com/promote-dev/promote/internal/safeout"
)

// dest is where a conversion's files go: a directory built aside and
// renamed into place, one file written safely, a stream, or nowhere (a
// dry run).
type dest interface {
	// create starts the output file name (a base name).
	create(name string) (destFile, error)
	// commit makes the output visible, all of it or none.
	commit() error
	// abort removes whatever was written.
	abort()
	// notes are what the destination found beside it (leftovers of a
	// killed run).
	notes() []string
}

// destFile is one output file being written.
type destFile interface {
	io.Writer
	// finish ends the file (synced unless the run skips syncing).
	finish() error
}

// Markers of promote's own entries beside an output directory, the same
// as internal/safeout's for files.
const (
	tmpMarker = ".promote-tmp-"
	oldMarker = ".promote-old-"
)

// dirDest builds the output directory as a temporary directory beside the
// target, .BASE.promote-tmp-PID-RAND, and renames it into place when
// every file is written. An existing target directory is replaced only
// when everything in it is a file this run writes (a previous output of
// the same conversion); it is moved aside under .BASE.promote-old-PID-RAND
// for the swap and removed after, or put back if the swap fails.
type dirDest struct {
	path   string // as given
	target string // the directory replaced: path, or its link's target
	tmp    string
	nosync bool
	found  []string
}

// checkDirTarget reports whether path may become an output directory
// holding exactly the entries names: it does not exist, or it is a
// directory whose entries are all among names.
func checkDirTarget(path string, names []string) (string, error) {
	target := path
	if li, err := os.Lstat(path); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		t, err := filepath.EvalSymlinks(path)
		if err != nil {
			return "", fmt.Errorf("%s is a symbolic link whose target cannot be resolved (%v)", path, safeout.Cause(err))
		}
		target = t
	}
	st, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return target, nil
	}
	if err != nil {
		return "", err
	}
	if !st.IsDir() {
		return "", fmt.Errorf("%s exists and is %s; the output is a directory: remove it or choose another path", path, safeout.Kind(st.Mode()))
	}
	ents, err := os.ReadDir(target)
	if err != nil {
		return "", err
	}
	for _, e := range ents {
		if !slices.Contains(names, e.Name()) {
			return "", fmt.Errorf("%s exists and holds %s, which this conversion does not write; promote replaces a directory only when everything in it is its own output: remove it or choose another path", path, e.Name())
		}
	}
	return target, nil
}

func newDirDest(ctx context.Context, path string, names []string, nosync bool) (*dirDest, error) {
	target, err := checkDirTarget(path, names)
	if err != nil {
		return nil, err
	}
	if err := context.Cause(ctx); err != nil {
		return nil, err
	}
	parent, base := filepath.Split(filepath.Clean(target))
	if parent == "" {
		parent = "."
	}
	d := &dirDest{path: path, target: filepath.Clean(target), nosync: nosync}
	d.found = cleanStaleDirs(parent, base)
	for range 100 {
		tmp := filepath.Join(parent, marked(base, tmpMarker))
		err := os.Mkdir(tmp, 0o777) // less the umask, as mkdir gives
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s: cannot create a temporary directory in %s: %v", path, parent, safeout.Cause(err))
		}
		d.tmp = tmp
		return d, nil
	}
	return nil, fmt.Errorf("%s: no unused temporary directory name", path)
}

func marked(base, marker string) string {
	var r [4]byte
	rand.Read(r[:])
	return "." + base + marker + strconv.Itoa(os.Getpid()) + "-" + hex.EncodeToString(r[:])
}

func (d *dirDest) notes() []string { return d.found }

// osFile is a file of the temporary directory.
type osFile struct {
	f      *os.File
	path   string // for errors: the file's path in the output
	nosync bool
}

func (f *osFile) Write(p []byte) (int, error) {
	n, err := f.f.Write(p)
	if err != nil {
		err = &fs.PathError{Op: "write", Path: f.path, Err: safeout.Cause(err)}
	}
	return n, err
}

func (f *osFile) finish() error {
	if !f.nosync {
		if err := f.f.Sync(); err != nil {
			f.f.Close()
			return &fs.PathError{Op: "sync", Path: f.path, Err: safeout.Cause(err)}
		}
	}
	if err := f.f.Close(); err != nil {
		return &fs.PathError{Op: "close", Path: f.path, Err: safeout.Cause(err)}
	}
	return nil
}

func (d *dirDest) create(name string) (destFile, error) {
	f, err := os.OpenFile(filepath.Join(d.tmp, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o666) // less the umask, as cp gives
	if err != nil {
		return nil, &fs.PathError{Op: "create", Path: filepath.Join(d.path, name), Err: safeout.Cause(err)}
	}
	return &osFile{f: f, path: filepath.Join(d.path, name), nosync: d.nosync}, nil
}

// commit renames the temporary directory into place (swapping out a
// previous output), then syncs the parent.
func (d *dirDest) commit() error {
	if !d.nosync {
		if err := syncDir(d.tmp); err != nil {
			d.abort()
			return fmt.Errorf("%s: %v", d.path, err)
		}
	}
	parent := filepath.Dir(d.target)
	names, err := readNames(d.tmp)
	if err != nil {
		d.abort()
		return err
	}
	// Checked again: something may have been put there meanwhile.
	if _, err := checkDirTarget(d.target, names); err != nil {
		d.abort()
		return err
	}
	var old string
	if _, err := os.Lstat(d.target); err == nil {
		old = filepath.Join(parent, marked(filepath.Base(d.target), oldMarker))
		if err := os.Rename(d.target, old); err != nil {
			d.abort()
			return fmt.Errorf("%s: cannot move the previous output aside: %v", d.path, safeout.Cause(err))
		}
	}
	if err := os.Rename(d.tmp, d.target); err != nil {
		msg := fmt.Sprintf("%s: cannot rename the new output into place: %v", d.path, safeout.Cause(err))
		if old != "" {
			if rerr := os.Rename(old, d.target); rerr != nil {
				msg += fmt.Sprintf("; the previous output is in %s (%v)", old, safeout.Cause(rerr))
			}
		}
		d.abort()
		return errors.New(msg)
	}
	d.tmp = ""
	if old != "" {
		os.RemoveAll(old)
	}
	if !d.nosync {
		if err := syncDir(parent); err != nil {
			return fmt.Errorf("%s: %v", d.path, err)
		}
	}
	return nil
}

func (d *dirDest) abort() {
	if d.tmp != "" {
		os.RemoveAll(d.tmp)
		d.tmp = ""
	}
}

func readNames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ents))
	for i, e := range ents {
		out[i] = e.Name()
	}
	return out, nil
}

// syncDir syncs a directory so that the entries created or renamed in it
// are durable; file systems that cannot are not an error.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

// cleanStaleDirs reports, as notes, the leftovers of runs that no longer
// exist beside base (see safeout.CleanStaleDirs, which removes the stale
// temporary directories among them).
func cleanStaleDirs(parent, base string) []string {
	var out []string
	for _, st := range safeout.CleanStaleDirs(parent, base) {
		out = append(out, st.String())
	}
	return out
}

// fileDest writes a single .safetensors file through internal/safeout.
type fileDest struct {
	f    *safeout.File
	used bool
}

func newFileDest(ctx context.Context, path string) (*fileDest, error) {
	f, err := safeout.Create(ctx, path)
	if err != nil {
		return nil, err
	}
	return &fileDest{f: f}, nil
}

func (d *fileDest) create(string) (destFile, error) {
	if d.used {
		return nil, fmt.Errorf("%s: a single-file output holds one shard", d.f.Name())
	}
	d.used = true
	return safeFile{d.f}, nil
}

func (d *fileDest) commit() error { return d.f.Commit() }
func (d *fileDest) abort()        { d.f.Abort() }
func (d *fileDest) notes() []string {
	var out []string
	for _, s := range d.f.Stale() {
		out = append(out, s.String())
	}
	return out
}

type safeFile struct{ f *safeout.File }

func (s safeFile) Write(p []byte) (int, error) { return s.f.Write(p) }
func (s safeFile) finish() error               { return nil } // Commit syncs

// streamDest writes one file to a stream.
type streamDest struct {
	w    io.Writer
	used bool
}

func (d *streamDest) create(string) (destFile, error) {
	if d.used {
		return nil, errors.New("a stream output holds one shard")
	}
	d.used = true
	return streamFile{d.w}, nil
}
func (d *streamDest) commit() error   { return nil }
func (d *streamDest) abort()          {}
func (d *streamDest) notes() []string { return nil }

type streamFile struct{ w io.Writer }

func (s streamFile) Write(p []byte) (int, error) { return s.w.Write(p) }
func (s streamFile) finish() error               { return nil }

// discardDest is a dry run's destination.
type discardDest struct{}

func (discardDest) create(string) (destFile, error) { return streamFile{io.Discard}, nil }
func (discardDest) commit() error                   { return nil }
func (discardDest) abort()                          {}
func (discardDest) notes() []string                 { return nil }
