package npy

import (
	"archive/zip"
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/tensor"
)

// .npz is NumPy's archive of arrays: a zip file with one NAME.npy member
// per array, stored (np.savez) or deflated (np.savez_compressed).
// Source: numpy/lib/npyio.py, _savez (NumPy 1.24): each keyword becomes
// member key + '.npy', written by format.write_array through
// zipfile.open(..., force_zip64=True) with ZIP_STORED or ZIP_DEFLATED;
// NpzFile strips the '.npy' to give the array's name.

// Array is one named array of an .npz archive.
type Array struct {
	Name   string
	Tensor *tensor.Tensor
}

// Bounds on what ReadNPZ reads, so that a hostile archive costs bounded
// memory whatever its directory and sizes claim.
const (
	// MaxNPZMembers is the most members an archive may have.
	MaxNPZMembers = 1 << 16
	// MaxNPZDirectory bounds the bytes of zip directory read while
	// opening an archive (archive/zip keeps a few hundred bytes of
	// memory per directory entry and reads entries until one is bad).
	// 65536 members with 64-byte names take about 9 MiB.
	MaxNPZDirectory = 16 << 20
	// DefaultMaxNPZBytes is the default bound on the total uncompressed
	// size of an archive's members (see MaxNPZBytes): reading an archive
	// costs about this much memory at most, since every member's array
	// is held once. Raise it with MaxNPZBytes for larger archives.
	DefaultMaxNPZBytes = 1 << 30
	// maxDeflateRatio bounds what deflate can make of a compressed byte:
	// one length/distance pair, at least two bits, gives at most 258
	// bytes, so eight bits give at most 1032. Source: zlib's technical
	// details, "Maximum Compression Factor" (zlib.net/zlib_tech.html).
	// A deflated member claiming more than this many times its
	// compressed size (plus deflateSlack) lies, and is refused before
	// anything is allocated for it.
	maxDeflateRatio = 1032
	deflateSlack    = 1 << 10
)

// MaxNPZBytes sets the bound on the total uncompressed size of the
// members ReadNPZ reads (DefaultMaxNPZBytes unless set). Every member's
// size is checked against it, and against the archive's own claims,
// before its data is read, so a zip bomb is refused rather than
// inflated.
func MaxNPZBytes(n int64) Option { return func(o *options) { o.maxNPZBytes = n } }

// Deflate makes WriteNPZ compress each member, as np.savez_compressed
// does; without it members are stored, as np.savez stores them.
func Deflate() Option { return func(o *options) { o.deflate = true } }

// ReadNPZFile reads the .npz archive name: every member NAME.npy as the
// array NAME, in the archive's order. Options are Read's (ReadAs applies
// to every member with a raw void descr) and MaxNPZBytes. Errors name the
// file and the member.
func ReadNPZFile(name string, opts ...Option) ([]Array, error) {
	f, err := safein.OpenRegular(name)
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("npy: %w", err)
	}
	arrays, err := ReadNPZ(f, st.Size(), opts...)
	if err != nil {
		return nil, fmt.Errorf("npy: %s: %w", name, err)
	}
	return arrays, nil
}

// ReadNPZ reads an .npz archive of size bytes from r (see ReadNPZFile).
//
// It refuses, with an error naming the member: more than MaxNPZMembers
// members or a directory over MaxNPZDirectory bytes; a member that is not
// NAME.npy or whose NAME is not plain (empty, ".", "..", holding a slash,
// a backslash or a control character, not UTF-8); a name twice; a
// compression method other than stored or deflated, or encryption; a
// stored member whose sizes disagree; sizes past MaxNPZBytes; a member
// whose data is longer or shorter than it claims or fails its checksum.
func ReadNPZ(r io.ReaderAt, size int64, opts ...Option) ([]Array, error) {
	return readNPZ(r, size, collect(opts), npzLimits{MaxNPZMembers, MaxNPZDirectory, endSearch})
}

// npzLimits are the bounds ReadNPZ applies; tests shrink them.
type npzLimits struct {
	members   int
	directory int64 // bytes of directory entries
	search    int64 // bytes read looking for the directory's end
}

// endSearch is what archive/zip reads from the end of a file to find the
// directory's end record: the record (22 bytes) with a comment of up to
// 65535 bytes, read twice at most, and the zip64 record and locator.
const endSearch = 2*(22+65535) + 1024

