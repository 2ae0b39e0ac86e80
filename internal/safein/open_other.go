//go:build !unix

package safein

import "os"

// openNonblocking is os.Open where there are no FIFOs that block an open
// (Windows' named pipes live outside the file system's paths).
func openNonblocking(path string) (*os.File, error) { return os.Open(path) }
