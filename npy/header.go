package npy

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// magic opens every .npy file.
const magic = "\x93NUMPY"

// MaxHeaderSize is the largest header this package reads. NumPy itself
// refuses headers over 10000 bytes unless told otherwise; a shape of many
// dimensions needs a little more, so the bound is generous.
const MaxHeaderSize = 1 << 20

// MaxDims is the most dimensions an array read or written here may have:
// NumPy 2's NPY_MAXDIMS (numpy/_core/include/numpy/ndarraytypes.h, 64
// since NumPy 2.0; NumPy 1.x's was 32, numpy/core/include/numpy/
// ndarraytypes.h @v1.24.2). np.save in NumPy 2 writes arrays of up to 64
// dimensions, and np.zeros((1,)*65) raises "maximum supported dimension
// for an ndarray is currently 64" (live NumPy 2.2 and 2.4; NumPy 1.24
// says 32). The bound also keeps a hostile header's shape, and every
// error that shows it, small.
const MaxDims = 64

// Header is a .npy file's header, decoded.
type Header struct {
	// Major and Minor are the format version (1.0, 2.0 or 3.0).
	Major, Minor byte
	// Descr is the descr string as written ("<f4", "|V2", "bfloat16").
	Descr string
	// Fortran is the fortran_order flag: the data is in column-major order.
	Fortran bool
	// Shape is the array's shape ([] for a 0-d array).
	Shape []int64
	// DataOffset is where the data starts: the length of the preamble
	// and the header.
	DataOffset int64
}

// elemType is what a descr says about the data.
type elemType struct {
	dtype     dtype.DType // Invalid for raw void
	itemSize  int         // bytes per element in the file
	bigEndian bool
	void      bool // raw bytes: the dtype must come from ReadAs
}

// ReadHeader reads and checks the magic string, version and header of a
// .npy file from r, leaving r at the start of the data. It checks the
// header's syntax and its descr's spelling, but not the shape against
// a file size (Read does).
func ReadHeader(r io.Reader) (Header, error) {
	var h Header
	var pre [10]byte
	if _, err := io.ReadFull(r, pre[:8]); err != nil {
		return h, fmt.Errorf("not a .npy file: too short for the magic string and version (%w)", eofErr(err))
	}
	if string(pre[:6]) != magic {
		return h, fmt.Errorf("not a .npy file: bad magic string %q (want \"\\x93NUMPY\")%s", pre[:6], safetensorsHint(r, pre[:8]))
	}
	h.Major, h.Minor = pre[6], pre[7]
	var hlen int64
	switch h.Major {
	case 1:
		if _, err := io.ReadFull(r, pre[8:10]); err != nil {
			return h, fmt.Errorf("truncated before the header length (%w)", eofErr(err))
		}
		hlen = int64(binary.LittleEndian.Uint16(pre[8:10]))
		h.DataOffset = 10 + hlen
	case 2, 3:
		var l [4]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return h, fmt.Errorf("truncated before the header length (%w)", eofErr(err))
		}
		hlen = int64(binary.LittleEndian.Uint32(l[:]))
		h.DataOffset = 12 + hlen
	default:
		return h, fmt.Errorf("unsupported format version %d.%d (known: 1.0, 2.0, 3.0)", h.Major, h.Minor)
	}
	if h.Minor != 0 {
		return h, fmt.Errorf("unsupported format version %d.%d (known: 1.0, 2.0, 3.0)", h.Major, h.Minor)
	}
	if hlen > MaxHeaderSize {
		return h, fmt.Errorf("header length %d is over the %d-byte limit", hlen, MaxHeaderSize)
	}
	// Read the header through a limited reader so a length past the end
	// of a short stream costs no more than the stream holds.
	var sb strings.Builder
	n, err := io.Copy(&sb, io.LimitReader(r, hlen))
	if err != nil {
		return h, fmt.Errorf("reading the header: %w", err)
	}
	if n < hlen {
		return h, fmt.Errorf("truncated header: the length field says %d bytes, the file has %d", hlen, n)
	}
	text := sb.String()
	if h.Major < 3 {
		for i := 0; i < len(text); i++ {
			if text[i] >= 0x80 { // latin-1 in 1.0 and 2.0; no valid dict needs it
				return h, fmt.Errorf("header byte %d is not ASCII (0x%02x)", i, text[i])
			}
		}
	}
	if err := parseDict(text, &h); err != nil {
		return h, fmt.Errorf("malformed header %s: %w", quoteShort(text), err)
	}
	return h, nil
}

