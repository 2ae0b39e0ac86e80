package main

import (
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

func init() {
	register(&command{
		name:     "help",
		usage:    "[SUBCOMMAND]",
		short:    "the usage of promote, or of one subcommand",
		long:     "Help prints the usage of promote, or the usage, description and flags of one subcommand.",
		operands: operandSpec{min: 0, max: 1, what: "subcommand name"},
		flags: func(fs *flag.FlagSet) runFunc {
			return func(e *env, args []string) error {
				if len(args) == 0 {
					usage(e.stdout)
					return nil
				}
				c, ok := commands[args[0]]
				if !ok {
					return usagef("unknown subcommand %s (promote help lists them)", quoteArg(args[0]))
				}
				sub := flag.NewFlagSet(c.name, flag.ContinueOnError)
				c.flags(sub)
				c.writeHelp(e.stdout, sub)
				return nil
			}
		},
	})
	register(&command{
		name:  "version",
		usage: "",
		short: "the module version and VCS revision this binary was built from",
		long: `Version prints the module version of promote, the VCS revision and time it
was built from (and whether the tree had uncommitted changes), and the Go
version, all from the build information Go stamps into the binary
(runtime/debug.ReadBuildInfo). promote -version is the same.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			return func(e *env, _ []string) error {
				writeVersion(e, readBuild())
				return nil
			}
		},
	})
}

// buildInfo is what promote version reports.
type buildInfo struct {
	version, revision, time string
	modified                bool
	goVersion, platform     string
}

func readBuild() buildInfo {
	b := buildInfo{version: "unknown", goVersion: runtime.Version(), platform: runtime.GOOS + "/" + runtime.GOARCH}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if bi.Main.Version != "" {
		b.version = bi.Main.Version
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.revision = s.Value
		case "vcs.time":
			b.time = s.Value
		case "vcs.modified":
			b.modified = s.Value == "true"
		}
	}
	return b
}

func writeVersion(e *env, b buildInfo) {
	fmt.Fprintf(e.stdout, "promote %s\n", b.version)
	switch {
	case b.revision == "":
		fmt.Fprintln(e.stdout, "revision unknown (built without VCS information)")
	default:
		line := "revision " + b.revision
		if b.time != "" {
			line += " (" + b.time + ")"
		}
		if b.modified {
			line += ", with uncommitted changes"
		}
		fmt.Fprintln(e.stdout, line)
	}
	fmt.Fprintf(e.stdout, "%s %s\n", b.goVersion, b.platform)
}
