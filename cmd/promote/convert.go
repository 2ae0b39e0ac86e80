package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/npy"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/tensor"
)

func init() {
	register(command{name: "convert", summary: "convert two .npy arrays to their common dtype (A.npy B.npy -o DIR)", run: runConvert})
}

// defaultConvertRules is the rule set convert uses without -rules: NumPy's
// (the files are NumPy's), or OpenVINO's, whose ConvertPromoteTypes this
// command mirrors, when a build has no numpy rule set.
func defaultConvertRules() string {
	if _, err := rules.Lookup("numpy"); err == nil {
		return "numpy"
	}
	return "openvino"
}

// runConvert is ConvertPromoteTypes on files: it reads A.npy and B.npy,
// asks the rule set for their common dtype (the arrays' real shapes
// decide shape-dependent rules: a 0-d array is rank 0), converts both with
// the conversion engine under the policy, and writes them to DIR under
// their own base names, each through a temporary file renamed into place.
// It prints the decision: result, rule and its text, and the rule's
// source. An array already of the common dtype is written unchanged.
//
// Exit status: 0 success; 1 an unreadable input, a refusal by the rule
// set or the policy, or a failed write (a failed conversion writes
// nothing); 2 a bad command line, including outputs that would overwrite
// an input or each other.
func runConvert(e *env, args []string) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	name := fs.String("rules", "", "the rule set (default "+defaultConvertRules()+")")
	var sets setFlags
	fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
	pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
	as := fs.String("as", "", "the `dtype` of an input saved as raw bytes ('|V2', as np.save writes bfloat16 and other ml_dtypes types); inputs whose descr names a dtype keep it")
	outDir := fs.String("o", "", "the output `directory` (created if missing)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "usage: promote convert [-rules NAME] [-set KEY=VALUE]... [-policy NAME] [-as DTYPE] A.npy B.npy -o DIR")
		fs.PrintDefaults()
	}
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return 2
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(e.stderr, "promote convert: "+format+"\n", a...)
		return 2
	}
	if len(rest) != 2 {
		fs.Usage()
		return usageErr("want two input files, got %d", len(rest))
	}
	if *outDir == "" {
		return usageErr("-o DIR is required")
	}
	if *name == "" {
		*name = defaultConvertRules()
	}
	r, ok := buildRules(e, *name, sets)
	if !ok {
		return 2
	}
	p, err := convert.PolicyByName(*pname)
	if err != nil {
		return usageErr("%v", err)
	}
	var opts []npy.Option
	if *as != "" {
		d, err := dtype.Parse(*as)
		if err != nil {
			return usageErr("-as: %v", err)
		}
		opts = append(opts, npy.ReadAs(d))
	}
	outs, msg := outputPaths(rest, *outDir)
	if msg != "" {
		return usageErr("%s", msg)
	}

	var ts [2]*tensor.Tensor
	for i, in := range rest {
		if ts[i], err = npy.ReadFile(in, opts...); err != nil {
			fmt.Fprintf(e.stderr, "promote convert: %s\n", oneLine(err.Error()))
			return 1
		}
	}
	a2, b2, res, err := tensor.ConvertPromoteTypes(ts[0], ts[1], r, p, tensor.Options{})
	if err != nil {
		fmt.Fprintf(e.stderr, "promote convert: %s\n", oneLine(err.Error()))
		return 1
	}
	fmt.Fprintf(e.stdout, "%s: %v with %v -> %v\n", r.Def().Name, ts[0], ts[1], res)
	if res.Rule != nil {
		fmt.Fprintf(e.stdout, "rule %s: %s\n", res.Rule.ID, oneLine(res.Rule.Text))
		fmt.Fprintf(e.stdout, "source: %s\n", res.Rule.Source)
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		fmt.Fprintf(e.stderr, "promote convert: %v\n", err)
		return 1
	}
	for i, t := range []*tensor.Tensor{a2, b2} {
		if err := npy.WriteFile(outs[i], t); err != nil {
			fmt.Fprintf(e.stderr, "promote convert: %s\n", oneLine(err.Error()))
			return 1
		}
		how := "converted from " + ts[i].DType.String()
		if t == ts[i] {
			how = "unchanged"
		}
		fmt.Fprintf(e.stdout, "wrote %s: %v (%s)\n", outs[i], t, how)
	}
	return 0
}

// outputPaths returns DIR/base(A) and DIR/base(B), or why they cannot be
// used: the two would be one file, or one would overwrite an input.
func outputPaths(ins []string, dir string) ([]string, string) {
	outs := make([]string, len(ins))
	for i, in := range ins {
		outs[i] = filepath.Join(dir, filepath.Base(in))
	}
	if outs[0] == outs[1] || samePath(outs[0], outs[1]) {
		return nil, fmt.Sprintf("both inputs would be written to %s; give them different base names", outs[0])
	}
	for _, out := range outs {
		for _, in := range ins {
			if samePath(out, in) {
				return nil, fmt.Sprintf("output %s would overwrite the input %s; choose another -o directory", out, in)
			}
		}
	}
	return outs, ""
}

// samePath reports whether two paths name one file: the same cleaned
// absolute path, or the same existing file through links.
func samePath(a, b string) bool {
	if aa, err := filepath.Abs(a); err == nil {
		if bb, err := filepath.Abs(b); err == nil && aa == bb {
			return true
		}
	}
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
