//go:build unix

package safetensors

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/safein/fifotest"
)

// TestOpenRefusesFIFO: a named pipe is refused at once, naming it, instead
// of waiting in open(2) for a writer (promote recast then outlived SIGTERM).
func TestOpenRefusesFIFO(t *testing.T) {
	fifo := fifotest.Make(t, "in.safetensors")
	fifotest.Returns(t, fifo, func() {
		f, err := Open(fifo)
		if err == nil {
			f.Close()
		}
		if err == nil || !strings.Contains(err.Error(), fifo+" is a named pipe (FIFO), not a regular file") {
			t.Errorf("Open: %v", err)
		}
	})
}
