package safetensors

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/promote-dev/promote/internal/clip"
)

// Faults a FormatError wraps; test them with errors.Is.
var (
	// ErrTruncated: the file ends before its header length, its header or
	// its data buffer does.
	ErrTruncated = errors.New("file is truncated")
	// ErrHeaderTooLarge: the header length is past MaxHeaderSize.
	ErrHeaderTooLarge = errors.New("header length is too large")
	// ErrHeaderUTF8: the header is not valid UTF-8.
	ErrHeaderUTF8 = errors.New("header is not valid UTF-8")
	// ErrHeaderJSON: the header is not a JSON object of the format's shape
	// (bad syntax, a field of the wrong type, a missing field, trailing
	// bytes other than JSON whitespace).
	ErrHeaderJSON = errors.New("header is not a valid safetensors JSON header")
	// ErrDuplicate: a tensor name, a metadata key or a tensor's field
	// appears twice.
	ErrDuplicate = errors.New("duplicated key")
	// ErrName: a tensor name holds a byte outside printable ASCII.
	ErrName = errors.New("tensor name is not printable ASCII")
	// ErrDType: a tensor's dtype string is not one the format defines.
	ErrDType = errors.New("unknown dtype")
	// ErrShape: a dimension is too large or the element count overflows.
	ErrShape = errors.New("bad shape")
	// ErrOffsets: data_offsets with begin > end, or tensors that overlap,
	// leave a gap, or do not start at the buffer's first byte.
	ErrOffsets = errors.New("bad data_offsets")
	// ErrSize: a tensor's byte count is not its element count times its
	// dtype's size, or sub-byte elements do not fill whole bytes.
	ErrSize = errors.New("byte count does not match shape and dtype")
	// ErrTrailing: bytes follow the last tensor's data.
	ErrTrailing = errors.New("bytes past the last tensor")
)

// FormatError is a fault in a file (or header) being read: the file's
// name, the tensor it concerns if any, the fault and a detail.
type FormatError struct {
	File   string // the file name given to Open or NewReader; may be empty
	Tensor string // the tensor concerned, or empty
	Fault  error  // one of the Err values above
	Detail string
}

// Error implements error: the file, the tensor if any, and the fault.
func (e *FormatError) Error() string {
	s := "safetensors: "
	if e.File != "" {
		s += e.File + ": "
	}
	if e.Tensor != "" {
		s += "tensor " + clip.QuoteASCII(e.Tensor) + ": "
	}
	s += e.Fault.Error()
	if e.Detail != "" {
		s += ": " + e.Detail
	}
	return s
}

// Unwrap returns the fault, so errors.Is(err, ErrOffsets) works.
func (e *FormatError) Unwrap() error { return e.Fault }

func faultf(fault error, tensor, format string, args ...any) *FormatError {
	return &FormatError{Tensor: tensor, Fault: fault, Detail: fmt.Sprintf(format, args...)}
}

// shapeText writes a shape as %v does ("[2 3]"), its dimensions cut by
// clip.List: a hostile header's million-dimension shape stays short.
func shapeText(shape []int64) string {
	return "[" + clip.List(len(shape), func(i int) string { return strconv.FormatInt(shape[i], 10) }, " ") + "]"
}

// named sets the file name of a FormatError (other errors get it
// prefixed), so parsing code need not carry the name around.
func named(err error, file string) error {
	if err == nil {
		return nil
	}
	var fe *FormatError
	if errors.As(err, &fe) {
		fe.File = file
		return fe
	}
	if file == "" {
		return fmt.Errorf("safetensors: %w", err)
	}
	return fmt.Errorf("safetensors: %s: %w", file, err)
}
