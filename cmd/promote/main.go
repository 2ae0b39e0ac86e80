// Command promote answers, under every rule set it knows or one chosen
// with -rules, which dtype comes out when operands meet, and why.
//
// Usage:
//
//	promote [-rules NAME] [-set KEY=VALUE]... [-json] OPERAND...
//	promote compare [-json] OPERAND...
//	promote batch -rules NAME [-set KEY=VALUE]...
//	promote table -rules NAME [-set KEY=VALUE]... [-format text|markdown|csv|json]
//	promote diff -rules A [-set ...] -against B [-set ...] [-literals] [-json]
//	promote dtypes [-json]
//	promote rules [-json]
//	promote cast -from SRC -to DST [-policy NAME] [-text]
//	promote bench [-pairs SRC:DST,...] [-n N] [-threads N] [-policy NAME]
//	promote convert [-rules NAME] [-set KEY=VALUE]... [-policy NAME] [-as DTYPE] A.npy B.npy -o DIR
//	promote recast -to DTYPE [-only float|int|all] [-policy NAME] IN.safetensors -o OUT.safetensors
//	promote infer [-rules NAME] [-set KEY=VALUE]... [-compare A,B,...] [-json] FILE|-
//
// Each subcommand lives in a file of its own and registers itself at init.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// env is what a subcommand reads and writes; tests supply buffers.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand. run returns the exit status: 0 success, 1 a
// finding (such as a diff), 2 a usage error.
type command struct {
	name    string
	summary string
	run     func(e *env, args []string) int
}

// commands is the init-time registry of subcommands; nothing modifies it
// after init.
var commands = map[string]command{}

func register(c command) {
	if _, dup := commands[c.name]; dup {
		panic("promote: subcommand registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:]))
}

// run dispatches to a subcommand, or answers a one-shot query.
func run(e *env, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			usage(e.stdout)
			return 0
		}
		if c, ok := commands[args[0]]; ok {
			return c.run(e, args[1:])
		}
	}
	if len(args) == 0 {
		usage(e.stderr)
		return 2
	}
	return runQuery(e, args)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: promote [-rules NAME] [-set KEY=VALUE]... [-json] OPERAND...")
	fmt.Fprintln(w, "       promote SUBCOMMAND [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "A query without -rules is answered under every rule set, side by side.")
	fmt.Fprintln(w, "Operands: f32 (tensor), i64[] (zero-dim), u8[256,56], f16[...] (dynamic rank), i32? (weak),")
	fmt.Fprintln(w, "literals 2 -7 1.0 nan inf 1j true 1L 1.0f, typed scalars f64(1.5) u8(3).")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Subcommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
}

// oneLine makes an error message fit on one output line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
