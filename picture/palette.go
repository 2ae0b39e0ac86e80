package picture

import "github.com/promote-dev/promote/dtype"

// Kind is what a table cell or a lattice node is coloured by: the kind of
// the result dtype, with the narrow floats apart from the others.
type Kind uint8

// The kinds, in legend order.
const (
	KindNone       Kind = iota // no dtype (dynamic)
	KindBool                   // bool
	KindUnsigned               // u1 .. u64
	KindSigned                 // i2 .. i64
	KindSmallFloat             // floats of at most 8 bits (f4, f6, f8)
	KindFloat                  // f16, bf16, f32, f64, f80
	KindComplex                // every complex type
	KindRefused                // a refused pair
)

// KindOf classifies a dtype.
func KindOf(d dtype.DType) Kind {
	switch {
	case !d.Valid() || d == dtype.Dynamic:
		return KindNone
	case d.IsBool():
		return KindBool
	case d.IsUnsigned():
		return KindUnsigned
	case d.IsSigned():
		return KindSigned
	case d.IsFloat() && d.Bits() <= 8:
		return KindSmallFloat
	case d.IsFloat():
		return KindFloat
	case d.IsComplex():
		return KindComplex
	}
	return KindNone
}

// String names the kind as the legend does.
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

var kindNames = [...]string{"other", "bool", "unsigned integer", "signed integer", "float of 8 bits or fewer", "float", "complex", "refused"}

// Fill is the kind's fill colour. The colours are readable in greyscale
// print and by colour-blind readers because each kind has its own
// luminance, at least 0.1 apart (relative luminance as WCAG defines it:
// bool 0.86, narrow float 0.74, unsigned 0.62, float 0.50, signed 0.39,
// complex 0.28), so they differ in lightness alone, whatever the hues
// look like; every fill keeps black text above 6:1 contrast. Hues follow
// the kinds (blues for integers, warm for floats, violet for complex) as
// a second cue for readers who see them. Refused cells are white with a
// hatch, and every cell also carries its answer as text.
func (k Kind) Fill() string {
	if int(k) < len(kindFills) {
		return kindFills[k]
	}
	return "#FFFFFF"
}

var kindFills = [...]string{
	KindNone:       "#FFFFFF",
	KindBool:       "#EEEEEE",
	KindUnsigned:   "#8BDBEA",
	KindSigned:     "#80AAE4",
	KindSmallFloat: "#F3E16C",
	KindFloat:      "#F7AB69",
	KindComplex:    "#B17BCD",
	KindRefused:    "#FFFFFF",
}

// Ink colours shared by the pictures.
const (
	inkText   = "#000000"
	inkGrid   = "#7F7F7F"
	inkHatch  = "#9A9A9A"
	inkMark   = "#C0392B" // witnesses and differences: a dark red, drawn thick
	inkMuted  = "#444444"
	fontStack = "DejaVu Sans Mono, Menlo, Consolas, Liberation Mono, monospace"
)
