package keras

import (
	"strings"
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/dtype"
	"github.com/promote-dev/promote/kit"
	"github.com/promote-dev/promote/lattice"
)

// Name is the rule set's name.
const Name = "keras"

// Dialect reads dtype names as Keras spells them: the ml_dtypes names
// (float32, bfloat16, float8_e4m3fn), which are promote's neutral
// spellings. Keras's string dtype is not in the catalogue.
var Dialect = dtype.NewDialect(Name, nil, nil, map[string]string{
	"string": "Keras's string dtype (a tensor of strings, which promotes with nothing)",
})

// The rule set's options, each declared once here and read only through
// its handle.
var (
	optBackend = promote.NewEnumOpt(promote.Option{
		Name: "backend", Default: "jax",
		Values: []string{"jax", "tensorflow", "torch", "numpy", "openvino"},
		Doc:    "KERAS_BACKEND: tensorflow keeps int64 and float64 results; the others cut them to 32 bits (uint64 and complex128 are cut on every backend)",
	})
	optFloatx = promote.NewEnumOpt(promote.Option{
		Name: "floatx", Default: "f32",
		Values: []string{"f32", "f16", "bf16", "f64"},
		Doc:    "keras.config.set_floatx: the answer for no operands, and the precision of a weak result (bf16 gives 16, so a Python float resolves to float16)",
	})
)

// Def is the keras rule set. Options: backend (default jax, the backend
// Keras's dtypes tests compare result_type with; Keras itself falls back to
// tensorflow when KERAS_BACKEND is unset, keras/src/backend/config.py:16,
// which the backend=tensorflow preset shows) and floatx (default f32).
var Def = &promote.Def{
	Name:    Name,
	Title:   "Keras 3 (keras.backend.result_type)",
	Family:  promote.FamilyFrameworks,
	Oracles: oracles,
	Source:  "rules/keras/spec.md; " + srcDtypes + " (result_type, _lattice_result_type, _type_promotion_lattice, BIT64_TO_BIT32_DTYPE); " + srcConfig,
	NAry:    promote.Set,
	Dialect: Dialect,
	Options: promote.Opts(optBackend, optFloatx),
	Presets: [][]string{{"backend=tensorflow"}, {"floatx=bf16"}},
	New:     build,
	DTypes:  func(promote.Settings) *promote.DTypeSet { return dtypeSet() },
	Weak:    promote.NoWeakTypes,
	Host:    promote.HostPython,
	Rules:   allRules,
	Admission: promote.Admission{
		NoWeak: kit.NoWeak(ruleNoWeak, func(promote.Settings, promote.Operand) string {
			return "Keras has no weak tensors; write a Python scalar (2, 1.5) for a weakly typed operand"
		}),
		AllOperands: true,
	},
}

// config is what result_type reads from Keras's configuration.
type config struct {
	// tf: config.backend() == "tensorflow", read by PYTHON_DTYPES_MAP and
	// BIT64_TO_BIT32_DTYPE.
	tf bool
	// floatx: config.floatx().
	floatx dtype.DType
	// precision: config.floatx()[-2:] as a number of bits.
	precision int
}

// rules is the keras rule set under one configuration.
type rules struct {
	kit.Base
	c config
	// torch: config.backend() == "torch", read by op typing (sum).
	torch bool
}

// tables holds one compiled table per configuration, indexed by
// tableIndex, each built the first time a rule set of that configuration
// is built rather than at init.
var tables = func() (ts [2 * len(floatxs)]func() *kit.PairTable) {
	for _, tf := range [2]bool{false, true} {
		for _, fx := range floatxs {
			c := newConfig(tf, fx.d)
			ts[tableIndex(c)] = sync.OnceValue(func() *kit.PairTable {
				return kit.NewPairTable(Name, func(a, b dtype.DType) kit.Decision {
					out, rule, msg := c.decide(a, b)
					if out == dtype.Invalid {
						return kit.Decision{Rule: rule, Msg: msg}
					}
					return kit.Decision{Out: out, Rule: rule}
				})
			})
		}
	}
	return ts
}()

// floatxs are the floatx values, in option order.
var floatxs = [...]struct {
	name string
	d    dtype.DType
}{{"f32", dtype.F32}, {"f16", dtype.F16}, {"bf16", dtype.BF16}, {"f64", dtype.F64}}

func newConfig(tf bool, floatx dtype.DType) config {
	c := config{tf: tf, floatx: floatx, precision: 32}
	switch floatx {
	case dtype.F16, dtype.BF16:
		c.precision = 16 // "float16"[-2:] and "bfloat16"[-2:] are both "16"
	case dtype.F64:
		c.precision = 64
	}
	return c
}

func tableIndex(c config) int {
	i := 0
	for j, fx := range floatxs {
		if fx.d == c.floatx {
			i = j
		}
	}
	if c.tf {
		i += len(floatxs)
	}
	return i
}

func build(s promote.Settings) (promote.Rules, error) {
	fx := dtype.F32
	for _, f := range floatxs {
		if f.name == optFloatx.Of(s) {
			fx = f.d
		}
	}
	c := newConfig(optBackend.Of(s) == "tensorflow", fx)
	return &rules{Base: kit.NewBase(s, tables[tableIndex(c)]()), c: c, torch: optBackend.Of(s) == "torch"}, nil
}

// arg is one argument of result_type after standardize_dtype: a dtype and
// whether it is the weak Python int or float. py is the Python type it came
// from (0 for a dtype), for messages.
type arg struct {
	d    dtype.DType
	weak bool
	py   promote.ValueKind
}

// decide is result_type for two tensors of a and b, the PairTable's cell.
func (c config) decide(a, b dtype.DType) (dtype.DType, *promote.Rule, string) {
	args := [2]arg{{d: a}, {d: b}}
	if rule, msg := c.check(args[:], func() string { return pyTuple(args[:]) }); rule != nil {
		return dtype.Invalid, rule, msg
	}
	return c.resultType(args[:])
}

