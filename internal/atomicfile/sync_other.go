//go:build !unix

package atomicfile

import "errors"

// errSyncUnsupported stands for the error a file system gives when a
// directory cannot be synced; off Unix syncDir does not try.
var errSyncUnsupported = errors.New("directory sync unsupported")

// canSyncDir: Windows has no fsync of a directory (a rename there is
// made durable by the file system, not by the caller).
const canSyncDir = false
