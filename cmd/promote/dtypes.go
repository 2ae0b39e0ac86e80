package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/promote-dev/promote/dtype"
)

func init() {
	register(&command{
		name:  "dtypes",
		usage: "[-json]",
		short: "the dtype catalogue with each Format's facts",
		long: `Dtypes lists the dtype catalogue: for each dtype its kind, bits, exponent and
mantissa widths, bias, how it encodes infinities and NaN, its range, and the
spellings it accepts in the neutral reading.`,
		operands: noOperands,
		flags: func(fs *flag.FlagSet) runFunc {
			asJSON := fs.Bool("json", false, "write JSON")
			return func(e *env, _ []string) error { return runDTypes(e, *asJSON) }
		},
	})
}

// runDTypes prints every dtype's facts (dtype.Describe).
func runDTypes(e *env, asJSON bool) error {
	var infos []dtype.Info
	for _, d := range dtype.All() {
		infos = append(infos, dtype.Describe(d))
	}
	if asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(infos)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tKIND\tBITS\tE\tM\tBIAS\tINF\tNAN\t-0\tMIN\tMAX FINITE\tMIN SUBNORMAL\tALSO SPELLED")
	for _, i := range infos {
		em := func(v int) string {
			if i.Kind != "float" {
				return ""
			}
			return strconv.Itoa(v)
		}
		yes := func(b bool) string {
			if b {
				return "yes"
			}
			return ""
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i.Name, i.Kind, i.Bits,
			em(i.Exponent), em(i.Mantissa), em(i.Bias), yes(i.Inf), i.NaN, yes(i.NegZero), i.Min, i.MaxFinite,
			i.MinSubnormal, strings.Join(i.Spellings, " "))
	}
	return tw.Flush()
}