// eofErr is err with an end of file (io.EOF, io.ErrUnexpectedEOF) said
// in words, "end of file"; it still matches the original with errors.Is,
// and any other error is returned as it is.
func eofErr(err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return eofError{err}
	}
	return err
}

// eofError says "end of file" for an end-of-file error it wraps.
type eofError struct{ err error }

func (e eofError) Error() string { return "end of file" }
func (e eofError) Unwrap() error { return e.err }

// shapeText writes a shape as %v does ("[2 3]"), its dimensions cut by
// clip.List.
func shapeText(shape []int64) string {
	return "[" + clip.List(len(shape), func(i int) string { return strconv.FormatInt(shape[i], 10) }, " ") + "]"
}

// quoteShort quotes a header for an error message, cut to a readable
// length.
func quoteShort(s string) string {
	s = strings.TrimRight(s, " \n")
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return strconv.Quote(s)
}

// parseDict parses the Python dict literal NumPy writes:
// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }
// followed by spaces and a newline. It accepts either quote character,
// any whitespace between tokens and a trailing comma, as Python's
// literal_eval (which NumPy uses) does, and an L suffix on shape numbers
// (Python 2 files).
func parseDict(s string, h *Header) error {
	p := &parser{s: s}
	p.space()
	if !p.eat('{') {
		return p.errorf("want '{'")
	}
	seen := map[string]bool{}
	for {
		p.space()
		if p.eat('}') {
			break
		}
		key, err := p.str()
		if err != nil {
			return err
		}
		if seen[key] {
			return fmt.Errorf("key %s appears twice", clip.Quote(key))
		}
		seen[key] = true
		p.space()
		if !p.eat(':') {
			return p.errorf("want ':' after key %s", clip.Quote(key))
		}
		p.space()
		switch key {
		case "descr":
			if p.peek() == '[' {
				return fmt.Errorf("structured dtypes (a list descr) are not supported")
			}
			if h.Descr, err = p.str(); err != nil {
				return err
			}
		case "fortran_order":
			if h.Fortran, err = p.boolean(); err != nil {
				return err
			}
		case "shape":
			if h.Shape, err = p.tuple(); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unexpected key %s (a .npy header has descr, fortran_order and shape)", clip.Quote(key))
		}
		p.space()
		if p.eat(',') {
			continue
		}
		if p.eat('}') {
			break
		}
		return p.errorf("want ',' or '}'")
	}
	for _, k := range []string{"descr", "fortran_order", "shape"} {
		if !seen[k] {
			return fmt.Errorf("no %q key", k)
		}
	}
	p.space()
	if p.i != len(s) {
		return p.errorf("unexpected text after the dictionary")
	}
	return nil
}

type parser struct {
	s string
	i int
}

func (p *parser) errorf(format string, args ...any) error {
	return fmt.Errorf("at byte %d: %s", p.i, fmt.Sprintf(format, args...))
}

func (p *parser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *parser) peek() byte {
	if p.i < len(p.s) {
		return p.s[p.i]
	}
	return 0
}

func (p *parser) eat(c byte) bool {
	if p.peek() == c {
		p.i++
		return true
	}
	return false
}

// str reads a quoted string without escapes (no descr or key needs one).
func (p *parser) str() (string, error) {
	q := p.peek()
	if q != '\'' && q != '"' {
		return "", p.errorf("want a quoted string")
	}
	start := p.i + 1
	for j := start; j < len(p.s); j++ {
		switch p.s[j] {
		case q:
			p.i = j + 1
			return p.s[start:j], nil
		case '\\':
			return "", fmt.Errorf("at byte %d: escapes in strings are not supported", j)
		case '\n':
			return "", p.errorf("unterminated string")
		}
	}
	return "", p.errorf("unterminated string")
}

