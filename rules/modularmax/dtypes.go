package modularmax

import (
	"math/big"

	"github.com/promote-dev/promote/dtype"
)

// Dialect reads dtype names as MAX spells them: max.dtype.DType's member
// names (DType.float32, DType.float8_e4m3fn, DType.bool), with or without
// the DType. or max.dtype.DType. prefix.
var Dialect = dtype.NewDialect(Name, []string{"DType.", "max.dtype.DType."}, map[string]dtype.DType{
	"bool": dtype.Bool, "int8": dtype.I8, "int16": dtype.I16, "int32": dtype.I32, "int64": dtype.I64,
	"uint8": dtype.U8, "uint16": dtype.U16, "uint32": dtype.U32, "uint64": dtype.U64,
	"float4_e2m1fn": dtype.F4E2M1FN, "float6_e2m3fn": dtype.F6E2M3FN, "float6_e3m2fn": dtype.F6E3M2FN,
	"float8_e8m0fnu": dtype.F8E8M0FNU, "float8_e5m2": dtype.F8E5M2, "float8_e5m2fnuz": dtype.F8E5M2FNUZ,
	"float8_e4m3fn": dtype.F8E4M3FN, "float8_e4m3fnuz": dtype.F8E4M3FNUZ,
	"bfloat16": dtype.BF16, "float16": dtype.F16, "float32": dtype.F32, "float64": dtype.F64,
}, nil)

// info is what promotion knows of one MAX dtype: its name (str(DType)),
// and the range of _DTYPE_MIN_AND_MAX_FULL_PRECISION, the Python ints it
// takes without losing precision (srcPromo).
type info struct {
	name   string
	lo, hi *big.Float
}

// pow2 is 2^e as an exact big.Float, times m.
func pow2(m float64, e int) *big.Float {
	f := new(big.Float).SetFloat64(m)
	return f.SetMantExp(f, e)
}

func ints(lo, hi *big.Int) (*big.Float, *big.Float) {
	return new(big.Float).SetInt(lo), new(big.Float).SetInt(hi)
}

// infos are the dtypes of _DTYPE_MIN_AND_MAX_FULL_PRECISION (srcPromo),
// the ones max.graph promotes; every other catalogue dtype is refused.
var infos = func() map[dtype.DType]info {
	m := map[dtype.DType]info{}
	for _, d := range []dtype.DType{dtype.Bool, dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64} {
		lo, hi := d.Format().IntRange()
		if d == dtype.Bool {
			lo, hi = 0, 1
		}
		l, h := ints(big.NewInt(lo), new(big.Int).SetUint64(hi))
		m[d] = info{lo: l, hi: h}
	}
	sym := func(x *big.Float) (*big.Float, *big.Float) { return new(big.Float).Neg(x), x }
	set := func(d dtype.DType, lo, hi *big.Float) { m[d] = info{lo: lo, hi: hi} }
	// The bounds as the table writes them (1.10 * 2**16 for float8_e5m2
	// is the table's own figure; float8_e5m2's largest finite is 1.75 *
	// 2**15).
	set(dtype.F4E2M1FN, pow2(-1.5, 2), pow2(1.5, 2))
	set(dtype.F6E2M3FN, pow2(-1.875, 2), pow2(1.875, 2))
	set(dtype.F6E3M2FN, pow2(-1.75, 4), pow2(1.75, 4))
	set(dtype.F8E8M0FNU, pow2(1, -127), pow2(1, 127))
	l, h := sym(new(big.Float).Mul(big.NewFloat(1.10), pow2(1, 16)))
	set(dtype.F8E5M2, l, h)
	l, h = sym(pow2(1.75, 15))
	set(dtype.F8E5M2FNUZ, l, h)
	l, h = sym(pow2(1.75, 8))
	set(dtype.F8E4M3FN, l, h)
	l, h = sym(big.NewFloat(240))
	set(dtype.F8E4M3FNUZ, l, h)
	for d, e := range map[dtype.DType]int{dtype.BF16: 8, dtype.F16: 11, dtype.F32: 24, dtype.F64: 53} {
		l, h = sym(pow2(1, e))
		set(d, l, h)
	}
	for d, name := range names {
		i := m[d]
		i.name = name
		m[d] = i
	}
	return m
}()

// names are str(DType) of each MAX dtype, as its messages print them.
var names = map[dtype.DType]string{
	dtype.Bool: "bool", dtype.I8: "int8", dtype.I16: "int16", dtype.I32: "int32", dtype.I64: "int64",
	dtype.U8: "uint8", dtype.U16: "uint16", dtype.U32: "uint32", dtype.U64: "uint64",
	dtype.F4E2M1FN: "float4_e2m1fn", dtype.F6E2M3FN: "float6_e2m3fn", dtype.F6E3M2FN: "float6_e3m2fn",
	dtype.F8E8M0FNU: "float8_e8m0fnu", dtype.F8E5M2: "float8_e5m2", dtype.F8E5M2FNUZ: "float8_e5m2fnuz",
	dtype.F8E4M3FN: "float8_e4m3fn", dtype.F8E4M3FNUZ: "float8_e4m3fnuz",
	dtype.BF16: "bfloat16", dtype.F16: "float16", dtype.F32: "float32", dtype.F64: "float64",
}

// Has reports whether MAX's graph promotion has dtype d.
func Has(d dtype.DType) bool { _, ok := names[d]; return ok }

// category is the promotion category: bool < unsigned < signed < float.
func category(d dtype.DType) int {
	switch {
	case d == dtype.Bool:
		return 0
	case d.IsUnsigned():
		return 1
	case d.IsSigned():
		return 2
	}
	return 3
}

// categoryNames name the categories in messages.
var categoryNames = [...]string{"bool", "unsigned int", "signed int", "float"}