// check applies result_type's refusals in its order: the float8 check over
// every argument first (dtypes.py:315), then standardize_dtype on each in
// turn (variables.py:573). tuple renders the arguments for messages.
func (c config) check(args []arg, tuple func() string) (*promote.Rule, string) {
	for _, a := range args {
		if a.d == dtype.F8E4M3FN || a.d == dtype.F8E5M2 {
			return ruleFloat8, float8Msg(tuple())
		}
	}
	for _, a := range args {
		if nodeOf[a.d] == noNode {
			return ruleInvalid, invalidMsg(a.d)
		}
	}
	return nil, ""
}

// resultType is _lattice_result_type (dtypes.py:245) on valid arguments,
// its branches in Keras's order, then the weak resolution and the 64-bit
// cut. It allocates nothing unless it refuses.
func (c config) resultType(args []arg) (dtype.DType, *promote.Rule, string) {
	allWeak, allSame := true, true
	for _, a := range args {
		allWeak = allWeak && a.weak
		allSame = allSame && a.d == args[0].d
	}
	var (
		out  lattice.Node
		weak bool
		rule *promote.Rule
	)
	switch {
	case len(args) == 1:
		out, weak, rule = nodeOf[args[0].d], args[0].weak, ruleOne
	case allSame && !allWeak:
		out, rule = nodeOf[args[0].d], ruleSame
	case allWeak:
		// Every argument a Python int or float: join their standardized
		// (strong) dtypes, then mark the result weak.
		n, ok := join(args, func(a arg) lattice.Node { return nodeOf[a.d] })
		if !ok {
			return dtype.Invalid, ruleNoPath, noPathMsg(pyTuple(args))
		}
		out, weak, rule = n, true, ruleAllWeak
	default:
		n, ok := join(args, respectWeak)
		if !ok {
			return dtype.Invalid, ruleNoPath, noPathMsg(pyTuple(args))
		}
		out, weak, rule = n, isWeakNode(n), ruleJoin
		if weak {
			rule = ruleJoinWeak
		}
	}
	var d dtype.DType
	if weak && out != nodeOf[dtype.Bool] {
		d = c.resolveWeak(out)
	} else {
		d = strongNodes[out]
	}
	if cut := c.cut(d); cut != d {
		return cut, ruleCut, ""
	}
	return d, rule, ""
}

// respectWeak is _respect_weak_type (dtypes.py:187): a weak argument's node
// is the Python type of its kind, a strong one its own dtype.
func respectWeak(a arg) lattice.Node {
	if !a.weak || a.d == dtype.Bool {
		return nodeOf[a.d]
	}
	if a.d.IsFloat() {
		return nodeFloat
	}
	return nodeInt
}

// join is _least_upper_bound over the set of the arguments' nodes.
func join(args []arg, node func(arg) lattice.Node) (lattice.Node, bool) {
	var nodes [8]lattice.Node
	in := nodes[:0]
	for _, a := range args {
		in = append(in, node(a))
	}
	n, err := promotionLattice.Join(in...)
	return n, err == nil
}

// resolveWeak is _resolve_weak_type(dtype, precision) (dtypes.py:207): the
// first letter of the weak result's name decides (bfloat16 counts as a
// float): b is bool, i int{P}, u uint{P}, anything else float{P}.
func (c config) resolveWeak(n lattice.Node) dtype.DType {
	kind := dtype.KindFloat
	switch {
	case n == nodeInt:
		kind = dtype.KindSigned
	case n == nodeFloat:
	default:
		kind = strongNodes[n].Kind()
	}
	switch kind {
	case dtype.KindBool:
		return dtype.Bool
	case dtype.KindSigned:
		return intOf(c.precision, true)
	case dtype.KindUnsigned:
		return intOf(c.precision, false)
	}
	switch c.precision {
	case 16:
		return dtype.F16
	case 64:
		return dtype.F64
	}
	return dtype.F32
}

func intOf(bits int, signed bool) dtype.DType {
	switch {
	case bits == 16 && signed:
		return dtype.I16
	case bits == 16:
		return dtype.U16
	case bits == 64 && signed:
		return dtype.I64
	case bits == 64:
		return dtype.U64
	case signed:
		return dtype.I32
	}
	return dtype.U32
}

// cut is BIT64_TO_BIT32_DTYPE (dtypes.py:235), JAX's 64-to-32-bit map,
// except that the TensorFlow backend keeps int64 and float64.
func (c config) cut(d dtype.DType) dtype.DType {
	if c.tf && (d == dtype.I64 || d == dtype.F64) {
		return d
	}
	return dtype.To32Bit(d)
}

// pyTuple writes the arguments as Python prints the tuple result_type
// received: dtype names quoted, the Python types as <class 'int'>.
func pyTuple(args []arg) string {
	var b strings.Builder
	b.WriteByte('(')
	for i, a := range args {
		if i > 0 {
			b.WriteString(", ")
		}
		if a.py != 0 {
			b.WriteString("<class '" + a.py.String() + "'>")
		} else {
			b.WriteString("'" + kerasName(a.d) + "'")
		}
	}
	if len(args) == 1 {
		b.WriteByte(',')
	}
	b.WriteByte(')')
	return b.String()
}

// dtypeSet is the set of the system's dtypes, built once, on first use
// (after the package's tables are filled): Def.DTypes.
var dtypeSet = sync.OnceValue(func() *promote.DTypeSet {
	return promote.NewDTypeSet(append(strongNodes[:len(strongNodes):len(strongNodes)], dtype.F8E4M3FN, dtype.F8E5M2))
})
