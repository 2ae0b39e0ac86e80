package numpy

import (
	"errors"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/pyapi"
)

// This file is NumPy's Python API as promote's Python dtype inference
// (package pytype, through package pyapi) reads it: which names of the
// numpy module are dtypes, scalar types, array constructors, ufuncs and
// reductions; what NumPy 2 refuses that NumPy 1.x allowed; and NEP 50's
// cases. Sources: numpy/numpy@1f90bbb5 numpy/__init__.py and
// numpy/_core/{numerictypes,numeric,fromnumeric,multiarray}.py (the names
// and their signatures), numpy/_core/code_generators/generate_umath.py
// (the ufuncs), doc/neps/nep-0050-scalar-promotion.rst (the cases).

// Python is NumPy's Python API for the Python dtype inference. It holds
// its rule sets and is safe for concurrent use.
type Python struct {
	v pyapi.Versions
}

// NewPython returns NumPy's Python API comparing NumPy 1.x (promotion=
// legacy, as NumPy 1.24) with NumPy 2 (the default, NEP 50).
func NewPython() *Python {
	return &Python{v: pyapi.Versions{
		OldName:    "NumPy 1.x",
		NewName:    "NumPy 2",
		Old:        Def.MustBuild("promotion=legacy"),
		New:        Def.MustBuild(),
		NewChecked: Def.MustBuild("check_values=true"),
	}}
}

// Module is "numpy".
func (*Python) Module() string { return "numpy" }

// Versions are NumPy 1.x and NumPy 2.
func (p *Python) Versions() pyapi.Versions { return p.v }

// scalarTypes are numpy's scalar types and their aliases on 64-bit Linux
// (numpy/_core/numerictypes.py; np.bool is NumPy 2's name of np.bool_,
// float_ and complex_ NumPy 1.x's aliases).
var scalarTypes = map[string]dtype.DType{
	"bool_": dtype.Bool, "bool": dtype.Bool,
	"int8": dtype.I8, "int16": dtype.I16, "int32": dtype.I32, "int64": dtype.I64,
	"uint8": dtype.U8, "uint16": dtype.U16, "uint32": dtype.U32, "uint64": dtype.U64,
	"float16": dtype.F16, "float32": dtype.F32, "float64": dtype.F64,
	"complex64": dtype.C64, "complex128": dtype.C128,
	"byte": dtype.I8, "ubyte": dtype.U8, "short": dtype.I16, "ushort": dtype.U16,
	"intc": dtype.I32, "uintc": dtype.U32, "int_": dtype.I64, "intp": dtype.I64, "uintp": dtype.U64,
	"uint": dtype.U64, "long": dtype.I64, "ulong": dtype.U64, "longlong": dtype.I64, "ulonglong": dtype.U64,
	"half": dtype.F16, "single": dtype.F32, "double": dtype.F64, "float_": dtype.F64,
	"csingle": dtype.C64, "cdouble": dtype.C128, "complex_": dtype.C128, "cfloat": dtype.C128,
	"longdouble": dtype.F80, "clongdouble": dtype.C160,
}

func ctor(def dtype.DType, dtypeArg, dataArg int) pyapi.Symbol {
	return pyapi.Symbol{Kind: pyapi.ArrayCtor, DType: def, DTypeArg: dtypeArg, DataArg: dataArg}
}

