package safetensors

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// MaxHeaderSize is the largest header length accepted, in bytes: the
// reference implementation's limit (100 MB), which also bounds what a
// header that lies can make a reader allocate.
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
type Header struct {
	// Tensors in file order: ascending offsets, contiguous from 0.
	Tensors []TensorInfo
	// Metadata is the __metadata__ map, nil when the header has none
	// (an empty map and no map are written differently).
	Metadata map[string]string
}

// Lookup returns the tensor called name.
func (h *Header) Lookup(name string) (TensorInfo, bool) {
	for _, t := range h.Tensors {
		if t.Name == name {
			return t, true
		}
	}
	return TensorInfo{}, false
}

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

// decodeHeader walks the JSON tokens so that a repeated key is caught
// (encoding/json's Unmarshal would silently keep the last one).
func decodeHeader(b []byte) (*Header, error) {
	d := &walker{dec: json.NewDecoder(bytes.NewReader(b))}
	d.dec.UseNumber()
	if err := d.delim('{', "the header"); err != nil {
		return nil, err
	}
	h := &Header{}
	seen := map[string]bool{}
	for d.dec.More() {
		key, err := d.key("the header")
		if err != nil {
			return nil, err
		}
		if seen[key] {
			if key == metadataKey {
				return nil, faultf(ErrDuplicate, "", "%s appears twice", metadataKey)
			}
			return nil, faultf(ErrDuplicate, key, "the tensor name appears twice in the header")
		}
		seen[key] = true
		if key == metadataKey {
			if h.Metadata, err = d.metadata(); err != nil {
				return nil, err
			}
			continue
		}
		if err := checkName(key); err != nil {
			return nil, err
		}
		t, err := d.tensor(key)
		if err != nil {
			return nil, err
		}
		h.Tensors = append(h.Tensors, t)
	}
	if err := d.delim('}', "the header"); err != nil {
		return nil, err
	}
	// Only JSON whitespace may follow (the writer pads with spaces).
	if tok, err := d.dec.Token(); err != io.EOF {
		if err != nil {
			return nil, faultf(ErrHeaderJSON, "", "after the header object: %v", err)
		}
		return nil, faultf(ErrHeaderJSON, "", "unexpected %v after the header object", tok)
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

// walker reads one header's tokens.
type walker struct{ dec *json.Decoder }

func (d *walker) token(where string) (json.Token, error) {
	tok, err := d.dec.Token()
	if err == io.EOF {
		return nil, faultf(ErrHeaderJSON, "", "%s ends early", where)
	}
	if err != nil {
		return nil, faultf(ErrHeaderJSON, "", "%s: %v", where, err)
	}
	return tok, nil
}

func (d *walker) delim(want json.Delim, where string) error {
	tok, err := d.token(where)
	if err != nil {
		return err
	}
	if got, ok := tok.(json.Delim); !ok || got != want {
		return faultf(ErrHeaderJSON, "", "%s: want %q, got %s", where, string(want), describe(tok))
	}
	return nil
}

func (d *walker) key(where string) (string, error) {
	tok, err := d.token(where)
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", faultf(ErrHeaderJSON, "", "%s: want a key, got %s", where, describe(tok))
	}
	return s, nil
}

func (d *walker) str(where string) (string, error) {
	tok, err := d.token(where)
	if err != nil {
		return "", err
	}
	s, ok := tok.(string)
	if !ok {
		return "", faultf(ErrHeaderJSON, "", "%s: want a string, got %s", where, describe(tok))
	}
	return s, nil
}

// metadata reads __metadata__: null or an object of strings.
func (d *walker) metadata() (map[string]string, error) {
	const where = metadataKey
	tok, err := d.token(where)
	if err != nil {
		return nil, err
	}
	if tok == nil {
		return nil, nil
	}
	if got, ok := tok.(json.Delim); !ok || got != '{' {
		return nil, faultf(ErrHeaderJSON, "", "%s: want an object of strings, got %s", where, describe(tok))
	}
	m := map[string]string{}
	for d.dec.More() {
		k, err := d.key(where)
		if err != nil {
			return nil, err
		}
		if _, dup := m[k]; dup {
			return nil, faultf(ErrDuplicate, "", "%s key %q appears twice", where, k)
		}
		v, err := d.str(where + " value of " + strconv.Quote(k))
		if err != nil {
			return nil, err
		}
		m[k] = v
	}
	if err := d.delim('}', where); err != nil {
		return nil, err
	}
	return m, nil
}

// tensor reads one tensor's object. Unknown fields are skipped, as the
// reference's deserializer skips them; the three known ones are required
// and may appear once.
func (d *walker) tensor(name string) (TensorInfo, error) {
	t := TensorInfo{Name: name}
	where := "tensor " + strconv.Quote(name)
	bad := func(format string, args ...any) (TensorInfo, error) {
		return TensorInfo{}, faultf(ErrHeaderJSON, name, format, args...)
	}
	tok, err := d.token(where)
	if err != nil {
		return t, err
	}
	if got, ok := tok.(json.Delim); !ok || got != '{' {
		return bad("want an object, got %s", describe(tok))
	}
	var haveDType, haveShape, haveOffsets bool
	for d.dec.More() {
		field, err := d.key(where)
		if err != nil {
			return t, err
		}
		var dup bool
		switch field {
		case "dtype":
			dup, haveDType = haveDType, true
			s, err := d.str(where + " dtype")
			if err != nil {
				return t, err
			}
			if t.DType, err = DTypeOf(s); err != nil {
				return TensorInfo{}, faultf(ErrDType, name, "%q is not a safetensors dtype", s)
			}
		case "shape":
			dup, haveShape = haveShape, true
			if t.Shape, err = d.ints(name, "shape", -1); err != nil {
				return t, err
			}
			if t.Shape == nil {
				t.Shape = []int64{}
			}
		case "data_offsets":
			dup, haveOffsets = haveOffsets, true
			off, err := d.ints(name, "data_offsets", 2)
			if err != nil {
				return t, err
			}
			t.Begin, t.End = off[0], off[1]
		default:
			var skip json.RawMessage
			if err := d.dec.Decode(&skip); err != nil {
				return bad("field %q: %v", field, err)
			}
		}
		if dup {
			return TensorInfo{}, faultf(ErrDuplicate, name, "field %q appears twice", field)
		}
	}
	if err := d.delim('}', where); err != nil {
		return t, err
	}
	switch {
	case !haveDType:
		return bad("missing field \"dtype\"")
	case !haveShape:
		return bad("missing field \"shape\"")
	case !haveOffsets:
		return bad("missing field \"data_offsets\"")
	}
	return t, nil
}

// ints reads an array of non-negative integers that fit int64; want >= 0
// demands that many.
func (d *walker) ints(name, field string, want int) ([]int64, error) {
	where := "tensor " + strconv.Quote(name) + " " + field
	tok, err := d.token(where)
	if err != nil {
		return nil, err
	}
	if got, ok := tok.(json.Delim); !ok || got != '[' {
		return nil, faultf(ErrHeaderJSON, name, "%s: want an array, got %s", field, describe(tok))
	}
	var out []int64
	for d.dec.More() {
		tok, err := d.token(where)
		if err != nil {
			return nil, err
		}
		num, ok := tok.(json.Number)
		if !ok {
			return nil, faultf(ErrHeaderJSON, name, "%s: want a non-negative integer, got %s", field, describe(tok))
		}
		v, err := strconv.ParseInt(string(num), 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange):
			fault := ErrOffsets
			if field == "shape" {
				fault = ErrShape
			}
			return nil, faultf(fault, name, "%s: %s does not fit 63 bits", field, num)
		case err != nil || v < 0 || num[0] == '-':
			return nil, faultf(ErrHeaderJSON, name, "%s: %s is not a non-negative integer", field, num)
		}
		out = append(out, v)
	}
	if err := d.delim(']', where); err != nil {
		return nil, err
	}
	if want >= 0 && len(out) != want {
		return nil, faultf(ErrHeaderJSON, name, "%s: want %d integers, got %d", field, want, len(out))
	}
	return out, nil
}

