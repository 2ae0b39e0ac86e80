package dtype

import (
	"strings"
	"testing"
)

// TestSuggest: a misspelling near one name gets "did you mean"; one near
// two names of different dtypes, or near none, gets no guess.
func TestSuggest(t *testing.T) {
	for _, c := range []struct {
		d          *Dialect
		name, want string
	}{
		{Neutral, "flaot32", "float32"},
		{Neutral, "f23", "f32"},
		{Neutral, "bf61", "bf16"},
		{Neutral, "i23", ""}, // i2 and i32 are equally near
		{Neutral, "xyz", ""},
		{Neutral, strings.Repeat("f", 1000), ""}, // too long to be a typo
		{NumPy, "flaot64", "float64"},
	} {
		_, err := c.d.Parse(c.name)
		if err == nil {
			t.Fatalf("%s parses", c.name)
		}
		msg := err.Error()
		if got := strings.Contains(msg, "did you mean"); got != (c.want != "") {
			t.Errorf("%s: %q", c.name, msg)
		} else if c.want != "" && !strings.Contains(msg, "did you mean "+c.want+"?") {
			t.Errorf("%s: %q, want did you mean %s", c.name, msg, c.want)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"float", "float", 0}, {"flaot", "float", 1}, {"flot", "float", 1}, {"floatt", "float", 1},
		{"fluat", "float", 1}, {"f23", "f32", 1}, {"abc", "xyz", 3}, {"", "ab", 2}, {"abcdef", "a", 3},
	} {
		if got := editDistance(c.a, c.b, 2); got != min(c.want, 3) {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, min(c.want, 3))
		}
	}
}
