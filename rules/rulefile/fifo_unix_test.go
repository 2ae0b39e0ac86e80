//go:build unix

package rulefile

import (
	"strings"
	"testing"

	"github.com/promote-dev/promote/internal/safein/fifotest"
)

// TestLoadRefusesFIFO: a named pipe given as a rule file is refused at
// once, naming it, instead of waiting in open(2) for a writer.
func TestLoadRefusesFIFO(t *testing.T) {
	fifo := fifotest.Make(t, "rules.toml")
	fifotest.Returns(t, fifo, func() {
		_, err := Load(fifo, nil)
		if err == nil || !strings.Contains(err.Error(), fifo+" is a named pipe (FIFO), not a regular file") {
			t.Errorf("Load: %v", err)
		}
	})
}
