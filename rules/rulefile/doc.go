// Package rulefile reads a rule set a person writes by hand: a TOML file
// describing a promotion scheme as a table of cells and default rules, or
// as a lattice of dtypes and weak nodes. Wherever promote takes a rule set
// name, a path to such a file works (rules.Lookup, rules.Parse):
//
//	promote -rules ./myruntime.toml f16 i32
//	promote check -rules ./myruntime.toml
//
// A file that does not describe a total, consistent scheme is refused with
// an *Error naming the file, the line and the fault, with what would be
// valid. Files are read anew each time: there is no registry of loaded
// files. examples/rules holds two: jax-x64.toml, which reproduces the
// built-in jax rule set (x64=true) and is tested to, and myruntime.toml.
//
// # Common keys
//
//	name = "myruntime"        # required: lower-case letters, digits, -; not a built-in rule set's
//	title = "My runtime"      # optional: the system, in a few words
//	source = "docs/dtypes.md" # optional: where the scheme comes from
//	nary = "fold"             # optional: "fold" (left to right; a table's default)
//	                          #           or "set" (all at once; a lattice's default)
//	dtypes = ["bool", "i8", "f16", "f32"]   # required: the dtypes it accepts (any spelling
//	                                        # promote reads: f32, float32, ...)
//	[literals]                # optional: the type of a host literal of each kind
//	int = "i32"               # bool, int, float, complex; a table names a dtype,
//	float = "f32"             # a lattice a node (i* for JAX's weak Python int)
//
// A dtype not in dtypes is refused (rule "dtype"), as is a literal of a
// kind [literals] does not list, a literal with a type suffix (1L, 1.0f),
// and an int literal outside the range of its type.
//
// # A table
//
// Each [[rules]] entry is one rule with an id, a text and a source, and
// either cells or a default:
//
//	[[rules]]
//	id = "half-floats"
//	text = "bf16 with f16 gives f32"
//	source = "design notes §3"
//	cells = ["bf16 f16 = f32", "i8 u8 = error"]   # A B = C, or A B = error (refused)
//	ordered = false           # optional: true makes each cell apply to A B only, not B A
//
//	[[rules]]
//	id = "float-wins"
//	text = "a float with an integer gives the float"
//	source = "design notes §2"
//	default = "float-wins"
//
// Cells decide first, wherever they are; then the defaults, in file order,
// the first that applies. The defaults: same (a dtype with itself), wider
// (two dtypes of one kind, bool, signed, unsigned, float or complex: the
// one that holds the other exactly), holds (the one that holds the other,
// any kinds), narrowest-holding (the one listed dtype that holds both and
// holds no other that does), float-wins (a float with an integer or
// bool), complex-wins (a complex with anything real), int-wins (an integer
// with bool), refuse (every pair still undecided is refused). Every
// ordered pair of listed dtypes must be decided, by at most one cell (a
// repeated or conflicting cell is refused, naming both lines). A table has
// no weak types. With nary = "set" the table must not depend on order
// (commutative, and associative with refusals counted as answers).
//
// # A lattice
//
//	[lattice]
//	edges = ["bool -> i*", "i8 -> i16 -> i32", "u8 -> i16 u16"]   # LOWER -> UPPER; several
//	                          # uppers separated by spaces; chains; any dtype spelling
//	weak_semantics = "nodes"  # optional: "nodes" or "jax" (below)
//	[lattice.join]            # optional: the rule every join cites
//	id = "lattice"
//	text = "the least upper bound on the lattice"
//	source = "..."
//	[lattice.no_join]         # optional: the rule a pair with no common upper bound cites
//	[lattice.nodes]           # weak nodes, and what strong ones stand for
//	"i*" = { dtype = "i64", weak_operands = ["int"], text = "the weak Python int" }
//	bool = { weak_operands = ["bool"] }
//
// The nodes are the listed dtypes (strong), the weak nodes described in
// [lattice.nodes] (any name, with the dtype a value of it has), and weak
// dtypes written X? (f32? is a weak f32; no description needed). A weak
// operand (f32? in a query) is the node whose weak_operands list its dtype
// or its kind (bool, int, signed, unsigned, float, complex); a weak X? node
// lists X by default; a weak operand no node lists is refused. The edges
// must not make a cycle, and every two nodes with a common upper bound
// must have a least one; nodes with none are refused (rule no_join).
//
// With weak_semantics = "nodes" every operand is its node and the result
// is the join of the nodes (a set) or the left fold of pairwise joins; the
// result is weak when the join is a weak node. With "jax" (and nary =
// "set") the result is JAX's lattice_result_type: one operand keeps its
// own dtype and weakness; operands of one dtype, not all weak, give that
// dtype; when every operand is weak, the join of their dtypes' strong
// nodes, marked weak; otherwise the join of the nodes; a bool result is
// never weak.
//
// A lattice file's rule set implements promote.LatticeRules.
//
// # Bounds
//
// A file is at most MaxSize bytes; a lattice has at most lattice.MaxNodes
// nodes and one edge per ordered pair of them.
package rulefile
