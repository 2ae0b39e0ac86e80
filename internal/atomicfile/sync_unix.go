//go:build unix

package atomicfile

import "syscall"

// errSyncUnsupported is what fsync of a directory returns on file systems
// that do not support it.
var errSyncUnsupported = syscall.EINVAL

// canSyncDir: Unix makes a rename durable by syncing its directory.
const canSyncDir = true
