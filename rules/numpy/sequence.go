package numpy

// A DType class as np.result_type's promotion sees it: one of the 16
// builtins or ml_dtypes' types (the ntype values) or an abstract Python
// scalar DType.
type dclass uint8

const (
	pyInt     = dclass(numAllTypes) + iota // _PyLongDType
	pyFloat                                // _PyFloatDType
	pyComplex                              // _PyComplexDType

	cleared  dclass = 0xff // an entry the reduction dropped (NULL in NumPy)
	notImpl  dclass = 0xfe // the common-dtype slot's NotImplemented
	abstract        = pyInt
)

// builtin returns the NumPy builtin c is, if it is one.
func (c dclass) builtin() (ntype, bool) { return ntype(c), c < dclass(numNTypes) }

// concrete returns the builtin or ml_dtypes type c is, if it is not abstract.
func (c dclass) concrete() (ntype, bool) { return ntype(c), c < abstract }

func (c dclass) String() string {
	switch c {
	case pyInt:
		return "Python int"
	case pyFloat:
		return "Python float"
	case pyComplex:
		return "Python complex"
	}
	if t, ok := c.concrete(); ok {
		return t.String()
	}
	return "?"
}

// model selects the NumPy whose common-DType machinery runs. NumPy 2
// (numpy/_core @v2.4.6, which equals 1f90bbb5 for the builtins) lets a
// builtin DType answer for the Python scalar DTypes; NumPy 1.24
// (numpy/core @v1.24.2) lets the Python scalar DTypes answer for the
// builtins and swaps an abstract DType to the front before asking. For the
// builtins and Python scalars both give the same results; they differ in
// which DType is "main" once ml_dtypes' types take part.
type model struct {
	v124 bool
}

// slot is the DType's __common_dtype__ slot: cls's answer for other, or
// notImpl when cls defers to other.
func (m model) slot(cls, other dclass) dclass {
	if t, ok := cls.concrete(); ok {
		if t.user() {
			o, ok := other.concrete()
			if !ok {
				return notImpl // legacy DTypes defer to new-style (abstract) ones
			}
			if c, ok := userCommon(t, o); ok {
				return dclass(c)
			}
			return notImpl
		}
		return m.builtinSlot(t, other)
	}
	return m.abstractSlot(cls, other)
}

