package main

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestProbeBadInput: bad flags are usage errors (exit 2) naming what would
// be valid; an interpreter that is not there is a failure (exit 1) naming
// -python.
func TestProbeBadInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "python3")
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"probe", "-timeout", "0s"}, 2, "promote probe: -timeout 0s: want a positive duration"},
		{[]string{"probe", "-rules", "kernel-float"}, 2, `promote probe: -rules: "kernel-float" is not a rule set or framework the probe can ask (valid: torch, pytorch, numpy,`},
		{[]string{"probe", "-python", ""}, 2, "promote probe: -python: want an interpreter's path or name"},
		{[]string{"probe", "extra"}, 2, "promote probe:"},
		{[]string{"probe", "-python", missing}, 1, "promote probe: Python interpreter " + `"` + missing + `"`},
	} {
		out, errs, code := runPromote(t, "", c.args...)
		if code != c.code || out != "" || !strings.HasPrefix(errs, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errs, c.code, c.want)
		}
	}
}

// TestProbeLive runs the probe in Debian's Python against its NumPy, when
// installed, and checks the JSON report is whole.
func TestProbeLive(t *testing.T) {
	if testing.Short() {
		t.Skip("live probe skipped under -short")
	}
	const py = "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skipf("no NumPy under %s: %v", py, err)
	}
	out, errs, code := runPromote(t, "", "probe", "-python", py, "-rules", "numpy", "-json")
	if errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var rep struct {
		Frameworks []struct {
			Name  string `json:"name"`
			Found bool   `json:"found"`
			Best  *struct {
				Setting string `json:"setting"`
			} `json:"best"`
			Exact bool `json:"exact"`
		} `json:"frameworks"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v in %.200q", err, out)
	}
	if len(rep.Frameworks) != 2 || rep.Frameworks[0].Name != "numpy" || !rep.Frameworks[0].Found || rep.Frameworks[0].Best == nil {
		t.Fatalf("report %+v", rep)
	}
	if f := rep.Frameworks[0]; f.Exact != (code == 0) {
		t.Errorf("numpy exact %v but exit %d", f.Exact, code)
	}
}
