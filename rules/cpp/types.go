package cpp

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

// cxxtype is one C++ type the catalogue can hold.
type cxxtype struct {
	name string
	class
	bits     int // value bits of an integer, sign included
	unsigned bool
	// promotes: integral promotion turns it into int ([conv.prom]).
	promotes bool
	// cxx23: only under std=c++23 (<stdfloat>, P1467).
	cxx23 bool
}

// types maps each catalogue dtype C++ has to its type on x86-64 Linux.
var types = map[dtype.DType]cxxtype{
	dtype.Bool: {name: "bool", class: integer, bits: 1, unsigned: true, promotes: true},
	dtype.I8:   {name: "signed char", class: integer, bits: 8, promotes: true},
	dtype.U8:   {name: "unsigned char", class: integer, bits: 8, unsigned: true, promotes: true},
	dtype.I16:  {name: "short", class: integer, bits: 16, promotes: true},
	dtype.U16:  {name: "unsigned short", class: integer, bits: 16, unsigned: true, promotes: true},
	dtype.I32:  {name: "int", class: integer, bits: 32},
	dtype.U32:  {name: "unsigned int", class: integer, bits: 32, unsigned: true},
	dtype.I64:  {name: "long", class: integer, bits: 64},
	dtype.U64:  {name: "unsigned long", class: integer, bits: 64, unsigned: true},
	dtype.F16:  {name: "std::float16_t", class: floating, cxx23: true},
	dtype.BF16: {name: "std::bfloat16_t", class: floating, cxx23: true},
	dtype.F32:  {name: "float", class: floating},
	dtype.F64:  {name: "double", class: floating},
	dtype.F80:  {name: "long double", class: floating},
	dtype.C32:  {name: "std::complex<std::float16_t>", class: complexType, cxx23: true},
	dtype.BC32: {name: "std::complex<std::bfloat16_t>", class: complexType, cxx23: true},
	dtype.C64:  {name: "std::complex<float>", class: complexType},
	dtype.C128: {name: "std::complex<double>", class: complexType},
	dtype.C160: {name: "std::complex<long double>", class: complexType},
}

// has reports whether C++ under the standard has a type for d.
func has(d dtype.DType, cxx23 bool) bool {
	t, ok := types[d]
	return ok && (cxx23 || !t.cxx23)
}

// whyNot says why C++ under the standard has no type for d.
func whyNot(d dtype.DType, cxx23 bool) string {
	if t, ok := types[d]; ok && t.cxx23 && !cxx23 {
		return fmt.Sprintf("%s is %s, which needs C++23's extended floating-point types (<stdfloat>, P1467): not ISO C++17/20 (g++ 13+ accepts _Float16 and __bf16 as extensions); use std=c++23", d, t.name)
	}
	return fmt.Sprintf("C++ has no type for %s (its arithmetic types here are bool, the standard integers, float, double, long double, C++23's std::float16_t and std::bfloat16_t, and std::complex of the floating types)", d)
}
