//go:build !linux

package main

import (
	"io"
	"os"
)

// isTerminal reports whether w is a terminal, approximated off Linux as a
// character device.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
