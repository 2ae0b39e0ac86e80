package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/explorer/web"
)

func init() {
	register(&command{
		name:  "site",
		usage: "-o DIR [-src DIR]",
		short: "write the explorer as static files whose engine is promote in WebAssembly",
		long: `Site writes the explorer as static files into DIR, to host anywhere: the page
promote serve serves, with promote itself compiled to WebAssembly as its
engine, so it answers without a server. It is the same page with the same
answers.

The engine is built from promote's own source with the standard Go toolchain
(GOOS=js GOARCH=wasm go build -trimpath -tags purego -ldflags "-s -w"), and
wasm_exec.js is copied from that toolchain. The source is found from the
working directory upwards, or given with -src. DIR must not exist, be empty,
or be a site promote wrote before; its files are written together or not at
all.`,
		operands:     noOperands,
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			dir := fs.String("o", "", "the output `DIR`ectory")
			src := fs.String("src", "", "promote's source `DIR`ectory, the one with its go.mod (default: found from the working directory)")
			return func(e *env, _ []string) error {
				if *dir == "" {
					return usagef("-o DIR is required")
				}
				rep, err := web.WriteSite(e.ctx, web.SiteOptions{Dir: *dir, Src: *src})
				if err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "wrote %s: %s\n", rep.Dir, strings.Join(rep.Files, " "))
				fmt.Fprintf(e.stdout, "promote.wasm: %.1f MiB, %.1f MiB with gzip -9; built by %s from %s\n",
					float64(rep.WasmBytes)/(1<<20), float64(rep.WasmGzip)/(1<<20), rep.GoVersion, rep.Src)
				fmt.Fprintf(e.stdout, "serve DIR with any static file server (it must send .wasm as application/wasm for the fastest start)\n")
				return nil
			}
		},
	})
}
