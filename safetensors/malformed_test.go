package safetensors

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// raw builds a file from a header JSON and a data length, with no
// checks, so tests can make files that lie.
func raw(json string, data int) []byte {
	b := binary.LittleEndian.AppendUint64(nil, uint64(len(json)))
	b = append(b, json...)
	return append(b, make([]byte, data)...)
}

// openBytes writes b to a temporary file and opens it, as a user would.
func openBytes(t *testing.T, b []byte) (string, error) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bad.safetensors")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := Open(path)
	if err == nil {
		f.Close()
	}
	return path, err
}

// wantFault opens b and checks the error: the fault, the file name, and
// the fragments the message must hold.
func wantFault(t *testing.T, b []byte, fault error, fragments ...string) {
	t.Helper()
	path, err := openBytes(t, b)
	if err == nil {
		t.Fatalf("opened without error")
	}
	if !errors.Is(err, fault) {
		t.Errorf("error %q is not %q", err, fault)
	}
	msg := err.Error()
	if !strings.Contains(msg, path) {
		t.Errorf("error %q does not name the file", msg)
	}
	if strings.Contains(msg, "\n") {
		t.Errorf("error %q spans lines", msg)
	}
	for _, f := range fragments {
		if !strings.Contains(msg, f) {
			t.Errorf("error %q does not mention %q", msg, f)
		}
	}
}

const okTensor = `"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}`

func TestMalformed_Empty(t *testing.T) { wantFault(t, nil, ErrTruncated, "0 bytes") }

func TestMalformed_TruncatedLength(t *testing.T) {
	wantFault(t, []byte{8, 0, 0}, ErrTruncated, "3 bytes")
}

func TestMalformed_HeaderLengthPastEOF(t *testing.T) {
	b := raw("{"+okTensor+"}", 8)
	binary.LittleEndian.PutUint64(b, 1<<20)
	wantFault(t, b, ErrTruncated, "1048576", "past the end")
}

func TestMalformed_HeaderLengthAbsurd(t *testing.T) {
	b := raw("{}", 0)
	binary.LittleEndian.PutUint64(b, 1<<63+5)
	wantFault(t, b, ErrHeaderTooLarge, "limit")
	binary.LittleEndian.PutUint64(b, MaxHeaderSize+1)
	wantFault(t, b, ErrHeaderTooLarge)
}

func TestMalformed_TruncatedData(t *testing.T) {
	b := raw("{"+okTensor+"}", 8)
	wantFault(t, b[:len(b)-3], ErrTruncated, `"a"`, "[0, 8)", "5 bytes")
}

func TestMalformed_TrailingBytes(t *testing.T) {
	wantFault(t, raw("{"+okTensor+"}", 9), ErrTrailing, "end at data byte 8", "holds 9")
}

func TestMalformed_OffsetsPastBuffer(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"U8","shape":[100],"data_offsets":[0,100]}}`, 4), ErrTruncated, `"a"`)
}

func TestMalformed_BeginPastEnd(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"U8","shape":[0],"data_offsets":[4,0]}}`, 4), ErrOffsets, "begin 4 is past end 0")
}

func TestMalformed_Overlap(t *testing.T) {
	j := `{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[4],"data_offsets":[2,6]}}`
	wantFault(t, raw(j, 6), ErrOffsets, `"b"`, "overlaps", `"a"`)
}

// TestMalformed_Gap: the reference refuses tensors that leave bytes of
// the buffer unused between them.
func TestMalformed_Gap(t *testing.T) {
	j := `{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"b":{"dtype":"U8","shape":[2],"data_offsets":[6,8]}}`
	wantFault(t, raw(j, 8), ErrOffsets, `"b"`, "gap")
}

func TestMalformed_NotFromZero(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"U8","shape":[2],"data_offsets":[2,4]}}`, 4), ErrOffsets, "not 0")
}

func TestMalformed_ByteCountMismatch(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}}`, 8), ErrSize, `"a"`, "12 bytes", "hold 8")
}

