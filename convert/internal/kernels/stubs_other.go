//go:build purego || !(amd64 || arm64)

package kernels

// registerFast has nothing to add: the pure-Go kernels are the kernels.
func registerFast() {}

// sfence has nothing to order: there are no non-temporal stores.
func sfence() {}
