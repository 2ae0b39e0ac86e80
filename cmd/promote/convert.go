package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/safeout"
	"github.com/promote-dev/promote/npy"
	"github.com/promote-dev/promote/rules"
	"github.com/promote-dev/promote/tensor"
)

func init() {
	register(&command{
		name:  "convert",
		usage: "[-rules NAME] [-set KEY=VALUE]... [-policy NAME] [-as DTYPE] A.npy B.npy -o DIR",
		short: "convert two .npy arrays to their common dtype (A.npy B.npy -o DIR)",
		long: `Convert is ConvertPromoteTypes on files: it reads A.npy and B.npy, asks the
rule set (default ` + defaultConvertRules() + `) for their common dtype (the arrays' real shapes
decide shape-dependent rules: a 0-d array is rank 0), converts both under the
policy, and writes them to DIR under their own base names. It prints the
decision: the result, the rule and its text, and the rule's source. An array
already of the common dtype is written unchanged.

The two outputs are committed together or not at all: each is written to a
temporary file beside it and synced; then both are renamed into place, and
if the second rename fails the first gets its previous content back (or is
removed if it did not exist), so an error never leaves a new A beside an old
B. Only regular files are replaced (never a device, FIFO, directory or
socket, checked before any work); a symbolic link is written through.
SIGINT or SIGTERM removes the temporary files (exit 130 or 143).

Exit status: 0 success; 1 an unreadable input, a refusal by the rule set or
the policy, or a failed write (nothing is written); 2 a bad command line,
including outputs that would overwrite an input or each other; 130/143
interrupted.`,
		operands:     operandSpec{min: 2, max: 2, what: "input files"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			c := &converter{}
			fs.StringVar(&c.spec, "rules", "", "the rule set (default "+defaultConvertRules()+"): `NAME` or NAME:KEY=VALUE:...")
			fs.Var(&c.sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
			fs.StringVar(&c.policy, "policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			fs.StringVar(&c.as, "as", "", "the `dtype` of an input saved as raw bytes ('|V2', as np.save writes bfloat16 and other ml_dtypes types); inputs whose descr names a dtype keep it")
			fs.StringVar(&c.outDir, "o", "", "the output `directory` (created if missing)")
			return func(e *env, ins []string) error { return c.run(e, ins) }
		},
	})
}

// converter holds a convert command's flags.
type converter struct {
	spec, policy, as, outDir string
	sets                     setFlags
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

// run reads the two inputs, converts them to their common dtype and
// commits both outputs together.
func (c *converter) run(e *env, ins []string) error {
	if c.outDir == "" {
		return usagef("-o DIR is required")
	}
	if c.spec == "" {
		c.spec = defaultConvertRules()
	}
	r, err := buildRules(c.spec, c.sets)
	if err != nil {
		return err
	}
	p, err := convert.PolicyByName(c.policy)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	var opts []npy.Option
	if c.as != "" {
		d, err := dtype.Parse(c.as)
		if err != nil {
			return usagef("-as: %s", oneLine(err.Error()))
		}
		opts = append(opts, npy.ReadAs(d))
	}
	outs, msg := outputPaths(ins, c.outDir)
	if msg != "" {
		return usagef("%s", msg)
	}
	for _, out := range outs {
		if err := safeout.Check(out); err != nil {
			return usagef("-o: %s", oneLine(err.Error()))
		}
	}

	var ts [2]*tensor.Tensor
	for i, in := range ins {
		if ts[i], err = npy.ReadFile(in, opts...); err != nil {
			return err
		}
	}
	a2, b2, res, err := tensor.ConvertPromoteTypes(ts[0], ts[1], r, p, tensor.Options{})
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "%s: %v with %v -> %v\n", r.Def().Name, ts[0], ts[1], res)
	if res.Rule != nil {
		fmt.Fprintf(e.stdout, "rule %s: %s\n", res.Rule.ID, oneLine(res.Rule.Text))
		fmt.Fprintf(e.stdout, "source: %s\n", res.Rule.Source)
	}
	if err := context.Cause(e.ctx); err != nil {
		return err
	}
	if err := os.MkdirAll(c.outDir, 0o755); err != nil {
		return err
	}
	results := []*tensor.Tensor{a2, b2}
	if err := writeTogether(e, outs, results); err != nil {
		return err
	}
	for i, t := range results {
		how := "converted from " + ts[i].DType.String()
		if t == ts[i] {
			how = "unchanged"
		}
		fmt.Fprintf(e.stdout, "wrote %s: %v (%s)\n", outs[i], t, how)
	}
	return nil
}

// writeTogether writes each tensor to its path as .npy and commits the
// files together (safeout.CommitAll), or writes none.
func writeTogether(e *env, paths []string, ts []*tensor.Tensor) error {
	files := make([]*safeout.File, len(paths))
	defer func() {
		for _, f := range files {
			if f != nil {
				f.Abort()
			}
		}
	}()
	for i, path := range paths {
		f, err := safeout.Create(e.ctx, path)
		if err != nil {
			return err
		}
		files[i] = f
		for _, s := range f.Stale() {
			fmt.Fprintf(e.stderr, "promote convert: %s\n", s)
		}
		bw := bufio.NewWriterSize(f, 1<<20)
		if err := npy.Write(bw, ts[i]); err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return safeout.CommitAll(files...)
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