// functions are numpy's functions the inference types (numeric.py,
// fromnumeric.py, multiarray.py, function_base.py, twodim_base.py at
// numpy/numpy@1f90bbb5 numpy/_core and numpy/lib: the dtype argument's
// position is the signature's).
var functions = map[string]pyapi.Symbol{
	"zeros": ctor(dtype.F64, 1, -1), "ones": ctor(dtype.F64, 1, -1), "empty": ctor(dtype.F64, 1, -1),
	"full":       ctor(dtype.Invalid, 2, 1),
	"array":      ctor(dtype.Invalid, 1, 0),
	"asarray":    ctor(dtype.Invalid, 1, 0),
	"asanyarray": ctor(dtype.Invalid, 1, 0), "ascontiguousarray": ctor(dtype.Invalid, 1, 0),
	"zeros_like": {Kind: pyapi.ArrayCtor, DTypeArg: 1, DataArg: 0, Like: true},
	"ones_like":  {Kind: pyapi.ArrayCtor, DTypeArg: 1, DataArg: 0, Like: true},
	"empty_like": {Kind: pyapi.ArrayCtor, DTypeArg: 1, DataArg: 0, Like: true},
	"full_like":  {Kind: pyapi.ArrayCtor, DTypeArg: 2, DataArg: 0, Like: true},
	"arange":     {Kind: pyapi.ArrayCtor, DTypeArg: 3, DataArg: -1, Range: true},
	"linspace":   {Kind: pyapi.ArrayCtor, DType: dtype.F64, DTypeArg: 5, DataArg: -1, Range: true},
	"eye":        ctor(dtype.F64, 3, -1), "identity": ctor(dtype.F64, 1, -1),

	"add": pyUfunc("+"), "subtract": pyUfunc("-"), "multiply": pyUfunc("*"),
	"divide": pyUfunc("/"), "true_divide": pyUfunc("/"), "floor_divide": pyUfunc("//"),
	"remainder": pyUfunc("%"), "mod": pyUfunc("%"), "power": pyUfunc("**"),
	"equal": pyUfunc("=="), "not_equal": pyUfunc("!="), "less": pyUfunc("<"), "less_equal": pyUfunc("<="),
	"greater": pyUfunc(">"), "greater_equal": pyUfunc(">="),
	"bitwise_and": pyUfunc("&"), "bitwise_or": pyUfunc("|"), "bitwise_xor": pyUfunc("^"),
	"maximum": pyUfunc("maximum"), "minimum": pyUfunc("minimum"),
	"negative": pyUfunc("neg"), "absolute": pyUfunc("abs"), "abs": pyUfunc("abs"),
	"exp": pyUfunc("exp"), "log": pyUfunc("log"), "sqrt": pyUfunc("sqrt"), "sin": pyUfunc("sin"),
	"cos": pyUfunc("cos"), "tanh": pyUfunc("tanh"), "floor": pyUfunc("floor"), "ceil": pyUfunc("ceil"),

	"sum": reduction("sum", 2), "mean": reduction("mean", 2),
	"max": reduction("max", -1), "amax": reduction("max", -1),
	"min": reduction("min", -1), "amin": reduction("min", -1), "argmax": reduction("argmax", -1),

	"where": fn("where"), "clip": fn("clip"), "matmul": fn("matmul"), "concatenate": fn("concatenate"),
	"result_type": fn("result_type"), "can_cast": fn("can_cast"), "dtype": fn("dtype"),
	"finfo": fn("finfo"), "iinfo": fn("iinfo"),

	"ndarray": {Kind: pyapi.ArrayType},
	"typing":  {Kind: pyapi.Module}, "typing.NDArray": {Kind: pyapi.ArrayType},
}

func pyUfunc(op string) pyapi.Symbol { return pyapi.Symbol{Kind: pyapi.Ufunc, Op: op, DTypeArg: -1} }

func reduction(op string, dtypeArg int) pyapi.Symbol {
	return pyapi.Symbol{Kind: pyapi.Reduction, Op: op, DTypeArg: dtypeArg}
}

func fn(op string) pyapi.Symbol { return pyapi.Symbol{Kind: pyapi.Func, Op: op, DTypeArg: -1} }

// methods are ndarray's methods and attributes the inference types
// (numpy/_core/_add_newdocs.py: ndarray.astype(dtype), .sum(axis, dtype),
// .mean(axis, dtype), ...).
var methods = map[string]pyapi.Symbol{
	"astype": {Kind: pyapi.Func, Op: "astype", DTypeArg: 0},
	"sum":    reduction("sum", 1), "mean": reduction("mean", 1),
	"max": reduction("max", -1), "min": reduction("min", -1), "argmax": reduction("argmax", -1),
	"copy": fn("same"), "reshape": fn("same"), "ravel": fn("same"), "flatten": fn("same"),
	"transpose": fn("same"), "squeeze": fn("same"), "T": fn("same"),
	"dtype": fn("dtypeof"),
}

// Lookup describes numpy.PATH.
func (*Python) Lookup(path string) (pyapi.Symbol, bool) {
	if d, ok := scalarTypes[path]; ok {
		return pyapi.Symbol{Kind: pyapi.ScalarType, DType: d, DTypeArg: -1, DataArg: 0}, true
	}
	s, ok := functions[path]
	return s, ok
}

// Method describes an ndarray method or attribute.
func (*Python) Method(name string) (pyapi.Symbol, bool) {
	s, ok := methods[name]
	return s, ok
}

