package probe_test

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/promote-dev/promote/probe"
)

// Probe the NumPy and PyTorch installed in Debian's Python and write the
// report as Markdown. (No output is checked: it depends on what is
// installed.)
func ExampleRun() {
	rep, err := probe.Run(context.Background(), probe.Options{
		Python:  "/usr/bin/python3",
		Rules:   []string{"numpy", "pytorch"},
		Timeout: 2 * time.Minute,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range rep.Frameworks {
		if f.Found {
			fmt.Printf("%s %s: %s agrees on %d of %d queries\n", f.Name, f.Version, f.Best.Setting, f.Best.Agree, f.Queries)
		}
	}
	rep.WriteMarkdown(os.Stdout)
}
