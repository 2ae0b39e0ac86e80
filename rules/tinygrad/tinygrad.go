package tinygrad

import (
	"fmt"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
)

// Name is the rule set's name.
const Name = "tinygrad"

// Dialect is tinygrad's spelling of dtypes: the attribute names of
// tinygrad.dtypes and their aliases (tinygrad/dtype.py @a9069c17, class
// DTypes), with the prefixes "dtypes." and "tinygrad.dtypes.". tinygrad's
// fp8e4m3 ("float8_e4m3") is the OCP E4M3 format without infinities, which
// is ml_dtypes' float8_e4m3fn (its float_to_fp8 returns NaN for inf), so
// here "float8_e4m3" means f8e4m3fn, not the IEEE-like f8e4m3.
var Dialect = dtype.NewDialect("tinygrad", []string{"tinygrad.dtypes.", "dtypes."},
	map[string]dtype.DType{
		"bool": dtype.Bool,
		"int8": dtype.I8, "int16": dtype.I16, "int32": dtype.I32, "int64": dtype.I64,
		"uint8": dtype.U8, "uint16": dtype.U16, "uint32": dtype.U32, "uint64": dtype.U64,
		"char": dtype.I8, "short": dtype.I16, "int": dtype.I32, "long": dtype.I64,
		"uchar": dtype.U8, "ushort": dtype.U16, "uint": dtype.U32, "ulong": dtype.U64,
		"fp8e4m3": dtype.F8E4M3FN, "fp8e5m2": dtype.F8E5M2,
		"fp8e4m3fnuz": dtype.F8E4M3FNUZ, "fp8e5m2fnuz": dtype.F8E5M2FNUZ, "float8_e4m3": dtype.F8E4M3FN,
		"float16": dtype.F16, "half": dtype.F16, "bfloat16": dtype.BF16, "__bf16": dtype.BF16,
		"float32": dtype.F32, "float": dtype.F32, "float64": dtype.F64, "double": dtype.F64,
	},
	map[string]string{
		"weakint":   "tinygrad's weak int (dtypes.weakint); write a weak operand such as i32? or a Python int",
		"weakfloat": "tinygrad's weak float (dtypes.weakfloat); write a weak operand such as f32? or a Python float",
		"void":      "tinygrad's void type",
		"_uint128":  "tinygrad's internal 128-bit unsigned integer", "uint128": "tinygrad's internal 128-bit unsigned integer",
		"_uint256": "tinygrad's internal 256-bit unsigned integer", "uint256": "tinygrad's internal 256-bit unsigned integer",
	})

// The rule set's options, each declared once here and read only through
// its handle.
var (
	optVersion = promote.NewEnumOpt(promote.Option{
		Name: "version", Default: VersionHead, Values: Versions, Explain: kit.ExplainRelease("tinygrad", Versions),
		Doc: "which tinygrad lattice: head (commit " + commitHead + ", weak Python scalars), 0.13 (int64 -> uint64), 0.12 (int64 -> fp8), 0.11 (int64 -> float16, as 0.9 to 0.11)",
	})
	optDefaultFloat = promote.NewEnumOpt(promote.Option{
		Name: "default_float", Default: "f32", Values: defaultFloats,
		Doc: "DEFAULT_FLOAT: the dtype a weak float is stored as (head) or a Python float takes (0.11 to 0.13)",
	})
	optDefaultInt = promote.NewEnumOpt(promote.Option{
		Name: "default_int", Default: "i32", Values: defaultInts,
		Doc: "DEFAULT_INT (head only): the dtype a weak int is stored as",
	})
)

