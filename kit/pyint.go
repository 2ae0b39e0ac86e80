package kit

import (
	"math/big"

	"github.com/promote-dev/promote/dtype"
)

// IntFits reports whether the Python int n lies in the range of the
// integer dtype d (bool: 0 and 1): the check a system makes before it
// holds the int in d (int64_t for a C++ Scalar, np.iinfo of its default
// int, the array's dtype it meets). A nil n fits nothing, and a dtype
// that is not an integer or bool holds no int. It allocates nothing.
func IntFits(n *big.Int, d dtype.DType) bool {
	if n == nil || !d.IsInteger() && d != dtype.Bool {
		return false
	}
	lo, hi := d.Format().IntRange()
	if n.Sign() < 0 {
		return n.IsInt64() && n.Int64() >= lo
	}
	return n.IsUint64() && n.Uint64() <= hi
}

// FirstFit returns the first of ds whose range holds the Python int n
// (IntFits), as systems that type an int by its value try their integer
// dtypes in order (Triton: int32, uint32, int64, uint64); ok is false when
// none holds it (PythonIntRange).
func FirstFit(n *big.Int, ds ...dtype.DType) (d dtype.DType, ok bool) {
	for _, d := range ds {
		if IntFits(n, d) {
			return d, true
		}
	}
	return dtype.Invalid, false
}
