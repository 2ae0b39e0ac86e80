package gen_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/gen"
	"github.com/promote-dev/promote/rules"
)

// compileSpecs are the rule sets whose generated code is compiled and run
// in every language: weak results (jax x64), many refusals (pytorch,
// tensorflow safe), a plain total table (numpy), a rule file. Under
// -short, only the first.
var compileSpecs = []string{"jax:x64=true", "pytorch", "tensorflow:mode=safe", "numpy", "../examples/rules/myruntime.toml"}

// toolchains says how each language is built and run in dir, where the
// generated code and the vectors are; the tool it needs; and the
// generated file's name.
var toolchains = map[gen.Lang]struct {
	tool, file string
	run        func(t *testing.T, dir string) []string // the commands, the last runs the driver
}{
	gen.Go: {"go", "promotion/promotion.go", func(t *testing.T, dir string) []string {
		write(t, filepath.Join(dir, "go.mod"), []byte("module gentest\n\ngo 1.21\n"))
		copyDriver(t, "main.go.txt", filepath.Join(dir, "main.go"))
		return []string{"go build -o driver .", "./driver vectors.tsv"}
	}},
	gen.C: {"gcc", "gen.h", func(t *testing.T, dir string) []string {
		copyDriver(t, "driver.c", filepath.Join(dir, "driver.c"))
		return []string{"gcc -std=c99 -pedantic -Wall -Wextra -Werror -O2 -o driver driver.c", "./driver vectors.tsv"}
	}},
	gen.CPP: {"g++", "gen.hpp", func(t *testing.T, dir string) []string {
		copyDriver(t, "driver.cpp", filepath.Join(dir, "driver.cpp"))
		return []string{"g++ -std=c++17 -pedantic -Wall -Wextra -Werror -O2 -o driver driver.cpp", "./driver vectors.tsv"}
	}},
	gen.Rust: {"rustc", "gen.rs", func(t *testing.T, dir string) []string {
		copyDriver(t, "main.rs", filepath.Join(dir, "main.rs"))
		return []string{"rustc --edition 2021 -D warnings -O -o driver main.rs", "./driver vectors.tsv"}
	}},
	gen.Python: {"python3", "gen.py", func(t *testing.T, dir string) []string {
		copyDriver(t, "driver.py", filepath.Join(dir, "driver.py"))
		return []string{"python3 -E -s driver.py vectors.tsv"}
	}},
}

func write(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func copyDriver(t *testing.T, name, to string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "drivers", name))
	if err != nil {
		t.Fatal(err)
	}
	write(t, to, data)
}

// TestCompileAndRun generates each language's code, compiles it with the
// language's own toolchain where it is installed, and runs a driver that
// checks every pair of the vector file: the generated code agrees with
// promote on every pair. A missing toolchain skips that language.
func TestCompileAndRun(t *testing.T) {
	specs := compileSpecs
	if testing.Short() {
		specs = specs[:1]
	}
	for _, lang := range gen.Langs() {
		tc := toolchains[lang]
		t.Run(string(lang), func(t *testing.T) {
			if _, err := exec.LookPath(tc.tool); err != nil {
				t.Skipf("%s not installed", tc.tool)
			}
			for _, spec := range specs {
				r, err := rules.Parse(spec)
				if err != nil {
					t.Fatal(err)
				}
				dir := t.TempDir()
				var code, vec bytes.Buffer
				opt := gen.Options{Lang: lang, Spec: spec, Version: "test"}
				if err := gen.Generate(&code, r, opt); err != nil {
					t.Fatal(err)
				}
				if err := gen.WriteVectors(&vec, r, opt); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(dir, tc.file), code.Bytes())
				write(t, filepath.Join(dir, "vectors.tsv"), vec.Bytes())
				cmds := tc.run(t, dir)
				for i, c := range cmds {
					f := strings.Fields(c)
					cmd := exec.Command(f[0], f[1:]...)
					cmd.Dir = dir
					cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
					out, err := cmd.CombinedOutput()
					if err != nil {
						t.Fatalf("%s: %s: %v\n%s", spec, c, err, out)
					}
					if i == len(cmds)-1 {
						pairs := len(bytes.Split(bytes.TrimSpace(vec.Bytes()), []byte("\n"))) - 3
						if want := "ok " + strconv.Itoa(pairs); strings.TrimSpace(string(out)) != want {
							t.Errorf("%s: driver said %q, want %q", spec, out, want)
						}
					}
				}
			}
		})
	}
}

// TestNames: a names file renames the enum (GoMLX's names here); every
// dtype the rule set uses must be mapped, to a valid, unique identifier.
func TestNames(t *testing.T) {
	names, err := gen.ParseNames("gomlx.names", []byte("# GoMLX's dtypes\nbool Bool\ni8 Int8\ni16 Int16\ni32 Int32\ni64 Int64\nu8 Uint8\nu16 Uint16\nu32 Uint32\nu64 Uint64\nf16 Float16\nbf16 BFloat16\nf32 Float32\nf64 Float64\nc64 Complex64\nc128 Complex128\n"))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := rules.Parse("array-api")
	var b bytes.Buffer
	if err := gen.Generate(&b, r, gen.Options{Lang: gen.Go, Names: names}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Float32") || strings.Contains(b.String(), "F32 ") {
		t.Error("names not used")
	}
	r, _ = rules.Parse("jax")
	if err := gen.Generate(&b, r, gen.Options{Lang: gen.Go, Names: names}); err == nil || !strings.Contains(err.Error(), "does not map") {
		t.Errorf("unmapped dtype: %v", err)
	}
	for _, tt := range []struct {
		lang gen.Lang
		name string
		want string
	}{
		{gen.Go, "float32", "not exported"},
		{gen.Go, "Promote", "a keyword or a name the generated go code uses"},
		{gen.Python, "_f32", "may not start with _"},
		{gen.Rust, "match", "keyword"},
		{gen.C, "int", "keyword"},
		{gen.CPP, "class", "keyword"},
	} {
		m := map[dtype.DType]string{}
		for k, v := range names {
			m[k] = v
		}
		m[dtype.F32] = tt.name
		r, _ := rules.Parse("array-api")
		if err := gen.Generate(&b, r, gen.Options{Lang: tt.lang, Names: m}); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s name %q: %v, want %q", tt.lang, tt.name, err, tt.want)
		}
	}
}
