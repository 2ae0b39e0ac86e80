//go:build purego || !amd64

package checkpoint

// hasFP4LUT is false here: the Go loops write packed FP4 results.
const hasFP4LUT = false

func fp4LUT16(dst, blk, scales *byte, tabs *[256][32]byte, n int) { panic("fp4LUT16 without SSSE3") }

func fp4LUT8(dst, blk, scales *byte, tabs *[256][32]byte, n int) { panic("fp4LUT8 without SSSE3") }