// Def is the tinygrad rule set: least_upper_dtype over promo_lattice, with
// Python scalars as weak consts (head) or typed against the tensor (0.11
// to 0.13). Options: version (default head, the newest stored commit),
// default_float (DEFAULT_FLOAT, default f32) and default_int (DEFAULT_INT,
// default i32; a setting only at head).
var Def = &promote.Def{
	Name:    Name,
	Title:   "tinygrad (least_upper_dtype over promo_lattice, weakint/weakfloat)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/tinygrad/spec.md; tinygrad/tinygrad@" + commitHead + " tinygrad/dtype.py, tinygrad/mixin/elementwise.py, test/null/test_dtype_spec.py",
	NAry:    promote.Set,
	Dialect: Dialect,
	Options: promote.Opts(optVersion, optDefaultFloat, optDefaultInt),
	Presets: [][]string{{"version=" + Version013}},
	New:     build,
	DTypes: func(s promote.Settings) *promote.DTypeSet {
		if l, ok := lattices[optVersion.Of(s)]; ok {
			return l.dtypes
		}
		return nil
	},
	// Weak operands exist from v0.13.0 on (weakint; weakfloat after it),
	// never of bool: Admission.WeakDTypes says which, per version, and
	// NoWeak refuses the others in the version's own rules.
	Weak:  promote.WeakTypes,
	Host:  promote.HostPython,
	Rules: allRules,
	Admission: promote.Admission{
		NoDType: &promote.Refusal{
			RuleOf: func(s promote.Settings) *promote.Rule { return ruleSets[optVersion.Of(s)].notDType },
			Msg: func(s promote.Settings, o promote.Operand) string {
				return (&rules{l: lattices[optVersion.Of(s)]}).notDTypeMsg(o.DType)
			},
		},
		NoWeak: &promote.Refusal{
			RuleOfOperand: func(s promote.Settings, o promote.Operand) *promote.Rule {
				return noWeakRule(ruleSets[optVersion.Of(s)], o)
			},
			Msg: func(s promote.Settings, o promote.Operand) string { return noWeakMsg(lattices[optVersion.Of(s)], o) },
		},
		WeakDTypes: func(s promote.Settings) *promote.DTypeSet {
			if l, ok := lattices[optVersion.Of(s)]; ok {
				return l.weak
			}
			return nil
		},
	},
}

// lattices are the four versions, compiled once.
var lattices = map[string]*lattice{
	VersionHead: compile(&headVersion),
	Version013:  compile(&v013),
	Version012:  compile(&v012),
	Version011:  compile(&v011),
}

// rules is the rule set under one setting.
type rules struct {
	kit.Base
	l          *lattice
	rs         *ruleSet
	defFloat   dtype.DType
	defInt     dtype.DType
	defFloatNd int  // the node of default_float
	head       bool // version head, where Python scalars are weak consts
	defIntNd   int  // the node of default_int
}

func build(s promote.Settings) (promote.Rules, error) {
	ver := optVersion.Of(s)
	if _, ok := lattices[ver]; !ok {
		return nil, fmt.Errorf("%s: unknown version %q", Name, ver)
	}
	df, _ := dtype.Parse(optDefaultFloat.Of(s))
	di, _ := dtype.Parse(optDefaultInt.Of(s))
	if ver != VersionHead && di != dtype.I32 {
		return nil, fmt.Errorf("%s: option default_int=%s needs version=head: before tinygrad #17265 the default int was fixed at int32 (valid with version=%s: default_int=i32)", Name, di, ver)
	}
	table, ok := tables[tableKey{ver, df, di}]
	if !ok {
		return nil, fmt.Errorf("%s: no table for version=%s default_float=%s default_int=%s (valid defaults: %v and %v)", Name, ver, df, di, defaultFloats, defaultInts)
	}
	r := newRules(ver, df, di)
	r.Base = kit.NewBase(s, table())
	return r, nil
}

// The values of the options default_float and default_int.
var (
	defaultFloats = []string{"f32", "f16", "bf16", "f64"}
	defaultInts   = []string{"i32", "i64", "i16", "i8"}
)

// newRules returns the rules of version ver with the given defaults,
// without their Base.
func newRules(ver string, df, di dtype.DType) *rules {
	l := lattices[ver]
	return &rules{l: l, rs: ruleSets[ver], defFloat: df, defInt: di, defFloatNd: l.byDT[df], defIntNd: l.byDT[di], head: ver == VersionHead}
}

// tableKey is what a pair table depends on: the version and the defaults.
type tableKey struct {
	version          string
	defFloat, defInt dtype.DType
}

// tables holds the pair table of every configuration the options allow
// (each version with each default_float, and at head each default_int
// too), each built the first time a rule set of that configuration asks
// for it: New is called for every query, and the table is the costly part.
var tables = func() map[tableKey]func() *kit.PairTable {
	m := map[tableKey]func() *kit.PairTable{}
	for _, ver := range Versions {
		for _, fs := range defaultFloats {
			for _, is := range defaultInts {
				if ver != VersionHead && is != "i32" {
					continue // build refuses it
				}
				df, err1 := dtype.Parse(fs)
				di, err2 := dtype.Parse(is)
				if err1 != nil || err2 != nil {
					panic(fmt.Sprintf("tinygrad: option values %s, %s: %v %v", fs, is, err1, err2))
				}
				m[tableKey{ver, df, di}] = sync.OnceValue(func() *kit.PairTable {
					return kit.NewPairTable(Name, newRules(ver, df, di).decide)
				})
			}
		}
	}
	return m
}()

