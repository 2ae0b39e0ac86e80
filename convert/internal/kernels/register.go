package kernels

import "github.com/promote-dev/promote/dtype"

// registerPure fills the table with the pure-Go kernels.
func registerPure() {
	setPure(dtype.F16, dtype.F32, goF32ToF16)
	setPure(dtype.F32, dtype.F16, goF16ToF32)
	setPure(dtype.BF16, dtype.F32, goF32ToBF16)
	setPure(dtype.F32, dtype.BF16, goBF16ToF32)
	setPure(dtype.F64, dtype.F32, goF32ToF64)
	setPure(dtype.F32, dtype.F64, goF64ToF32)

	registerInt[int8](dtype.I8)
	registerInt[int16](dtype.I16)
	registerInt[int32](dtype.I32)
	registerInt[int64](dtype.I64)
	registerInt[uint8](dtype.U8)
	registerInt[uint16](dtype.U16)
	registerInt[uint32](dtype.U32)
	registerInt[uint64](dtype.U64)

	for _, t := range append(append([]dtype.DType(nil), smallFloats...), dtype.F8E8M0FNU) {
		f8[t] = newF8Params(t.Format())
	}
	registerTableEncode()

	registerIntInt()
	registerPureChains()
	registerDirect()
	registerSmallDecode() // after the f32 kernels it runs the tables through

	floats := []struct {
		t        dtype.DType
		size     int
		mag, one uint64
	}{
		{dtype.F16, 2, 0x7fff, 0x3c00},
		{dtype.BF16, 2, 0x7fff, 0x3f80},
		{dtype.F32, 4, 0x7fffffff, 0x3f800000},
		{dtype.F64, 8, 1<<63 - 1, 0x3ff0000000000000},
	}
	for _, f := range floats {
		setPure(dtype.Bool, f.t, toBool(f.size, f.mag))
		setPure(f.t, dtype.Bool, fromBool(f.size, f.one))
	}
	for _, t := range []dtype.DType{dtype.I8, dtype.I16, dtype.I32, dtype.I64, dtype.U8, dtype.U16, dtype.U32, dtype.U64} {
		size := t.Bits() / 8
		setPure(dtype.Bool, t, toBool(size, 1<<(8*size)-1))
		setPure(t, dtype.Bool, fromBool(size, 1))
	}
	registerByteTables()
}

// registerInt registers the kernels between f32, f64 and T.
func registerInt[T integer](t dtype.DType) {
	setPure(t, dtype.F32, goF32ToInt[T])
	setPure(dtype.F32, t, goIntToF32[T])
	setPure(t, dtype.F64, goF64ToInt[T])
	setPure(dtype.F64, t, goIntToF64[T])
}
