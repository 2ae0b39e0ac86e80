package tensor

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
)

func TestNewZerosCheck(t *testing.T) {
	tests := []struct {
		d       dtype.DType
		shape   []int64
		data    int
		wantErr string
	}{
		{dtype.F32, []int64{2, 3}, 24, ""},
		{dtype.F32, []int64{}, 4, ""},
		{dtype.F32, []int64{0, 5}, 0, ""},
		{dtype.U4, []int64{3}, 2, ""},
		{dtype.U1, []int64{9}, 2, ""},
		{dtype.F6E2M3FN, []int64{5}, 4, ""},
		{dtype.C128, []int64{2}, 32, ""},
		{dtype.Bool, []int64{2}, 2, ""},
		{dtype.F32, []int64{2, 3}, 23, "needs 24 bytes"},
		{dtype.U4, []int64{3}, 1, "needs 2 bytes"},
		{dtype.F32, []int64{-1}, 0, "negative"},
		{dtype.Dynamic, []int64{1}, 0, "no storage"},
		{dtype.Invalid, []int64{1}, 0, "no storage"},
		{dtype.F32, []int64{1 << 40, 1 << 40}, 0, "2^62"},
		{dtype.C128, []int64{1 << 61}, 0, "more than"},
	}
	for _, tc := range tests {
		_, err := New(tc.d, tc.shape, make([]byte, tc.data))
		if tc.wantErr == "" {
			if err != nil {
				t.Errorf("New(%v, %v, %d bytes): %v", tc.d, tc.shape, tc.data, err)
			}
			z, err := Zeros(tc.d, tc.shape)
			if err != nil || len(z.Data) != tc.data || z.Check() != nil {
				t.Errorf("Zeros(%v, %v) = %v, %v; want %d bytes", tc.d, tc.shape, z, err, tc.data)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
			t.Errorf("New(%v, %v, %d bytes) error = %v, want one containing %q", tc.d, tc.shape, tc.data, err, tc.wantErr)
		}
	}
	var nilT *Tensor
	if nilT.Check() == nil {
		t.Error("nil tensor checks fine")
	}
}

func TestNewCopiesShape(t *testing.T) {
	shape := []int64{2}
	x, err := New(dtype.U8, shape, []byte{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	shape[0] = 7
	if x.Shape[0] != 2 {
		t.Error("New kept the caller's shape slice")
	}
}

func TestString(t *testing.T) {
	x, _ := Zeros(dtype.U8, []int64{256, 56})
	y, _ := Zeros(dtype.I64, nil)
	if x.String() != "u8[256,56]" || y.String() != "i64[]" {
		t.Errorf("String = %q, %q", x, y)
	}
}
