//go:build purego || !amd64

package checkpoint

// countZeroNaN returns how many bytes of src are e4m3fn ±0 (b&0x7f == 0)
// and NaN (b&0x7f == 0x7f).
func countZeroNaN(src []byte) (zeros, nans int) { return countZeroNaNWords(src) }