// DTypeString reads np.dtype's string forms: names ("float32", "uint8",
// "double"), type strings ("<f4", "i8") and one-letter codes.
func (*Python) DTypeString(s string) (dtype.DType, bool) {
	if d, ok := scalarTypes[s]; ok && s != "bool_" {
		return d, true
	}
	if d, ok := typeString(s); ok {
		return d, true
	}
	if d, ok := typeChars[s]; ok {
		return d, true
	}
	d, err := dtype.NumPy.Parse(s)
	if err != nil {
		return dtype.Invalid, false
	}
	if _, ok := builtin(d); !ok {
		return dtype.Invalid, false
	}
	return d, true
}

// typeChars are NumPy's one-letter type codes on 64-bit Linux (np.dtype
// of each, live run with Debian's NumPy 1.24.2: f float32, d float64, i
// int32, l int64, q int64, p int64, ...; the same in NumPy 2).
var typeChars = map[string]dtype.DType{
	"?": dtype.Bool, "b": dtype.I8, "B": dtype.U8, "h": dtype.I16, "H": dtype.U16,
	"i": dtype.I32, "I": dtype.U32, "l": dtype.I64, "L": dtype.U64, "q": dtype.I64, "Q": dtype.U64,
	"p": dtype.I64, "P": dtype.U64, "e": dtype.F16, "f": dtype.F32, "d": dtype.F64, "g": dtype.F80,
	"F": dtype.C64, "D": dtype.C128, "G": dtype.C160,
}

// typeStringRe is NumPy's array-protocol type string: an optional byte
// order, a kind letter and a size in bytes ("i8" is int64 in NumPy,
// where promote's catalogue reads i8 as int8).
var typeStringRe = regexp.MustCompile(`^[<>=|]?([biufc])(\d+)$`)

// typeString reads a NumPy type string such as "i8", "<f4" or "u1".
func typeString(s string) (dtype.DType, bool) {
	m := typeStringRe.FindStringSubmatch(s)
	if m == nil {
		return dtype.Invalid, false
	}
	kinds := map[string]scalarKind{"b": kindBool, "i": kindSigned, "u": kindUnsigned, "f": kindFloat, "c": kindComplex}
	for t := ntype(0); t < numNTypes; t++ {
		info := ntypes[t]
		size := info.size
		if info.kind == kindComplex {
			size *= 2 // complex64 is c8: its size counts both parts
		}
		if info.kind == kinds[m[1]] && strconv.Itoa(size) == m[2] && info.dtype != dtype.Invalid && t != nLongLong && t != nULongLong {
			return info.dtype, true
		}
	}
	return dtype.Invalid, false
}

// BuiltinDType: np.dtype(float) is float64, int int64 (the default
// integer, intp, on 64-bit Linux), bool bool, complex complex128.
func (*Python) BuiltinDType(name string) (dtype.DType, bool) {
	switch name {
	case "float":
		return dtype.F64, true
	case "int":
		return dtype.I64, true
	case "bool":
		return dtype.Bool, true
	case "complex":
		return dtype.C128, true
	}
	return dtype.Invalid, false
}

// IntoOverflows: NumPy 2 raises OverflowError ("Python integer 300 out of
// bounds for uint8") when a Python int is converted to an integer dtype
// that cannot hold it (np.uint8(300), np.array(-1, dtype=np.uint8));
// NumPy 1.24 wraps it with a DeprecationWarning (live run, Debian's
// python3-numpy 1.24.2: np.uint8(300) warns "NumPy will stop allowing
// conversion of out-of-bound Python integers to integer arrays").
func (*Python) IntoOverflows(d dtype.DType, v promote.Value) (bool, string) {
	if v.Kind != promote.IntValue || v.Int == nil || !d.IsInteger() {
		return false, ""
	}
	t, ok := builtin(d)
	if !ok {
		return false, ""
	}
	lo, hi := intRange(ntypes[t].size, ntypes[t].kind == kindUnsigned)
	if v.Int.Cmp(lo) >= 0 && v.Int.Cmp(hi) <= 0 {
		return false, ""
	}
	return true, "a wrapped value with a DeprecationWarning"
}

// intRange is the range of an integer of size bytes.
func intRange(size int, unsigned bool) (lo, hi *big.Int) {
	bits := uint(size * 8)
	one := big.NewInt(1)
	if unsigned {
		return new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
	}
	hi = new(big.Int).Sub(new(big.Int).Lsh(one, bits-1), one)
	return new(big.Int).Neg(new(big.Int).Lsh(one, bits-1)), hi
}

