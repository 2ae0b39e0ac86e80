package safetensors

import (
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
	"github.com/promote-dev/promote/tensor"
)

// MaxHeaderSize is the largest header length accepted, in bytes: the
// reference implementation's limit (huggingface/safetensors,
// safetensors/src/tensor.rs, MAX_HEADER_SIZE = 100_000_000), which also
// bounds what a header that lies can make a reader allocate. A parsed
// header keeps about 1.5 times its JSON's length in memory (see
// ParseHeader), so this bound caps that at roughly 150 MB.
const MaxHeaderSize = 100_000_000

// metadataKey is the header key that holds the free-form string map.
const metadataKey = "__metadata__"

// TensorInfo is one tensor's entry in a header.
type TensorInfo struct {
	Name  string
	DType dtype.DType
	Shape []int64
	// Begin and End are the tensor's data_offsets: its bytes are
	// [Begin, End) of the data buffer that follows the header.
	Begin, End int64
}

// Bytes returns the tensor's byte count, End - Begin.
func (t *TensorInfo) Bytes() int64 { return t.End - t.Begin }

// NumElements returns the element count of the shape (1 for rank 0). A
// TensorInfo from a parsed header never overflows; others may (see
// tensor.NumElements).
func (t *TensorInfo) NumElements() (int64, error) { return tensor.NumElements(t.Shape) }

// Header is a file's parsed header.
//
// A Header from ParseHeader, NewReader, Open or Layout carries an index
// of its tensors by name, so Lookup takes constant time; treat its
// Tensors as read-only (build a new Header with Layout to change it). A
// Header assembled by hand has no index and Lookup scans.
type Header struct {
	// Tensors in file order: ascending offsets, contiguous from 0.
	Tensors []TensorInfo
	// Metadata is the __metadata__ map, nil when the header has none
	// (an empty map and no map are written differently).
	Metadata map[string]string

	// index maps each name to its position in Tensors. It is built on
	// the first lookup, not when the Header is made: a caller that copies
	// the tensors into its own records (package checkpoint, for a million
	// tiny tensors) never pays the map's 56 bytes a tensor. nil for a
	// Header assembled by hand.
	index *nameIndex
}

// nameIndex is a Header's index by name, built once, on first use, and
// only read afterwards, so concurrent Lookups are safe.
type nameIndex struct {
	once sync.Once
	m    map[string]int32
}

// positions returns the index of h's tensors, building it on first use.
func (x *nameIndex) positions(h *Header) map[string]int32 {
	x.once.Do(func() {
		x.m = make(map[string]int32, len(h.Tensors))
		for i := range h.Tensors {
			x.m[h.Tensors[i].Name] = int32(i)
		}
	})
	return x.m
}

// Lookup returns the tensor called name.
func (h *Header) Lookup(name string) (TensorInfo, bool) {
	i, ok := h.Index(name)
	if !ok {
		return TensorInfo{}, false
	}
	return h.Tensors[i], true
}

// Index returns the position in Tensors of the tensor called name, in
// constant time for a Header with an index (see Header).
func (h *Header) Index(name string) (int, bool) {
	if h.index != nil {
		m := h.index.positions(h)
		if len(m) != len(h.Tensors) {
			goto scan // Tensors was changed after the index was built
		}
		i, ok := m[name]
		if !ok {
			return 0, false
		}
		if int(i) < len(h.Tensors) && h.Tensors[i].Name == name {
			return int(i), true
		}
		// Tensors was changed after the index was built: scan.
	}
scan:
	for i := range h.Tensors {
		if h.Tensors[i].Name == name {
			return i, true
		}
	}
	return 0, false
}

// reindex gives h a new index of its tensors' positions, built on the
// first lookup.
func (h *Header) reindex() { h.index = &nameIndex{} }

// DataSize returns the byte length of the data buffer the header
// describes.
func (h *Header) DataSize() int64 {
	if len(h.Tensors) == 0 {
		return 0
	}
	return h.Tensors[len(h.Tensors)-1].End
}

// ParseHeader parses and validates a header's JSON (the bytes after the
// 8-byte length, padding included). dataSize is the length of the data
// buffer that follows it in the file; the tensors must cover it exactly,
// as the reference requires. A negative dataSize skips that check (a
// header read on its own). Errors are *FormatError values without a file
// name.
//
// Time is linear in len(b) for the usual header, whose names are in
// order (a repeated name is found by sorting the names). The Header keeps
// about len(b) for a checkpoint's usual names and shapes (each name one
// string, shapes sharing a few large arrays), and half as much again once
// the first Lookup builds its name index; parsing allocates little beyond
// what it keeps; b itself is not retained.
func ParseHeader(b []byte, dataSize int64) (*Header, error) {
	if !utf8.Valid(b) {
		i := 0
		for i < len(b) {
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			i += n
		}
		return nil, faultf(ErrHeaderUTF8, "", "invalid byte 0x%02x at header offset %d", b[i], i)
	}
	h, err := decodeHeader(b)
	if err != nil {
		return nil, err
	}
	if err := h.validate(dataSize); err != nil {
		return nil, err
	}
	return h, nil
}

