package safetensors

import (
	"encoding/binary"
	"fmt"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/clip"
)

// Spec names a tensor to be written: Layout gives it its offsets.
type Spec struct {
	Name  string
	DType dtype.DType
	Shape []int64
}

// Layout builds the header the reference writer would build for these
// tensors and metadata: tensors sorted by the dtype's position in the
// format's dtype list, highest first (U64, I64, F64, C64, F32, ...), then
// by name (byte order), with contiguous offsets from 0. Names must be
// printable ASCII and distinct, dtypes ones the format stores, and
// sub-byte tensors must fill whole bytes.
func Layout(specs []Spec, metadata map[string]string) (*Header, error) {
	h := &Header{Tensors: make([]TensorInfo, len(specs)), Metadata: metadata}
	seen := make(map[string]struct{}, len(specs))
	for i, s := range specs {
		if err := checkName(s.Name); err != nil {
			return nil, err
		}
		if s.Name == metadataKey {
			return nil, faultf(ErrName, s.Name, "the name is reserved for the metadata map")
		}
		if _, dup := seen[s.Name]; dup {
			return nil, faultf(ErrDuplicate, s.Name, "two tensors have this name")
		}
		if i == 1<<31-1 {
			return nil, faultf(ErrSize, s.Name, "more than 2^31-1 tensors")
		}
		seen[s.Name] = struct{}{}
		if !Supported(s.DType) {
			return nil, faultf(ErrDType, s.Name, "safetensors cannot store %v", s.DType)
		}
		h.Tensors[i] = TensorInfo{Name: s.Name, DType: s.DType, Shape: append([]int64{}, s.Shape...)}
	}
	sort.Slice(h.Tensors, func(i, j int) bool {
		a, b := &h.Tensors[i], &h.Tensors[j]
		return compareLayout(a.DType, a.Name, b.DType, b.Name) < 0
	})
	var off int64
	for i := range h.Tensors {
		t := &h.Tensors[i]
		n, err := t.NumElements()
		if err != nil {
			return nil, faultf(ErrShape, t.Name, "%v", err)
		}
		size, err := ByteSize(t.DType, n)
		if err != nil {
			return nil, faultf(ErrSize, t.Name, "%v", err)
		}
		if off > 1<<63-1-size {
			return nil, faultf(ErrSize, t.Name, "the data buffer would pass 2^63 bytes")
		}
		t.Begin, t.End = off, off+size
		off += size
	}
	h.reindex()
	return h, nil
}

// Encode returns the file's first bytes for h: the 8-byte little-endian
// header length, then the header JSON padded with spaces to a multiple of
// 8 bytes (so the data buffer starts 8-byte aligned), byte for byte what
// the reference writer (serde_json's compact output) produces for the
// same tensor order: "__metadata__" first when present, then the tensors
// in h's order, each {"dtype":..,"shape":[..],"data_offsets":[b,e]}.
// The reference writes metadata keys in hash-map order, which is not
// defined; Encode sorts them. The tensors must be contiguous from 0, as
// Layout makes them.
func (h *Header) Encode() ([]byte, error) {
	if err := h.validate(-1); err != nil {
		return nil, err
	}
	for _, t := range h.Tensors {
		if err := checkName(t.Name); err != nil {
			return nil, err
		}
	}
	for k, v := range h.Metadata {
		if !utf8.ValidString(k) || !utf8.ValidString(v) {
			return nil, fmt.Errorf("safetensors: metadata entry %s: %s is not valid UTF-8", clip.Quote(k), clip.Quote(v))
		}
	}
	b := make([]byte, 8, 8+64*len(h.Tensors)+64)
	b = append(b, '{')
	first := true
	comma := func() {
		if !first {
			b = append(b, ',')
		}
		first = false
	}
	if h.Metadata != nil {
		comma()
		b = appendMetadata(b, h.Metadata)
	}
	for i := range h.Tensors {
		comma()
		b = appendTensor(b, &h.Tensors[i])
	}
	b = append(b, '}')
	for len(b)%8 != 0 {
		b = append(b, ' ')
	}
	n := len(b) - 8
	if n > MaxHeaderSize {
		return nil, fmt.Errorf("safetensors: the header would take %d bytes, past the limit of %d", n, MaxHeaderSize)
	}
	binary.LittleEndian.PutUint64(b, uint64(n))
	return b, nil
}

// appendMetadata appends the "__metadata__" member of a header, its keys
// sorted (the reference writes them in hash-map order, which is not
// defined).
func appendMetadata(b []byte, metadata map[string]string) []byte {
	b = appendString(b, metadataKey)
	b = append(b, ':', '{')
	keys := make([]string, 0, len(metadata))
	for k := range metadata {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, k)
		b = append(b, ':')
		b = appendString(b, metadata[k])
	}
	return append(b, '}')
}

// appendTensor appends one tensor's member of a header:
// "NAME":{"dtype":..,"shape":[..],"data_offsets":[b,e]}.
func appendTensor(b []byte, t *TensorInfo) []byte {
	name, _ := Name(t.DType)
	b = appendString(b, t.Name)
	b = append(b, `:{"dtype":"`...)
	b = append(b, name...)
	b = append(b, `","shape":[`...)
	for i, d := range t.Shape {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, d, 10)
	}
	b = append(b, `],"data_offsets":[`...)
	b = strconv.AppendInt(b, t.Begin, 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, t.End, 10)
	return append(b, ']', '}')
}

// appendString appends s as a JSON string the way serde_json does: only
// '"', '\\' and control characters below 0x20 are escaped, the common
// ones as \b \t \n \f \r and the rest as \u00xx with lowercase hex;
// everything else (DEL, non-ASCII, '/', '<') is written as it is.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\b':
			b = append(b, '\\', 'b')
		case c == '\t':
			b = append(b, '\\', 't')
		case c == '\n':
			b = append(b, '\\', 'n')
		case c == '\f':
			b = append(b, '\\', 'f')
		case c == '\r':
			b = append(b, '\\', 'r')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