func (p *parser) boolean() (bool, error) {
	switch {
	case strings.HasPrefix(p.s[p.i:], "True"):
		p.i += 4
		return true, nil
	case strings.HasPrefix(p.s[p.i:], "False"):
		p.i += 5
		return false, nil
	}
	return false, p.errorf("fortran_order must be True or False")
}

// tuple reads a tuple of non-negative integers: (), (3,), (2, 3).
func (p *parser) tuple() ([]int64, error) {
	if !p.eat('(') {
		return nil, p.errorf("shape must be a tuple")
	}
	shape := []int64{}
	for {
		p.space()
		if p.eat(')') {
			break
		}
		start := p.i
		for p.i < len(p.s) && '0' <= p.s[p.i] && p.s[p.i] <= '9' {
			p.i++
		}
		if p.i == start {
			return nil, p.errorf("shape entries must be non-negative integers")
		}
		d, err := strconv.ParseInt(p.s[start:p.i], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("at byte %d: dimension %s does not fit in 64 bits", start, clip.Text(p.s[start:p.i]))
		}
		if len(shape) == MaxDims {
			return nil, fmt.Errorf("at byte %d: more than %d dimensions; NumPy arrays have at most %d dimensions (NPY_MAXDIMS: %d in NumPy 2, 32 in NumPy 1.x)", start, MaxDims, MaxDims, MaxDims)
		}
		shape = append(shape, d)
		if c := p.peek(); c == 'L' || c == 'l' { // a Python 2 long literal
			p.i++
		}
		p.space()
		if p.eat(')') {
			if len(shape) == 1 && !strings.Contains(p.s[start:p.i], ",") {
				// (3) is a parenthesised int in Python, not a tuple.
				return nil, fmt.Errorf("at byte %d: shape (n) is an integer, not a tuple; NumPy writes (n,)", start)
			}
			break
		}
		if !p.eat(',') {
			return nil, p.errorf("want ',' or ')' in the shape")
		}
	}
	return shape, nil
}

// mlNames are ml_dtypes' type names, the descr a hand-written header uses
// for them (str(array.dtype)); ml_dtypes registers each with numpy.dtype.
// Source: ml_dtypes README type list and _src/dtypes.cc kTypeName.
var mlNames = map[string]dtype.DType{
	"bfloat16":           dtype.BF16,
	"float8_e3m4":        dtype.F8E3M4,
	"float8_e4m3":        dtype.F8E4M3,
	"float8_e4m3b11fnuz": dtype.F8E4M3B11FNUZ,
	"float8_e4m3fn":      dtype.F8E4M3FN,
	"float8_e4m3fnuz":    dtype.F8E4M3FNUZ,
	"float8_e5m2":        dtype.F8E5M2,
	"float8_e5m2fnuz":    dtype.F8E5M2FNUZ,
	"float8_e8m0fnu":     dtype.F8E8M0FNU,
	"float4_e2m1fn":      dtype.F4E2M1FN,
	"float6_e2m3fn":      dtype.F6E2M3FN,
	"float6_e3m2fn":      dtype.F6E3M2FN,
	"int1":               dtype.I1, // ml_dtypes 0.6.0
	"int2":               dtype.I2,
	"int4":               dtype.I4,
	"uint1":              dtype.U1,
	"uint2":              dtype.U2,
	"uint4":              dtype.U4,
	"complex32":          dtype.C32,
	"bcomplex32":         dtype.BC32, // ml_dtypes 0.6.0
}

// mlName returns d's ml_dtypes name.
func mlName(d dtype.DType) (string, bool) {
	for name, t := range mlNames {
		if t == d {
			return name, true
		}
	}
	return "", false
}

