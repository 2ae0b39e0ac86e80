package jax

// configs are the four option combinations, in the column order of
// pairs.tsv.
var configs = []struct {
	kv []string
	c  Config
}{
	{[]string{"mode=standard", "x64=true"}, Config{X64: true}},
	{[]string{"mode=standard", "x64=false"}, Config{}},
	{[]string{"mode=strict", "x64=true"}, Config{Strict: true, X64: true}},
	{[]string{"mode=strict", "x64=false"}, Config{Strict: true}},
}

// errorPhrases identify each TypePromotionError wording (spec.md §3).
var errorPhrases = map[string]string{
	"strict":  "when jax_numpy_dtype_promotion=strict",
	"fp8":     "8-bit floats do not support implicit promotion",
	"fp6":     "6-bit floats do not support implicit promotion",
	"fp4":     "4-bit floats do not support implicit promotion",
	"intN":    "1-bit, 2-bit and 4-bit integers do not support implicit promotion",
	"generic": "have no available implicit dtype promotion path. Try explicitly casting inputs to the desired output type.",
}
