//go:build !purego

package checkpoint

import "golang.org/x/sys/cpu"

// hasZeroNaN512 reports whether countZeroNaN512 can run: it needs
// AVX-512BW's byte masks and POPCNT.
var hasZeroNaN512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasPOPCNT

//go:noescape
func countZeroNaN512(src *byte, n int) (zeros, nans int)

// countZeroNaN returns how many bytes of src are e4m3fn ±0 (b&0x7f == 0)
// and NaN (b&0x7f == 0x7f): 128 bytes a step in AVX-512 where the CPU
// has it, the word loop for the rest.
func countZeroNaN(src []byte) (zeros, nans int) {
	if m := len(src) &^ 127; hasZeroNaN512 && m > 0 {
		zeros, nans = countZeroNaN512(&src[0], m)
		src = src[m:]
	}
	z, n := countZeroNaNWords(src)
	return zeros + z, nans + n
}
