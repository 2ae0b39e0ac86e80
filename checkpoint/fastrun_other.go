//go:build purego || !amd64

package checkpoint

// fastRun16Vec does nothing here: fastRun16's Go loop does it all.
func fastRun16Vec(xs []uint32, ys []uint16, t, t2, lim uint32) (done, exact int) { return 0, 0 }

// fastRun32Vec does nothing here: fastRun32's Go loop does it all.
func fastRun32Vec(xs, ys []uint32, t, t2, lim uint32) (done, exact int) { return 0, 0 }

// hasFastRun16Vec reports whether fastRun16Vec and fastRun32Vec do
// anything here.
func hasFastRun16Vec() bool { return false }
