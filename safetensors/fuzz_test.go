package safetensors

import (
	"bytes"
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParseHeader feeds arbitrary header bytes to the parser: it must
// return a header or an error, never panic, and a header it accepts must
// encode and parse back to the same tensors.
func FuzzParseHeader(f *testing.F) {
	for _, name := range []string{"ref_attn", "ref_attn0_aligned", "ref_empty", "ref_empty_metadata", "ref_mixed"} {
		b, err := os.ReadFile("testdata/" + name + ".safetensors")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[8:], int64(-1))
	}
	f.Add([]byte(`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{}}`), int64(4))
	f.Add([]byte(`{"__metadata__":{"k":"v"},"b":{"dtype":"F4","shape":[2,0],"data_offsets":[0,0],"x":[]}}`), int64(0))
	f.Fuzz(func(t *testing.T, b []byte, dataSize int64) {
		h, err := ParseHeader(b, dataSize)
		if err != nil {
			return
		}
		enc, err := h.Encode()
		if err != nil {
			t.Fatalf("accepted header does not encode: %v", err)
		}
		back, err := ParseHeader(enc[8:], dataSize)
		if err != nil {
			t.Fatalf("re-encoded header does not parse: %v\n%q", err, enc)
		}
		if len(back.Tensors) != len(h.Tensors) || len(back.Metadata) != len(h.Metadata) {
			t.Fatalf("round trip changed the header")
		}
		for i := range h.Tensors {
			a, b := h.Tensors[i], back.Tensors[i]
			if a.Name != b.Name || a.DType != b.DType || a.Begin != b.Begin || a.End != b.End || len(a.Shape) != len(b.Shape) {
				t.Fatalf("tensor %d: %+v became %+v", i, a, b)
			}
		}
	})
}

// FuzzNewReader feeds whole files: no panic, and an accepted file's
// tensors can all be read.
func FuzzNewReader(f *testing.F) {
	for _, name := range []string{"ref_attn", "ref_empty_metadata", "ref_mixed"} {
		b, err := os.ReadFile("testdata/" + name + ".safetensors")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		sf, err := NewReader(bytes.NewReader(b), int64(len(b)), "fuzz")
		if err != nil {
			return
		}
		for _, ti := range sf.Tensors {
			if _, err := sf.ReadTensor(ti.Name); err != nil {
				t.Fatalf("accepted file: tensor %q: %v", ti.Name, err)
			}
		}
	})
}

// FuzzScannerMatchesTokens checks the header scanner against the decoder
// built on encoding/json's tokens (header_tokens_test.go): on any UTF-8
// input both accept with the same tensors and metadata, or both refuse
// with the same fault.
func FuzzScannerMatchesTokens(f *testing.F) {
	for _, name := range []string{"ref_attn", "ref_attn0_aligned", "ref_empty", "ref_empty_metadata", "ref_mixed"} {
		b, err := os.ReadFile("testdata/" + name + ".safetensors")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b[8:])
	}
	for _, s := range []string{
		`{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{}}`,
		`{"__metadata__":{"k":"v\u00e9\ud83d\ude00\ud800x"},"b":{"dtype":"F4","shape":[2,0],"data_offsets":[0,0],"x":[{"y":[1,-2.5e+3,true,null,"\"\\\/\b\f\n\r\t"]},{}]}}`,
		`{"a\u0062":{"dtype":"U8","shape":[],"data_offsets":[0,1],"dtype":"I8"}}`,
		`{"a":{"dtype":"U8","shape":[-0,01],"data_offsets":[0,1e3]}}`,
		`{"a":{"dtype":"U8","shape":[99999999999999999999],"data_offsets":[-99999999999999999999,1]}}`,
		`{"a":{"shape":[1],"data_offsets":[0,1],"x":[[[[[]]]]],"dtype":"BOOL"}} `,
		`{"__metadata__":null,"__metadata__":{}}`,
		`{"a":{"dtype":"U8","shape":[1,],"data_offsets":[0,1]}}`,
		"{\"a\":{\"dtype\":\"U8\",\"shape\":[1],\"data_offsets\":[0,1],\"z\":\"\x01\"}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !utf8.Valid(b) {
			return
		}
		got, gerr := decodeHeader(b)
		want, werr := decodeHeaderTokens(b)
		if (gerr == nil) != (werr == nil) {
			t.Fatalf("%q:\nscanner: %v\ntokens:  %v", b, gerr, werr)
		}
		if gerr != nil {
			var g, w *FormatError
			if !errors.As(gerr, &g) || !errors.As(werr, &w) || g.Fault != w.Fault {
				t.Fatalf("%q: faults differ:\nscanner: %v\ntokens:  %v", b, gerr, werr)
			}
			if strings.Contains(gerr.Error(), "\n") {
				t.Fatalf("%q: error spans lines: %q", b, gerr)
			}
			return
		}
		sameTensors := len(got.Tensors) == 0 && len(want.Tensors) == 0 || reflect.DeepEqual(got.Tensors, want.Tensors)
		if !sameTensors || !reflect.DeepEqual(got.Metadata, want.Metadata) {
			t.Fatalf("%q:\nscanner: %+v %v\ntokens:  %+v %v", b, got.Tensors, got.Metadata, want.Tensors, want.Metadata)
		}
		index := got.index.positions(got)
		for i, ti := range got.Tensors {
			if j, ok := index[ti.Name]; !ok || int(j) != i {
				t.Fatalf("%q: index of %q is %d, %v; want %d", b, ti.Name, j, ok, i)
			}
		}
		if len(index) != len(got.Tensors) {
			t.Fatalf("%q: index has %d names for %d tensors", b, len(index), len(got.Tensors))
		}
	})
}
