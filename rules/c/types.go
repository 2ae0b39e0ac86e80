package c

import (
	"fmt"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/internal/clit"
)

// class is what kind of arithmetic type a type is: the C-family classes
// clit shares between c and cpp.
type class = clit.Class

const (
	integer     = clit.Integer
	floating    = clit.Floating
	complexType = clit.Complex
)

// ctype is one C type the catalogue can hold, with the facts the usual
// arithmetic conversions read (GCC's TYPE_PRECISION and its tie-breaks).
type ctype struct {
	name string
	prec int // TYPE_PRECISION: value bits for integers, 16/32/64/80 for floats
	class
	unsigned bool
	// promotes: an integer type the integer promotions turn into int
	// (rank at most int's, every value held by int; C17 §6.3.1.1p2).
	promotes bool
	// bitPrecise: _BitInt(N), never promoted (C23 §6.3.1.1p2).
	bitPrecise bool
	// interchange: an interchange type _FloatN, preferred at equal
	// precision (c_common_type, TS 18661-3).
	interchange bool
	// c23: the type exists only under std=c23 (§1 of spec.md).
	c23 bool
}

// ctypes maps each catalogue dtype C has to its C type on x86-64 Linux.
var ctypes = map[dtype.DType]ctype{
	dtype.Bool: {name: "_Bool", prec: 1, class: integer, unsigned: true, promotes: true},
	dtype.I8:   {name: "signed char", prec: 8, class: integer, promotes: true},
	dtype.U8:   {name: "unsigned char", prec: 8, class: integer, unsigned: true, promotes: true},
	dtype.I16:  {name: "short", prec: 16, class: integer, promotes: true},
	dtype.U16:  {name: "unsigned short", prec: 16, class: integer, unsigned: true, promotes: true},
	dtype.I32:  {name: "int", prec: 32, class: integer},
	dtype.U32:  {name: "unsigned int", prec: 32, class: integer, unsigned: true},
	dtype.I64:  {name: "long", prec: 64, class: integer},
	dtype.U64:  {name: "unsigned long", prec: 64, class: integer, unsigned: true},
	dtype.I2:   {name: "_BitInt(2)", prec: 2, class: integer, bitPrecise: true, c23: true},
	dtype.I4:   {name: "_BitInt(4)", prec: 4, class: integer, bitPrecise: true, c23: true},
	dtype.U1:   {name: "unsigned _BitInt(1)", prec: 1, class: integer, unsigned: true, bitPrecise: true, c23: true},
	dtype.U2:   {name: "unsigned _BitInt(2)", prec: 2, class: integer, unsigned: true, bitPrecise: true, c23: true},
	dtype.U4:   {name: "unsigned _BitInt(4)", prec: 4, class: integer, unsigned: true, bitPrecise: true, c23: true},
	dtype.F16:  {name: "_Float16", prec: 16, class: floating, interchange: true, c23: true},
	dtype.BF16: {name: "__bf16", prec: 16, class: floating, c23: true},
	dtype.F32:  {name: "float", prec: 32, class: floating},
	dtype.F64:  {name: "double", prec: 64, class: floating},
	dtype.F80:  {name: "long double", prec: 80, class: floating},
	dtype.C32:  {name: "_Complex _Float16", class: complexType, c23: true},
	dtype.C64:  {name: "_Complex float", class: complexType},
	dtype.C128: {name: "_Complex double", class: complexType},
	dtype.C160: {name: "_Complex long double", class: complexType},
}

// complexOf is the complex type whose real part is d; Invalid when C has
// none (there is no _Complex __bf16).
func complexOf(d dtype.DType) dtype.DType {
	if c, ok := dtype.ComplexOf(d); ok && ctypes[c].class == complexType {
		return c
	}
	return dtype.Invalid
}

// has reports whether C under the standard has a type for d.
func has(d dtype.DType, c23 bool) bool {
	t, ok := ctypes[d]
	return ok && (c23 || !t.c23)
}

// whyNot says why C under the standard has no type for d.
func whyNot(d dtype.DType, c23 bool) string {
	if t, ok := ctypes[d]; ok && t.c23 && !c23 {
		what := "a C23 type"
		switch {
		case t.bitPrecise:
			what = "a bit-precise integer type, new in C23"
		case d == dtype.BF16:
			what = "GCC's bfloat16 type, arithmetic from GCC 13 on x86-64 and outside ISO C"
		case t.interchange || d.Format().Elem == dtype.F16:
			what = "an interchange floating type, new in C23 (GCC in C17 mode: \"ISO C does not support the '_Float16' type before C23\")"
		}
		return fmt.Sprintf("%s is %s, %s: not C17; use std=c23", d, t.name, what)
	}
	if d == dtype.BC32 {
		return "C has no complex __bf16 (GCC does not accept _Complex __bf16)"
	}
	return fmt.Sprintf("C has no type for %s (C's arithmetic types here are _Bool, the standard integers, _BitInt(N), float, double, long double, _Float16, __bf16 and their complex types)", d)
}
