package rules

import (
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
	rows := tsvtest.Read(t, "testdata/admission_order.tsv")
	if len(rows) == 0 {
		t.Fatal("no vectors")
	}
	built := map[string]promote.Rules{}
	for _, row := range rows {
		if len(row.Fields) != 4 || row.Fields[3] == "" {
			t.Fatalf("line %d: want RULES, QUERY, ANSWER, SOURCE: %q", row.Line, row.Fields)
		}
		spec, query, want := row.Fields[0], row.Fields[1], row.Fields[2]
		r, ok := built[spec]
		if !ok {
			var err error
			if r, err = Parse(spec); err != nil {
				t.Fatalf("line %d: %v", row.Line, err)
			}
			built[spec] = r
		}
		if got := tsvtest.Check(t, r, query); got != want {
			t.Errorf("line %d: %s %q\n got %s\nwant %s", row.Line, spec, query, got, want)
		}
	}
}
