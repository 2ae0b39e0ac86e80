//go:build unix

package python

import (
	"syscall"
	"time"
)

// cpuTime is this process's user+system CPU time, so that a benchmark on
// a shared machine can report speed per CPU second, not per wall second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