func readNPZ(r io.ReaderAt, size int64, o options, lim npzLimits) ([]Array, error) {
	if o.maxNPZBytes == 0 {
		o.maxNPZBytes = DefaultMaxNPZBytes
	}
	g := &dirGuard{r: r, left: lim.directory + lim.search}
	zr, err := zip.NewReader(g, size)
	switch {
	case g.hit:
		return nil, fmt.Errorf("the zip directory is larger than %d bytes, the bound for an .npz archive", lim.directory)
	case errors.Is(err, zip.ErrInsecurePath):
		// Names are checked below, with a message saying which.
	case err != nil:
		return nil, fmt.Errorf("not a readable .npz (zip) archive: %w", err)
	}
	g.left = -1 // opened: member reads are bounded by the checks below
	if len(zr.File) > lim.members {
		return nil, fmt.Errorf("%d members, more than the bound of %d", len(zr.File), lim.members)
	}
	seen := make(map[string]bool, len(zr.File))
	var total uint64
	for _, f := range zr.File {
		name, err := memberName(f.Name)
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", quoteName(f.Name), err)
		}
		if seen[name] {
			return nil, fmt.Errorf("member %s appears twice", quoteName(f.Name))
		}
		seen[name] = true
		if err := checkMember(f, size); err != nil {
			return nil, fmt.Errorf("member %s: %w", quoteName(f.Name), err)
		}
		total += f.UncompressedSize64
		if f.UncompressedSize64 > uint64(o.maxNPZBytes) || total > uint64(o.maxNPZBytes) {
			return nil, fmt.Errorf("member %s: the members' uncompressed size reaches %d bytes, past the bound of %d (npy.MaxNPZBytes)", quoteName(f.Name), total, o.maxNPZBytes)
		}
	}
	out := make([]Array, 0, len(zr.File))
	br := bufio.NewReaderSize(nil, 1<<16)
	for _, f := range zr.File {
		t, err := readMember(f, br, o)
		if err != nil {
			return nil, fmt.Errorf("member %s: %w", quoteName(f.Name), err)
		}
		name, _ := memberName(f.Name)
		out = append(out, Array{Name: name, Tensor: t})
	}
	return out, nil
}

// checkMember checks a member's method, flags and sizes before any of its
// data is read; size is the archive's.
func checkMember(f *zip.File, size int64) error {
	if f.Flags&0x1 != 0 {
		return errors.New("encrypted members are not supported")
	}
	switch f.Method {
	case zip.Store:
		// The stored bytes are the data: the two sizes must agree, and
		// the file holds them (archive/zip reads them as a section).
		if f.CompressedSize64 != f.UncompressedSize64 {
			return fmt.Errorf("stored, yet its sizes differ (%d compressed, %d uncompressed)", f.CompressedSize64, f.UncompressedSize64)
		}
	case zip.Deflate:
		if f.UncompressedSize64 > maxDeflateRatio*f.CompressedSize64+deflateSlack && f.CompressedSize64 < 1<<50 {
			return fmt.Errorf("deflated, it claims %d bytes from %d compressed bytes, more than deflate can give (at most %d times as many)", f.UncompressedSize64, f.CompressedSize64, maxDeflateRatio)
		}
	default:
		return fmt.Errorf("compression method %d is not supported (np.savez stores, np.savez_compressed deflates)", f.Method)
	}
	if f.UncompressedSize64 > 1<<62 {
		return fmt.Errorf("uncompressed size %d is too large", f.UncompressedSize64)
	}
	off, err := f.DataOffset()
	if err != nil {
		return err
	}
	if off < 0 || f.CompressedSize64 > uint64(size) || int64(f.CompressedSize64) > size-off {
		return fmt.Errorf("its %d bytes at offset %d run past the end of the %d-byte archive", f.CompressedSize64, off, size)
	}
	return nil
}

// readMember reads one member as an array. A stored member's size is
// backed by the archive's bytes; a deflated member's is a claim that
// checkMember bounded by what its compressed bytes can inflate to, that
// the zip reader enforces as it inflates (more bytes is an error, fewer
// too), and that is checked against the .npy header's shape.
func readMember(f *zip.File, br *bufio.Reader, o options) (*tensor.Tensor, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	br.Reset(rc)
	t, err := readArray(br, int64(f.UncompressedSize64), o)
	if err != nil {
		return nil, err
	}
	// Read to the end so the zip reader checks the length and the CRC.
	if _, err := br.ReadByte(); err != io.EOF {
		if err == nil {
			err = errors.New("bytes after the array's data")
		}
		return nil, err
	}
	return t, nil
}

