package numpy

// A DType class as np.result_type's promotion sees it: one of the 16
// builtins (the ntype values) or an abstract Python scalar DType.
type dclass uint8

const (
	pyInt     = dclass(numNTypes) + iota // _PyLongDType
	pyFloat                              // _PyFloatDType
	pyComplex                            // _PyComplexDType

	cleared  dclass = 0xff // an entry the reduction dropped (NULL in NumPy)
	notImpl  dclass = 0xfe // the common-dtype slot's NotImplemented
	abstract        = pyInt
)

func (c dclass) builtin() (ntype, bool) { return ntype(c), c < abstract }

func (c dclass) String() string {
	switch c {
	case pyInt:
		return "Python int"
	case pyFloat:
		return "Python float"
	case pyComplex:
		return "Python complex"
	}
	if t, ok := c.builtin(); ok {
		return t.String()
	}
	return "?"
}

// slot is the DType's __common_dtype__ slot: cls's answer for other, or
// notImpl when cls defers to other.
func slot(cls, other dclass) dclass {
	if t, ok := cls.builtin(); ok {
		return builtinSlot(t, other)
	}
	return abstractSlot(cls, other)
}

// builtinSlot is default_builtin_common_dtype
// (numpy/_core/src/multiarray/dtypemeta.c @1f90bbb5): a Python scalar
// DType is handled by kind; between builtins the one with the larger type
// number answers from the promotion table (float16, number 23, answers for
// every pair it is in).
func builtinSlot(cls ntype, other dclass) dclass {
	k := ntypes[cls].kind
	switch other {
	case pyComplex:
		switch {
		case k == kindComplex:
			return dclass(cls)
		case cls == nF16 || cls == nF32:
			return dclass(nC64)
		case cls == nF64:
			return dclass(nC128)
		case cls == nLongDouble:
			return dclass(nCLongDouble)
		}
		return notImpl
	case pyFloat:
		if k == kindComplex || k == kindFloat {
			return dclass(cls)
		}
		return notImpl
	case pyInt:
		if k != kindBool {
			return dclass(cls)
		}
		return notImpl
	}
	o := ntype(other)
	if ntypes[o].num > ntypes[cls].num {
		return notImpl
	}
	return dclass(promoteTable[cls][o])
}

// abstractSlot is int_common_dtype, float_common_dtype and
// complex_common_dtype (numpy/_core/src/multiarray/abstractdtypes.c
// @1f90bbb5): a Python scalar DType knows only bool and integers (giving the
// default int64, float64 or complex128) and the lower Python kinds.
func abstractSlot(cls, other dclass) dclass {
	ot, isBuiltin := other.builtin()
	lowKind := isBuiltin && (ntypes[ot].kind == kindBool || ntypes[ot].kind == kindSigned || ntypes[ot].kind == kindUnsigned)
	switch cls {
	case pyInt:
		if isBuiltin && ot == nBool {
			return dclass(nI64)
		}
	case pyFloat:
		switch {
		case lowKind:
			return dclass(nF64)
		case other == pyInt:
			return pyFloat
		}
	case pyComplex:
		switch {
		case lowKind:
			return dclass(nC128)
		case other == pyInt || other == pyFloat:
			return pyComplex
		}
	}
	return notImpl
}

// commonDType is PyArray_CommonDType (numpy/_core/src/multiarray/
// common_dtype.c @1f90bbb5): ask a, then b; ok is false when neither knows
// the other (a DTypePromotionError in NumPy).
func commonDType(a, b dclass) (dclass, bool) {
	if a == b {
		return a, true
	}
	c := slot(a, b)
	if c == notImpl {
		c = slot(b, a)
	}
	return c, c != notImpl
}

// reduceToMain is reduce_dtypes_to_most_knowledgeable: pair the first half
// with the mirrored second half; when the low entry defers, swap the two;
// when its answer is itself, drop the high entry; then recurse on the first
// half (rounded up) until two remain. It returns the last pairwise answer,
// and leaves the main DType in ds[0].
func reduceToMain(ds []dclass) dclass {
	for {
		n := len(ds)
		half := n / 2
		var res dclass
		for low := 0; low < half; low++ {
			high := n - 1 - low
			if ds[high] == ds[low] {
				res = ds[low]
			} else {
				res = slot(ds[low], ds[high])
			}
			switch res {
			case notImpl:
				ds[low], ds[high] = ds[high], ds[low]
			case ds[low]:
				ds[high] = cleared
			}
		}
		if n == 2 {
			return res
		}
		ds = ds[:n-half]
	}
}

// promoteSequence is PyArray_PromoteDTypeSequence
// (numpy/_core/src/multiarray/common_dtype.c @1f90bbb5), the "main DType"
// procedure np.result_type and ufunc dispatch use for any number of
// operands: reduce to the main DType, promote every remaining DType with
// it, and combine those answers with PyArray_CommonDType. ds is used as
// scratch space. ok is false for a DTypePromotionError, with the DType the
// main one could not promote.
func promoteSequence(ds []dclass) (result dclass, ok bool, bad dclass) {
	if len(ds) == 1 {
		return ds[0], true, 0
	}
	result = reduceToMain(ds)
	main := ds[0]
	start := 2
	if result == notImpl {
		result, start = cleared, 1 // no result yet
	}
	for _, d := range ds[start:] {
		if d == cleared {
			continue
		}
		p := slot(main, d)
		if p == notImpl {
			return 0, false, d
		}
		if result == cleared {
			result = p
			continue
		}
		if result, ok = commonDType(result, p); !ok {
			return 0, false, p
		}
	}
	return result, true, 0
}

// defaultOf is the default descriptor of an abstract result (int64,
// float64, complex128), applied by PyArray_ResultType; builtins are
// returned as they are.
func defaultOf(c dclass) ntype {
	switch c {
	case pyInt:
		return nI64
	case pyFloat:
		return nF64
	case pyComplex:
		return nC128
	}
	return ntype(c)
}
