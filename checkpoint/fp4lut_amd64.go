//go:build !purego

package checkpoint

import "golang.org/x/sys/cpu"

// hasFP4LUT reports whether fp4LUT16 and fp4LUT8 can run (PSHUFB).
var hasFP4LUT = cpu.X86.HasSSSE3

//go:noescape
func fp4LUT16(dst, blk, scales *byte, tabs *[256][32]byte, n int)

//go:noescape
func fp4LUT8(dst, blk, scales *byte, tabs *[256][32]byte, n int)
