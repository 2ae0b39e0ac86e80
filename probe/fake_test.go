package probe

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/rules/pytorch"
)

// The fake framework: the test binary stands in for a Python interpreter
// when PROMOTE_PROBE_FAKE names a behaviour, so that the matching and the
// failure paths are tested without any Python installed.
//
//	ok       a "torch" that answers as pytorch:version=2.6 does, except for
//	         the queries in fakeTable, where it answers from the table
//	crash    exits 3 after a traceback on standard error
//	hang     greets, then never answers
//	garbage  writes a line that is not JSON
//	longline writes one line longer than the probe reads
//	badid    answers a query it was not asked
//	short    says it is done after half the answers
//	notpy    answers --version as a shell does
const fakeEnv = "PROMOTE_PROBE_FAKE"

// fakeTable holds the fake torch's planted answers, by query in promote's
// operand grammar: answers no setting of pytorch gives (the first two) and
// one that only version=1.13 gives (u16 is absent there).
var fakeTable = map[string]string{
	"u8 bool":      "int64",
	"f16 1.5":      "error: RuntimeError: planted",
	"u16 f16[](1)": "error: AttributeError: module 'torch' has no dtype 'uint16'",
}

func TestMain(m *testing.M) {
	if mode := os.Getenv(fakeEnv); mode != "" {
		os.Exit(fakePython(mode, os.Args[1:]))
	}
	os.Exit(m.Run())
}

func fakePython(mode string, args []string) int {
	if len(args) > 0 && args[0] == "--version" {
		if mode == "notpy" {
			fmt.Println("GNU bash, version 5.2.15(1)-release")
			return 0
		}
		fmt.Println("Python 3.99.0")
		return 0
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	emit := func(v any) {
		b, _ := json.Marshal(v)
		out.Write(append(b, '\n'))
		out.Flush()
	}
	if !in.Scan() {
		return 1
	}
	var cfg struct {
		Frameworks []string `json:"frameworks"`
	}
	json.Unmarshal(in.Bytes(), &cfg)
	switch mode {
	case "crash":
		fmt.Fprintln(os.Stderr, "Traceback (most recent call last):\n  File \"promote_probe.py\", line 1\nImportError: planted crash")
		return 3
	case "garbage":
		fmt.Println("Hello from a startup banner")
		return 0
	case "longline":
		fmt.Print(strings.Repeat("x", maxLine+10))
		return 0
	}
	var fws []scriptFramework
	for _, n := range cfg.Frameworks {
		f := scriptFramework{Name: n, Note: "not installed"}
		if n == "torch" {
			f = scriptFramework{Name: n, Found: true, Version: "9.9.fake", Kinds: []string{kindRanked, kindZeroDim, kindLiterals, kindBoundary}, Note: "a fake torch",
				DTypes: []string{"bool", "float", "float32", "int3", "qint8", "uint16"}}
		}
		fws = append(fws, f)
	}
	emit(hello{Type: "hello", Python: "3.99.0", Memory: "RLIMIT_DATA=1", Frameworks: fws})
	if mode == "hang" {
		time.Sleep(time.Hour)
		return 0
	}
	r26 := pytorch.Def.MustBuild("version=2.6")
	n := 0
	for in.Scan() {
		var q wireQuery
		if err := json.Unmarshal(in.Bytes(), &q); err != nil {
			return 2
		}
		n++
		if mode == "short" && n > 10 {
			break
		}
		if mode == "badid" {
			q.I = 1 << 30
		}
		a := fakeAnswer(r26, q)
		emit(map[string]any{"i": q.I, strings.SplitN(a, ":", 2)[0]: strings.SplitN(a, ":", 2)[1]})
	}
	emit(map[string]string{"type": "done"})
	return 0
}

// fakeAnswer is "a:DTYPE" or "e:MESSAGE".
func fakeAnswer(r promote.Rules, q wireQuery) string {
	var ops []promote.Operand
	var text []string
	for _, w := range q.Ops {
		var op promote.Operand
		if w.Kind == "t" {
			d, err := dtype.PyTorch.Parse(w.DType)
			if err != nil {
				return "e:AttributeError: " + err.Error()
			}
			op = promote.T(d)
			if w.Rank == 0 {
				var err error
				if op, err = promote.ParseOperand(d.String() + "[](1)"); err != nil {
					op, _ = promote.ParseOperand(d.String() + "[](0)") // int1 holds -1 and 0
				}
				if d == dtype.Bool {
					op, _ = promote.ParseOperand("bool[](true)")
				}
			}
		} else {
			var err error
			if op, err = promote.ParseOperand(w.Value); err != nil {
				return "e:ValueError: " + err.Error()
			}
		}
		ops = append(ops, op)
		text = append(text, op.String())
	}
	if a, ok := fakeTable[strings.Join(text, " ")]; ok {
		if e, isErr := strings.CutPrefix(a, "error: "); isErr {
			return "e:" + e
		}
		return "a:" + a
	}
	res, err := r.Result(ops...)
	if err != nil {
		return "e:RuntimeError: " + err.Error()
	}
	return "a:" + frameworkName(res.DType, dtype.PyTorch)
}
