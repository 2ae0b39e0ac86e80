package rules

import (
	"bufio"
	"os"
	"strings"
	"testing"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/internal/tsvtest"
)

// TestAdmissionOrder: a query with more than one fault is refused for the
// fault the system itself reports first. Admission (kit.AdmitOperand)
// runs where each rule set classifies an operand, so a bad literal before
// a later operand's missing dtype, or a pair that does not promote before
// a later weak operand, is named as it was before admission moved into
// the declaration. testdata/admission_order.tsv holds the answers of
// promote at 8189ef3^1 for such queries.
func TestAdmissionOrder(t *testing.T) {
	f, err := os.Open("testdata/admission_order.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	built := map[string]promote.Rules{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		cols := strings.Split(text, "\t")
		if len(cols) != 4 || cols[3] == "" {
			t.Fatalf("line %d: want RULES, QUERY, ANSWER, SOURCE: %q", line, text)
		}
		spec, query, want := cols[0], cols[1], cols[2]
		r, ok := built[spec]
		if !ok {
			if r, err = Parse(spec); err != nil {
				t.Fatalf("line %d: %v", line, err)
			}
			built[spec] = r
		}
		if got := tsvtest.Check(t, r, query); got != want {
			t.Errorf("line %d: %s %q\n got %s\nwant %s", line, spec, query, got, want)
		}
		n++
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no vectors")
	}
}
