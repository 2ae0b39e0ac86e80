package kernels

import "github.com/promote-dev/promote/dtype"

// registerDirect replaces pure-Go chains (chain.go) by kernels that
// convert each element in one step, without the intermediate buffer; it
// runs after registerPureChains. Each is exact for the reason its chain
// is.
func registerDirect() {
	registerHalfToInt[int8](dtype.I8)
	registerHalfToInt[int16](dtype.I16)
	registerHalfToInt[int32](dtype.I32)
	registerHalfToInt[int64](dtype.I64)
	registerHalfToInt[uint8](dtype.U8)
	registerHalfToInt[uint16](dtype.U16)
	registerHalfToInt[uint32](dtype.U32)
	registerHalfToInt[uint64](dtype.U64)
}

func registerHalfToInt[T integer](t dtype.DType) {
	setPure(t, dtype.F16, goF16ToInt[T])
	setPure(t, dtype.BF16, goBF16ToInt[T])
}
