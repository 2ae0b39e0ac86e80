//go:build !unix

package safeout

import "io/fs"

// currentUmask is 0 where there is no umask.
func currentUmask() fs.FileMode { return 0 }