// kindOrder is dtype_kind_to_ordering (numpy/_core/src/multiarray/
// convert_datatype.c): b < u < i < f < c.
func kindOrder(k scalarKind) int {
	switch k {
	case kindBool:
		return 0
	case kindUnsigned:
		return 1
	case kindSigned:
		return 2
	case kindFloat:
		return 4
	case kindComplex:
		return 5
	}
	return -1
}

// SameKindCast is np.can_cast(from, to, "same_kind"), the casting an
// in-place ufunc (a += b) applies to its output: a safe cast, or a cast
// to a kind no lower in b < u < i < f < c (numpy/_core/src/multiarray/
// convert_datatype.c, PyArray_LegacyCanCastTypeTo; checked live with
// NumPy 1.24: u2 to i1 True, i2 to u1 False, f4 to i8 False).
func (*Python) SameKindCast(from, to dtype.DType) bool {
	a, ok1 := builtin(from)
	b, ok2 := builtin(to)
	if !ok1 || !ok2 {
		return false
	}
	if a == b || safeTable[a][b] {
		return true
	}
	oa, ob := kindOrder(ntypes[a].kind), kindOrder(ntypes[b].kind)
	return oa >= 0 && ob >= 0 && oa <= ob
}

// needsValueRe reads needsValueMsg.
var needsValueRe = regexp.MustCompile(`depends on the value of .+?: (.+?) gives (\S+|an error), (.+?) gives (\S+|an error); write`)

// Outcomes reads a legacy-needs-value refusal: two values the operands
// could hold that give different dtypes.
func (*Python) Outcomes(err error) ([]dtype.DType, []string, bool) {
	var pe *promote.Error
	if !errors.As(err, &pe) || pe.Rule != ruleLegacyNeedsValue {
		return nil, nil, false
	}
	m := needsValueRe.FindStringSubmatch(pe.Msg)
	if m == nil {
		return nil, nil, false
	}
	var dts []dtype.DType
	var exs []string
	for _, i := range []int{1, 3} {
		d, perr := dtype.Parse(m[i+1])
		if perr != nil {
			d = dtype.Invalid // "an error"
		}
		dts, exs = append(dts, d), append(exs, exampleWords(m[i])+" gives "+outcomeName(d))
	}
	return dts, exs, true
}

// exampleWords writes a legacy example in NumPy's words: "f32 with
// dimensions" is "an array of float32 with dimensions", "f32[](0)" "a 0-d
// float32 array holding 0".
func exampleWords(ex string) string {
	if m := zeroDimRe.FindStringSubmatch(ex); m != nil {
		if d, err := dtype.Parse(m[1]); err == nil {
			return "a 0-d " + npName(d) + " array or scalar holding " + m[2]
		}
	}
	if name, ok := strings.CutSuffix(ex, " with dimensions"); ok {
		if d, err := dtype.Parse(name); err == nil {
			return "a " + npName(d) + " array with dimensions"
		}
	}
	return ex
}

var zeroDimRe = regexp.MustCompile(`^(\w+)\[\]\((.*)\)$`)

func outcomeName(d dtype.DType) string {
	if d == dtype.Invalid {
		return "an error"
	}
	return npName(d)
}

// Candidate values of a 0-d operand whose value the source does not show:
// around the boundaries of NumPy 1.x's min_scalar_type (minscalar.go:
// uint8/int8, uint16/int16, uint32/int32, float16's and float32's ranges).
// The first, 1, stands for a typical small value.
var (
	intCands   = []int64{1, 0, -1, 200, 300, -200, 40000, 70000, -40000, 1 << 31, 1 << 40}
	floatCands = []float64{1, 1e5, 1e39}
)

// ValueCandidates lists the candidate values d can hold.
func (p *Python) ValueCandidates(d dtype.DType) []promote.Value {
	var out []promote.Value
	switch {
	case d == dtype.Bool:
		return []promote.Value{promote.Bool(true).Value}
	case d.IsInteger():
		for _, x := range intCands {
			v := promote.Int(x).Value
			if raises, _ := p.IntoOverflows(d, v); !raises {
				out = append(out, v)
			}
		}
	case d.IsFloat() || d.IsComplex():
		max := 65504.0
		switch d {
		case dtype.F32, dtype.C64:
			max = 3.4e38
		case dtype.F64, dtype.C128, dtype.F80, dtype.C160:
			max = 1.7e308
		}
		for _, x := range floatCands {
			if x > max {
				continue
			}
			if d.IsComplex() {
				out = append(out, promote.Complex(x, 0).Value)
			} else {
				out = append(out, promote.Float(x).Value)
			}
		}
	}
	return out
}

