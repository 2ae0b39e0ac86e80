//go:build purego || !(amd64 || arm64)

package kernels

// lutVec has no in-register form here.
type lutVec struct{}

func (*lutVec) init(*[256]uint64, int) bool { return false }

func (t *LUT) runFast(dst, src []byte, _ bool) { t.runGo(dst, src) }

func (t *LUT) runRowsFast(dst, src []byte, rows, width, dstStride, srcStride int) bool {
	return false
}
