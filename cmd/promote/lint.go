package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/pylint"
)

func init() {
	register(&command{
		name:  "lint",
		usage: "[-json] [-format text|json|sarif] [-j N] [-max-file-size SIZE] PATH...",
		short: "find where NumPy 2 changes a result in Python code (NEP 50)",
		long: `Lint reads Python files (PATH a file, or a directory searched recursively for
*.py) and reports every place where NumPy 1.x and NumPy 2 give a different
result dtype, a different np.result_type answer, or where NumPy 2 raises
(an out-of-bounds Python int: OverflowError; an in-place u8 += np.int16(5)
NumPy 2 refuses to cast; np.can_cast of a Python number), one line each:

  file:line:col: OP on OPERANDS: NumPy 1.x gives A, NumPy 2 gives B. CASE [rules: OLD / NEW]

Dtypes are followed through imports and aliases, scalar and array
constructors, .astype, dtype= keywords, annotations (npt.NDArray[np.float32]),
literals and assignments within a function; what cannot be followed is
unknown and never reported. Each answer is promote's numpy rule set
(promotion=legacy for NumPy 1.x as 1.24 computes it, the default for NumPy 2),
naming the rule that decided it. A line with "# promote: ignore" is silenced.

-format sarif writes SARIF 2.1.0 for code-scanning services; -json is
-format json. Files are linted in parallel (-j, default the number of CPUs),
each read whole up to -max-file-size; a file that cannot be
read or parsed (binary, not UTF-8, too large, too deeply nested, a symbolic
link loop) gets an error on standard error and the rest is still linted.
On a terminal, progress is drawn on standard error. See docs/lint.md.

Exit status: 0 no findings; 1 findings, or a file that could not be linted;
2 a bad command line.`,
		operands: operandSpec{min: 1, max: -1, what: "paths (Python files or directories)"},
		flags: func(fs *flag.FlagSet) runFunc {
			asJSON := fs.Bool("json", false, "write JSON (same as -format json)")
			format := fs.String("format", "text", "output `format`: text, json or sarif")
			jobs := fs.Int("j", 0, "files linted at once, `N` (0: the number of CPUs)")
			maxSize := fs.String("max-file-size", "10MiB", "largest file read, `SIZE` (10MiB, 500KB)")
			return func(e *env, paths []string) error {
				f := *format
				if *asJSON {
					if f != "text" && f != "json" {
						return usagef("-json and -format %s disagree; give one", f)
					}
					f = "json"
				}
				switch f {
				case "text", "json", "sarif":
				default:
					return usagef("-format %s: want text, json or sarif", quoteArg(f))
				}
				if *jobs < 0 {
					return usagef("-j %d: want 0 (the number of CPUs) or more", *jobs)
				}
				size, err := checkpoint.ParseSize(*maxSize)
				if err != nil || size <= 0 {
					return usagef("-max-file-size %s: want a positive size (10MiB, 500KB)", quoteArg(*maxSize))
				}
				return runLint(e, paths, f, *jobs, size)
			}
		},
	})
}

func runLint(e *env, paths []string, format string, jobs int, maxSize int64) error {
	ctx := e.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	opt := pylint.Options{Workers: jobs, MaxFileBytes: maxSize}
	var bar *lintProgress
	if isTerminal(e.stderr) {
		bar = newLintProgress(e.stderr)
		opt.Progress = bar.update
	}
	rep, err := pylint.Run(ctx, paths, opt)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		return err
	}
	switch format {
	case "json":
		err = rep.WriteJSON(e.stdout)
	case "sarif":
		err = rep.WriteSARIF(e.stdout, readBuild().version)
	default:
		err = rep.WriteText(e.stdout)
	}
	if err != nil {
		return err
	}
	if format != "json" && format != "sarif" || len(rep.Errors) > 0 {
		if werr := rep.WriteErrors(e.stderr); werr != nil {
			return werr
		}
	}
	if len(rep.Findings) > 0 || len(rep.Errors) > 0 {
		return exitStatus(statusFailed)
	}
	return nil
}

// lintProgress draws "linted N of M files" on a terminal, at most ten
// times a second.
type lintProgress struct {
	w     io.Writer
	last  time.Time
	drawn bool
}

func newLintProgress(w io.Writer) *lintProgress { return &lintProgress{w: w} }

func (p *lintProgress) update(done, found int) {
	now := time.Now()
	if now.Sub(p.last) < 100*time.Millisecond {
		return
	}
	p.last = now
	fmt.Fprintf(p.w, "\rlinted %d of %d files \x1b[K", done, found)
	p.drawn = true
}

// clear erases the progress line, so findings and errors start clean.
func (p *lintProgress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}
