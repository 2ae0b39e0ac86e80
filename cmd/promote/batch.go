package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/promote-dev/promote"
)

func init() {
	register(command{name: "batch", summary: "answer one query a line from standard input (the batch contract)", run: runBatch})
}

// runBatch implements the batch contract: exactly one output line for each
// input line, in order; a refusal or a bad line is "error: MESSAGE" and the
// batch goes on; the exit status is 0 unless the command line is bad.
func runBatch(e *env, args []string) int {
	fs := flag.NewFlagSet("batch", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	name := fs.String("rules", "", "the rule set")
	var sets setFlags
	fs.Var(&sets, "set", "an option `KEY=VALUE` of the rule set (repeatable)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "promote batch: unexpected argument %q; queries come on standard input\n", fs.Arg(0))
		return 2
	}
	r, ok := buildRules(e, *name, sets)
	if !ok {
		return 2
	}
	in := bufio.NewReaderSize(e.stdin, 64<<10)
	out := bufio.NewWriterSize(e.stdout, 64<<10)
	for {
		line, err := in.ReadString('\n')
		if line != "" || err == nil {
			writeAnswer(out, r, strings.TrimRight(line, "\r\n"))
		}
		if err != nil {
			if !errors.Is(err, io.EOF) {
				fmt.Fprintf(e.stderr, "promote batch: reading standard input: %v\n", err)
				out.Flush()
				return 1
			}
			break
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(e.stderr, "promote batch: writing standard output: %v\n", err)
		return 1
	}
	return 0
}

// writeAnswer answers one query line.
func writeAnswer(w *bufio.Writer, r promote.Rules, line string) {
	res, err := answer(r, line)
	if err != nil {
		w.WriteString("error: ")
		w.WriteString(oneLine(err.Error()))
		w.WriteByte('\n')
		return
	}
	w.WriteString(res.String())
	w.WriteByte('\n')
}

// answer parses a query in the rule set's dialect and computes its result.
func answer(r promote.Rules, line string) (promote.Result, error) {
	ops, err := promote.ParseOperands(r.Def().Dialect, line)
	if err != nil {
		return promote.Result{}, err
	}
	return r.Result(ops...)
}