func describe(tok json.Token) string {
	switch v := tok.(type) {
	case nil:
		return "null"
	case json.Delim:
		return strconv.Quote(string(v))
	case string:
		return "string " + strconv.Quote(v)
	case json.Number:
		return "number " + string(v)
	case bool:
		return fmt.Sprint(v)
	}
	return fmt.Sprintf("%v", tok)
}

// validate puts the tensors in offset order and checks them as the
// reference does: contiguous from 0, begin <= end, each byte count equal
// to the element count times the dtype size, and (dataSize >= 0) the last
// end equal to the buffer's length.
func (h *Header) validate(dataSize int64) error {
	sort.SliceStable(h.Tensors, func(i, j int) bool {
		a, b := &h.Tensors[i], &h.Tensors[j]
		if a.Begin != b.Begin {
			return a.Begin < b.Begin
		}
		return a.End < b.End
	})
	var start int64
	prev := ""
	for i := range h.Tensors {
		t := &h.Tensors[i]
		switch {
		case t.Begin > t.End:
			return faultf(ErrOffsets, t.Name, "begin %d is past end %d", t.Begin, t.End)
		case t.Begin < start:
			return faultf(ErrOffsets, t.Name, "[%d, %d) overlaps tensor %q, which ends at %d", t.Begin, t.End, prev, start)
		case t.Begin > start && i == 0:
			return faultf(ErrOffsets, t.Name, "the first tensor begins at %d, not 0", t.Begin)
		case t.Begin > start:
			return faultf(ErrOffsets, t.Name, "a gap: it begins at %d but tensor %q ends at %d", t.Begin, prev, start)
		}
		if dataSize >= 0 && t.End > dataSize {
			return faultf(ErrTruncated, t.Name, "data_offsets [%d, %d) run past the data buffer's %d bytes", t.Begin, t.End, dataSize)
		}
		n, err := tensor.NumElements(t.Shape)
		if err != nil {
			return faultf(ErrShape, t.Name, "shape %v: the element count overflows", t.Shape)
		}
		size, err := ByteSize(t.DType, n)
		if err != nil {
			return faultf(ErrSize, t.Name, "%v", err)
		}
		if size != t.Bytes() {
			name, _ := Name(t.DType)
			return faultf(ErrSize, t.Name, "%s%v takes %d bytes but data_offsets [%d, %d) hold %d", name, t.Shape, size, t.Begin, t.End, t.Bytes())
		}
		start, prev = t.End, t.Name
	}
	if dataSize >= 0 && start < dataSize {
		return faultf(ErrTrailing, "", "the tensors end at data byte %d but the buffer holds %d", start, dataSize)
	}
	return nil
}
