package safetensors

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// decodeHeaderTokens is the header decoder this package used before
// scan.go: it walks encoding/json's tokens, which is slow and allocates
// for every token, but is plainly right. It stays as the oracle the
// scanner is tested against (FuzzScannerMatchesTokens): both must accept
// the same headers with the same content and refuse the same ones with
// the same fault.
func decodeHeaderTokens(b []byte) (*Header, error) {
	d := &walker{dec: json.NewDecoder(bytes.NewReader(b))}
	d.dec.UseNumber()
	if err := d.delim('{', "the header"); err != nil {
		return nil, err
	}
	h := &Header{}
	seen := map[string]bool{}
	dup := "" // the first tensor name seen twice
	for d.dec.More() {
		key, err := d.key("the header")
		if err != nil {
			return nil, err
		}
		if seen[key] {
			if key == metadataKey {
				return nil, faultf(ErrDuplicate, "", "%s appears twice", metadataKey)
			}
			// A repeated tensor name is reported once the whole header
			// has parsed, as the scanner reports it.
			if dup == "" {
				dup = key
			}
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
	if dup != "" {
		return nil, faultf(ErrDuplicate, dup, "the tensor name appears twice in the header")
	}
	return h, nil
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
		case errors.Is(err, strconv.ErrRange) && num[0] != '-':
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
