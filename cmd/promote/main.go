// Command promote answers, under every rule set it knows or one chosen
// with -rules, which dtype comes out when operands meet, and why.
//
// Usage:
//
//	promote [-rules NAME] [-set KEY=VALUE]... [-json] OPERAND...
//	promote query [-rules NAME] [-set KEY=VALUE]... [-json] OPERAND...
//	promote compare [-json] OPERAND...
//	promote batch -rules NAME [-set KEY=VALUE]...
//	promote table -rules NAME [-set KEY=VALUE]... [-format text|markdown|csv|json|svg|html] [-against OTHER]
//	promote lattice -rules NAME [-set KEY=VALUE]... [-format svg|dot|text]
//	promote diff -rules A [-set ...] -against B [-set ...] [-literals] [-json]
//	promote dtypes [-json]
//	promote rules [-json]
//	promote cast -from SRC -to DST [-policy NAME] [-text]
//	promote bench [-pairs SRC:DST,...] [-n N] [-threads N] [-policy NAME] [-reps N]
//	promote convert [-rules NAME] [-set KEY=VALUE]... [-policy NAME] [-as DTYPE] [-deflate] [-max-npz-size SIZE] A.npy B.npy | ARCHIVE.npz -o DIR
//	promote recast -to DTYPE [-only float|int|all] [-policy NAME] [CHECKPOINT FLAGS] IN -o OUT
//	promote dequant [-to bf16|f16|f32] [-mode exact|reference] [-block N] [CHECKPOINT FLAGS] IN -o OUT
//	promote quant -to f8e4m3fn|mxfp4|nvfp4 [-scale tensor|block] [-block N] [-only PAT] [-skip PAT] [CHECKPOINT FLAGS] IN -o OUT
//	promote infer [-rules NAME] [-set KEY=VALUE]... [-compare A,B,...] [-json] FILE|-
//	promote probe [-python PATH] [-rules NAME,...] [-timeout DUR] [-json]
//	promote lint [-json] [-format text|json|sarif] [-j N] [-max-file-size SIZE] PATH...
//	promote serve [-addr HOST:PORT]
//	promote site -o DIR [-src DIR]
//	promote help [SUBCOMMAND]
//	promote version
//
// Every subcommand takes -h. Exit status: 0 success; 1 a finding (a diff,
// a refusal, a program that does not type), a failed input, or output that
// could not be written; 2 a bad command line; 130 or 143 interrupted by
// SIGINT or SIGTERM (recast, dequant, quant, convert and site, after
// removing their temporary files; serve, after closing its connections).
// The checkpoint flags are -mem SIZE, -max-shard-size SIZE, -threads N,
// -json, -v, -check and -nosync.
//
// Each subcommand lives in a file of its own and registers itself at init.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
)

// env is what a subcommand reads and writes; tests supply buffers.
type env struct {
	// ctx is cancelled when the run should stop (a signal, in commands
	// that catch them); nil means context.Background().
	ctx            context.Context
	stdin          io.Reader
	stdout, stderr io.Writer
	// signals: this is the real process, so commands that catch signals
	// may install handlers (tests leave it false).
	signals bool
	// stdoutTTY: standard output is a terminal (set by the frame, which
	// hands commands a buffered writer in its place).
	stdoutTTY bool
}

// commands is the init-time registry of subcommands; nothing modifies it
// after init.
var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("promote: subcommand registered twice: " + c.name)
	}
	commands[c.name] = c
}

func main() {
	os.Exit(run(&env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, signals: true}, os.Args[1:]))
}

// run dispatches to a subcommand, or answers a one-shot query, and
// returns the exit status.
func run(e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return statusUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		return runCommand(e, commands["help"], args[1:])
	case "-version", "--version":
		return runCommand(e, commands["version"], args[1:])
	}
	if c, ok := commands[args[0]]; ok {
		return runCommand(e, c, args[1:])
	}
	return runCommand(e, commands["query"], args)
}

// usage writes the general usage: the one-shot query and every
// subcommand with its summary.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: promote [-rules NAME] [-set KEY=VALUE]... [-json] OPERAND...")
	fmt.Fprintln(w, "       promote SUBCOMMAND [flags] [operands]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "A query without -rules is answered under every rule set, side by side.")
	fmt.Fprintln(w, "Operands: f32 (tensor), i64[] (zero-dim), i64[](300) (zero-dim with a value), u8[256,56],")
	fmt.Fprintln(w, "f16[...] (dynamic rank), i32? (weak), literals 2 -7 1.0 nan -nan inf 1j true 1L 1.0f,")
	fmt.Fprintln(w, "typed scalars f64(1.5) u8(3).")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Subcommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].short)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'promote help SUBCOMMAND' (or promote SUBCOMMAND -h) for its flags.")
	fmt.Fprintln(w, "Exit status: 0 success; 1 a finding, a refusal or lost output; 2 a bad command line;")
	fmt.Fprintln(w, "130/143 interrupted.")
}

// oneLine makes an error message fit on one output line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