// standard maps a kind and item size of a standard descr to a dtype.
func standard(kind byte, size int) (dtype.DType, bool) {
	switch kind {
	case 'b':
		if size == 1 {
			return dtype.Bool, true
		}
	case 'i':
		switch size {
		case 1:
			return dtype.I8, true
		case 2:
			return dtype.I16, true
		case 4:
			return dtype.I32, true
		case 8:
			return dtype.I64, true
		}
	case 'u':
		switch size {
		case 1:
			return dtype.U8, true
		case 2:
			return dtype.U16, true
		case 4:
			return dtype.U32, true
		case 8:
			return dtype.U64, true
		}
	case 'f':
		switch size {
		case 16:
			// longdouble on x86-64 Linux: the x87 format in 16 bytes. The
			// descr does not say which 16-byte float a file holds (on
			// aarch64 Linux NumPy writes IEEE binary128 as <f16 too); this
			// package reads x86-64's.
			return dtype.F80, true
		case 1:
			// Only ml_dtypes' float8_e5m2 has kind 'f' and one byte
			// (ml_dtypes issues #148, #216): np.save writes '<f1'.
			return dtype.F8E5M2, true
		case 2:
			return dtype.F16, true
		case 4:
			return dtype.F32, true
		case 8:
			return dtype.F64, true
		}
	case 'c':
		switch size {
		case 8:
			return dtype.C64, true
		case 16:
			return dtype.C128, true
		case 32:
			return dtype.C160, true // clongdouble on x86-64 Linux
		}
	}
	return dtype.Invalid, false
}

// parseDescr decodes a descr string. The kinds NumPy has but the
// catalogue does not are named in the error, so a user learns why the
// file cannot be read rather than that the descr is unknown.
func parseDescr(descr string) (elemType, error) {
	if d, ok := mlNames[descr]; ok {
		return elemType{dtype: d, itemSize: itemBytes(d)}, nil
	}
	s := descr
	var order byte = '|'
	if s != "" && strings.IndexByte("<>|=", s[0]) >= 0 {
		order, s = s[0], s[1:]
	}
	if s == "" {
		return elemType{}, fmt.Errorf("unknown descr %s", clip.Quote(descr))
	}
	// The kind letters of NumPy's array-protocol typestr (numpy
	// reference, "The array interface protocol", typestr): b i u f c m M
	// O S U V, plus 'a', the old spelling of S.
	switch s[0] {
	case 'O':
		// np.save writes '|O' (no size) for dtype=object.
		return elemType{}, fmt.Errorf("descr %s is a NumPy object array: its elements are Python objects (pickled in the file, loadable only with allow_pickle), which have no dtype promote can read; convert it in NumPy to a numeric dtype first", clip.Quote(descr))
	case 'S', 'a', 'U':
		return elemType{}, fmt.Errorf("descr %s is a string type, which has no tensor dtype", clip.Quote(descr))
	case 'M', 'm':
		return elemType{}, fmt.Errorf("descr %s is a date or time type, which has no tensor dtype", clip.Quote(descr))
	}
	if len(s) < 2 {
		return elemType{}, fmt.Errorf("unknown descr %s", clip.Quote(descr))
	}
	kind := s[0]
	size, err := strconv.Atoi(s[1:])
	if err != nil || size <= 0 || size > 1<<20 || s[1] == '+' || s[1] == '0' {
		return elemType{}, fmt.Errorf("unknown descr %s", clip.Quote(descr))
	}
	et := elemType{itemSize: size, bigEndian: order == '>'}
	if kind == 'V' {
		et.void = true
		return et, nil
	}
	d, ok := standard(kind, size)
	if !ok {
		return et, fmt.Errorf("descr %s is a NumPy type the catalogue does not have (such as float96, x86-32's long double) or is unknown", clip.Quote(descr))
	}
	et.dtype = d
	return et, nil
}

// itemBytes is an element's size in a .npy file: one byte for sub-byte
// types (ml_dtypes' layout), the storage size otherwise.
func itemBytes(d dtype.DType) int {
	if d.Bits() < 8 {
		return 1
	}
	return d.StorageBits() / 8 // f80: 16, its padding included
}

// safetensorsHint says when a file given as .npy looks like a
// .safetensors one: an 8-byte little-endian header length below 4 GiB,
// then the header's opening brace (read from r, which is past the first
// eight bytes). A mistaken input is then named for what it is.
func safetensorsHint(r io.Reader, first []byte) string {
	if binary.LittleEndian.Uint32(first[4:8]) != 0 || binary.LittleEndian.Uint32(first[:4]) == 0 {
		return ""
	}
	var b [1]byte
	if _, err := io.ReadFull(r, b[:]); err != nil || b[0] != '{' {
		return ""
	}
	return "; the file is a .safetensors file, which promote recast, dequant and quant read"
}
