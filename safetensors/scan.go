package safetensors

import (
	"bytes"
	"cmp"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/promote-dev/promote/internal/clip"
)

// The header is decoded by a scanner written for its one shape (an
// object of tensor objects and a metadata object of strings) rather than
// by encoding/json: Unmarshal would keep the last of a repeated key,
// which the format must refuse, and Decoder.Token, which sees repeated
// keys, allocates for every token (about 18 bytes of garbage per header
// byte and 2.6 MB/s under load, against linear time and little garbage
// here). The scanner accepts exactly the JSON encoding/json accepts
// (RFC 8259, the input already checked to be UTF-8), which
// FuzzScannerMatchesTokens checks against a decoder built on
// Decoder.Token (header_tokens_test.go).

// maxNesting bounds how deeply an unknown field's value may nest, as
// encoding/json bounds it (its scanner's maxNestingDepth), so a hostile
// value cannot make skipping it cost more than a small stack.
const maxNesting = 10000

// dimChunk is how many dimensions one shared shape array holds: shapes
// are slices of a few large arrays instead of an allocation each.
const dimChunk = 4096

// where names a place in the header for an error message: a fixed
// phrase, or a tensor's entry and field. It is a value so that naming
// the place costs nothing until an error is reported.
type where struct {
	text   string // "the header", "__metadata__"; used when tensor is ""
	tensor string
	field  string
	value  bool // with text: the value of the key in field
}

func (w where) String() string {
	if w.value {
		return w.text + " value of " + clip.Quote(w.field)
	}
	if w.tensor == "" && w.field == "" {
		return w.text
	}
	s := "tensor " + clip.Quote(w.tensor)
	if w.field != "" {
		s += " " + w.field
	}
	return s
}

var inHeader = where{text: "the header"}

// scanner reads one header's JSON.
type scanner struct {
	b     []byte
	i     int
	buf   []byte  // unescaped string bytes, reused
	dims  []int64 // the current shared shape array
	names nameArena
}

// decodeHeader decodes the header object. Tensors come out in the order
// the header lists them; a repeated name is caught once all are read, and
// the name index is built on the first lookup.
func decodeHeader(b []byte) (*Header, error) {
	s := &scanner{b: b}
	n := tensorCountHint(b)
	h := &Header{Tensors: make([]TensorInfo, 0, n), index: &nameIndex{}}
	var haveMeta bool
	s.space()
	if err := s.expect('{', inHeader); err != nil {
		return nil, err
	}
	s.space()
	if !s.eat('}') {
		for {
			s.space()
			key, err := s.str(inHeader, "a key")
			if err != nil {
				return nil, err
			}
			if string(key) == metadataKey {
				if haveMeta {
					return nil, faultf(ErrDuplicate, "", "%s appears twice", metadataKey)
				}
				haveMeta = true
				if err := s.colon(inHeader); err != nil {
					return nil, err
				}
				if h.Metadata, err = s.metadata(); err != nil {
					return nil, err
				}
			} else {
				name := s.names.add(key)
				if err := checkName(name); err != nil {
					return nil, err
				}
				if err := s.colon(inHeader); err != nil {
					return nil, err
				}
				t, err := s.tensor(name)
				if err != nil {
					return nil, err
				}
				if len(h.Tensors) == 1<<31-1 {
					return nil, faultf(ErrHeaderJSON, name, "more than 2^31-1 tensors")
				}
				h.Tensors = append(h.Tensors, t)
			}
			s.space()
			if s.eat(',') {
				continue
			}
			if s.eat('}') {
				break
			}
			return nil, s.want(inHeader, `"," or "}"`)
		}
	}
	// Only JSON whitespace may follow (the writer pads with spaces).
	s.space()
	if s.i < len(s.b) {
		return nil, faultf(ErrHeaderJSON, "", "unexpected %s after the header object", s.what())
	}
	if name, dup := firstRepeat(h.Tensors); dup {
		return nil, faultf(ErrDuplicate, name, "the tensor name appears twice in the header")
	}
	return h, nil
}

