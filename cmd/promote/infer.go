package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/infer"
	"github.com/promote-dev/promote/internal/safein"
	"github.com/promote-dev/promote/rules"
)

// maxProgramBytes bounds the program promote infer reads, from a file or
// from standard input, so that /dev/zero or a runaway pipe is an error
// rather than all of memory: the library's own bound, past which typing
// would take more memory than a shared machine has.
const maxProgramBytes = infer.MaxSourceBytes

func init() {
	register(&command{
		name:  "infer",
		usage: "[-rules NAME] [-set KEY=VALUE]... [-compare A,B,...] [-json] FILE|-",
		short: "type a whole program under a rule set, or lint where rule sets disagree",
		long: `Infer types a program (FILE, or - for standard input) under a rule set, or,
without -rules, prints the porting lint: every statement's type under every
rule set (or those -compare names), the first disagreement marked.

Literals are written in each rule set's host language: Python's, R's for
anvil, C's for c, C++'s for cpp and kernel-float, Julia's for julia.

With -rules it prints every statement's type and rule and, as the last line,
the program's result alone (DTYPE or DTYPE?) or "error: ...". -compare takes
rule-set specs, NAME or NAME:KEY=VALUE:..., each at most once
(numpy:promotion=legacy,numpy).

FILE must be a regular file; a program, from a file or standard input, may
take at most 4 MiB. A UTF-8 byte-order mark at its start is ignored.

Exit status: 0 the program types (-rules) or every rule set agrees (lint);
1 it does not type, or the rule sets disagree, or a statement (which the lint
reports and skips) or the whole program is unreadable, or output was lost;
2 a bad command line or an unreadable FILE.`,
		operands: operandSpec{min: 1, max: 1, what: "program (FILE, or - for standard input)"},
		flags: func(fs *flag.FlagSet) runFunc {
			spec := fs.String("rules", "", "type the program under this rule set: `NAME` or NAME:KEY=VALUE:...")
			var sets setFlags
			fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable; needs -rules)")
			asJSON := fs.Bool("json", false, "write JSON")
			cmp := fs.String("compare", "", "comma-separated rule sets to compare, `NAME[:KEY=VALUE...],...` (default: every rule set)")
			return func(e *env, files []string) error {
				return runInfer(e, *spec, sets, *cmp, *asJSON, files[0])
			}
		},
	})
}

// runInfer types the program under one rule set, or lints it.
func runInfer(e *env, spec string, sets []string, cmp string, asJSON bool, file string) error {
	if spec != "" && cmp != "" {
		return usagef("give -rules (one rule set) or -compare (several), not both")
	}
	if spec == "" && len(sets) > 0 {
		return usagef("-set needs -rules (the lint compares every rule set with its defaults; -compare takes NAME:KEY=VALUE specs)")
	}
	var rs []promote.Rules
	if spec != "" {
		r, err := buildRules(spec, sets)
		if err != nil {
			return err
		}
		rs = []promote.Rules{r}
	} else if cmp != "" {
		var err error
		if rs, err = rules.ParseList(cmp); err != nil {
			return rulesError("-compare: ", err)
		}
	}
	src, label, err := readProgram(e, file, maxProgramBytes)
	if err != nil {
		return &statusError{statusUsage, err}
	}
	if spec == "" {
		return lint(e, label, src, rs, asJSON)
	}
	r := rs[0]
	p, ts, err := infer.Check(label, src, r)
	if asJSON {
		rep := infer.NewReport(r, p, ts, err)
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.Encode(rep)
		if rep.Error != "" {
			return exitStatus(statusFailed)
		}
		return nil
	}
	out := bufio.NewWriterSize(e.stdout, 256<<10)
	ok := infer.WriteText(out, p, ts, err)
	out.Flush()
	if !ok {
		return exitStatus(statusFailed)
	}
	return nil
}

// readProgram reads FILE, or standard input for "-", at most max bytes,
// without a leading UTF-8 byte-order mark. FILE must be a regular file
// (not /dev/zero, a FIFO or a directory). The label names the program in
// error messages: the file's name, or "stdin".
func readProgram(e *env, file string, max int64) ([]byte, string, error) {
	var r io.Reader = e.stdin
	label := "stdin"
	if file != "-" {
		f, err := safein.OpenRegular(file)
		if errors.Is(err, safein.ErrNotRegular) {
			return nil, file, fmt.Errorf("%w; give a program file, or - for standard input", err)
		}
		if err != nil {
			return nil, file, err
		}
		defer f.Close()
		st, err := f.Stat()
		if err != nil {
			return nil, file, err
		}
		if st.Size() > max {
			return nil, file, fmt.Errorf("%s is %d bytes; a program may take at most %d bytes (%d MiB)", file, st.Size(), max, max>>20)
		}
		r, label = f, file
	}
	b, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, label, fmt.Errorf("reading %s: %w", label, err)
	}
	if int64(len(b)) > max {
		return nil, label, fmt.Errorf("%s holds more than %d bytes; a program may take at most %d MiB", label, max, max>>20)
	}
	return bytes.TrimPrefix(b, utf8BOM), label, nil
}

// lint prints the porting lint over rs (every rule set when rs is empty).
func lint(e *env, label string, src []byte, rs []promote.Rules, asJSON bool) error {
	if len(rs) == 0 {
		for _, d := range rules.All() {
			r, err := d.Build()
			if err != nil {
				return err
			}
			rs = append(rs, r)
		}
	}
	l := infer.Compare(label, src, rs)
	var status error
	if l.First >= 0 || l.Unreadable || len(l.Skipped) > 0 {
		status = exitStatus(statusFailed)
	}
	// The library's writers print a million-row lint through one buffer;
	// a lost write is the frame's to report (its writer is sticky).
	if asJSON {
		if err := l.WriteJSON(e.stdout); err != nil {
			return err
		}
		return status
	}
	if err := l.WriteText(e.stdout); err != nil {
		return err
	}
	return status
}
