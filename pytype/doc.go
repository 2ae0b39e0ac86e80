// Package pytype is promote's dtype inference over Python source: it reads
// a module with package python, follows values through imports and
// aliases (import numpy as np, from numpy import float32), scalar and
// array constructors (np.float32(x), np.zeros(n, dtype=np.uint8),
// np.array([...], dtype=...)), .astype, dtype= keywords of ufuncs and
// reductions, annotations (npt.NDArray[np.float32]), literals and
// assignments within a function, and types every operation under two
// versions of a library with promote's rule sets (for NumPy: NumPy 1.x's
// promotion=legacy and NumPy 2's NEP 50), through package infer's op
// typing, so each answer names the rule that decided it.
//
// A Checker reports a Finding wherever the two versions give a different
// dtype, where the old version's dtype depends on values the source does
// not show and one of them differs, and where the new version raises
// (NumPy 2's OverflowError for an out-of-bounds Python int, the refused
// same_kind cast of an in-place u8_array += np.int16(5), np.can_cast of a
// Python number).
//
// The inference is sound where it answers: a value it cannot follow is
// unknown, and nothing is reported about an unknown operand. Branches
// join conservatively (a name bound to different values on two paths is
// unknown after them); a loop is walked from the fixed point of its head;
// a function sees the module's names that are bound once; parameters are
// unknown unless annotated. A finding is only reported where the
// operands are the same in both versions, so a difference is reported
// once, where it starts, not at every later use.
//
// What a library's names mean lives in that library's rule set (NumPy's
// in rules/numpy, python.go) behind pyapi.Library, so the same inference
// can later read PyTorch or JAX code.
package pytype