// firstRepeat returns the name whose second appearance comes first in
// ts, if any name appears twice: the one a scan with a set of the names
// seen would stop at. It sorts positions by name (4 bytes a tensor, where
// a set of names costs about 50), which takes linear time for the usual
// header, whose names are already in order.
func firstRepeat(ts []TensorInfo) (string, bool) {
	byName := make([]int32, len(ts))
	for i := range byName {
		byName[i] = int32(i)
	}
	slices.SortFunc(byName, func(a, b int32) int {
		if c := strings.Compare(ts[a].Name, ts[b].Name); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
	first := int32(-1)
	for k := 1; k < len(byName); k++ {
		if a, b := byName[k-1], byName[k]; ts[a].Name == ts[b].Name && (first < 0 || b < first) {
			first = b
		}
	}
	if first < 0 {
		return "", false
	}
	return ts[first].Name, true
}

// minEntry is the fewest bytes a tensor's entry can take:
// "":{"dtype":"U8","shape":[],"data_offsets":[0,0]} and a comma.
const minEntry = 50

// tensorCountHint guesses how many tensors b holds, so the tensor list
// and the index are allocated once at their final size instead of grown
// (growing leaves as much garbage again as the header keeps). Every
// entry spells out "data_offsets", so the count of that string is the
// tensor count unless the key is escaped (then the lists grow as usual)
// or the string also appears in names or metadata; a header made of that
// string alone is capped at what entries of the smallest size would give.
func tensorCountHint(b []byte) int {
	return min(bytes.Count(b, []byte(`"data_offsets"`)), len(b)/minEntry)
}

// tensor reads one tensor's object. Unknown fields are skipped, as the
// reference's deserializer skips them; the three known ones are required
// and may appear once.
func (s *scanner) tensor(name string) (TensorInfo, error) {
	t := TensorInfo{Name: name}
	bad := func(format string, args ...any) (TensorInfo, error) {
		return TensorInfo{}, faultf(ErrHeaderJSON, name, format, args...)
	}
	s.space()
	if !s.eat('{') {
		return bad("want an object, got %s", s.what())
	}
	var haveDType, haveShape, haveOffsets bool
	s.space()
	if !s.eat('}') {
		for {
			s.space()
			fieldBytes, err := s.str(where{tensor: name}, "a key")
			if err != nil {
				return t, err
			}
			var dup bool
			field := fieldName(fieldBytes)
			if err := s.colon(where{tensor: name}); err != nil {
				return t, err
			}
			switch field {
			case "dtype":
				dup, haveDType = haveDType, true
				s.space()
				v, err := s.str(where{tensor: name, field: "dtype"}, "a string")
				if err != nil {
					return t, err
				}
				var ok bool
				if t.DType, ok = dtypeOfBytes(v); !ok {
					return TensorInfo{}, faultf(ErrDType, name, "%s is not a safetensors dtype", clip.Quote(string(v)))
				}
			case "shape":
				dup, haveShape = haveShape, true
				if t.Shape, err = s.shape(name); err != nil {
					return t, err
				}
			case "data_offsets":
				dup, haveOffsets = haveOffsets, true
				var off [2]int64
				n, err := s.intArray(name, "data_offsets", func(i int, v int64) {
					if i < 2 {
						off[i] = v
					}
				})
				if err != nil {
					return t, err
				}
				if n != 2 {
					return TensorInfo{}, faultf(ErrHeaderJSON, name, "data_offsets: want 2 integers, got %d", n)
				}
				t.Begin, t.End = off[0], off[1]
			default:
				if err := s.skipValue(where{tensor: name, field: "field " + clip.Quote(field)}); err != nil {
					return t, err
				}
			}
			if dup {
				return TensorInfo{}, faultf(ErrDuplicate, name, "field %s appears twice", clip.Quote(field))
			}
			s.space()
			if s.eat(',') {
				continue
			}
			if s.eat('}') {
				break
			}
			return t, s.want(where{tensor: name}, `"," or "}"`)
		}
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

// fieldName returns a tensor field's name, without allocating for the
// three the format defines.
func fieldName(b []byte) string {
	switch string(b) {
	case "dtype":
		return "dtype"
	case "shape":
		return "shape"
	case "data_offsets":
		return "data_offsets"
	}
	return string(b)
}

// shape reads a tensor's shape straight into the shared shape array, so
// a shape costs its dimensions' 8 bytes each and nothing more; the slice
// is capped so that appending to one shape cannot write into the next.
func (s *scanner) shape(name string) ([]int64, error) {
	start := len(s.dims)
	n, err := s.intArray(name, "shape", func(_ int, v int64) {
		if len(s.dims) == cap(s.dims) {
			// The array is full: carry this shape's dimensions so far
			// over to a new one; the shapes already read keep the old.
			part := s.dims[start:]
			next := make([]int64, len(part), max(dimChunk, 2*len(part)))
			copy(next, part)
			s.dims, start = next, 0
		}
		s.dims = append(s.dims, v)
	})
	if err != nil {
		return nil, err
	}
	if n == 0 {
		return []int64{}, nil
	}
	return s.dims[start:len(s.dims):len(s.dims)], nil
}

// intArray reads an array of non-negative integers that fit int64,
// handing each to add with its position, and returns how many there were.
func (s *scanner) intArray(name, field string, add func(i int, v int64)) (int, error) {
	s.space()
	if !s.eat('[') {
		return 0, faultf(ErrHeaderJSON, name, "%s: want an array, got %s", field, s.what())
	}
	n := 0
	s.space()
	if s.eat(']') {
		return 0, nil
	}
	for {
		s.space()
		start := s.i
		if !s.number() {
			if s.i > start {
				return 0, faultf(ErrHeaderJSON, name, "%s: malformed number %s at header offset %d", field, clip.Quote(string(s.b[start:min(s.i+1, len(s.b))])), start)
			}
			return 0, faultf(ErrHeaderJSON, name, "%s: want a non-negative integer, got %s", field, s.what())
		}
		num := s.b[start:s.i]
		v, err := strconv.ParseInt(string(num), 10, 64)
		switch {
		case errors.Is(err, strconv.ErrRange) && num[0] != '-':
			fault := ErrOffsets
			if field == "shape" {
				fault = ErrShape
			}
			return 0, faultf(fault, name, "%s: %s does not fit 63 bits", field, clip.Text(string(num)))
		case err != nil || v < 0 || num[0] == '-':
			return 0, faultf(ErrHeaderJSON, name, "%s: %s is not a non-negative integer", field, clip.Text(string(num)))
		}
		add(n, v)
		n++
		s.space()
		if s.eat(',') {
			continue
		}
		if s.eat(']') {
			return n, nil
		}
		return 0, s.want(where{tensor: name, field: field}, `"," or "]"`)
	}
}

// metadata reads __metadata__: null or an object of strings.
func (s *scanner) metadata() (map[string]string, error) {
	at := where{text: metadataKey}
	s.space()
	if s.literal("null") {
		return nil, nil
	}
	if !s.eat('{') {
		return nil, faultf(ErrHeaderJSON, "", "%s: want an object of strings, got %s", metadataKey, s.what())
	}
	m := map[string]string{}
	s.space()
	if s.eat('}') {
		return m, nil
	}
	for {
		s.space()
		kb, err := s.str(at, "a key")
		if err != nil {
			return nil, err
		}
		if _, dup := m[string(kb)]; dup {
			return nil, faultf(ErrDuplicate, "", "%s key %s appears twice", metadataKey, clip.Quote(string(kb)))
		}
		k := string(kb)
		if err := s.colon(at); err != nil {
			return nil, err
		}
		s.space()
		v, err := s.str(where{text: metadataKey, field: k, value: true}, "a string")
		if err != nil {
			return nil, err
		}
		m[k] = string(v)
		s.space()
		if s.eat(',') {
			continue
		}
		if s.eat('}') {
			return m, nil
		}
		return nil, s.want(at, `"," or "}"`)
	}
}

// space skips JSON whitespace.
func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

// eat consumes c if it is next.
func (s *scanner) eat(c byte) bool {
	if s.i < len(s.b) && s.b[s.i] == c {
		s.i++
		return true
	}
	return false
}

func (s *scanner) expect(c byte, at where) error {
	if !s.eat(c) {
		return s.want(at, strconv.Quote(string(c)))
	}
	return nil
}

// colon reads the ':' after a key.
func (s *scanner) colon(at where) error {
	s.space()
	return s.expect(':', at)
}

// want is the error for something other than what was expected next.
func (s *scanner) want(at where, what string) error {
	if s.i >= len(s.b) {
		return faultf(ErrHeaderJSON, "", "%s ends early", at)
	}
	return faultf(ErrHeaderJSON, "", "%s: want %s, got %s", at, what, s.what())
}

// what describes the input at the current position for an error.
func (s *scanner) what() string {
	if s.i >= len(s.b) {
		return "the end of the header"
	}
	r, _ := utf8.DecodeRune(s.b[s.i:])
	return strconv.QuoteRune(r) + " at header offset " + strconv.Itoa(s.i)
}

// literal consumes word (true, false, null) if it is next.
func (s *scanner) literal(word string) bool {
	if len(s.b)-s.i >= len(word) && string(s.b[s.i:s.i+len(word)]) == word {
		s.i += len(word)
		return true
	}
	return false
}

// str reads a JSON string and returns its unescaped bytes, valid until
// the next call. A string without escapes is returned in place.
func (s *scanner) str(at where, what string) ([]byte, error) {
	if !s.eat('"') {
		return nil, s.want(at, what)
	}
	start := s.i
	for s.i < len(s.b) {
		switch c := s.b[s.i]; {
		case c == '"':
			s.i++
			return s.b[start : s.i-1], nil
		case c == '\\':
			return s.unescape(start, at)
		case c < 0x20:
			return nil, faultf(ErrHeaderJSON, "", "%s: control byte 0x%02x in a string at header offset %d", at, c, s.i)
		}
		s.i++
	}
	return nil, faultf(ErrHeaderJSON, "", "%s ends early, in a string", at)
}

// unescape finishes a string that holds escapes, from its first byte at
// start, decoding them as encoding/json does: a \u escape of a UTF-16
// surrogate pairs with a following \u escape of the other half, and a
// surrogate left alone becomes U+FFFD.
func (s *scanner) unescape(start int, at where) ([]byte, error) {
	out := append(s.buf[:0], s.b[start:s.i]...)
	defer func() { s.buf = out[:0] }()
	for s.i < len(s.b) {
		c := s.b[s.i]
		switch {
		case c == '"':
			s.i++
			return out, nil
		case c < 0x20:
			return nil, faultf(ErrHeaderJSON, "", "%s: control byte 0x%02x in a string at header offset %d", at, c, s.i)
		case c != '\\':
			out = append(out, c)
			s.i++
			continue
		}
		if s.i+1 >= len(s.b) {
			break
		}
		esc := s.b[s.i+1]
		s.i += 2
		switch esc {
		case '"', '\\', '/':
			out = append(out, esc)
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, ok := s.hex4(s.i)
			if !ok {
				return nil, faultf(ErrHeaderJSON, "", "%s: malformed \\u escape at header offset %d", at, s.i-2)
			}
			s.i += 4
			if utf16.IsSurrogate(r) {
				r2, ok := rune(0), false
				if s.i+1 < len(s.b) && s.b[s.i] == '\\' && s.b[s.i+1] == 'u' {
					r2, ok = s.hex4(s.i + 2)
				}
				if pair := utf16.DecodeRune(r, r2); ok && pair != utf8.RuneError {
					r = pair
					s.i += 6
				} else {
					r = utf8.RuneError
				}
			}
			out = utf8.AppendRune(out, r)
		default:
			r, _ := utf8.DecodeRune(s.b[s.i-1:])
			return nil, faultf(ErrHeaderJSON, "", "%s: a backslash before %s is not a JSON escape, at header offset %d", at, strconv.QuoteRune(r), s.i-2)
		}
	}
	return nil, faultf(ErrHeaderJSON, "", "%s ends early, in a string", at)
}

// hex4 decodes four hex digits at b[at:].
func (s *scanner) hex4(at int) (rune, bool) {
	if len(s.b)-at < 4 {
		return 0, false
	}
	var r rune
	for _, c := range s.b[at : at+4] {
		switch {
		case '0' <= c && c <= '9':
			c -= '0'
		case 'a' <= c && c <= 'f':
			c -= 'a' - 10
		case 'A' <= c && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// number consumes a JSON number (RFC 8259: -?(0|[1-9][0-9]*)(.[0-9]+)?
// ([eE][+-]?[0-9]+)?), reporting false, with the position past what it
// read, when the text there is not one.
func (s *scanner) number() bool {
	digits := func() int {
		n := 0
		for s.i < len(s.b) && '0' <= s.b[s.i] && s.b[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	s.eat('-')
	switch {
	case s.eat('0'):
	case digits() == 0:
		return false
	}
	if s.eat('.') && digits() == 0 {
		return false
	}
	if s.eat('e') || s.eat('E') {
		if !s.eat('+') {
			s.eat('-')
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}

// skipValue passes over one JSON value of any shape, checking its syntax,
// without recursion; nesting deeper than maxNesting is an error.
func (s *scanner) skipValue(at where) error {
	var open []byte // the containers we are inside, innermost last
	for {
		// A value.
		s.space()
		if s.i >= len(s.b) {
			return s.want(at, "a value")
		}
		switch c := s.b[s.i]; {
		case c == '{' || c == '[':
			if len(open) == maxNesting {
				return faultf(ErrHeaderJSON, "", "%s: nested more than %d deep at header offset %d", at, maxNesting, s.i)
			}
			s.i++
			s.space()
			if c == '{' && s.eat('}') || c == '[' && s.eat(']') {
				break
			}
			open = append(open, c)
			if c == '{' {
				if err := s.skipKey(at); err != nil {
					return err
				}
			}
			continue
		case c == '"':
			if _, err := s.str(at, "a value"); err != nil {
				return err
			}
		case c == '-' || '0' <= c && c <= '9':
			start := s.i
			if !s.number() {
				return faultf(ErrHeaderJSON, "", "%s: malformed number %s at header offset %d", at, clip.Quote(string(s.b[start:min(s.i+1, len(s.b))])), start)
			}
		case s.literal("true"), s.literal("false"), s.literal("null"):
		default:
			return s.want(at, "a value")
		}
		// After a value: close containers until one goes on with a comma.
		for {
			if len(open) == 0 {
				return nil
			}
			s.space()
			top := open[len(open)-1]
			if s.eat(',') {
				if top == '{' {
					if err := s.skipKey(at); err != nil {
						return err
					}
				}
				break
			}
			if top == '{' && s.eat('}') || top == '[' && s.eat(']') {
				open = open[:len(open)-1]
				continue
			}
			if top == '{' {
				return s.want(at, `"," or "}"`)
			}
			return s.want(at, `"," or "]"`)
		}
	}
}

// skipKey passes over an object key and its colon.
func (s *scanner) skipKey(at where) error {
	s.space()
	if _, err := s.str(at, "a key"); err != nil {
		return err
	}
	return s.colon(at)
}
