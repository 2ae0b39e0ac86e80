package npy

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/tensor"
)

// maxErrorLine bounds an error that echoes hostile tokens: the header's
// first 120 bytes, a clipped token (internal/clip keeps 64 bytes) and the
// fault.
const maxErrorLine = 600

// longToken is far past what an error may echo, and far below
// MaxHeaderSize.
const longToken = 100_000

// dims writes n dimensions of size d as a .npy shape tuple.
func dims(n int, d string) string {
	return "(" + strings.Repeat(d+", ", n) + ")"
}

// TestLongTokensClipped: every token a header echoes in an error (a
// dimension, a descr, a key) is cut, so a hostile header gives a short
// error line that still says what is wrong.
func TestLongTokensClipped(t *testing.T) {
	long := strings.Repeat("9", longToken)
	for _, c := range []struct {
		what, dict, want string
	}{
		{"dimension digits", "{'descr': '<f4', 'fortran_order': False, 'shape': (" + long + ",), }", "does not fit in 64 bits"},
		{"descr", "{'descr': '<" + strings.Repeat("x", longToken) + "', 'fortran_order': False, 'shape': (), }", "unknown descr"},
		{"descr digits", "{'descr': '<f" + long + "', 'fortran_order': False, 'shape': (), }", "unknown descr"},
		{"object descr", "{'descr': '|O" + long + "', 'fortran_order': False, 'shape': (), }", "object array"},
		{"string descr", "{'descr': '|S" + long + "', 'fortran_order': False, 'shape': (), }", "string type"},
		{"time descr", "{'descr': '<M" + long + "', 'fortran_order': False, 'shape': (), }", "date or time"},
		{"unexpected key", "{'" + strings.Repeat("k", longToken) + "': 1, 'descr': '<f4', 'fortran_order': False, 'shape': (), }", "unexpected key"},
		{"key without a colon", "{'" + strings.Repeat("k", longToken) + "' 1}", "want ':' after key"},
		{"many dimensions", "{'descr': '<f4', 'fortran_order': False, 'shape': " + dims(longToken/3, "1") + ", }", "at most 64 dimensions"},
	} {
		t.Run(c.what, func(t *testing.T) {
			_, err := read(rawFile(3, c.dict, nil))
			if err == nil {
				t.Fatal("read without error")
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
	// The same key twice: the second copy is refused by name.
	k := strings.Repeat("k", longToken)
	_, err := read(rawFile(3, "{'descr': '<f4', '"+k+"': 1, '"+k+"': 2}", nil))
	if err == nil || len(err.Error()) > maxErrorLine {
		t.Errorf("a long unknown key: %.300v", err)
	}
}

// TestMaxDims: NumPy 2 makes arrays of up to 64 dimensions (NPY_MAXDIMS;
// NumPy 1.x: 32), and np.save writes them; a header of more is refused
// with an error saying the limit, before its shape is used.
func TestMaxDims(t *testing.T) {
	for _, n := range []int{32, MaxDims} {
		x, err := read(rawFile(1, fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", dims(n, "1")), make([]byte, 4)))
		if err != nil {
			t.Fatalf("%d dimensions: %v", n, err)
		}
		if len(x.Shape) != n {
			t.Errorf("%d dimensions read as %d", n, len(x.Shape))
		}
	}
	_, err := read(rawFile(1, fmt.Sprintf("{'descr': '<f4', 'fortran_order': False, 'shape': %s, }", dims(MaxDims+1, "1")), make([]byte, 4)))
	if err == nil || !strings.Contains(err.Error(), "at most 64 dimensions") {
		t.Errorf("%d dimensions: %v, want the limit in the error", MaxDims+1, err)
	}
	// The writer refuses what the reader would.
	x, err := tensor.Zeros(dtype.U8, make([]int64, MaxDims+1))
	if err != nil {
		t.Fatal(err)
	}
	if err := Write(&bytes.Buffer{}, x); err == nil || !strings.Contains(err.Error(), "at most 64 dimensions") {
		t.Errorf("writing %d dimensions: %v, want the limit in the error", MaxDims+1, err)
	}
}
