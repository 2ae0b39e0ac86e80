// Package explorer is promote's explorer: a single-page web application
// that answers queries under every rule set side by side, draws pair
// tables and lattices, converts values and lints programs, with a URL for
// every view.
//
// This package is the page's engine. The page is the same whether promote
// serves it (promote serve, whose API calls CallJSON) or it runs from
// static files with promote compiled to WebAssembly (promote site, whose
// wasm calls CallJSON): both engines are this one function, so their
// answers are identical. Package explorer/web serves the page and writes
// the static site; this package imports no network code, so the
// WebAssembly engine stays small.
package explorer

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/promote-dev/promote/answer"
)

// Request is one call from the page. Op selects what it asks; the other
// fields are that operation's inputs, as the page's URL spells them.
type Request struct {
	// Op is "query", "table", "lattice", "cast", "infer", "lint" or "meta".
	Op string `json:"op"`
	// Q is a query in the batch grammar: operands separated by spaces.
	Q string `json:"q,omitempty"`
	// Rules names rule sets: a comma-separated list of specs
	// (NAME or NAME:KEY=VALUE:...) for query and infer (empty: every rule
	// set; query adds each one's presets), one spec for table and lattice.
	Rules string `json:"rules,omitempty"`
	// Against is the rule set a table is compared with (optional).
	Against string `json:"against,omitempty"`
	// From, To and Policy are cast's conversion; Values its input lines.
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Policy string `json:"policy,omitempty"`
	Values string `json:"values,omitempty"`
	// Program is infer's program text, or lint's Python source.
	Program string `json:"program,omitempty"`
}

// Response is the answer to a Request. Error, when set, is the message
// promote's command line gives for the same input ("promote compare: bad
// operand ..."), and the other fields are empty.
type Response struct {
	Error   string       `json:"error,omitempty"`
	Query   *QueryAnswer `json:"query,omitempty"`
	Picture *Picture     `json:"picture,omitempty"`
	Cast    *CastAnswer  `json:"cast,omitempty"`
	Infer   *InferAnswer `json:"infer,omitempty"`
	Lint    *LintAnswer  `json:"lint,omitempty"`
	Meta    *Meta        `json:"meta,omitempty"`
	Took    float64      `json:"took_ms"` // time the engine took, in milliseconds
	// internal marks an Error that is the engine's own failure (drawing a
	// picture), not the request's: see Status.
	internal bool
}

// Status is the HTTP status promote serve answers resp with. The API
// models a request it cannot read or cannot answer as asked (malformed
// JSON, an unknown op, a bad operand, an unknown rule set or option, a
// request over a bound: the inputs promote's command line refuses with
// exit status 2) as a client error, 400, with the Response's Error as the
// body's message. A well-formed request whose answer is a refusal is 200:
// a refusal is an answer, carried in the rows (query, cast) or the lint
// (infer), never in Error. The engine's own failures are 500.
func (resp Response) Status() int {
	switch {
	case resp.Error == "":
		return 200
	case resp.internal:
		return 500
	}
	return 400
}

// Bounds on a request, so that a hostile page or client cannot make the
// engine work or allocate without bound. A query or a list of values
// takes far less in normal use.
const (
	MaxQueryBytes   = 64 << 10 // a query line
	MaxOperands     = 4096     // operands in a query, as promote batch
	MaxValuesBytes  = 64 << 10 // cast's input
	MaxValueLines   = 4096     // cast's lines
	MaxProgramBytes = 1 << 20  // infer's program, lint's source
	MaxSpecBytes    = 4 << 10  // a rule-set list or spec
	MaxRequestBytes = MaxProgramBytes + 256<<10
)

// Call answers a request. It is safe for concurrent use; it never panics
// on any input, and its work is bounded by the limits above.
func Call(req Request) Response {
	start := time.Now()
	var resp Response
	switch req.Op {
	case "query":
		resp = query(req)
	case "table":
		resp = table(req)
	case "lattice":
		resp = latticeView(req)
	case "cast":
		resp = castView(req)
	case "infer":
		resp = inferView(req)
	case "lint":
		resp = lintView(req)
	case "meta":
		if m, err := meta(); err != nil {
			resp = Response{Error: "promote rules: " + answer.OneLine(err.Error())}
		} else {
			resp = Response{Meta: m}
		}
	default:
		resp = Response{Error: fmt.Sprintf("promote: unknown operation %q (valid: query, table, lattice, cast, infer, lint, meta)", req.Op)}
	}
	resp.Took = float64(time.Since(start).Microseconds()) / 1000
	return resp
}

// CallJSON is Call on a JSON request, with a JSON response: what the
// server's API and the WebAssembly engine both run.
func CallJSON(b []byte) []byte {
	out, _ := CallJSONStatus(b)
	return out
}

// CallJSONStatus is CallJSON with the HTTP status of its answer (see
// Response.Status).
func CallJSONStatus(b []byte) ([]byte, int) {
	var req Request
	var resp Response
	if len(b) > MaxRequestBytes {
		resp = Response{Error: fmt.Sprintf("promote: a request may take at most %d bytes, this one has %d", MaxRequestBytes, len(b))}
	} else if err := json.Unmarshal(b, &req); err != nil {
		resp = Response{Error: "promote: bad request: " + err.Error()}
	} else {
		resp = Call(req)
	}
	out, err := json.Marshal(resp)
	if err != nil {
		resp = Response{Error: "promote: " + err.Error(), internal: true}
		out, _ = json.Marshal(resp)
	}
	return out, resp.Status()
}
