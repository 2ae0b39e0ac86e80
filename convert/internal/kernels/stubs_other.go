//go:build purego || !amd64

package kernels

// registerFast has nothing to add: the pure-Go kernels are the kernels.
func registerFast() {}
