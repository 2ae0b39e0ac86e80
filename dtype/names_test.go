package dtype

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

var dialects = map[string]*Dialect{
	"neutral": Neutral, "openvino": OpenVINO, "numpy": NumPy, "pytorch": PyTorch,
	"cann": CANN, "c++": CPP, "r": R, "tensorflow": TensorFlow,
}

func TestSpellings(t *testing.T) {
	for _, r := range readTSV(t, "testdata/spellings.tsv") {
		if len(r) == 2 { // an empty spelling loses its field
			r = []string{r[0], "", r[1]}
		}
		d := dialects[r[0]]
		if d == nil {
			t.Fatalf("unknown dialect %q", r[0])
		}
		got, err := d.Parse(r[1])
		if r[2] == "error" {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Errorf("%s.Parse(%q) = %v, %v; want a *dtype.Error", r[0], r[1], got, err)
			}
			continue
		}
		if err != nil || got.String() != r[2] {
			t.Errorf("%s.Parse(%q) = %v, %v; want %s", r[0], r[1], got, err, r[2])
		}
	}
}

// TestCanonicalRoundTrip: every canonical name parses back to itself, in
// every dialect, and through MarshalText/UnmarshalText.
func TestCanonicalRoundTrip(t *testing.T) {
	for _, d := range All() {
		for name, dial := range dialects {
			got, err := dial.Parse(strings.ToUpper(d.String()))
			if dial == OpenVINO && d == F8E4M3 {
				// The one dialect spelling that shadows a canonical name.
				if got != F8E4M3FN {
					t.Errorf("openvino f8e4m3 = %v, want f8e4m3fn", got)
				}
				continue
			}
			if err != nil || got != d {
				t.Errorf("%s.Parse(%s) = %v, %v", name, d, got, err)
			}
		}
		b, err := d.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back DType
		if err := back.UnmarshalText(b); err != nil || back != d {
			t.Errorf("text round trip of %s gave %v, %v", d, back, err)
		}
	}
}

// TestErrorsNameTheTokenAndWhatIsValid: a parse error names the bad token
// and lists the valid names.
func TestErrorsNameTheTokenAndWhatIsValid(t *testing.T) {
	_, err := Parse("flaot32")
	if err == nil || !strings.Contains(err.Error(), `"flaot32"`) || !strings.Contains(err.Error(), "f8e4m3fn") {
		t.Errorf("error %q should name the token and list canonical names", err)
	}
	_, err = Parse("float")
	if err == nil || !strings.Contains(err.Error(), "f64 in NumPy") {
		t.Errorf("error %q should explain the ambiguity", err)
	}
	_, err = Parse("float128")
	if err == nil || !strings.Contains(err.Error(), "f80 in NumPy") || !strings.Contains(err.Error(), "binary128") {
		t.Errorf("error %q should name both meanings of float128", err)
	}
	_, err = Parse("long double")
	if err == nil || !strings.Contains(err.Error(), "x86-64 Linux") || !strings.Contains(err.Error(), "MSVC") {
		t.Errorf("error %q should name the platforms of long double", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"f32", "torch.float", "<f4", "ACL_FLOAT", "ov::element::f8e4m3", "", "np.", "\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range dialects {
			got, err := d.Parse(s)
			if err == nil && !got.Valid() {
				t.Fatalf("%s.Parse(%q) = invalid dtype without error", d, s)
			}
			if err == nil {
				if back, err := Neutral.Parse(got.String()); err != nil || back != got {
					t.Fatalf("canonical name %s of %q does not parse back", got, s)
				}
			}
		}
	})
}

func TestNewDialect(t *testing.T) {
	d := NewDialect("toy", []string{"toy."}, map[string]DType{"Real": F32, "f8e4m3": F8E4M3FN}, map[string]string{"Quad": "a 128-bit float"})
	for _, c := range []struct {
		in   string
		want DType
	}{
		{"real", F32}, {"TOY.Real", F32}, {"toy.f16", F16}, {"f8e4m3", F8E4M3FN}, {"torch.float", F32}, {"float32", F32},
	} {
		got, err := d.Parse(c.in)
		if err != nil || got != c.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
	if _, err := d.Parse("quad"); err == nil || !strings.Contains(err.Error(), "a 128-bit float") {
		t.Errorf("Parse(quad) error = %v; want it to say what quad is", err)
	}
}

// TestDialectShowsSpellingsAsDeclared: a dialect matches its own
// spellings whatever their case, and its errors and Spellings show them as
// the system writes them (_Bool, ComplexF32), not lowercased.
func TestDialectShowsSpellingsAsDeclared(t *testing.T) {
	d := NewDialect("toy", nil, map[string]DType{"_Bool": Bool, "ComplexF32": C64, "Real": F32}, nil)
	if got, err := d.Parse("complexf32"); err != nil || got != C64 {
		t.Errorf("Parse(complexf32) = %v, %v; want c64", got, err)
	}
	_, err := d.Parse("flaot")
	if err == nil {
		t.Fatal("Parse(flaot) succeeded")
	}
	if want := "toy spells _Bool, ComplexF32, Real;"; !strings.Contains(err.Error(), want) {
		t.Errorf("Parse(flaot) error = %q; want it to list %q", err, want)
	}
	if got := d.Spellings(C64); !slices.Contains(got, "ComplexF32") || slices.Contains(got, "complexf32") {
		t.Errorf("Spellings(c64) = %v; want ComplexF32 as declared", got)
	}
	// Two spellings that differ in case only: one of them, the same every run.
	twice := NewDialect("twice", nil, map[string]DType{"Half": F16, "HALF": F16}, nil)
	if got := twice.Spellings(F16); slices.Contains(got, "Half") || !slices.Contains(got, "HALF") {
		t.Errorf("Spellings(f16) = %v; want HALF (the first in byte order) only", got)
	}
}

func TestSpellingsListsCaseSensitiveCodes(t *testing.T) {
	for d, want := range map[DType]string{F80: "g", C160: "G"} {
		found := false
		for _, s := range NumPy.Spellings(d) {
			found = found || s == want
		}
		if !found {
			t.Errorf("NumPy.Spellings(%s) = %v, missing %q", d, NumPy.Spellings(d), want)
		}
	}
}
