package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"

	"github.com/promote-dev/promote/gen"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/internal/safeout"
)

func init() {
	register(&command{
		name:  "gen",
		usage: "-rules NAME -lang go|c|cpp|rust|python [-names FILE] [-package NAME] [-o FILE] [-vectors FILE]",
		short: "a self-contained promotion function for a rule set, in Go, C, C++, Rust or Python",
		long: `Gen writes a dependency-free promotion function for the rule set's pair
table: the dtypes it accepts as an enum, a dense table of every ordered pair,
and a function that looks a pair up and returns the result (with its weak
flag) or an error naming the refusing rule. A comment at the top says which
rule set, options and promote version made it.

-names maps promote's dtype names to yours, one "DTYPE NAME" a line (f32
Float32); every dtype the rule set accepts must be mapped. Without it the
enum uses the canonical names in upper case. -vectors writes every ordered
pair as TSV (a, b, result or error, rule) for your own tests. -o and
-vectors are replaced together, never half-written; without -o the code
goes to standard output.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			c := &genCmd{}
			fs.StringVar(&c.spec, "rules", "", rulesHelp)
			fs.StringVar(&c.lang, "lang", "", "the target `language`: go, c, cpp, rust or python")
			fs.StringVar(&c.names, "names", "", "a `FILE` mapping dtypes to your names, one \"DTYPE NAME\" a line")
			fs.StringVar(&c.pkg, "package", "", "the Go package, C prefix or C++ namespace (default promotion)")
			fs.StringVar(&c.out, "o", "", "write the code to `FILE` (default standard output)")
			fs.StringVar(&c.vectors, "vectors", "", "also write every pair as test vectors to `FILE`")
			return c.run
		},
	})
}

type genCmd struct {
	spec, lang, names, pkg, out, vectors string
}

func (c *genCmd) run(e *env, _ []string) error {
	if c.lang == "" {
		return usagef("-lang is required (go, c, cpp, rust or python)")
	}
	lang, err := gen.ParseLang(c.lang)
	if err != nil {
		return usagef("-lang: %s", err)
	}
	r, err := buildRules(c.spec, nil)
	if err != nil {
		return err
	}
	opt := gen.Options{Lang: lang, Package: c.pkg, Spec: c.spec, Version: promoteVersion(), NamesFile: c.names, VectorsFile: c.vectors}
	if c.out != "-" {
		opt.OutFile = c.out
	}
	if c.names != "" {
		data, err := readBounded(c.names, gen.MaxNamesSize)
		if err != nil {
			return usagef("-names: %s", oneLine(err.Error()))
		}
		if opt.Names, err = gen.ParseNames(c.names, data); err != nil {
			return usagef("-names: %s", oneLine(err.Error()))
		}
	}
	// Outputs: distinct, not an input, and files we may replace.
	outs := map[string]string{}
	for _, o := range []struct{ flag, path string }{{"-o", c.out}, {"-vectors", c.vectors}} {
		if o.path == "" || o.path == "-" && o.flag == "-o" {
			continue
		}
		for _, in := range []string{c.names, c.spec} {
			if in != "" && samePath(o.path, in) {
				return usagef("%s %s would overwrite the input %s", o.flag, o.path, in)
			}
		}
		for f, p := range outs {
			if samePath(o.path, p) {
				return usagef("%s and %s name the same file %s", f, o.flag, p)
			}
		}
		if err := safeout.Check(o.path); err != nil {
			return usagef("%s: %s", o.flag, oneLine(err.Error()))
		}
		outs[o.flag] = o.path
	}
	var code, vec bytes.Buffer
	if err := gen.Generate(&code, r, opt); err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	if c.vectors != "" {
		if err := gen.WriteVectors(&vec, r, opt); err != nil {
			return usagef("%s", oneLine(err.Error()))
		}
	}
	var files []*safeout.File
	defer func() {
		for _, f := range files {
			f.Abort()
		}
	}()
	write := func(path string, data []byte) error {
		f, err := safeout.Create(e.ctx, path)
		if err != nil {
			return err
		}
		files = append(files, f)
		for _, s := range f.Stale() {
			fmt.Fprintf(e.stderr, "promote gen: %s\n", s)
		}
		_, err = f.Write(data)
		return err
	}
	if p, ok := outs["-o"]; ok {
		if err := write(p, code.Bytes()); err != nil {
			return err
		}
	} else if _, err := e.stdout.Write(code.Bytes()); err != nil {
		return err
	}
	if p, ok := outs["-vectors"]; ok {
		if err := write(p, vec.Bytes()); err != nil {
			return err
		}
	}
	if len(files) > 0 {
		if err := safeout.CommitAll(files...); err != nil {
			return err
		}
		files = nil
	}
	return nil
}

// promoteVersion is the module version and revision this binary was built
// from, for generated files' headers.
func promoteVersion() string {
	b := readBuild()
	v := b.version
	if b.revision != "" {
		v += " (revision " + b.revision
		if b.modified {
			v += ", with uncommitted changes"
		}
		v += ")"
	}
	return v
}

// readBounded reads a small input file, refusing one larger than limit.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := safein.OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}