// memberName returns the array name of a member NAME.npy, or why the
// member cannot be one: NumPy names each member key + ".npy", and a name
// that could not be a plain file name (so that a caller writing arrays
// out by name cannot be sent elsewhere) is refused.
func memberName(member string) (string, error) {
	name, ok := strings.CutSuffix(member, ".npy")
	if !ok {
		return "", errors.New("not NAME.npy (an .npz archive holds one .npy file per array)")
	}
	if err := checkArrayName(name); err != nil {
		return "", err
	}
	return name, nil
}

// checkArrayName refuses an array name that is not plain: empty, "." or
// "..", holding '/', '\\', a control character, or bytes that are not
// UTF-8.
func checkArrayName(name string) error {
	switch {
	case name == "":
		return errors.New("the array name is empty")
	case name == "." || name == "..":
		return fmt.Errorf("the array name %s is not a plain name", quoteName(name))
	case !utf8.ValidString(name):
		return errors.New("the array name is not UTF-8")
	}
	for _, r := range name {
		switch {
		case r == '/' || r == '\\':
			return fmt.Errorf("the array name %s holds %q, so it is a path, not a plain name", quoteName(name), r)
		case r < 0x20 || r == 0x7f || 0x80 <= r && r < 0xa0:
			return fmt.Errorf("the array name %s holds the control character %U", quoteName(name), r)
		}
	}
	return nil
}

// quoteName quotes a name for an error, cut by clip.QuoteASCII.
func quoteName(s string) string { return clip.QuoteASCII(s) }

// dirGuard bounds the bytes zip.NewReader may read: while left >= 0 a
// read past it fails and sets hit. archive/zip reads the directory's
// entries until one is malformed, whatever the end record says, keeping
// each in memory, so without this a large archive of tiny entries would
// cost memory in proportion to its size.
type dirGuard struct {
	r    io.ReaderAt
	left int64 // bytes still allowed; < 0: no bound
	hit  bool
}

func (g *dirGuard) ReadAt(p []byte, off int64) (int, error) {
	if g.left >= 0 {
		if int64(len(p)) > g.left {
			g.hit = true
			return 0, errors.New("zip directory too large")
		}
		g.left -= int64(len(p))
	}
	return g.r.ReadAt(p, off)
}

// npzTime is the modification time WriteNPZ gives every member: fixed,
// so that the same arrays give the same bytes (np.savez uses the current
// time; NumPy ignores it on reading).
var npzTime = time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC)

// WriteNPZ writes arrays to w as an .npz archive: member NAME.npy for
// each, in the order given, stored, or deflated with the Deflate option.
// Each member is Write's .npy file (RawVoid applies). Names must be plain
// (see ReadNPZ) and distinct.
func WriteNPZ(w io.Writer, arrays []Array, opts ...Option) error {
	o := collect(opts)
	if err := checkArrays(arrays, o); err != nil {
		return err
	}
	method := zip.Store
	if o.deflate {
		method = zip.Deflate
	}
	zw := zip.NewWriter(w)
	for _, a := range arrays {
		mw, err := zw.CreateHeader(&zip.FileHeader{Name: a.Name + ".npy", Method: method, Modified: npzTime})
		if err != nil {
			return fmt.Errorf("array %s: %w", quoteName(a.Name), err)
		}
		if err := Write(mw, a.Tensor, opts...); err != nil {
			return fmt.Errorf("array %s: %w", quoteName(a.Name), err)
		}
	}
	return zw.Close()
}

// checkArrays checks everything WriteNPZ can check before writing.
func checkArrays(arrays []Array, o options) error {
	if len(arrays) > MaxNPZMembers {
		return fmt.Errorf("%d arrays, more than the bound of %d members", len(arrays), MaxNPZMembers)
	}
	seen := make(map[string]bool, len(arrays))
	for _, a := range arrays {
		if err := checkArrayName(a.Name); err != nil {
			return err
		}
		if seen[a.Name] {
			return fmt.Errorf("array %s appears twice", quoteName(a.Name))
		}
		seen[a.Name] = true
		if _, err := checkWritable(a.Tensor, o); err != nil {
			return fmt.Errorf("array %s: %w", quoteName(a.Name), err)
		}
	}
	return nil
}

// WriteNPZFile writes arrays to the file name as WriteNPZ does, with
// WriteFile's guarantees: a temporary file synced and renamed into place,
// only a regular file replaced, errors naming the file.
func WriteNPZFile(name string, arrays []Array, opts ...Option) error {
	if err := checkArrays(arrays, collect(opts)); err != nil {
		return fmt.Errorf("npy: %s: %w", name, err)
	}
	return writeAtomic(name, func(w io.Writer) error { return WriteNPZ(w, arrays, opts...) })
}
