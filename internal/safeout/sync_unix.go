//go:build unix

package safeout

import "syscall"

// errSyncUnsupported is what fsync of a directory returns on file systems
// that do not support it.
var errSyncUnsupported = syscall.EINVAL
