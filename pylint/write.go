package pylint

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/promote-dev/promote/pytype"
)

// WriteText writes one line per finding, "file:line:col: message" (the
// convention of go vet and ruff; columns count bytes from 1).
func (r *Report) WriteText(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, f := range r.Findings {
		fmt.Fprintln(bw, f.String())
	}
	return bw.Flush()
}

// WriteErrors writes one line per file that could not be linted.
func (r *Report) WriteErrors(w io.Writer) error {
	bw := bufio.NewWriter(w)
	for _, e := range r.Errors {
		fmt.Fprintf(bw, "%s: error: %s\n", e.File, e.Err)
	}
	return bw.Flush()
}

// WriteJSON writes the report as one JSON object: files, findings and
// errors.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// utf16Cols converts each finding's byte columns to UTF-16 code units
// from 1, SARIF's default column unit.
func utf16Cols(src []byte, fs []pytype.Finding) [][2]int {
	if len(fs) == 0 {
		return nil
	}
	lines := strings.Split(string(src), "\n")
	conv := func(line, col int) int {
		if line < 1 || line > len(lines) {
			return col
		}
		l := lines[line-1]
		b := col - 1
		if b > len(l) {
			b = len(l)
		}
		if b < 0 {
			b = 0
		}
		n := 0
		for _, r := range l[:b] {
			n++
			if r >= 0x10000 {
				n++
			}
		}
		if !utf8.ValidString(l[:b]) {
			return col
		}
		return n + 1
	}
	out := make([][2]int, len(fs))
	for i, f := range fs {
		out[i] = [2]int{conv(f.Line, f.Col), conv(f.EndLine, f.EndCol)}
	}
	return out
}

// kindDocs describes each kind of finding (SARIF's rules).
var kindDocs = []struct{ id, text string }{
	{"dtype-changed", "NumPy 1.x and NumPy 2 give this operation different result dtypes (NEP 50)."},
	{"may-change", "NumPy 1.x's result dtype depends on values the source does not show, and for some of them differs from NumPy 2's."},
	{"raises", "NumPy 2 raises where NumPy 1.x gave a result (an out-of-bounds Python int: OverflowError)."},
	{"inplace-cast", "NumPy 2 refuses to store the in-place result in the array's dtype (casting='same_kind'); NumPy 1.x's value-based result fitted."},
	{"can-cast", "np.can_cast no longer accepts Python int, float or complex (TypeError in NumPy 2)."},
	{"result-type", "np.result_type gives a different dtype: NumPy 1.x looked at the values of scalars, NumPy 2 never does."},
}

// WriteSARIF writes the report as a SARIF 2.1.0 log for code-scanning
// services. Columns are UTF-16 code units (SARIF's default); artifact URIs
// are the paths as given, with forward slashes.
func (r *Report) WriteSARIF(w io.Writer, version string) error {
	type msg struct {
		Text string `json:"text"`
	}
	type region struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn"`
		EndLine     int `json:"endLine"`
		EndColumn   int `json:"endColumn"`
	}
	type artifact struct {
		URI string `json:"uri"`
	}
	type physical struct {
		ArtifactLocation artifact `json:"artifactLocation"`
		Region           *region  `json:"region,omitempty"`
	}
	type location struct {
		PhysicalLocation physical `json:"physicalLocation"`
	}
	type result struct {
		RuleID    string     `json:"ruleId"`
		RuleIndex int        `json:"ruleIndex"`
		Level     string     `json:"level"`
		Message   msg        `json:"message"`
		Locations []location `json:"locations"`
	}
	type rule struct {
		ID               string `json:"id"`
		ShortDescription msg    `json:"shortDescription"`
		HelpURI          string `json:"helpUri"`
	}
	type notification struct {
		Level     string     `json:"level"`
		Message   msg        `json:"message"`
		Locations []location `json:"locations"`
	}
	type invocation struct {
		ExecutionSuccessful        bool           `json:"executionSuccessful"`
		ToolExecutionNotifications []notification `json:"toolExecutionNotifications"`
	}
	type driver struct {
		Name           string `json:"name"`
		Version        string `json:"version,omitempty"`
		InformationURI string `json:"informationUri"`
		Rules          []rule `json:"rules"`
	}
	type run struct {
		Tool struct {
			Driver driver `json:"driver"`
		} `json:"tool"`
		Invocations []invocation `json:"invocations"`
		Results     []result     `json:"results"`
	}
	type log struct {
		Schema  string `json:"$schema"`
		Version string `json:"version"`
		Runs    []run  `json:"runs"`
	}
	const home = "https://github.com/promote-dev/promote"
	var rn run
	rn.Tool.Driver = driver{Name: "promote lint", Version: version, InformationURI: home}
	index := map[string]int{}
	for i, k := range kindDocs {
		index[k.id] = i
		rn.Tool.Driver.Rules = append(rn.Tool.Driver.Rules, rule{ID: k.id, ShortDescription: msg{k.text}, HelpURI: home + "/blob/main/docs/lint.md"})
	}
	uri := func(p string) artifact { return artifact{URI: filepath.ToSlash(p)} }
	rn.Results = []result{}
	for i, f := range r.Findings {
		reg := &region{StartLine: f.Line, StartColumn: f.Col, EndLine: f.EndLine, EndColumn: f.EndCol}
		if i < len(r.cols) {
			reg.StartColumn, reg.EndColumn = r.cols[i][0], r.cols[i][1]
		}
		rn.Results = append(rn.Results, result{
			RuleID: f.Kind, RuleIndex: index[f.Kind], Level: "warning", Message: msg{f.Message},
			Locations: []location{{physical{uri(f.File), reg}}},
		})
	}
	inv := invocation{ExecutionSuccessful: true, ToolExecutionNotifications: []notification{}}
	for _, e := range r.Errors {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, notification{
			Level: "error", Message: msg{e.Err}, Locations: []location{{physical{ArtifactLocation: uri(e.File)}}},
		})
	}
	rn.Invocations = []invocation{inv}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(log{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []run{rn}})
}

// Source lints one Python source held in memory (the explorer's paste),
// against NumPy.
func Source(name string, src []byte) (*Report, error) {
	if len(src) > DefaultMaxFileBytes {
		return nil, fmt.Errorf("%s is %d bytes; the lint reads at most %d bytes", name, len(src), DefaultMaxFileBytes)
	}
	c := pytype.NewChecker(defaultLibraries()...)
	rep := &Report{Files: 1, Findings: []pytype.Finding{}, Errors: []FileError{}}
	fs, err := c.Check(name, src)
	if err != nil {
		msg := strings.TrimPrefix(err.Error(), name+":")
		rep.Errors = append(rep.Errors, FileError{File: name, Err: "syntax error at " + msg})
		return rep, nil
	}
	rep.Findings = append(rep.Findings, fs...)
	rep.cols = utf16Cols(src, fs)
	return rep, nil
}