// decide is least_upper_dtype of two tensors of dtypes a and b, the
// PairTable's decision.
func (r *rules) decide(a, b dtype.DType) kit.Decision {
	for _, d := range [2]dtype.DType{a, b} {
		if r.l.byDT[d] == noNode {
			return kit.Decision{Rule: r.rs.notDType, Msg: r.notDTypeMsg(d)}
		}
	}
	res := r.resultOf(r.l.join2(r.l.byDT[a], r.l.byDT[b]), r.rs.join)
	return kit.Decision{Out: res.DType, Weak: res.Weak, Rule: res.Rule}
}

// resultOf turns a lattice node into a Result: a strong node is its
// dtype; a weak node is weak, of the dtype it is stored as.
func (r *rules) resultOf(n int, why *promote.Rule) promote.Result {
	nd := r.l.v.nodes[n]
	switch nd.weak {
	case weakInt:
		return promote.Result{DType: r.defInt, Weak: true, Rule: r.rs.weakResult}
	case weakFloat:
		return promote.Result{DType: r.defFloat, Weak: true, Rule: r.rs.weakResult}
	}
	return promote.Result{DType: nd.dt, Rule: why}
}

func (r *rules) notDTypeMsg(d dtype.DType) string {
	what := ""
	switch {
	case d.IsComplex():
		what = " (tinygrad has no complex dtypes)"
	case d == dtype.F8E4M3:
		what = " (tinygrad's fp8e4m3 is the OCP E4M3 without infinities: f8e4m3fn)"
	}
	return fmt.Sprintf("tinygrad %s has no dtype %s%s; its dtypes are %s", r.l.v.name, d, what, r.l.names())
}

// Result is the result dtype of an elementwise operation on the operands
// (Tensor._broadcasted): see the package documentation.
func (r *rules) Result(ops ...promote.Operand) (promote.Result, error) {
	if len(ops) == 0 {
		return promote.Result{}, r.Refuse(kit.NoOperands, "no operands")
	}
	if r.l.v.pyWeak {
		return r.resultWeak(ops)
	}
	return r.resultUfix(ops)
}

// resultWeak is head's rule: every operand is a lattice node (a Python
// int or float is a weak CONST of weakint or weakfloat, a Python bool is
// bool) and the result is least_upper_dtype over all of them as one set
// (STACK and WHERE use promo_dtype, which is that; a binary op is the
// two-operand case).
func (r *rules) resultWeak(ops []promote.Operand) (promote.Result, error) {
	var in set
	literal := false
	for i := range ops {
		o := &ops[i]
		var n int
		var err error
		if o.Kind == promote.Literal {
			literal = true
			n, err = r.pyConst(*o)
		} else {
			n, err = r.tensorNode(o)
		}
		if err != nil {
			return promote.Result{}, err
		}
		in |= 1 << n
	}
	why := r.rs.join
	if literal {
		why = r.rs.pyConst
	}
	return r.resultOf(r.l.join(in), why), nil
}

// resultUfix is the rule of 0.11 to 0.13 (Tensor._broadcasted and ufix):
// a Python scalar takes the tensor's dtype when the tensor is a float, or
// an int and the scalar an int or bool; otherwise it becomes a tensor of
// dtypes.from_py (default_int, default_float or bool) and
// least_upper_dtype joins the two. The tensors are joined as one set
// first; each Python scalar then meets the running result in operand
// order, as a chain of binary operations would.
func (r *rules) resultUfix(ops []promote.Operand) (promote.Result, error) {
	acc := noNode
	why := r.rs.join
	for i := range ops {
		o := &ops[i]
		if o.Kind == promote.Literal {
			continue
		}
		n, err := r.tensorNode(o)
		if err != nil {
			return promote.Result{}, err
		}
		if acc == noNode {
			acc = n
		} else {
			acc = r.l.join2(acc, n)
		}
	}
	for _, o := range ops {
		if o.Kind != promote.Literal {
			continue
		}
		if err := r.checkLiteral(o); err != nil {
			return promote.Result{}, err
		}
		k := o.Value.Kind
		if acc != noNode && (r.l.isFloat(acc) || r.l.isInt(acc) && (k == promote.IntValue || k == promote.BoolValue)) {
			why = r.rs.keepTensor
			continue
		}
		n := r.fromPy(k)
		if acc == noNode {
			acc = n
		} else {
			acc = r.l.join2(acc, n)
		}
		why = r.rs.fromPy
	}
	return r.resultOf(acc, why), nil
}

// fromPy is dtypes.from_py before #17229: bool, default_int or
// default_float.
func (r *rules) fromPy(k promote.ValueKind) int {
	switch k {
	case promote.BoolValue:
		return r.l.byDT[dtype.Bool]
	case promote.IntValue:
		return r.defIntNd
	}
	return r.defFloatNd
}
