//go:build !unix

package main

import "testing"

// mkfifo skips the test: named pipes in the file system are Unix's.
func mkfifo(t *testing.T, path string) {
	t.Skip("no named pipes in the file system here")
}
