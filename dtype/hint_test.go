package dtype

import (
	"strings"
	"testing"
)

// TestHintIsDialectAware: an unknown name under a system's dialect lists
// that system's own spellings and the common canonical names, not the
// whole catalogue; every hint stays one bounded line.
func TestHintIsDialectAware(t *testing.T) {
	_, err := NumPy.Parse("foo")
	msg := err.Error()
	for _, want := range []string{`"foo"`, "numpy spells", "float", "intc", "f64", "c128", "promote dtypes"} {
		if !strings.Contains(msg, want) {
			t.Errorf("numpy error %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "f8e4m3b11fnuz") {
		t.Errorf("numpy error lists the whole catalogue: %q", msg)
	}
	for name, d := range dialects {
		_, err := d.Parse("no-such-type")
		if err == nil || len(err.Error()) > 700 || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: hint of %d bytes: %v", name, len(err.Error()), err)
		}
	}
	// A prefix switches the dialect, and the hint follows it.
	if _, err := PyTorch.Parse("np.foo"); err == nil || !strings.Contains(err.Error(), "numpy spells") {
		t.Errorf("np. prefix: %v", err)
	}
}

// TestErrorCutsLongTokens: a huge bad token is echoed cut, with its length.
func TestErrorCutsLongTokens(t *testing.T) {
	tok := strings.Repeat("q", 1<<20)
	_, err := NumPy.Parse(tok)
	if err == nil || len(err.Error()) > 1000 || !strings.Contains(err.Error(), "(1048576 bytes)") {
		t.Errorf("error of %d bytes: %.200s", len(err.Error()), err)
	}
}
