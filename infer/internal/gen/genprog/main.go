// Command genprog writes a generated program to standard output:
//
//	go run ./infer/internal/gen/genprog -lines 1000000 -host python > big.prog
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/promote-dev/promote/infer/internal/gen"
)

func main() {
	lines := flag.Int("lines", 1000, "number of lines")
	seed := flag.Uint64("seed", 1, "random seed")
	host := flag.String("host", "python", "literal syntax: python, r or cpp")
	flag.Parse()
	if err := gen.Write(os.Stdout, *lines, *seed, gen.Host(*host)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
