package safetensors

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// maxErrorLine bounds an error that echoes hostile tokens: a few clipped
// tokens (internal/clip keeps 64 bytes of each) and the file name.
const maxErrorLine = 600

// longToken is a token far past what an error may echo; 100 kB keeps the
// tests quick while a message that copies it whole is plainly too long.
const longToken = 100_000

// TestLongTokensClipped: every token a header echoes in an error (a dtype
// string, a tensor name, a metadata key, a number, a shape) is cut, so a
// hostile header gives a short error line that still says what is wrong.
func TestLongTokensClipped(t *testing.T) {
	name := strings.Repeat("n", longToken)
	digits := strings.Repeat("9", longToken)
	manyDims := "[" + strings.Repeat("4294967296,", longToken/11) + "4294967296]"
	for _, c := range []struct {
		what  string
		json  string
		data  int
		fault error
		want  string // a fragment the clipped message keeps
	}{
		{"dtype string", `{"a":{"dtype":"` + strings.Repeat("X", longToken) + `","shape":[1],"data_offsets":[0,4]}}`, 4, ErrDType, `"XXXX`},
		{"tensor name in an overlap", `{"` + name + `a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"` + name + `b":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, 4, ErrOffsets, "overlaps tensor"},
		{"tensor name in a gap", `{"` + name + `a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"` + name + `b":{"dtype":"F32","shape":[1],"data_offsets":[8,12]}}`, 12, ErrOffsets, "a gap"},
		{"duplicate tensor name", `{"` + name + `":{"dtype":"F32","shape":[1],"data_offsets":[0,4]},"` + name + `":{"dtype":"F32","shape":[1],"data_offsets":[4,8]}}`, 8, ErrDuplicate, "appears twice"},
		{"non-ASCII tensor name", `{"` + name + `é":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, 4, ErrName, "byte 0xc3"},
		{"shape digits", `{"a":{"dtype":"F32","shape":[` + digits + `],"data_offsets":[0,4]}}`, 4, ErrShape, "does not fit 63 bits"},
		{"offset digits", `{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,` + digits + `]}}`, 4, ErrOffsets, "does not fit 63 bits"},
		{"malformed number", `{"a":{"dtype":"F32","shape":[` + digits + `.x],"data_offsets":[0,4]}}`, 4, ErrHeaderJSON, "malformed number"},
		{"malformed number in an unknown field", `{"a":{"` + name + `":` + digits + `e,"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, 4, ErrHeaderJSON, "malformed number"},
		{"negative number", `{"a":{"dtype":"F32","shape":[-` + digits + `],"data_offsets":[0,4]}}`, 4, ErrHeaderJSON, "not a non-negative integer"},
		{"overflowing shape", `{"a":{"dtype":"F32","shape":` + manyDims + `,"data_offsets":[0,4]}}`, 4, ErrShape, "overflows"},
		{"shape in a size mismatch", `{"a":{"dtype":"F32","shape":[` + strings.Repeat("1,", longToken/2) + `1],"data_offsets":[0,8]}}`, 8, ErrSize, "takes 4 bytes"},
		{"metadata key", `{"__metadata__":{"` + name + `":"x","` + name + `":"y"}}`, 0, ErrDuplicate, "appears twice"},
		{"field of a long-named tensor", `{"` + name + `":{"dtype":"F32","dtype":"F32","shape":[1],"data_offsets":[0,4]}}`, 4, ErrDuplicate, "appears twice"},
	} {
		t.Run(c.what, func(t *testing.T) {
			_, err := ParseHeader([]byte(c.json), int64(c.data))
			if err == nil {
				t.Fatal("parsed without error")
			}
			if !errors.Is(err, c.fault) {
				t.Errorf("error is not %v: %.300s", c.fault, err)
			}
			msg := err.Error()
			if len(msg) > maxErrorLine {
				t.Errorf("error of %d bytes: %.300s…", len(msg), msg)
			}
			if !strings.Contains(msg, c.want) {
				t.Errorf("error %.600q lost %q", msg, c.want)
			}
		})
	}
}

// TestLongNamesClippedOutsideHeaders: the reader's and writer's own errors
// that name a tensor or a metadata entry cut them too.
func TestLongNamesClippedOutsideHeaders(t *testing.T) {
	name := strings.Repeat("n", longToken)
	json := `{"a":{"dtype":"F32","shape":[1],"data_offsets":[0,4]}}`
	b := raw(json, 4)
	f, err := NewReader(bytes.NewReader(b), int64(len(b)), "x.safetensors")
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.ReadTensor(name)
	checkShort(t, "no such tensor", err, "no tensor")
	wide := make([]int64, longToken/10)
	for i := range wide {
		wide[i] = 4294967296
	}
	_, err = Layout([]Spec{{Name: name, DType: dtype.F32, Shape: wide}}, nil)
	checkShort(t, "overflowing shape in Layout", err, "2^62")
	err = f.ReadAt(TensorInfo{Name: name, Begin: 0, End: 4}, make([]byte, 8), 0)
	checkShort(t, "read outside a tensor", err, "is outside its 4 bytes")
	_, err = (&Header{Metadata: map[string]string{name: "\xff"}}).Encode()
	checkShort(t, "metadata not UTF-8", err, "not valid UTF-8")
	err = Encode(io.Discard, []Named{{Name: name}}, nil)
	checkShort(t, "nil tensor", err, "is nil")
	x, _ := tensor.Zeros(dtype.F32, []int64{1})
	err = Encode(io.Discard, []Named{{Name: name + "\x01", Tensor: x}}, nil)
	checkShort(t, "unprintable tensor name", err, "not printable ASCII")
}

func checkShort(t *testing.T, what string, err error, want string) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error", what)
		return
	}
	if msg := err.Error(); len(msg) > maxErrorLine || !strings.Contains(msg, want) {
		t.Errorf("%s: error of %d bytes %.300q, want it short and holding %q", what, len(msg), msg, want)
	}
}
