// Package julia is the rule set of Julia's Base.promote_type on 64-bit
// Julia: the promote_rule methods of base/int.jl, base/float.jl,
// base/bool.jl and base/complex.jl, joined by the mechanism of
// base/promotion.jl, with Julia literals typed by their text and never
// weak. spec.md in this directory restates the rules with their sources.
//
// # The rules
//
// Two integers of different sizes promote to the larger, whatever their
// signedness (Int8 with UInt16 is UInt16); of the same size, to the
// unsigned one (Int8 with UInt8 is UInt8). Any integer or Bool with a
// float is that float (Float16 with Int64 is Float16). Floats order
// Float16 < Float32 < Float64. Complex{T} with S is
// Complex{promote_type(T, S)}. Bool gives way to every number.
// Core.BFloat16, which Base declares but gives no promote_rule, meets only
// itself and Bool; with anything else promote_type throws "no promotion
// exists for Core.BFloat16 and Float32", as Julia does.
//
// # Operands
//
// An array and a typed value both stand for their element type; rank
// plays no part. Literals: true and false are Bool; a decimal integer is
// Int64 (Int128 and BigInt past it are refused as outside the catalogue);
// 0x, 0b and 0o literals are unsigned and sized by their digits (0x01 is
// UInt8, 0x0001 UInt16); 1.0 is Float64 and 1f0 Float32. A literal is an
// ordinary value, so Int8(1) + 1 is Int64. Weak operands, C's and
// Python's literal forms (1u, 1.0f, 1j) and dtypes Julia lacks are
// refused, each naming why.
//
// # N operands
//
// promote_type(T, S, U...) is a right fold; the pairwise rule is a join
// on a total order, so every order of the operands gives the same type
// (the package tests every ordered triple) and the rule set declares its
// semantics a set.
package julia