// Case names NEP 50's case for operands whose result changed
// (doc/neps/nep-0050-scalar-promotion.rst, "Motivation and scope" and
// "Impact on operators involving Python int, float, and complex").
func (*Python) Case(ops []promote.Operand, raised bool) string {
	var lit, intLit, scalar, array bool
	for _, o := range ops {
		switch {
		case o.Kind == promote.Literal:
			lit = true
			intLit = intLit || o.Value.Kind == promote.IntValue
		case o.Kind == promote.Scalar, o.Rank == 0:
			scalar = true
		default:
			array = true
		}
	}
	switch {
	case raised && intLit:
		return "NEP 50: a Python int takes the other operand's integer dtype and must fit in it (OverflowError)"
	case lit && !array:
		return "NEP 50: a Python scalar with a NumPy scalar keeps the NumPy scalar's dtype (NumPy 1.x promoted all-scalar operations by dtype, the Python scalar as int64/float64/complex128)"
	case scalar && array:
		return "NEP 50: the value of a NumPy scalar or 0-d array no longer matters when it meets an array (NumPy 1.x gave it the smallest dtype holding its value)"
	case lit && array:
		return "NEP 50: a Python scalar's value no longer matters (NumPy 1.x gave it the smallest dtype holding its value)"
	}
	return "NEP 50: value-based promotion removed"
}

// finfoValues are np.finfo's attributes of the IEEE formats: NumPy
// scalars of the format's dtype (numpy/_core/getlimits.py at
// numpy/numpy@1f90bbb5: eps 2**-(mantissa bits), max, tiny the smallest
// normal, resolution 10**-precision, epsneg 2**-(mantissa bits + 1)).
var finfoValues = map[dtype.DType]map[string]float64{
	dtype.F16: {"eps": 0x1p-10, "max": 65504, "min": -65504, "tiny": 0x1p-14, "smallest_normal": 0x1p-14, "resolution": 1e-3, "epsneg": 0x1p-11},
	dtype.F32: {"eps": 0x1p-23, "max": 0x1.fffffep127, "min": -0x1.fffffep127, "tiny": 0x1p-126, "smallest_normal": 0x1p-126, "resolution": 1e-6, "epsneg": 0x1p-24},
	dtype.F64: {"eps": 0x1p-52, "max": 0x1.fffffffffffffp1023, "min": -0x1.fffffffffffffp1023, "tiny": 0x1p-1022, "smallest_normal": 0x1p-1022, "resolution": 1e-15, "epsneg": 0x1p-53},
}

// Info: np.finfo(d).eps, .max, .min, .tiny, .smallest_normal, .resolution
// and .epsneg are NumPy scalars of d (of its real part for complex d);
// np.iinfo(d).max and .min are Python ints.
func (*Python) Info(fn string, d dtype.DType, attr string) (promote.Operand, bool) {
	switch fn {
	case "finfo":
		switch d {
		case dtype.C64:
			d = dtype.F32
		case dtype.C128:
			d = dtype.F64
		}
		v, ok := finfoValues[d][attr]
		if !ok {
			return promote.Operand{}, false
		}
		return promote.ScalarOf(d, promote.Float(v).Value), true
	case "iinfo":
		t, ok := builtin(d)
		if !ok || !d.IsInteger() {
			return promote.Operand{}, false
		}
		lo, hi := intRange(ntypes[t].size, ntypes[t].kind == kindUnsigned)
		v := hi
		switch attr {
		case "min":
			v = lo
		case "max":
		default:
			return promote.Operand{}, false
		}
		return promote.Operand{Kind: promote.Literal, Value: promote.Value{Kind: promote.IntValue, Int: v, Text: v.String()}}, true
	}
	return promote.Operand{}, false
}

// DTypeName is NumPy's name of d.
func (*Python) DTypeName(d dtype.DType) string { return npName(d) }

var _ pyapi.Library = (*Python)(nil)

// PythonLibrary is NumPy's Python API (NewPython): rule sets built from
// Def are pyapi.Providers, which is how the lint and the explorer find it.
func (*rules) PythonLibrary() pyapi.Library { return NewPython() }
