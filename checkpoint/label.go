package checkpoint

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
)

// Label names what a tensor's values are, in a TensorReport's From and
// To: a dtype, or one of the two forms of MXFP4 that are not a single
// dtype. It is one byte, not a string, because a report holds two per
// tensor and a checkpoint may hold a million tensors; as JSON and text it
// is its name ("bf16", "mxfp4"). The zero Label is none, named "".
type Label uint8

// The Labels that are not a dtype, numbered after the dtypes.
const (
	// LabelMXFP4 is MXFP4 data: f4e2m1fn values packed two a byte, with
	// a shared E8M0 scale for each block of 32 (gpt-oss's _blocks).
	LabelMXFP4 Label = Label(dtype.Count) + iota
	// LabelE8M0 is MXFP4's scales: E8M0 exponents stored as u8 (gpt-oss's
	// _scales).
	LabelE8M0
	// LabelNVFP4 is NVFP4 data: f4e2m1fn values packed two a byte, with an
	// F8_E4M3 scale for each block of 16 and a per-tensor f32 scale.
	LabelNVFP4
)

// DTypeLabel returns the Label of dtype d.
func DTypeLabel(d dtype.DType) Label { return Label(d) }

// DType returns the dtype l names, and false for LabelMXFP4, LabelE8M0,
// LabelNVFP4 and the zero Label.
func (l Label) DType() (dtype.DType, bool) {
	d := dtype.DType(l)
	return d, int(l) < dtype.Count && d.Valid()
}

// String returns the label's name: the dtype's, "mxfp4", "e8m0 (u8)" or
// "nvfp4".
func (l Label) String() string {
	switch l {
	case 0:
		return ""
	case LabelMXFP4:
		return "mxfp4"
	case LabelE8M0:
		return "e8m0 (u8)"
	case LabelNVFP4:
		return "nvfp4"
	}
	if d, ok := l.DType(); ok {
		return d.String()
	}
	return fmt.Sprintf("Label(%d)", uint8(l))
}

// MarshalText returns the label's name; a Label that names nothing is an
// error.
func (l Label) MarshalText() ([]byte, error) {
	if _, ok := l.DType(); !ok && l != 0 && l != LabelMXFP4 && l != LabelE8M0 && l != LabelNVFP4 {
		return nil, fmt.Errorf("checkpoint: no label %d", uint8(l))
	}
	return []byte(l.String()), nil
}

// UnmarshalText reads a label's name, so that a report written as JSON
// reads back.
func (l *Label) UnmarshalText(b []byte) error {
	switch s := string(b); s {
	case "":
		*l = 0
	case LabelMXFP4.String():
		*l = LabelMXFP4
	case LabelE8M0.String():
		*l = LabelE8M0
	case LabelNVFP4.String():
		*l = LabelNVFP4
	default:
		d, err := dtype.Parse(s)
		if err != nil {
			return fmt.Errorf("checkpoint: label %q is not a dtype, %q or %q: %w", s, LabelMXFP4, LabelE8M0, err)
		}
		*l = DTypeLabel(d)
	}
	return nil
}
