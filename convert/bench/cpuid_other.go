//go:build !amd64

package bench

// cpuidCache reports nothing where there is no CPUID: sysfs alone decides.
func cpuidCache() (level int, bytes int64) { return 0, 0 }
