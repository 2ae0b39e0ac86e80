package python

// This file declares the syntax tree. Node and field names mirror CPython's
// ast module (Python 3.13, Parser/Python.asdl in github.com/python/cpython)
// so that a tree can be compared with ast.parse's output mechanically: a Go
// field is the CamelCase of the ASDL field (decorator_list is DecoratorList,
// id is ID). Optional ASDL fields (expr?, identifier?) are nil or "" when
// absent; Python identifiers are never empty, so "" is unambiguous.

// Position is a node's source span as CPython counts it: lines from 1,
// columns as UTF-8 byte offsets from the start of the line, ends exclusive.
type Position struct {
	Lineno, ColOffset, EndLineno, EndColOffset int
}

// Pos returns the span itself; every node embeds a Position.
func (p *Position) Pos() Position { return *p }

// Node is any syntax tree node that carries a position.
type Node interface {
	Pos() Position
}

// Stmt is a statement node (ASDL type stmt).
type Stmt interface {
	Node
	stmtNode()
}

// Expr is an expression node (ASDL type expr).
type Expr interface {
	Node
	exprNode()
}

// Pattern is a match-statement pattern node (ASDL type pattern, 3.10+).
type Pattern interface {
	Node
	patternNode()
}

// TypeParam is a PEP 695 type parameter node (ASDL type type_param, 3.12+).
type TypeParam interface {
	Node
	typeParamNode()
}

// Module is a whole source file, the result of Parse.
type Module struct {
	Body        []Stmt
	TypeIgnores []*TypeIgnore
}

// TypeIgnore is a "# type: ignore" comment; Parse never produces one
// (type comments are ignored, as by ast.parse without type_comments=True).
type TypeIgnore struct {
	Lineno int
	Tag    string
}

// ---- statements ----

// FunctionDef is "def name(args) -> returns: body".
type FunctionDef struct {
	Position
	Name          string
	Args          *Arguments
	Body          []Stmt
	DecoratorList []Expr
	Returns       Expr
	TypeComment   string
	TypeParams    []TypeParam
}

// AsyncFunctionDef is "async def".
type AsyncFunctionDef struct {
	Position
	Name          string
	Args          *Arguments
	Body          []Stmt
	DecoratorList []Expr
	Returns       Expr
	TypeComment   string
	TypeParams    []TypeParam
}

// ClassDef is "class name(bases, keywords): body".
type ClassDef struct {
	Position
	Name          string
	Bases         []Expr
	Keywords      []*Keyword
	Body          []Stmt
	DecoratorList []Expr
	TypeParams    []TypeParam
}

// Return is "return [value]".
type Return struct {
	Position
	Value Expr
}

// Delete is "del targets".
type Delete struct {
	Position
	Targets []Expr
}

// Assign is "targets[0] = targets[1] = ... = value".
type Assign struct {
	Position
	Targets     []Expr
	Value       Expr
	TypeComment string
}

// TypeAlias is "type name[type_params] = value" (3.12+).
type TypeAlias struct {
	Position
	Name       Expr
	TypeParams []TypeParam
	Value      Expr
}

// AugAssign is "target op= value".
type AugAssign struct {
	Position
	Target Expr
	Op     Operator
	Value  Expr
}

// AnnAssign is "target: annotation [= value]"; Simple is 1 when the target
// is a bare name not in parentheses.
type AnnAssign struct {
	Position
	Target     Expr
	Annotation Expr
	Value      Expr
	Simple     int
}

// For is "for target in iter: body else: orelse".
type For struct {
	Position
	Target      Expr
	Iter        Expr
	Body        []Stmt
	Orelse      []Stmt
	TypeComment string
}

// AsyncFor is "async for".
type AsyncFor struct {
	Position
	Target      Expr
	Iter        Expr
	Body        []Stmt
	Orelse      []Stmt
	TypeComment string
}

