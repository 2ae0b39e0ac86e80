// Package pyapi is the vocabulary in which a rule set describes its Python
// library to promote's Python dtype inference (package pytype): which names
// of the library are dtypes, scalar types, array constructors, ufuncs and
// reductions, and which two versions of the library the lint compares.
//
// It depends on nothing but the promote root and dtype packages, so a rule
// set (rules/numpy) implements Library without importing the inference,
// and the inference reads any library through it: NumPy today, PyTorch or
// JAX later, each keeping its knowledge in its own rule set's package.
package pyapi

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
)

// Kind says what a library name is.
type Kind uint8

// The kinds of names.
const (
	// Unknown is a name the library does not describe: the inference
	// gives whatever it produces the unknown type.
	Unknown Kind = iota
	// Module is a submodule (numpy.typing, numpy.random): attribute
	// lookups continue in it.
	Module
	// DType is a dtype value usable as dtype= (np.dtype("f4") gives one).
	DType
	// ScalarType is a scalar type such as np.float32: a DType that, called,
	// makes a scalar of that dtype (an array when given an array).
	ScalarType
	// ArrayCtor makes an array (np.zeros, np.array); see Symbol's fields.
	ArrayCtor
	// Ufunc is an elementwise function; Op names the operation in the
	// vocabulary of package infer ("+", "/", "exp", "maximum").
	Ufunc
	// Reduction reduces an array (np.sum, np.mean); Op is "sum", "mean",
	// "max", "min" or "argmax".
	Reduction
	// Func is a function the inference types specially; Op names it:
	// "where", "clip", "matmul", "concatenate", "result_type",
	// "can_cast", "dtype" (np.dtype), "astype", "same" (a method that
	// keeps the dtype: copy, reshape, ravel, ...), "finfo" and "iinfo"
	// (whose attributes Library.Info describes).
	Func
	// ArrayType is an annotation type of arrays (npt.NDArray, np.ndarray);
	// subscripted with a dtype (NDArray[np.float32]) it types a parameter.
	ArrayType
)

// Symbol describes one library name.
type Symbol struct {
	Kind Kind
	// DType is the dtype of a DType or ScalarType, and the default dtype
	// of an ArrayCtor (dtype.Invalid: taken from its data argument).
	DType dtype.DType
	// Op names the operation of a Ufunc, Reduction or Func.
	Op string
	// DTypeArg is the position of an ArrayCtor's, Ufunc's or Reduction's
	// dtype argument when passed positionally, or -1 (keyword only).
	DTypeArg int
	// DataArg is the position of the argument an ArrayCtor takes its
	// dtype from without dtype= (np.array's object, np.full's
	// fill_value, np.zeros_like's a), or -1.
	DataArg int
	// Like marks an ArrayCtor that copies its DataArg's dtype and shape
	// (np.zeros_like); without it the data's values are converted.
	Like bool
	// Range marks an ArrayCtor whose dtype, without dtype=, is that of all
	// its positional arguments together (np.arange, np.linspace with
	// DType set: the default whatever the arguments).
	Range bool
}

// Versions are the two versions of a library the lint compares, as rule
// sets.
type Versions struct {
	// OldName and NewName name them in findings ("NumPy 1.x", "NumPy 2").
	OldName, NewName string
	// Old and New answer the dtype of an operation (np.result_type);
	// NewChecked also raises where the new version raises at run time
	// (NumPy 2's OverflowError for a Python int out of bounds).
	Old, New, NewChecked promote.Rules
}

// Library is a Python library's typing knowledge.
type Library interface {
	// Module is the top-level module ("numpy").
	Module() string
	// Lookup describes the name at path below the module ("float32",
	// "typing.NDArray"); ok is false for names it does not know.
	Lookup(path string) (Symbol, bool)
	// Method describes an array method or attribute (astype, sum, T).
	Method(name string) (Symbol, bool)
	// DTypeString reads a dtype given as a string ("float32", "f4", "<i8").
	DTypeString(s string) (dtype.DType, bool)
	// BuiltinDType is the dtype a Python builtin type stands for as a
	// dtype argument (float, int, bool, complex).
	BuiltinDType(name string) (dtype.DType, bool)
	// Versions are the two versions the lint compares.
	Versions() Versions
	// IntoOverflows says whether storing the Python int v in dtype d
	// (np.uint8(300), np.array(-1, dtype=np.uint8)) raises in the new
	// version, and what the old version does instead.
	IntoOverflows(d dtype.DType, v promote.Value) (raises bool, old string)
	// SameKindCast reports whether the in-place operation that computed
	// from may store its result in an array of dtype to (NumPy's
	// casting="same_kind").
	SameKindCast(from, to dtype.DType) bool
	// Outcomes reads the old version's refusal err when it says the
	// answer depends on values the program does not show: one example
	// dtype per outcome, with the value that gives it ("1 gives float32").
	Outcomes(err error) (dts []dtype.DType, examples []string, ok bool)
	// ValueCandidates are values a 0-d operand of dtype d whose value the
	// source does not show may hold, at the boundaries where the old
	// version's answer changes; the first is the representative (a typical
	// small value). Empty for dtypes it does not describe.
	ValueCandidates(d dtype.DType) []promote.Value
	// Case names the library's migration case for a finding on the
	// operands ops (NEP 50's: "NumPy scalar with a Python scalar", ...).
	Case(ops []promote.Operand, raised bool) string
	// Info is attribute attr of fn(d) (fn "finfo" or "iinfo": np.finfo(
	// np.float32).eps is a float32 scalar, np.iinfo(np.uint8).max the
	// Python int 255); ok is false for attributes it does not describe.
	Info(fn string, d dtype.DType, attr string) (promote.Operand, bool)
	// DTypeName spells d as the library does (float32, bool).
	DTypeName(d dtype.DType) string
}

// Provider is implemented by a rule set that models a Python library's
// API for the Python dtype inference (package pytype) and the porting
// lint: NumPy's rule set provides numpy's. The registry finds the
// providers (rules.PythonLibraries), so the lint and the explorer name no
// library themselves.
type Provider interface {
	// PythonLibrary returns a model of the library, safe for concurrent
	// use.
	PythonLibrary() Library
}
