package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/internal/safeout"
	"github.com/promote-dev/promote/npy"
	"github.com/promote-dev/promote/tensor"
)

func init() {
	register(&command{
		name:  "convert",
		usage: "[-rules NAME] [-set KEY=VALUE]... [-policy NAME] [-as DTYPE] [-deflate] [-max-npz-size SIZE] A.npy B.npy | ARCHIVE.npz ... -o DIR",
		short: "convert .npy arrays or .npz archives to their common dtype (A.npy B.npy -o DIR)",
		long: `Convert is ConvertPromoteTypes on files: it reads A.npy and B.npy, asks the
rule set (default ` + npy.RuleSet + `) for their common dtype (the arrays' real shapes
decide shape-dependent rules: a 0-d array is rank 0), converts both under the
policy, and writes them to DIR under their own base names. It prints the
decision: the result, the rule and its text, and the rule's source. An array
already of the common dtype is written unchanged.

An .npz archive (NumPy's np.savez or np.savez_compressed) counts as all of
its arrays: every array of every input is promoted to one common dtype, the
rule set's answer for all of them at once (its own N-operand semantics: a
fold, a lattice join; OpenVINO takes exactly two), as a model's weights are
cast to one dtype. The archive is written back to DIR under its base name
with the same array names in the same order, stored, or deflated with
-deflate. More than two .npy files are promoted together the same way.
An archive whose arrays add up to more than -max-npz-size (default 1GiB)
uncompressed is refused before it is read: reading costs about that much
memory.

The outputs are committed together or not at all: each is written to a
temporary file beside it and synced; then all are renamed into place, and
if a rename fails those already renamed get their previous content back (or
are removed if they did not exist), so an error never leaves a new A beside
an old B. Only regular files are replaced (never a device, FIFO, directory
or socket, checked before any work); a symbolic link is written through.
SIGINT or SIGTERM removes the temporary files (exit 130 or 143).

Exit status: 0 success; 1 an unreadable input, a refusal by the rule set or
the policy, or a failed write (nothing is written); 2 a bad command line,
including outputs that would overwrite an input or each other; 130/143
interrupted.`,
		operands:     operandSpec{min: 1, max: -1, what: "input files", one: "input file"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			c := &converter{}
			fs.StringVar(&c.spec, "rules", "", "the rule set (default "+npy.RuleSet+"): `NAME` or NAME:KEY=VALUE:...")
			fs.Var(&c.sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
			fs.StringVar(&c.policy, "policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			fs.StringVar(&c.as, "as", "", "the `dtype` of an input saved as raw bytes ('|V2', as np.save writes bfloat16 and other ml_dtypes types); inputs whose descr names a dtype keep it")
			fs.StringVar(&c.outDir, "o", "", "the output `directory` (created if missing)")
			fs.BoolVar(&c.deflate, "deflate", false, "deflate the members of .npz outputs (as np.savez_compressed); stored otherwise")
			fs.StringVar(&c.maxNPZ, "max-npz-size", "1GiB", "refuse an .npz input whose arrays take more than this `size` uncompressed (2GiB, 500MB)")
			return func(e *env, ins []string) error { return c.run(e, ins) }
		},
	})
}

// converter holds a convert command's flags.
type converter struct {
	spec, policy, as, outDir string
	maxNPZ                   string
	sets                     setFlags
	deflate                  bool
}

// input is one file of the command line: an .npy array or an .npz
// archive of named arrays.
type input struct {
	path   string
	npz    bool
	arrays []npy.Array // one unnamed array for an .npy
}

// isNPZ reports whether path names an .npz archive.
func isNPZ(path string) bool { return strings.EqualFold(filepath.Ext(path), ".npz") }

// run reads the inputs, converts every array to their common dtype and
// commits all outputs together.
func (c *converter) run(e *env, ins []string) error {
	if c.outDir == "" {
		return usagef("-o DIR is required")
	}
	if err := checkOutDir(c.outDir); err != nil {
		return err
	}
	if len(ins) == 1 && !isNPZ(ins[0]) {
		return usagef("one .npy file: want two input files, or an .npz archive (whose arrays are promoted together)")
	}
	if c.spec == "" {
		c.spec = npy.RuleSet
	}
	r, err := buildRules(c.spec, c.sets)
	if err != nil {
		return err
	}
	p, err := convert.PolicyByName(c.policy)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	maxNPZ, err := checkpoint.ParseSize(c.maxNPZ)
	if err != nil || maxNPZ <= 0 {
		return usagef("-max-npz-size %s: want a positive size (1GiB, 500MB)", quoteArg(c.maxNPZ))
	}
	opts := []npy.Option{npy.MaxNPZBytes(maxNPZ)}
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

	inputs := make([]input, len(ins))
	var all []*tensor.Tensor
	for i, in := range ins {
		inputs[i] = input{path: in, npz: isNPZ(in)}
		if inputs[i].npz {
			if inputs[i].arrays, err = npy.ReadNPZFile(in, opts...); err != nil {
				return err
			}
		} else {
			x, err := npy.ReadFile(in, opts...)
			if err != nil {
				return err
			}
			inputs[i].arrays = []npy.Array{{Tensor: x}}
		}
		for _, a := range inputs[i].arrays {
			all = append(all, a.Tensor)
		}
	}
	if len(all) < 2 {
		return fmt.Errorf("%s holds %d array(s): nothing to promote", ins[0], len(all))
	}
	conv, res, err := tensor.ConvertPromoteAll(all, r, p, tensor.Options{})
	if err != nil {
		return err
	}
	ops := make([]string, len(all))
	for i, x := range all {
		ops[i] = x.String()
	}
	fmt.Fprintf(e.stdout, "%s: %s -> %v\n", r.Def().Name, strings.Join(ops, " with "), res)
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
	k := 0
	for i := range inputs {
		for j := range inputs[i].arrays {
			inputs[i].arrays[j].Tensor = conv[k]
			k++
		}
	}
	var wopts []npy.Option
	if c.deflate {
		wopts = append(wopts, npy.Deflate())
	}
	if err := writeTogether(e, outs, inputs, wopts); err != nil {
		return err
	}
	k = 0
	for i, in := range inputs {
		var hows []string
		for _, a := range in.arrays {
			how := "converted from " + all[k].DType.String()
			if a.Tensor == all[k] {
				how = "unchanged"
			}
			if in.npz {
				how = a.Name + " " + how
			}
			hows = append(hows, how)
			k++
		}
		if in.npz {
			fmt.Fprintf(e.stdout, "wrote %s: %s of %v (%s)\n", outs[i], plural(len(in.arrays), "array", "arrays"), res.DType, strings.Join(hows, ", "))
		} else {
			fmt.Fprintf(e.stdout, "wrote %s: %v (%s)\n", outs[i], in.arrays[0].Tensor, hows[0])
		}
	}
	return nil
}

// writeTogether writes each input's arrays to its output path (an .npy,
// or an .npz of the same names) and commits the files together
// (safeout.CommitAll), or writes none.
func writeTogether(e *env, paths []string, ins []input, opts []npy.Option) error {
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
		if ins[i].npz {
			err = npy.WriteNPZ(bw, ins[i].arrays, opts...)
		} else {
			err = npy.Write(bw, ins[i].arrays[0].Tensor)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	return safeout.CommitAll(files...)
}

// checkOutDir refuses an -o that exists and is not a directory, or whose
// parent is not one, before anything is read: the outputs go inside it
// (DIR/A.npy), which "lstat s.safetensors/a.npy: not a directory" used to
// report only after the conversion.
func checkOutDir(dir string) error {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return usagef("-o %s is %s, not a directory: convert writes one file per input into the directory -o names (created if missing)", quoteArg(dir), safeout.Kind(fi.Mode()))
	case errors.Is(err, syscall.ENOTDIR):
		return usagef("-o %s: a part of the path before its last element is a file, not a directory", quoteArg(dir))
	}
	return nil
}

// outputPaths returns DIR/base(IN) for each input, or why they cannot be
// used: two would be one file, or one would overwrite an input.
func outputPaths(ins []string, dir string) ([]string, string) {
	outs := make([]string, len(ins))
	for i, in := range ins {
		outs[i] = filepath.Join(dir, filepath.Base(in))
	}
	for i := range outs {
		for j := range i {
			if outs[i] == outs[j] || samePath(outs[i], outs[j]) {
				return nil, fmt.Sprintf("two inputs would be written to %s; give them different base names", outs[i])
			}
		}
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