// While is "while test: body else: orelse".
type While struct {
	Position
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

// If is "if test: body" with elif/else chained in Orelse.
type If struct {
	Position
	Test   Expr
	Body   []Stmt
	Orelse []Stmt
}

// With is "with items: body".
type With struct {
	Position
	Items       []*WithItem
	Body        []Stmt
	TypeComment string
}

// AsyncWith is "async with".
type AsyncWith struct {
	Position
	Items       []*WithItem
	Body        []Stmt
	TypeComment string
}

// Match is "match subject: cases" (3.10+).
type Match struct {
	Position
	Subject Expr
	Cases   []*MatchCase
}

// Raise is "raise [exc [from cause]]".
type Raise struct {
	Position
	Exc   Expr
	Cause Expr
}

// Try is "try: body except...: else: finally:".
type Try struct {
	Position
	Body      []Stmt
	Handlers  []*ExceptHandler
	Orelse    []Stmt
	Finalbody []Stmt
}

// TryStar is "try: ... except* ..." (3.11+).
type TryStar struct {
	Position
	Body      []Stmt
	Handlers  []*ExceptHandler
	Orelse    []Stmt
	Finalbody []Stmt
}

// Assert is "assert test[, msg]".
type Assert struct {
	Position
	Test Expr
	Msg  Expr
}

// Import is "import names".
type Import struct {
	Position
	Names []*Alias
}

// ImportFrom is "from [.*level]module import names"; Module is "" for
// "from . import x".
type ImportFrom struct {
	Position
	Module string
	Names  []*Alias
	Level  int
}

// Global is "global names".
type Global struct {
	Position
	Names []string
}

// Nonlocal is "nonlocal names".
type Nonlocal struct {
	Position
	Names []string
}

// ExprStmt is an expression used as a statement (ASDL stmt Expr; renamed
// because Expr is the Go interface of expressions).
type ExprStmt struct {
	Position
	Value Expr
}

// Pass is "pass".
type Pass struct{ Position }

// Break is "break".
type Break struct{ Position }

// Continue is "continue".
type Continue struct{ Position }

// ---- expressions ----

// BoolOp is "values[0] op values[1] op ..." for and/or.
type BoolOp struct {
	Position
	Op     BoolOperator
	Values []Expr
}

// NamedExpr is "target := value".
type NamedExpr struct {
	Position
	Target Expr
	Value  Expr
}

// BinOp is "left op right".
type BinOp struct {
	Position
	Left  Expr
	Op    Operator
	Right Expr
}

// UnaryOp is "op operand".
type UnaryOp struct {
	Position
	Op      UnaryOperator
	Operand Expr
}

// Lambda is "lambda args: body".
type Lambda struct {
	Position
	Args *Arguments
	Body Expr
}

// IfExp is "body if test else orelse".
type IfExp struct {
	Position
	Test   Expr
	Body   Expr
	Orelse Expr
}

// Dict is "{k: v, **m}"; a nil key marks a "**" entry.
type Dict struct {
	Position
	Keys   []Expr
	Values []Expr
}

// Set is "{elts}".
type Set struct {
	Position
	Elts []Expr
}

// ListComp is "[elt for ...]".
type ListComp struct {
	Position
	Elt        Expr
	Generators []*Comprehension
}

// SetComp is "{elt for ...}".
type SetComp struct {
	Position
	Elt        Expr
	Generators []*Comprehension
}

// DictComp is "{key: value for ...}".
type DictComp struct {
	Position
	Key        Expr
	Value      Expr
	Generators []*Comprehension
}

// GeneratorExp is "(elt for ...)".
type GeneratorExp struct {
	Position
	Elt        Expr
	Generators []*Comprehension
}

// Await is "await value".
type Await struct {
	Position
	Value Expr
}

// Yield is "yield [value]".
type Yield struct {
	Position
	Value Expr
}

// YieldFrom is "yield from value".
type YieldFrom struct {
	Position
	Value Expr
}

// Compare is "left ops[0] comparators[0] ops[1] comparators[1] ...".
type Compare struct {
	Position
	Left        Expr
	Ops         []CmpOperator
	Comparators []Expr
}

// Call is "func(args, keywords)".
type Call struct {
	Position
	Func     Expr
	Args     []Expr
	Keywords []*Keyword
}

// FormattedValue is one "{value!conversion:format_spec}" of an f-string.
// Conversion is -1 (none) or the code of 's', 'r' or 'a'.
type FormattedValue struct {
	Position
	Value      Expr
	Conversion int
	FormatSpec Expr
}

// JoinedStr is an f-string: Constant and FormattedValue parts.
type JoinedStr struct {
	Position
	Values []Expr
}

// Constant is a literal. Value is one of: nil (None), bool, *big.Int (int),
// float64, complex128 (imaginary literals; real part 0), string (str, as
// UTF-8; lone surrogates from escapes encoded as WTF-8), []byte (bytes) or
// Ellipsis. Kind is "u" for u-prefixed strings, else "".
type Constant struct {
	Position
	Value any
	Kind  string
}

// Ellipsis is the Value of the constant "...".
type Ellipsis struct{}

// Attribute is "value.attr".
type Attribute struct {
	Position
	Value Expr
	Attr  string
	Ctx   ExprContext
}

// Subscript is "value[slice]".
type Subscript struct {
	Position
	Value Expr
	Slice Expr
	Ctx   ExprContext
}

// Starred is "*value".
type Starred struct {
	Position
	Value Expr
	Ctx   ExprContext
}

// Name is an identifier.
type Name struct {
	Position
	ID  string
	Ctx ExprContext
}

// List is "[elts]".
type List struct {
	Position
	Elts []Expr
	Ctx  ExprContext
}

// Tuple is "(elts)" or "a, b".
type Tuple struct {
	Position
	Elts []Expr
	Ctx  ExprContext
}

// Slice is "lower:upper:step" inside a subscript.
type Slice struct {
	Position
	Lower Expr
	Upper Expr
	Step  Expr
}

// ---- helpers without (or with) positions ----

// Comprehension is one "[async] for target in iter if ifs..." clause; it
// has no position in CPython either. IsAsync is 1 for "async for".
type Comprehension struct {
	Target  Expr
	Iter    Expr
	Ifs     []Expr
	IsAsync int
}

// ExceptHandler is "except [type [as name]]: body" (also except*).
type ExceptHandler struct {
	Position
	Type Expr
	Name string
	Body []Stmt
}

// Arguments is a parameter list; it has no position. KwDefaults has one
// entry per Kwonlyargs, nil where that parameter has no default; Defaults
// belong to the last len(Defaults) of Posonlyargs+Args.
type Arguments struct {
	Posonlyargs []*Arg
	Args        []*Arg
	Vararg      *Arg
	Kwonlyargs  []*Arg
	KwDefaults  []Expr
	Kwarg       *Arg
	Defaults    []Expr
}

// Arg is one parameter.
type Arg struct {
	Position
	Arg         string
	Annotation  Expr
	TypeComment string
}

// Keyword is "arg=value" in a call or class bases, or "**value" when Arg
// is "".
type Keyword struct {
	Position
	Arg   string
	Value Expr
}

// Alias is "name [as asname]" in an import.
type Alias struct {
	Position
	Name   string
	Asname string
}

// WithItem is "context_expr [as optional_vars]"; it has no position.
type WithItem struct {
	ContextExpr  Expr
	OptionalVars Expr
}

// MatchCase is "case pattern [if guard]: body"; it has no position.
type MatchCase struct {
	Pattern Pattern
	Guard   Expr
	Body    []Stmt
}

// ---- patterns (3.10+) ----

// MatchValue is a value pattern (a literal or dotted name).
type MatchValue struct {
	Position
	Value Expr
}

// MatchSingleton is None, True or False as a pattern; Value is nil or bool.
type MatchSingleton struct {
	Position
	Value any
}

// MatchSequence is "[p, ...]" or "(p, ...)".
type MatchSequence struct {
	Position
	Patterns []Pattern
}

// MatchMapping is "{key: p, ..., **rest}".
type MatchMapping struct {
	Position
	Keys     []Expr
	Patterns []Pattern
	Rest     string
}

// MatchClass is "cls(p, ..., kwd_attr=p, ...)".
type MatchClass struct {
	Position
	Cls         Expr
	Patterns    []Pattern
	KwdAttrs    []string
	KwdPatterns []Pattern
}

// MatchStar is "*name" (Name "" for "*_").
type MatchStar struct {
	Position
	Name string
}

// MatchAs is "pattern as name", a capture "name" or the wildcard "_"
// (Pattern nil, Name "").
type MatchAs struct {
	Position
	Pattern Pattern
	Name    string
}

// MatchOr is "p | p | ...".
type MatchOr struct {
	Position
	Patterns []Pattern
}

// ---- type parameters (3.12+) ----

// TypeVar is "name[: bound] [= default_value]" (defaults are 3.13+).
type TypeVar struct {
	Position
	Name         string
	Bound        Expr
	DefaultValue Expr
}

// ParamSpec is "**name [= default_value]".
type ParamSpec struct {
	Position
	Name         string
	DefaultValue Expr
}

// TypeVarTuple is "*name [= default_value]".
type TypeVarTuple struct {
	Position
	Name         string
	DefaultValue Expr
}

// ---- operators ----

// ExprContext is Load, Store or Del.
type ExprContext uint8

// Expression contexts, as CPython's ast.Load, ast.Store and ast.Del.
const (
	Load ExprContext = iota
	Store
	Del
)

// String returns the name of the CPython class, such as "Load" or "Add".
func (c ExprContext) String() string { return [...]string{"Load", "Store", "Del"}[c] }

// BoolOperator is And or Or.
type BoolOperator uint8

// Boolean operators.
const (
	And BoolOperator = iota
	Or
)

// String returns the name of the CPython class, such as "Load" or "Add".
func (o BoolOperator) String() string { return [...]string{"And", "Or"}[o] }

// Operator is a binary operator (ASDL operator).
type Operator uint8

// Binary operators, in ASDL order.
const (
	Add Operator = iota
	Sub
	Mult
	MatMult
	Div
	Mod
	Pow
	LShift
	RShift
	BitOr
	BitXor
	BitAnd
	FloorDiv
)

var operatorNames = [...]string{"Add", "Sub", "Mult", "MatMult", "Div", "Mod", "Pow", "LShift", "RShift", "BitOr", "BitXor", "BitAnd", "FloorDiv"}

// String returns the name of the CPython class, such as "Load" or "Add".
func (o Operator) String() string { return operatorNames[o] }

// UnaryOperator is a unary operator (ASDL unaryop).
type UnaryOperator uint8

// Unary operators.
const (
	Invert UnaryOperator = iota
	Not
	UAdd
	USub
)

// String returns the name of the CPython class, such as "Load" or "Add".
func (o UnaryOperator) String() string { return [...]string{"Invert", "Not", "UAdd", "USub"}[o] }

// CmpOperator is a comparison operator (ASDL cmpop).
type CmpOperator uint8

// Comparison operators.
const (
	Eq CmpOperator = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	Is
	IsNot
	In
	NotIn
)

var cmpNames = [...]string{"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"}

// String returns the name of the CPython class, such as "Load" or "Add".
func (o CmpOperator) String() string { return cmpNames[o] }

func (*FunctionDef) stmtNode()      {}
func (*AsyncFunctionDef) stmtNode() {}
func (*ClassDef) stmtNode()         {}
func (*Return) stmtNode()           {}
func (*Delete) stmtNode()           {}
func (*Assign) stmtNode()           {}
func (*TypeAlias) stmtNode()        {}
func (*AugAssign) stmtNode()        {}
func (*AnnAssign) stmtNode()        {}
func (*For) stmtNode()              {}
func (*AsyncFor) stmtNode()         {}
func (*While) stmtNode()            {}
func (*If) stmtNode()               {}
func (*With) stmtNode()             {}
func (*AsyncWith) stmtNode()        {}
func (*Match) stmtNode()            {}
func (*Raise) stmtNode()            {}
func (*Try) stmtNode()              {}
func (*TryStar) stmtNode()          {}
func (*Assert) stmtNode()           {}
func (*Import) stmtNode()           {}
func (*ImportFrom) stmtNode()       {}
func (*Global) stmtNode()           {}
func (*Nonlocal) stmtNode()         {}
func (*ExprStmt) stmtNode()         {}
func (*Pass) stmtNode()             {}
func (*Break) stmtNode()            {}
func (*Continue) stmtNode()         {}

func (*BoolOp) exprNode()         {}
func (*NamedExpr) exprNode()      {}
func (*BinOp) exprNode()          {}
func (*UnaryOp) exprNode()        {}
func (*Lambda) exprNode()         {}
func (*IfExp) exprNode()          {}
func (*Dict) exprNode()           {}
func (*Set) exprNode()            {}
func (*ListComp) exprNode()       {}
func (*SetComp) exprNode()        {}
func (*DictComp) exprNode()       {}
func (*GeneratorExp) exprNode()   {}
func (*Await) exprNode()          {}
func (*Yield) exprNode()          {}
func (*YieldFrom) exprNode()      {}
func (*Compare) exprNode()        {}
func (*Call) exprNode()           {}
func (*FormattedValue) exprNode() {}
func (*JoinedStr) exprNode()      {}
func (*Constant) exprNode()       {}
func (*Attribute) exprNode()      {}
func (*Subscript) exprNode()      {}
func (*Starred) exprNode()        {}
func (*Name) exprNode()           {}
func (*List) exprNode()           {}
func (*Tuple) exprNode()          {}
func (*Slice) exprNode()          {}

func (*MatchValue) patternNode()     {}
func (*MatchSingleton) patternNode() {}
func (*MatchSequence) patternNode()  {}
func (*MatchMapping) patternNode()   {}
func (*MatchClass) patternNode()     {}
func (*MatchStar) patternNode()      {}
func (*MatchAs) patternNode()        {}
func (*MatchOr) patternNode()        {}

func (*TypeVar) typeParamNode()      {}
func (*ParamSpec) typeParamNode()    {}
func (*TypeVarTuple) typeParamNode() {}
