package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestScriptAsksAsModelled sends single queries to the probe script's
// adapters, over the stand-in frameworks of testdata/stubs, and checks the
// call each makes: the faults a run on a GPU machine (torch 2.11, JAX
// 0.11.2, Triton 3.6.0) found in the probe itself.
func TestScriptAsksAsModelled(t *testing.T) {
	if testing.Short() {
		t.Skip("probe script skipped under -short")
	}
	if err := exec.Command(debianPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under %s, on which the stand-ins are built: %v", debianPython, err)
	}
	for _, c := range []struct {
		fw, query string
		want      string // the answer, or "error: " and a part of the exception
		why       string
	}{
		// JAX is asked as an operation (jax.eval_shape of jnp.add): a
		// Python int past int32 is an OverflowError with x64 off, as the
		// jax rule set answers; jnp.result_type read no values and said
		// int32.
		{"jax", "bool 2147483648", "error: OverflowError", "a Python int past int32"},
		{"jax", "-2147483649 i8", "error: OverflowError", "a Python int below int32"},
		{"jax", "i8 9223372036854775807", "error: OverflowError", "a Python int past int32"},
		{"jax", "i32 2147483647", "int32", "a Python int that fits int32"},
		// Triton 3.4 on: computation_type_impl is a method that calls
		// self.integer_promote_impl; the probe once passed self=None.
		{"triton", "i8 u8", "uint8", "two integers of different signedness"},
		{"triton", "bool i32", "int32", "int1 with an integer"},
		{"triton", "f8e4m3fn f8e4m3fn", "fp8e4nv", "Triton's own fp8 names"},
		// tinygrad's fp8 types are dtypes.fp8e4m3 and kin: their .name
		// (float8_e4m3) is no attribute.
		{"tinygrad", "f8e4m3fn i8", "float16", "dtypes.fp8e4m3 (the stand-in holds it as float16)"},
		{"tinygrad", "f8e5m2fnuz i8", "float16", "dtypes.fp8e5m2fnuz"},
		// mindspore.bool_: there is no mindspore.bool.
		{"mindspore", "bool bool", "bool", "mindspore.bool_"},
	} {
		got, _ := askScript(t, c.fw, c.query)
		if strings.HasPrefix(c.want, "error: ") {
			if !strings.HasPrefix(got, "error: ") || !strings.Contains(got, strings.TrimPrefix(c.want, "error: ")) {
				t.Errorf("%s %q (%s): %s, want %s", c.fw, c.query, c.why, got, c.want)
			}
		} else if got != c.want {
			t.Errorf("%s %q (%s): %s, want %s", c.fw, c.query, c.why, got, c.want)
		}
	}
}

// TestScriptListsDTypesOnce: torch's dtypes are listed by their own
// names, so that an alias (torch.bit, which is torch.uint1) is not
// reported as a dtype promote does not model.
func TestScriptListsDTypesOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("probe script skipped under -short")
	}
	if err := exec.Command(debianPython, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under %s, on which the stand-ins are built: %v", debianPython, err)
	}
	_, h := askScript(t, "torch", "u1 u8")
	if len(h.Frameworks) != 1 {
		t.Fatalf("hello lists %d frameworks, want torch alone", len(h.Frameworks))
	}
	got := strings.Join(h.Frameworks[0].DTypes, " ")
	if want := "bool float16 float32 float64 int16 int32 int64 int8 uint1 uint8"; got != want {
		t.Errorf("torch's dtypes: %s, want %s", got, want)
	}
}

// askScript runs the probe script over the stubs with one query for one
// framework and returns its answer, or "error: " and the exception, and
// the script's greeting.
func askScript(t *testing.T, name, text string) (string, hello) {
	t.Helper()
	var fw Framework
	for _, f := range Frameworks() {
		if f.Module == name {
			fw = f
		}
	}
	if fw.Rules == nil {
		t.Fatalf("no framework %s", name)
	}
	q, ok := makeQuery(strings.Fields(text), fw.dtypeName())
	if !ok {
		t.Fatalf("%s: promote cannot read %q", name, text)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "promote_probe.py")
	if err := os.WriteFile(path, script, 0o600); err != nil {
		t.Fatal(err)
	}
	stubs, err := filepath.Abs(filepath.Join("testdata", "stubs"))
	if err != nil {
		t.Fatal(err)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	enc.Encode(map[string]any{"frameworks": []string{name}})
	enc.Encode(wireQuery{I: 0, F: name, Ops: q.wire})
	cmd := exec.Command(debianPython, "-u", path)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONPATH="+stubs, "PYTHONDONTWRITEBYTECODE=1")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %q: the script failed: %v", name, text, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	var h hello
	for sc.Scan() {
		if h.Type == "" {
			if err := json.Unmarshal(sc.Bytes(), &h); err != nil {
				t.Fatalf("%s %q: %v in %q", name, text, err, sc.Text())
			}
			continue
		}
		var a answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("%s %q: %v in %q", name, text, err, sc.Text())
		}
		switch {
		case a.I == nil:
		case a.A != nil:
			return *a.A, h
		case a.E != nil:
			return "error: " + *a.E, h
		}
	}
	t.Fatalf("%s %q: no answer in %q", name, text, out)
	return "", h
}
