package triton

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Where the rules come from (spec.md's short names).
const (
	srcMain = "triton-lang/triton@0c2e95d python/triton/language/semantic.py"
	src32   = "triton-lang/triton@00526b7b python/triton/language/semantic.py (releases 3.2.0 to 3.6.0)"
	srcCore = "triton-lang/triton@db8d014 python/triton/language/core.py"
	srcDocs = "triton-lang/triton@0c2e95d docs/python-api/triton-semantics.rst"
)

// The versions of computation_type_impl promote models, named by the
// releases that carry each behaviour.
const (
	// VersionMain is the unreleased source (semantic.py@0c2e95d): PRs
	// #10883 (float / and % go to fp32), #11121 (an ignored scalar leaves
	// the rest of the cascade to run), #11744 (bf16 with fp8 is bf16) and
	// #8882 (fp8 constants), which no release carries yet.
	VersionMain = "main"
	// Version32 to Version36 are the releases 3.2.0 to 3.6.0: the cascade
	// from PRs #4613 and #4905 (semantic.py@00526b7b), unchanged until PR
	// #10883; Triton 3.6.0 run live answers every pair as it does.
	Version32 = "3.2"
	Version33 = "3.3"
	Version34 = "3.4"
	Version35 = "3.5"
	Version36 = "3.6"
	// VersionDefault is the newest release, what pip installs.
	VersionDefault = Version36
)

// Versions lists the values of the version option, newest first.
var Versions = []string{VersionMain, Version36, Version35, Version34, Version33, Version32}

// released reports whether version names a release (not main).
func released(version string) bool { return version != VersionMain }

func rule(id, text, src string) *promote.Rule {
	return &promote.Rule{ID: id, Text: text, Source: src + " (computation_type_impl)"}
}

// The cascade of computation_type_impl at semantic.py@0c2e95d, in order.
var (
	mScalar = rule("scalar-ignored", "a Python scalar whose kind (bool < integral < floating) is at most the tensor's does not take part: the rest of the cascade runs on the tensor's type alone (PR #11121)", srcMain)
	mFP64   = rule("fp64", "either operand is fp64: fp64", srcMain)
	mDivMod = rule("div-mod-fp32", "/ and % with a floating operand (fp64 excepted) compute in fp32 (PR #10883)", srcMain)
	mFP32   = rule("fp32", "either operand is fp32: fp32 (a Python float is fp32 when its magnitude is in f32's normal range)", srcMain)
	mFP16   = rule("fp16", "either operand is fp16: fp16 (so fp16 with bf16, an fp8 or any integer is fp16)", srcMain)
	mBF16F  = rule("bf16-float", "bf16 with bf16 or an fp8 type: bf16 (PR #11744)", srcMain)
	mBF16I  = rule("bf16-int", "bf16 with an integer or int1: fp32", srcMain)
	mFP8    = rule("fp8", "two fp8 operands: the type itself when they are equal, else fp16", srcMain)
	mNotInt = rule("not-integer", "a pair no earlier step decided that is not two integers (an fp8 type with an integer or int1) raises TypeError", srcMain)
)

// The cascade at semantic.py@00526b7b (releases 3.2 to 3.6), in order.
var (
	oScalar    = rule("scalar-ignored", "a Python scalar whose kind (bool < integral < floating) is at most the tensor's does not take part: the result is the tensor's type", src32)
	oScalarDiv = rule("scalar-ignored-div-mod", "/ and % of an fp16 or bf16 tensor with a Python scalar that does not take part compute in fp32", src32)
	oFP64      = rule("fp64", "either operand is fp64: fp64", src32)
	oFP32      = rule("fp32", "either operand is fp32: fp32 (a Python float is fp32 when its magnitude is in f32's normal range)", src32)
	oFP16      = rule("fp16", "either operand is fp16: fp16, or fp32 for / and % (no native fp16 division in PTX)", src32)
	oBF16      = rule("bf16-pair", "bf16 with bf16: bf16, or fp32 for / and %", src32)
	oBF16M     = rule("bf16-mixed", "bf16 with anything but bf16 (fp8 types included): fp32", src32)
	oFP8       = rule("fp8", "two fp8 operands: the type itself when they are equal, else fp16 (also for / and %)", src32)
	oNotInt    = rule("not-integer", "a pair no earlier step decided that is not two integers (an fp8 type with an integer or int1) raises TypeError", src32)
)

// Shared by both versions.
var (
	ruleDivSign = &promote.Rule{ID: "div-mod-signedness",
		Text:   "/, // and % of two integers of different signedness raise TypeError",
		Source: srcMain + " and " + src32 + " (computation_type_impl)"}
	ruleIntPromote = &promote.Rule{ID: "integer-promote",
		Text:   "two integers follow C's signedness rule without its promotion to int: same signedness gives the wider; else the unsigned one if it is at least as wide, else the signed one (int1 is a 1-bit unsigned type)",
		Source: srcMain + " and " + src32 + " (integer_promote_impl)"}
)

// decision is one step's answer: a dtype, or (out Invalid) a refusal.
type decision struct {
	out  dtype.DType
	rule *promote.Rule
	msg  string
}

// compute is computation_type_impl(a, aScalar, b, bScalar, divMod) of the
// version. Both dtypes must be Triton dtypes.
func compute(version string, a dtype.DType, aScalar bool, b dtype.DType, bScalar bool, divMod bool) decision {
	if released(version) {
		return compute32(a, aScalar, b, bScalar, divMod)
	}
	if aScalar != bScalar {
		s, t := b, a
		if aScalar {
			s, t = a, b
		}
		if kindOf(s) <= kindOf(t) {
			// The scalar drops out; the cascade on (t, t) keeps t unless /
			// or % moves a float to fp32, and then that step decided.
			d := computeMain(t, t, divMod)
			if d.out == t {
				d.rule = mScalar
			}
			return d
		}
	}
	return computeMain(a, b, divMod)
}

// computeMain is semantic.py@0c2e95d's cascade after step 0.
func computeMain(a, b dtype.DType, divMod bool) decision {
	switch {
	case a == dtype.F64 || b == dtype.F64:
		return decision{out: dtype.F64, rule: mFP64}
	case divMod && (a.IsFloat() || b.IsFloat()):
		return decision{out: dtype.F32, rule: mDivMod}
	case a == dtype.F32 || b == dtype.F32:
		return decision{out: dtype.F32, rule: mFP32}
	case a == dtype.F16 || b == dtype.F16:
		return decision{out: dtype.F16, rule: mFP16}
	case a == dtype.BF16 || b == dtype.BF16:
		if a.IsFloat() && b.IsFloat() {
			return decision{out: dtype.BF16, rule: mBF16F}
		}
		return decision{out: dtype.F32, rule: mBF16I}
	case isFP8(a) && isFP8(b):
		if a == b {
			return decision{out: a, rule: mFP8}
		}
		return decision{out: dtype.F16, rule: mFP8}
	case !isInt(a) || !isInt(b):
		return decision{rule: mNotInt, msg: "TypeError: unexpected type " + names[a] + " and " + names[b]}
	}
	return integers(a, b, divMod)
}

// compute32 is semantic.py@00526b7b's cascade, every release from 3.2 to
// 3.6.
func compute32(a dtype.DType, aScalar bool, b dtype.DType, bScalar bool, divMod bool) decision {
	if aScalar != bScalar {
		s, t := b, a
		if aScalar {
			s, t = a, b
		}
		if kindOf(s) <= kindOf(t) {
			if divMod && (t == dtype.F16 || t == dtype.BF16) {
				return decision{out: dtype.F32, rule: oScalarDiv}
			}
			return decision{out: t, rule: oScalar}
		}
	}
	switch {
	case a == dtype.F64 || b == dtype.F64:
		return decision{out: dtype.F64, rule: oFP64}
	case a == dtype.F32 || b == dtype.F32:
		return decision{out: dtype.F32, rule: oFP32}
	case a == dtype.F16 || b == dtype.F16:
		if divMod {
			return decision{out: dtype.F32, rule: oFP16}
		}
		return decision{out: dtype.F16, rule: oFP16}
	case a == dtype.BF16 && b == dtype.BF16:
		if divMod {
			return decision{out: dtype.F32, rule: oBF16}
		}
		return decision{out: dtype.BF16, rule: oBF16}
	case a == dtype.BF16 || b == dtype.BF16:
		return decision{out: dtype.F32, rule: oBF16M}
	case isFP8(a) && isFP8(b):
		if a == b {
			return decision{out: a, rule: oFP8}
		}
		return decision{out: dtype.F16, rule: oFP8}
	case !isInt(a) || !isInt(b):
		return decision{rule: oNotInt, msg: "TypeError: unexpected type " + names[a] + " and " + names[b]}
	}
	return integers(a, b, divMod)
}

// integers is the integer tail shared by both versions: the signedness
// check of / and %, then integer_promote_impl.
func integers(a, b dtype.DType, divMod bool) decision {
	if divMod && unsigned(a) != unsigned(b) {
		return decision{rule: ruleDivSign, msg: "TypeError: Cannot use /, #, or % with " + reprs[a] + " and " + reprs[b] +
			" because they have different signedness;this is unlikely to result in a useful answer. Cast them to the same signedness."}
	}
	return decision{out: integerPromote(a, b), rule: ruleIntPromote}
}

// integerPromote is integer_promote_impl.
func integerPromote(a, b dtype.DType) dtype.DType {
	ra, rb := bitwidth(a), bitwidth(b)
	ua, ub := unsigned(a), unsigned(b)
	switch {
	case ua == ub:
		if ra > rb {
			return a
		}
		return b
	case ua:
		if ra >= rb {
			return a
		}
		return b
	default:
		if rb >= ra {
			return b
		}
		return a
	}
}

// tables holds computation_type_impl for two tensors without / or %,
// compiled per behaviour the first time a rule set of that version asks:
// the releases share one table.
var tables = func() map[string]func() *kit.PairTable {
	release := versionTable(Version32)
	t := map[string]func() *kit.PairTable{VersionMain: versionTable(VersionMain)}
	for _, v := range Versions[1:] {
		t[v] = release
	}
	return t
}()

func versionTable(version string) func() *kit.PairTable {
	return sync.OnceValue(func() *kit.PairTable {
		return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision { return pairDecision(version, a, b) })
	})
}

func pairDecision(version string, a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if !Has(d) {
			return kit.Decision{Rule: ruleNoDType, Msg: noDTypeMsg(d)}
		}
	}
	d := compute(version, a, false, b, false, false)
	return kit.Decision{Out: d.out, Rule: d.rule, Msg: d.msg}
}
