package gen_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/promote-dev/promote/gen"
	"github.com/promote-dev/promote/rules"
)

// TestRegenerateLine: the header's Regenerate line is the whole command,
// -o and -vectors included, in every language (it left them out).
func TestRegenerateLine(t *testing.T) {
	r, err := rules.Parse("pytorch")
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range gen.Langs() {
		var b bytes.Buffer
		opt := gen.Options{Lang: lang, Spec: "pytorch", Package: "rt", NamesFile: "my names.txt", OutFile: "rt.h", VectorsFile: "rt.tsv"}
		if err := gen.Generate(&b, r, opt); err != nil {
			t.Fatal(err)
		}
		want := "Regenerate: promote gen -rules pytorch -lang " + string(lang) + " -package rt -names 'my names.txt' -o rt.h -vectors rt.tsv"
		if !strings.Contains(b.String(), want) {
			t.Errorf("%s: no %q in the header:\n%.600s", lang, want, b.String())
		}
	}
}

// TestFromNameAliases: the generated name lookup takes promote's
// canonical names (bf16) and the dialect's spellings (bfloat16) as well as
// the enum's own names, in every language; in C, compiled and run where
// gcc is installed, promotion_dtype_from_name("bf16") once returned -1.
func TestFromNameAliases(t *testing.T) {
	r, err := rules.Parse("pytorch")
	if err != nil {
		t.Fatal(err)
	}
	entries := map[gen.Lang][]string{
		gen.Go:     {`"bf16": BF16,`, `"bfloat16": BF16,`, `"BF16": BF16,`},
		gen.C:      {`{"bf16", `, `{"bfloat16", `, `{"PROMOTION_BF16", `},
		gen.CPP:    {`{"bf16", `, `{"bfloat16", `, `{"BF16", `},
		gen.Rust:   {`("bf16", DType::BF16)`, `("bfloat16", DType::BF16)`, `("BF16", DType::BF16)`},
		gen.Python: {`"bf16": DType.BF16,`, `"bfloat16": DType.BF16,`, `"BF16": DType.BF16,`},
	}
	codes := map[gen.Lang]string{}
	for _, lang := range gen.Langs() {
		var b bytes.Buffer
		if err := gen.Generate(&b, r, gen.Options{Lang: lang, Spec: "pytorch"}); err != nil {
			t.Fatal(err)
		}
		codes[lang] = b.String()
		flat := strings.Join(strings.Fields(b.String()), " ") // gofmt aligns map values
		for _, e := range entries[lang] {
			if !strings.Contains(flat, e) {
				t.Errorf("%s: the name lookup lacks %s", lang, e)
			}
		}
	}
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("gcc not installed: the C lookup is not run")
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "rt.h"), []byte(codes[gen.C]))
	write(t, filepath.Join(dir, "main.c"), []byte(`#include <stdio.h>
#include "rt.h"
int main(void) {
    printf("%d %d %d %d\n", promotion_dtype_from_name("bf16"), promotion_dtype_from_name("bfloat16"),
           promotion_dtype_from_name("PROMOTION_BF16"), promotion_dtype_from_name("no-such"));
    return 0;
}
`))
	cmd := exec.Command("gcc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-o", "main", "main.c")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	run := exec.Command(filepath.Join(dir, "main"))
	run.Env = os.Environ()
	out, err := run.Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(out))
	if len(f) != 4 || f[0] == "-1" || f[0] != f[1] || f[0] != f[2] || f[3] != "-1" {
		t.Errorf("from_name(bf16, bfloat16, PROMOTION_BF16, no-such) = %s, want one index three times, then -1", out)
	}
}