// checkName refuses tensor names outside printable ASCII: they could not
// be shown safely in a one-line message, and the issue treats them as
// bad input. The reference format itself allows any UTF-8 name.
func checkName(name string) error {
	for i := 0; i < len(name); i++ {
		if c := name[i]; c < 0x20 || c > 0x7e {
			return faultf(ErrName, name, "byte 0x%02x at offset %d", c, i)
		}
	}
	return nil
}

// byOffset orders tensors as a file lays them out: by begin, then end
// (zero-byte tensors at an offset before the one that fills it).
func byOffset(a, b TensorInfo) int {
	if a.Begin != b.Begin {
		if a.Begin < b.Begin {
			return -1
		}
		return 1
	}
	switch {
	case a.End < b.End:
		return -1
	case a.End > b.End:
		return 1
	}
	return 0
}

// validate puts the tensors in offset order (reindexing when that moves
// any) and checks them as the reference does: contiguous from 0, begin
// <= end, each byte count equal to the element count times the dtype
// size, and (dataSize >= 0) the last end equal to the buffer's length.
func (h *Header) validate(dataSize int64) error {
	if !slices.IsSortedFunc(h.Tensors, byOffset) {
		slices.SortStableFunc(h.Tensors, byOffset)
		if h.index != nil {
			h.reindex()
		}
	}
	var start int64
	prev := ""
	for i := range h.Tensors {
		t := &h.Tensors[i]
		switch {
		case t.Begin > t.End:
			return faultf(ErrOffsets, t.Name, "begin %d is past end %d", t.Begin, t.End)
		case t.Begin < start:
			return faultf(ErrOffsets, t.Name, "[%d, %d) overlaps tensor %s, which ends at %d", t.Begin, t.End, clip.Quote(prev), start)
		case t.Begin > start && i == 0:
			return faultf(ErrOffsets, t.Name, "the first tensor begins at %d, not 0", t.Begin)
		case t.Begin > start:
			return faultf(ErrOffsets, t.Name, "a gap: it begins at %d but tensor %s ends at %d", t.Begin, clip.Quote(prev), start)
		}
		if dataSize >= 0 && t.End > dataSize {
			return faultf(ErrTruncated, t.Name, "data_offsets [%d, %d) run past the data buffer's %d bytes", t.Begin, t.End, dataSize)
		}
		n, err := tensor.NumElements(t.Shape)
		if err != nil {
			return faultf(ErrShape, t.Name, "shape %s: the element count overflows", shapeText(t.Shape))
		}
		size, err := ByteSize(t.DType, n)
		if err != nil {
			return faultf(ErrSize, t.Name, "%v", err)
		}
		if size != t.Bytes() {
			name, _ := Name(t.DType)
			return faultf(ErrSize, t.Name, "%s%s takes %d bytes but data_offsets [%d, %d) hold %d%s", name, shapeText(t.Shape), size, t.Begin, t.End, t.Bytes(), sizeHint(t.DType, size, t.Bytes()))
		}
		start, prev = t.End, t.Name
	}
	if dataSize >= 0 && start < dataSize {
		return faultf(ErrTrailing, "", "the tensors end at data byte %d but the buffer holds %d", start, dataSize)
	}
	return nil
}

// sizeHint names the likely cause of a byte count that is a simple
// multiple of the one the shape gives: an F4 shape counting packed bytes,
// as torch's float4_e2m1fn_x2 does (F4 shapes count values, two a byte),
// or values of another width stored under this dtype (f32 scales under
// F8_E8M0, one-byte exponents under F32).
func sizeHint(d dtype.DType, want, held int64) string {
	switch {
	case want == 0:
		return ""
	case d == dtype.F4E2M1FN && held == 2*want:
		return " (F4 shapes count values, two a byte; this shape counts bytes, as torch's float4_e2m1fn_x2 does: double its last dimension)"
	case bitsOf(d) == 8 && held == 4*want:
		return " (four bytes a value: 32-bit data, f32 scales perhaps, stored under a one-byte dtype?)"
	case bitsOf(d) == 32 && 4*held == want:
		return " (one byte a value: one-byte data, E8M0 exponents perhaps, stored under a 32-bit dtype?)"
	}
	return ""
}