// builtinSlot is default_builtin_common_dtype
// (numpy/_core/src/multiarray/dtypemeta.c @1f90bbb5): in NumPy 2 a Python
// scalar DType is handled by kind; between builtins the one with the
// larger type number answers from the promotion table (float16, number 23,
// answers for every pair it is in), and a user DType (type number 256 and
// up) is left to answer. NumPy 1.24 (numpy/core/src/multiarray/
// dtypemeta.c:571-590 @v1.24.2) defers on every non-legacy DType.
func (m model) builtinSlot(cls ntype, other dclass) dclass {
	k := ntypes[cls].kind
	switch other {
	case pyComplex:
		switch {
		case m.v124:
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
		if !m.v124 && (k == kindComplex || k == kindFloat) {
			return dclass(cls)
		}
		return notImpl
	case pyInt:
		if !m.v124 && k != kindBool {
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
// @v2.4.6 :168-290; numpy/core/src/multiarray/abstractdtypes.c @v1.24.2
// :151-300). A Python scalar DType knows bool and integers (giving the
// default int64, float64 or complex128) and the lower Python kinds; NumPy
// 1.24's also answers for the other builtins it does not change (a Python
// int with float32 gives float32, a Python complex with float32
// complex64). With a user DType U it tries, in order, U's common DType with
// uint8, int8, int64 (Python int), with float16, float64 (Python float), or
// with complex64, complex128 (Python complex), and takes the first answer.
func (m model) abstractSlot(cls, other dclass) dclass {
	if ot, ok := other.concrete(); ok && ot.user() {
		var tries []ntype
		switch cls {
		case pyInt:
			tries = []ntype{nU8, nI8, nI64}
		case pyFloat:
			tries = []ntype{nF16, nF64}
		case pyComplex:
			tries = []ntype{nC64, nC128}
		}
		for _, t := range tries {
			if c, ok := userCommon(ot, t); ok {
				return dclass(c)
			}
		}
		return notImpl
	}
	ot, isBuiltin := other.builtin()
	var ok scalarKind = kindNone
	if isBuiltin {
		ok = ntypes[ot].kind
	}
	lowKind := ok == kindBool || ok == kindSigned || ok == kindUnsigned
	switch cls {
	case pyInt:
		if isBuiltin && ot == nBool {
			return dclass(nI64)
		}
		if m.v124 && isBuiltin {
			return other
		}
	case pyFloat:
		switch {
		case lowKind:
			return dclass(nF64)
		case m.v124 && isBuiltin:
			return other
		case other == pyInt:
			return pyFloat
		}
	case pyComplex:
		switch {
		case lowKind:
			return dclass(nC128)
		case m.v124 && isBuiltin && ok == kindComplex:
			return other
		case m.v124 && isBuiltin:
			return m.builtinComplex(ot)
		case other == pyInt || other == pyFloat:
			return pyComplex
		}
	}
	return notImpl
}

// builtinComplex is the complex type a Python complex gives with a real
// float dtype: float16 and float32 give complex64, float64 complex128,
// longdouble clongdouble.
func (m model) builtinComplex(t ntype) dclass {
	switch t {
	case nF16, nF32:
		return dclass(nC64)
	case nF64:
		return dclass(nC128)
	}
	return dclass(nCLongDouble)
}

// commonDType is PyArray_CommonDType (numpy/_core/src/multiarray/
// common_dtype.c @1f90bbb5): ask a, then b; ok is false when neither knows
// the other (a DTypePromotionError in NumPy).
func (m model) commonDType(a, b dclass) (dclass, bool) {
	if a == b {
		return a, true
	}
	c := m.slot(a, b)
	if c == notImpl {
		c = m.slot(b, a)
	}
	return c, c != notImpl
}

// reduceToMain is reduce_dtypes_to_most_knowledgeable: pair the first half
// with the mirrored second half; when the low entry defers, swap the two;
// when its answer is itself, drop the high entry; then recurse on the first
// half (rounded up) until two remain. NumPy 1.24 first swaps an abstract
// high entry to the low side (common_dtype.c:126-135 @v1.24.2). It returns
// the last pairwise answer, and leaves the main DType in ds[0].
func (m model) reduceToMain(ds []dclass) dclass {
	for {
		n := len(ds)
		half := n / 2
		var res dclass
		for low := 0; low < half; low++ {
			high := n - 1 - low
			if ds[high] == ds[low] {
				res = ds[low]
			} else {
				if m.v124 && ds[high] >= abstract {
					ds[low], ds[high] = ds[high], ds[low]
				}
				res = m.slot(ds[low], ds[high])
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
// scratch space. ok is false for a DTypePromotionError: the main DType
// could not promote bad (or, combining, the running result and bad had
// no common DType; then main is the running result).
func (m model) promoteSequence(ds []dclass) (result dclass, ok bool, main, bad dclass) {
	if len(ds) == 1 {
		return ds[0], true, 0, 0
	}
	result = m.reduceToMain(ds)
	main = ds[0]
	start := 2
	if result == notImpl {
		result, start = cleared, 1 // no result yet
	}
	for _, d := range ds[start:] {
		if d == cleared {
			continue
		}
		p := m.slot(main, d)
		if p == notImpl {
			return 0, false, main, d
		}
		if result == cleared {
			result = p
			continue
		}
		prev := result
		if result, ok = m.commonDType(result, p); !ok {
			return 0, false, prev, p
		}
	}
	return result, true, 0, 0
}

// defaultOf is the default descriptor of an abstract result (int64,
// float64, complex128), applied by PyArray_ResultType; concrete types are
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
