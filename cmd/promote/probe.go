package main

import (
	"encoding/json"
	"flag"
	"strings"

	"github.com/promote-dev/promote/probe"
)

func init() {
	register(&command{
		name:  "probe",
		usage: "[-python PATH] [-rules NAME,...] [-timeout DUR] [-json]",
		short: "ask the frameworks in your Python; find the setting that answers as each does",
		long: `Probe runs a probe script in your own Python (python3 on PATH, or -python),
finds which of the modelled frameworks are installed there (torch, numpy
with and without ml_dtypes, jax, tensorflow, keras, mlx, paddle,
mindspore, tinygrad, cupy, triton), and asks each every pair, zero-dim
and literal query promote poses for its rule set, boundary integers such
as 2**63 and 2**64 included. It reports, for each framework found, its version, the
setting of the rule set that answers as it does (or the closest, with its
count), and every query where that setting differs, as Markdown to paste
into an issue (-json: the whole report as JSON).

It installs nothing and opens no network connection. The run is bounded:
-timeout (the interpreter's process group is killed on expiry), a cap on
the output read, and a memory bound the script sets on itself. Frameworks
that need a GPU (CuPy) are skipped without one, saying so.

Exit status: 0 each framework found answers exactly as one setting does;
1 one does not (the report lists the queries), or the probe failed (not a
Python, a crash, a timeout); 2 a bad command line. docs/probe.md says more.`,
		operands:     noOperands,
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			python := fs.String("python", probe.DefaultPython, "the Python interpreter: a `PATH`, or a name on PATH")
			rulesFlag := fs.String("rules", "", "probe only the frameworks of these rule sets or frameworks: `NAME,...` (pytorch, numpy, torch, numpy+ml_dtypes, ...)")
			timeout := fs.Duration("timeout", probe.DefaultTimeout, "stop and kill the interpreter after `DUR`")
			asJSON := fs.Bool("json", false, "write the report as JSON")
			return func(e *env, _ []string) error {
				if *timeout <= 0 {
					return usagef("-timeout %s: want a positive duration such as 5m or 90s", *timeout)
				}
				if strings.TrimSpace(*python) == "" {
					return usagef("-python: want an interpreter's path or name")
				}
				return runProbe(e, probe.Options{Python: *python, Rules: splitList(*rulesFlag), Timeout: *timeout}, *asJSON)
			}
		},
	})
}

func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

func runProbe(e *env, opt probe.Options, asJSON bool) error {
	if _, err := probe.Select(opt.Rules); err != nil {
		return usagef("-rules: %s", strings.TrimPrefix(err.Error(), "probe: "))
	}
	rep, err := probe.Run(e.ctx, opt)
	if err != nil {
		return err
	}
	rep.Promote = buildLabel(readBuild())
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else if err := rep.WriteMarkdown(e.stdout); err != nil {
		return err
	}
	for _, f := range rep.Frameworks {
		if f.Found && !f.Exact {
			return exitStatus(statusFailed)
		}
	}
	return nil
}

// buildLabel names the build in a report: the module version, and the
// VCS revision when stamped ("(devel) 1f52dd8c0a3e, modified").
func buildLabel(b buildInfo) string {
	l := b.version
	if b.revision != "" {
		rev := b.revision
		if len(rev) > 12 {
			rev = rev[:12]
		}
		l += " " + rev
		if b.modified {
			l += ", modified"
		}
	}
	return l
}
