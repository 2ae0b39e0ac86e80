//go:build unix

package npy

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/safein/fifotest"
)

// TestReadRefusesFIFO: a named pipe given as a .npy or .npz is refused at
// once, naming it, instead of waiting in open(2) for a writer.
func TestReadRefusesFIFO(t *testing.T) {
	for name, read := range map[string]func(string) error{
		"in.npy": func(p string) error { _, err := ReadFile(p); return err },
		"in.npz": func(p string) error { _, err := ReadNPZFile(p); return err },
	} {
		fifo := fifotest.Make(t, name)
		fifotest.Returns(t, fifo, func() {
			err := read(fifo)
			if err == nil || !strings.Contains(err.Error(), fifo+" is a named pipe (FIFO), not a regular file") {
				t.Errorf("%s: %v", name, err)
			}
		})
	}
}
