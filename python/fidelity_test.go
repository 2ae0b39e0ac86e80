package python

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// cpythonRecord is one line of testdata/astdump.py's output.
type cpythonRecord struct {
	File  string `json:"file"`
	Tree  any    `json:"tree"`
	Error *struct {
		Msg    string `json:"msg"`
		Lineno *int   `json:"lineno"`
		Offset *int   `json:"offset"`
	} `json:"error"`
}

// python3Oracle finds python3 (or $PROMOTE_PYTHON) and its version, or
// skips the test.
func python3Oracle(t *testing.T) (string, [2]int) {
	t.Helper()
	name := "python3"
	if env := os.Getenv("PROMOTE_PYTHON"); env != "" {
		name = env // e.g. /usr/bin/python3 for Debian's own corpus
	}
	py, err := exec.LookPath(name)
	if err != nil {
		t.Skipf("%s not found: CPython's ast is the oracle of this test", name)
	}
	out, err := exec.Command(py, "-c", "import sys; print(sys.version_info[0], sys.version_info[1])").Output()
	if err != nil {
		t.Skipf("python3 does not run: %v", err)
	}
	var v [2]int
	fmt.Sscan(string(out), &v[0], &v[1])
	return py, v
}

// cpythonTrees runs CPython's ast.parse over files through astdump.py,
// calling f with each record as it comes.
func cpythonTrees(t *testing.T, py string, files []string, f func(cpythonRecord)) {
	t.Helper()
	cmd := exec.Command(py, filepath.Join("testdata", "astdump.py"))
	cmd.Stdin = strings.NewReader(strings.Join(files, "\n") + "\n")
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		var rec cpythonRecord
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatalf("astdump.py output: %v", err)
		}
		f(rec)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("astdump.py: %v", err)
	}
}

// compareFile parses one file and compares it with CPython's record: it
// returns "" when both agree (equal trees, or both reject).
func compareFile(rec cpythonRecord, minor int) (verdict, detail string) {
	src, err := os.ReadFile(rec.File)
	if err != nil {
		return "read-error", err.Error()
	}
	mod, perr := ParseWith(rec.File, src, Options{PythonMinor: minor})
	switch {
	case rec.Error != nil && perr != nil:
		return "rejected-agree", ""
	case rec.Error != nil:
		return "accepted-but-cpython-rejects", rec.Error.Msg
	case perr != nil:
		return "rejected-but-cpython-accepts", perr.Error()
	}
	ours := canonical(reflect.ValueOf(mod))
	b, _ := json.Marshal(ours)
	var round any
	json.Unmarshal(b, &round)
	if d := diff("", round, rec.Tree); d != "" {
		return "tree-differs", d
	}
	return "equal", ""
}

// TestFidelity compares the trees of testdata/syntax/*.py with CPython's
// ast.parse of the python3 found (its version picks Options.PythonMinor);
// files named *_310.py need Python 3.10+, *_312.py 3.12+, *_313.py 3.13+.
func TestFidelity(t *testing.T) {
	py, ver := python3Oracle(t)
	all, _ := filepath.Glob(filepath.Join("testdata", "syntax", "*.py"))
	var files []string
	for _, f := range all {
		need := [2]int{3, 8}
		if strings.HasSuffix(f, "_310.py") {
			need = [2]int{3, 10}
		} else if strings.HasSuffix(f, "_311.py") {
			need = [2]int{3, 11}
		} else if strings.HasSuffix(f, "_312.py") {
			need = [2]int{3, 12}
		} else if strings.HasSuffix(f, "_313.py") {
			need = [2]int{3, 13}
		}
		if ver[0] == 3 && ver[1] < need[1] {
			t.Logf("%s needs Python %d.%d; python3 is %d.%d", f, need[0], need[1], ver[0], ver[1])
			continue
		}
		files = append(files, f)
	}
	if len(files) == 0 {
		t.Skip("no testdata/syntax files for this python3")
	}
	cpythonTrees(t, py, files, func(rec cpythonRecord) {
		v, d := compareFile(rec, ver[1])
		if v != "equal" {
			t.Errorf("%s: %s: %s", rec.File, v, d)
		}
	})
}

// TestCorpus is the opt-in fidelity run over real trees:
// PROMOTE_PYCORPUS is a list of directories (separated by the OS path
// list separator) whose .py files are parsed by both parsers.
func TestCorpus(t *testing.T) {
	dirs := os.Getenv("PROMOTE_PYCORPUS")
	if dirs == "" {
		t.Skip("set PROMOTE_PYCORPUS=dir[:dir...] to compare with CPython over a corpus")
	}
	py, ver := python3Oracle(t)
	var files []string
	for _, dir := range filepath.SplitList(dirs) {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrPermission) {
					return nil
				}
				return nil
			}
			if d.Type().IsRegular() && strings.HasSuffix(path, ".py") {
				files = append(files, path)
			}
			return nil
		})
	}
	counts := map[string]int{}
	samples := map[string][]string{}
	cpythonTrees(t, py, files, func(rec cpythonRecord) {
		v, d := compareFile(rec, ver[1])
		counts[v]++
		if v != "equal" && v != "rejected-agree" && len(samples[v]) < 30 {
			samples[v] = append(samples[v], rec.File+": "+d)
		}
	})
	var kinds []string
	for k := range samples {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		for _, s := range samples[k] {
			t.Logf("%s: %s", k, s)
		}
	}
	agree := counts["equal"] + counts["rejected-agree"]
	t.Logf("python3 %d.%d; files %d; equal %d; rejected by both %d; tree differs %d; rejected only by promote %d; accepted only by promote %d; agreement %.3f%%",
		ver[0], ver[1], len(files), counts["equal"], counts["rejected-agree"], counts["tree-differs"],
		counts["rejected-but-cpython-accepts"], counts["accepted-but-cpython-rejects"], 100*float64(agree)/float64(max(len(files), 1)))
}