// TestMalformed_SubByteNotWholeBytes: three F4 elements take a byte and
// a half, which the reference refuses (MisalignedSlice).
func TestMalformed_SubByteNotWholeBytes(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"F4","shape":[3],"data_offsets":[0,2]}}`, 2), ErrSize, "whole bytes")
}

func TestMalformed_ShapeOverflow(t *testing.T) {
	j := `{"a":{"dtype":"F32","shape":[4294967296,4294967296],"data_offsets":[0,8]}}`
	wantFault(t, raw(j, 8), ErrShape, `"a"`, "overflows")
}

// TestMalformed_ByteCountOverflow: the element count fits but times the
// dtype's width it does not.
func TestMalformed_ByteCountOverflow(t *testing.T) {
	j := `{"a":{"dtype":"F64","shape":[2305843009213693952],"data_offsets":[0,8]}}`
	wantFault(t, raw(j, 8), ErrSize, "overflow")
}

func TestMalformed_DimensionTooLarge(t *testing.T) {
	j := `{"a":{"dtype":"F32","shape":[18446744073709551616],"data_offsets":[0,8]}}`
	wantFault(t, raw(j, 8), ErrShape, "63 bits")
	j = `{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,99999999999999999999]}}`
	wantFault(t, raw(j, 8), ErrOffsets, "63 bits")
}

func TestMalformed_NegativeDimension(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"F32","shape":[-2],"data_offsets":[0,8]}}`, 8), ErrHeaderJSON, "-2")
}

func TestMalformed_FractionalOffset(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8.0]}}`, 8), ErrHeaderJSON, "8.0")
}

func TestMalformed_UnknownDType(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"F8_E4M3FN","shape":[2],"data_offsets":[0,2]}}`, 2), ErrDType, `"a"`, `"F8_E4M3FN"`)
	wantFault(t, raw(`{"a":{"dtype":"f32","shape":[2],"data_offsets":[0,8]}}`, 8), ErrDType, `"f32"`)
}

func TestMalformed_DuplicateTensorName(t *testing.T) {
	j := `{"a":{"dtype":"U8","shape":[4],"data_offsets":[0,4]},"a":{"dtype":"U8","shape":[4],"data_offsets":[4,8]}}`
	wantFault(t, raw(j, 8), ErrDuplicate, `"a"`, "twice")
}

func TestMalformed_DuplicateMetadata(t *testing.T) {
	wantFault(t, raw(`{"__metadata__":{},"__metadata__":{}}`, 0), ErrDuplicate, "__metadata__")
	wantFault(t, raw(`{"__metadata__":{"k":"1","k":"2"}}`, 0), ErrDuplicate, `"k"`)
}

func TestMalformed_DuplicateField(t *testing.T) {
	j := `{"a":{"dtype":"U8","dtype":"I8","shape":[4],"data_offsets":[0,4]}}`
	wantFault(t, raw(j, 4), ErrDuplicate, `"dtype"`)
}

func TestMalformed_NonASCIIName(t *testing.T) {
	wantFault(t, raw(`{"poids.é":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}`, 1), ErrName, `poids.\u00e9`, "0xc3")
	// An escape decoding to a control character is refused too, and the
	// message stays on one line.
	wantFault(t, raw(`{"a\nb":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}`, 1), ErrName, `a\nb`)
}

func TestMalformed_InvalidUTF8(t *testing.T) {
	wantFault(t, raw("{\"__metadata__\":{\"k\":\"\xff\"}}", 0), ErrHeaderUTF8, "0xff", "offset 22")
}

func TestMalformed_NotJSON(t *testing.T) {
	for _, j := range []string{"", "   ", "[]", `{"a":`, `{"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}`, "{}x", "{}{}", `{"a":1}`} {
		wantFault(t, raw(j, 0), ErrHeaderJSON)
	}
}

