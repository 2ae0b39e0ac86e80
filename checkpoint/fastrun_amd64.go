//go:build !purego

package checkpoint

import "golang.org/x/sys/cpu"

// hasFastRun512 reports whether fastRun16x16 can run: AVX-512 F and BW
// (VPMOVZXWD into a Z register) and POPCNT.
var hasFastRun512 = cpu.X86.HasAVX512F && cpu.X86.HasAVX512BW && cpu.X86.HasPOPCNT

//go:noescape
func fastRun16x16(xs *uint32, ys *uint16, n int, t, t2, lim uint32) (done, exact int)

// fastRun16Vec runs fastRun16's loop 16 elements a step over the whole
// steps of xs, as far as every lane of a step passes; it returns the
// elements done and how many of them were exact.
func fastRun16Vec(xs []uint32, ys []uint16, t, t2, lim uint32) (done, exact int) {
	n := min(len(xs), len(ys)) &^ 15
	if !hasFastRun512 || n == 0 {
		return 0, 0
	}
	return fastRun16x16(&xs[0], &ys[0], n, t, t2, lim)
}

//go:noescape
func fastRun32x16(xs *uint32, ys *uint32, n int, t, t2, lim uint32) (done, exact int)

// fastRun32Vec is fastRun16Vec for f32 results.
func fastRun32Vec(xs, ys []uint32, t, t2, lim uint32) (done, exact int) {
	n := min(len(xs), len(ys)) &^ 15
	if !hasFastRun512 || n == 0 {
		return 0, 0
	}
	return fastRun32x16(&xs[0], &ys[0], n, t, t2, lim)
}

// hasFastRun16Vec reports whether fastRun16Vec and fastRun32Vec do
// anything here.
func hasFastRun16Vec() bool { return hasFastRun512 }
