package explorer

import (
	"fmt"
	"strings"

	"github.com/promote-dev/promote/answer"
	"github.com/promote-dev/promote/internal/castline"
)

// CastAnswer is every input line converted, as promote cast -text
// converts it, with the exact values and how each step rounded.
type CastAnswer struct {
	From   string    `json:"from"`
	To     string    `json:"to"`
	Policy string    `json:"policy"`
	Rows   []CastRow `json:"rows"`
}

// CastRow is one line converted.
type CastRow struct {
	Line string `json:"line"`
	// Error is promote cast's answer to a bad line, without "error: ".
	Error string `json:"error,omitempty"`
	// In is the source value read: its pattern and exact value (every
	// digit; see castline.Exact), and for a decimal line how the source's
	// value compares with the decimal.
	InHex   string `json:"in_hex,omitempty"`
	InValue string `json:"in_value,omitempty"`
	Read    string `json:"read,omitempty"`
	// Out is the result: its pattern and exact value, and how its value
	// compares with the source's.
	OutHex   string `json:"out_hex,omitempty"`
	OutValue string `json:"out_value,omitempty"`
	Rounding string `json:"rounding,omitempty"`
	// CLI is the line promote cast -text writes.
	CLI string `json:"cli"`
}

// castView converts req.Values, one value a line, from req.From to req.To
// under req.Policy (default when empty).
func castView(req Request) Response {
	const cmd = "promote cast: "
	policy := req.Policy
	if policy == "" {
		policy = "default"
	}
	if len(req.Values) > MaxValuesBytes {
		return Response{Error: fmt.Sprintf("%sat most %d bytes of values, these are %d", cmd, MaxValuesBytes, len(req.Values))}
	}
	c, err := castline.New(req.From, req.To, policy)
	if err != nil {
		return Response{Error: cmd + answer.OneLine(err.Error())}
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(req.Values, "\r\n", "\n"), "\n"), "\n")
	if req.Values == "" {
		lines = nil
	}
	if len(lines) > MaxValueLines {
		return Response{Error: fmt.Sprintf("%sat most %d lines of values, these are %d", cmd, MaxValueLines, len(lines))}
	}
	ca := &CastAnswer{From: c.Src().String(), To: c.Dst().String(), Policy: policy, Rows: make([]CastRow, 0, len(lines))}
	for _, l := range lines {
		row := CastRow{Line: l}
		r, err := c.Convert(l)
		if err != nil {
			row.Error = answer.OneLine(err.Error())
			row.CLI = "error: " + row.Error
		} else {
			row.InHex, row.InValue = castline.Hex(c.Src(), r.In), castline.Exact(c.Src(), r.In)
			if r.Decimal {
				row.Read = castline.Rounding(r.ReadAcc)
			}
			row.OutHex, row.OutValue = castline.Hex(c.Dst(), r.Out), castline.Exact(c.Dst(), r.Out)
			row.Rounding = castline.Rounding(r.Acc)
			row.CLI = c.Format(r.Out, true)
		}
		ca.Rows = append(ca.Rows, row)
	}
	return Response{Cast: ca}
}