func TestMalformed_MissingField(t *testing.T) {
	wantFault(t, raw(`{"a":{"dtype":"U8","shape":[1]}}`, 1), ErrHeaderJSON, `"data_offsets"`)
	wantFault(t, raw(`{"a":{"dtype":"U8","data_offsets":[0,1]}}`, 1), ErrHeaderJSON, `"shape"`)
	wantFault(t, raw(`{"a":{"shape":[1],"data_offsets":[0,1]}}`, 1), ErrHeaderJSON, `"dtype"`)
	wantFault(t, raw(`{"a":{"dtype":"U8","shape":[1],"data_offsets":[0]}}`, 1), ErrHeaderJSON, "want 2")
}

func TestMalformed_MetadataNotStrings(t *testing.T) {
	wantFault(t, raw(`{"__metadata__":{"k":1}}`, 0), ErrHeaderJSON, "want a string")
	wantFault(t, raw(`{"__metadata__":[]}`, 0), ErrHeaderJSON)
}

// TestAccepted_ReferenceLeniencies: what the reference reads, this
// package reads too: leading whitespace, any padding whitespace, null
// metadata, unknown fields, zero-size tensors sharing an offset, tensors
// listed out of offset order.
func TestAccepted_ReferenceLeniencies(t *testing.T) {
	for _, j := range []string{
		" \n{}\t\r\n ",
		`{"__metadata__":null}`,
		`{"a":{"dtype":"U8","shape":[2],"data_offsets":[0,2],"extra":{"x":[1,2]}}}`,
		`{"z":{"dtype":"U8","shape":[0],"data_offsets":[0,0]},"y":{"dtype":"I64","shape":[2,0],"data_offsets":[0,0]},"x":{"dtype":"U8","shape":[2],"data_offsets":[0,2]}}`,
		`{"b":{"dtype":"U8","shape":[1],"data_offsets":[1,2]},"a":{"dtype":"U8","shape":[1],"data_offsets":[0,1]}}`,
	} {
		size := 0
		if strings.Contains(j, "[0,2]") || strings.Contains(j, "[1,2]") {
			size = 2
		}
		b := raw(j, size)
		if _, err := NewReader(bytes.NewReader(b), int64(len(b)), "ok"); err != nil {
			t.Errorf("%s: %v", j, err)
		}
	}
}

// TestMalformed_SizeHints: a byte count that a width mix-up explains says
// so: an F4 shape counting bytes (torch's float4_e2m1fn_x2 convention),
// f32 data under F8_E8M0, one-byte exponents under F32.
func TestMalformed_SizeHints(t *testing.T) {
	wantFault(t, raw(`{"w":{"dtype":"F4","shape":[2,2],"data_offsets":[0,4]}}`, 4), ErrSize, "float4_e2m1fn_x2")
	wantFault(t, raw(`{"s":{"dtype":"F8_E8M0","shape":[2],"data_offsets":[0,8]}}`, 8), ErrSize, "under a one-byte dtype")
	wantFault(t, raw(`{"s":{"dtype":"F32","shape":[4],"data_offsets":[0,4]}}`, 4), ErrSize, "E8M0 exponents perhaps")
}

// TestMalformed_OtherFormat: a file of another format given as a
// .safetensors one (its magic read as a header length) is named for what
// it is.
func TestMalformed_OtherFormat(t *testing.T) {
	for _, tt := range []struct {
		head string
		want string
	}{
		{"\x93NUMPY\x01\x00v\x00{'descr': '<f2', 'fortran_order': False, 'shape': (2, 3), }", "NumPy .npy array"},
		{"PK\x03\x04\x14\x00\x00\x00\x00\x00", "zip archive"},
		{"GGUF\x03\x00\x00\x00\x00\x00\x00\x00", "GGUF model"},
		{"\x80\x02\x8a\x0alm\xfc\x9cF\xf9 j\xa8P", "Python pickle"},
	} {
		b := append([]byte(tt.head), make([]byte, 64)...)
		_, err := openBytes(t, b)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "not a .safetensors file") {
			t.Errorf("%q: error %v, want it to name %q", tt.head[:4], err, tt.want)
		}
	}
	if _, err := openBytes(t, raw("{}", 0)[:5]); err != nil && strings.Contains(err.Error(), "not a .safetensors file") {
		t.Errorf("a truncated safetensors file is named as another format: %v", err)
	}
}
