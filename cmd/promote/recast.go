package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/promote-dev/promote/checkpoint"
	"github.com/promote-dev/promote/convert"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/safetensors"
)

func init() {
	register(&command{
		name:  "recast",
		usage: "-to DTYPE [-only float|int|all] [-policy NAME] [-mem SIZE] [-max-shard-size SIZE] [-json] [-check] IN -o OUT",
		short: "convert a checkpoint's tensors to a dtype, streaming (-to DTYPE IN -o OUT)",
		long: `Recast converts the tensors of a checkpoint (a .safetensors file, a
directory of shards, or a model.safetensors.index.json) to one dtype.
-only picks the tensors: float (the default: real floating tensors), int
(integers; bool is not one) or all (bool and complex too). Tensors not
picked, and tensors already of the target dtype, are copied byte for byte;
each shard's metadata is kept; config.json's torch_dtype follows a float
target. FP8 weights with scale tensors are refused (recasting them would
drop the scales): use promote dequant; so are DeepSeek-V4's packed FP4
experts (I8 with an F8_E8M0 X.scale). Each file is laid out as the
reference writer lays it out (tensors sorted by dtype, then name).
F4 (-to F4 or f4e2m1fn) stores two values a byte, the first in the low
nibble, and its shape counts values, not bytes (torch's
float4_e2m1fn_x2 counts byte pairs); an odd count is refused. F8_E8M0
(f8e8m0fnu) holds powers of two, 2^(byte-127), 0xff NaN: no sign, no
zero, so zeros and negatives become NaN (counted as overflowed).
` + guarantees,
		operands:     operandSpec{min: 1, max: 1, what: "input"},
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			var cf ckptFlags
			to := fs.String("to", "", "the target `dtype` (bf16, f16, f8e4m3fn, ... or the format's spelling BF16, F8_E4M3, ...)")
			only := fs.String("only", "float", "which tensors to convert: float, int or all")
			pname := fs.String("policy", "default", "the conversion `policy`: "+strings.Join(convert.PolicyNames(), ", "))
			cf.declare(fs)
			return func(e *env, ins []string) error {
				return runRecast(e, ins[0], &cf, *to, *only, *pname)
			}
		},
	})
}

var pickers = map[string]func(checkpoint.Tensor) bool{
	"float": func(t checkpoint.Tensor) bool { return t.DType.IsFloat() },
	"int":   func(t checkpoint.Tensor) bool { return t.DType.IsInteger() },
	"all":   func(checkpoint.Tensor) bool { return true },
}

func runRecast(e *env, in string, cf *ckptFlags, to, only, pname string) error {
	if cf.out == "" && !cf.check {
		return usagef("-o OUT is required (or -o - for standard output)")
	}
	target, err := parseTarget(to)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	pick, ok := pickers[only]
	if !ok {
		return usagef("-only %s: want float, int or all", quoteArg(only))
	}
	policy, err := convert.PolicyByName(pname)
	if err != nil {
		return usagef("%s", oneLine(err.Error()))
	}
	o, err := cf.options(e, in)
	if err != nil {
		return err
	}
	c, err := openInput(in)
	if err != nil {
		return err
	}
	defer c.Close()
	rep, err := checkpoint.Recast(e.ctx, c, cf.out, checkpoint.RecastOptions{Options: o, To: target, Select: pick, Policy: policy})
	return cf.finish(e, "recast", rep, err)
}

func parseTarget(s string) (dtype.DType, error) {
	if s == "" {
		return dtype.Invalid, errors.New("-to DTYPE is required")
	}
	d, err := dtype.Parse(s)
	if err != nil {
		if d2, err2 := safetensors.DTypeOf(s); err2 == nil {
			return d2, nil
		}
		return dtype.Invalid, err
	}
	if !safetensors.Supported(d) {
		var names []string
		for _, x := range safetensors.DTypes() {
			names = append(names, x.String())
		}
		return dtype.Invalid, fmt.Errorf("-to %s: safetensors cannot store %v (it stores %s)", s, d, strings.Join(names, " "))
	}
	return d, nil
}
