package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/promote-dev/promote/convert"
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

// dtypeInfo is one catalogue row as the dtypes command shows it.
type dtypeInfo struct {
	Name         string   `json:"name"`
	Kind         string   `json:"kind"`
	Bits         int      `json:"bits"`
	StorageBits  int      `json:"storage_bits,omitempty"` // only where padding makes it differ from bits (f80, c160)
	Exponent     int      `json:"exponent_bits,omitempty"`
	Mantissa     int      `json:"mantissa_bits,omitempty"`
	Bias         int      `json:"bias,omitempty"`
	Inf          bool     `json:"inf"`
	NaN          string   `json:"nan,omitempty"`
	NegZero      bool     `json:"negative_zero"`
	Min          string   `json:"min,omitempty"`
	MaxFinite    string   `json:"max_finite,omitempty"`
	MinSubnormal string   `json:"min_subnormal,omitempty"`
	Elem         string   `json:"element,omitempty"`
	Spellings    []string `json:"spellings"`
}

var nanNames = map[dtype.NaNEncoding]string{
	dtype.NaNNone: "", dtype.NaNIEEE: "ieee", dtype.NaNAllOnes: "S.1..1 only",
	dtype.NaNNegZero: "0x80 only", dtype.NaNAllOnesUnsigned: "0xff only",
}

func describeDType(d dtype.DType) dtypeInfo {
	f := d.Format()
	info := dtypeInfo{Name: d.String(), Kind: f.Kind.String(), Bits: f.Bits, Inf: f.HasInf(), NegZero: f.NegZero,
		Spellings: dtype.Neutral.Spellings(d)[1:]}
	if sb := f.StorageBits(); sb != f.Bits {
		info.StorageBits = sb
	}
	g := exactText
	switch f.Kind {
	case dtype.KindFloat:
		info.Exponent, info.Mantissa, info.Bias, info.NaN = f.ExpBits, f.MantBits, f.Bias, nanNames[f.NaN]
		info.MaxFinite = g(f.MaxFiniteExact())
		if f.HasSubnormals() {
			info.MinSubnormal = g(f.MinSubnormalExact())
		}
		if f.Signed {
			info.Min = g(new(big.Float).Neg(f.MaxFiniteExact()))
		} else {
			info.Min = g(f.MinNormalExact())
		}
	case dtype.KindBool, dtype.KindSigned, dtype.KindUnsigned:
		lo, hi := f.IntRange()
		info.Min, info.MaxFinite = strconv.FormatInt(lo, 10), strconv.FormatUint(hi, 10)
	case dtype.KindComplex:
		info.Elem = f.Elem.String()
		info.MaxFinite = g(f.MaxFiniteExact())
		info.Inf, info.NaN = true, "ieee"
	}
	return info
}

// exactText prints an exact value: as the shortest float64 decimal when
// it is a float64 (every format but f80), else as convert.Text prints it
// as an f80 value (the shortest decimal that reads back as it: f80's
// smallest subnormal is "4e-4951", as NumPy's finfo prints it).
func exactText(v *big.Float) string {
	if f, acc := v.Float64(); acc == big.Exact {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	// v is M·2^k with an integer M of MinPrec bits: its exact decimal has
	// at most -k digits after the point, and 20 or so before it.
	digits := 20
	if k := v.MantExp(nil) - int(v.MinPrec()); k < 0 {
		digits -= k
	}
	d, err := convert.ParseDecimal(v.Text('e', digits))
	if err == nil {
		if x, acc, err := convert.FromDecimal(dtype.F80, d, convert.Default()); err == nil && acc == big.Exact {
			return convert.Text(dtype.F80, x)
		}
	}
	return v.Text('g', -1)
}

func runDTypes(e *env, asJSON bool) error {
	var infos []dtypeInfo
	for _, d := range dtype.All() {
		infos = append(infos, describeDType(d))
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
