package numpy

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/dtype"
)

// dtypeClassNames are the class names NumPy 2 prints for its builtin DTypes
// (numpy.dtypes.Float16DType ...).
var dtypeClassNames = [numNTypes]string{
	nBool: "BoolDType", nI8: "Int8DType", nU8: "UInt8DType", nI16: "Int16DType", nU16: "UInt16DType",
	nI32: "Int32DType", nU32: "UInt32DType", nI64: "Int64DType", nU64: "UInt64DType",
	nF16: "Float16DType", nF32: "Float32DType", nF64: "Float64DType", nLongDouble: "LongDoubleDType",
	nC64: "Complex64DType", nC128: "Complex128DType", nCLongDouble: "CLongDoubleDType",
	nLongLong: "LongLongDType", nULongLong: "ULongLongDType",
}

// classRepr is how NumPy prints a DType class in its promotion errors:
// NumPy 2 "<class 'numpy.dtypes.Float16DType'>", NumPy 1.24 and every
// user DType "<class 'numpy.dtype[float16]'>", the Python scalar DTypes
// "<class 'numpy.dtypes._PyFloatDType'>" (1.24: numpy._PyFloatAbstractDType).
func (m model) classRepr(c dclass) string {
	switch c {
	case pyInt, pyFloat, pyComplex:
		kind := map[dclass]string{pyInt: "Long", pyFloat: "Float", pyComplex: "Complex"}[c]
		if m.v124 {
			if c == pyInt {
				kind = "Int"
			}
			return "<class 'numpy._Py" + kind + "AbstractDType'>"
		}
		return "<class 'numpy.dtypes._Py" + kind + "DType'>"
	}
	t, _ := c.concrete()
	if !m.v124 && !t.user() {
		return "<class 'numpy.dtypes." + dtypeClassNames[t] + "'>"
	}
	return "<class 'numpy.dtype[" + ntypes[t].name + "]'>"
}

// errClass is the exception NumPy raises when DTypes do not promote:
// DTypePromotionError since NumPy 1.25, a plain TypeError in 1.24.
func (m model) errClass() string {
	if m.v124 {
		return "TypeError"
	}
	return "DTypePromotionError"
}

// noCommonMsg is PyArray_CommonDType's error (common_dtype.c).
func (m model) noCommonMsg(a, b dclass) string {
	return fmt.Sprintf("%s: The DTypes %s and %s do not have a common DType. For example they cannot be stored in a single array unless the dtype is `object`.",
		m.errClass(), m.classRepr(a), m.classRepr(b))
}

// notPromotedMsg is PyArray_PromoteDTypeSequence's error (common_dtype.c):
// the main DType could not promote another.
func (m model) notPromotedMsg(bad, main dclass) string {
	return fmt.Sprintf("%s: The DType %s could not be promoted by %s. This means that no common DType exists for the given inputs. For example they cannot be stored in a single array unless the dtype is `object`.",
		m.errClass(), m.classRepr(bad), m.classRepr(main))
}

// mlNames lists the types an ml_dtypes release registers, as NumPy names
// them, for refusals.
func mlNames(v mlVersion) string {
	var names []string
	for t := nBF16; t < numAllTypes; t++ {
		if !t.new06() || v == mlV06 {
			names = append(names, ntypes[t].name)
		}
	}
	return strings.Join(names, ", ")
}

// notRegisteredMsg refuses a dtype that neither NumPy nor the imported
// ml_dtypes has.
func notRegisteredMsg(d dtype.DType, v mlVersion) string {
	if v == mlV05 {
		return fmt.Sprintf("TypeError: data type %q not understood (%s; with ml_dtypes=true the dtypes are NumPy's builtins and ml_dtypes 0.5's %s)",
			d.String(), notMLReason(d, v), mlNames(v))
	}
	return fmt.Sprintf("TypeError: data type %q not understood (%s; with ml_dtypes=0.6 the dtypes are NumPy's builtins and ml_dtypes 0.6's %s)",
		d.String(), notMLReason(d, v), mlNames(v))
}

func notMLReason(d dtype.DType, v mlVersion) string {
	switch {
	case d == dtype.Dynamic:
		return "dynamic is OpenVINO's run-time element type, not a NumPy dtype"
	case v == mlV05 && (d == dtype.U1 || d == dtype.I1):
		return "ml_dtypes 0.5 has no 1-bit integers (0.6.0 adds int1 and uint1: set ml_dtypes=0.6)"
	case v == mlV05 && d == dtype.C32:
		return "neither NumPy nor ml_dtypes 0.5 has complex32 (complex half)"
	case v == mlV06 && d == dtype.C32:
		return "ml_dtypes 0.6.0 registers complex32, but promote does not model it: no live run has asked it"
	case v == mlV05 && d == dtype.BC32:
		return "bcomplex32 is not registered by ml_dtypes 0.5 (ml_dtypes 0.6.0 adds it: set ml_dtypes=0.6)"
	}
	if v == mlV06 {
		return d.String() + " is neither a NumPy builtin nor an ml_dtypes 0.6 type"
	}
	return d.String() + " is neither a NumPy builtin nor an ml_dtypes 0.5 type"
}
