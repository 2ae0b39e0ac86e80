// Package modularmax is the rule set of Modular MAX's graph API
// (max.graph.ops), named max: the dtype of a binary or mathematical op's
// result, as max/python/max/graph/dtype_promotion.py (modular/modular)
// states it. spec.md in this directory is the specification it follows.
//
// # Two max values
//
// Promotion returns one of the input dtypes; it never widens. Each dtype
// has a category (bool < unsigned int < signed int < float) and a bit
// width; the target is the highest category with the largest width. When
// that is one of the inputs and it holds every value of the other exactly
// (dtype.Holds), it is the answer: uint8 with int16 is int16, int8 with
// float16 float16. Otherwise promotion fails: uint8 with int8 and int16
// with float16 (the target cannot represent the other input), int8 with
// uint16 and int32 with float16 (the target, int16 or float32, is neither
// input), float16 with bfloat16 (neither holds the other).
//
// # Non-max objects
//
// A Python int or float, or a NumPy scalar, is a non-max object with a weak
// dtype: meeting a max value it takes that value's dtype, after a check
// of its value (an int must lie in the range the dtype holds without loss,
// 16777217 does not fit float32; a float needs a float dtype). Two non-max
// objects, or one alone, are refused with MAX's TypeError.
//
// Several operands are a chain of binary ops, left to right.
package modularmax
