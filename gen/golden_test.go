package gen_test

import (
	"bytes"
	"flag"
	"os"
	"testing"

	"github.com/promote-dev/promote/gen"
	"github.com/promote-dev/promote/rules"
)

var update = flag.Bool("update", false, "rewrite the generated example package")

// examplePath is a generated package committed to the repository: it is
// compiled with the project and benchmarked against PromoteTypes.
const examplePath = "internal/jaxx64/promotion.go"

func exampleOptions() gen.Options {
	return gen.Options{Lang: gen.Go, Package: "jaxx64", Spec: "jax:x64=true", Version: "(the committed example; regenerate with go test ./gen -run TestGenerated -update)"}
}

// TestGenerated: the committed example is what Generate writes today
// (refresh it with -update).
func TestGenerated(t *testing.T) {
	r, err := rules.Parse("jax:x64=true")
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := gen.Generate(&b, r, exampleOptions()); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(examplePath, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have, err := os.ReadFile(examplePath)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(have, b.Bytes()) {
		t.Errorf("%s is stale: run go test ./gen -run TestGenerated -update", examplePath)
	}
}
