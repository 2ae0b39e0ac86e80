package checkpoint

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/promote-dev/promote/internal/bytesize"
)

// Counts says what rounding did to a tensor's values (or to all of them).
// Every value is counted once: Exact + Rounded + Overflowed + NaN =
// Values.
type Counts struct {
	// Values is the element count.
	Values int64 `json:"values"`
	// Exact values came out with the exact value of what they stand for:
	// the source value (recast), the product value × scale (dequant),
	// the source value again once multiplied back by its scale (quant).
	Exact int64 `json:"exact"`
	// Rounded values were finite and came out as a neighbouring value of
	// the target.
	Rounded int64 `json:"rounded"`
	// Overflowed values were past the target's range: they became ±inf,
	// NaN or the largest finite value (saturated), as the policy or the
	// format decides. An infinity into a format without one counts here.
	Overflowed int64 `json:"overflowed"`
	// NaN values were NaN to begin with.
	NaN int64 `json:"nan"`
	// MaxRelError is the largest |result - value| / |value| over the
	// Rounded values (0 when none rounded).
	MaxRelError float64 `json:"max_rel_error"`
}

// add adds o into c.
func (c *Counts) add(o Counts) {
	c.Values += o.Values
	c.Exact += o.Exact
	c.Rounded += o.Rounded
	c.Overflowed += o.Overflowed
	c.NaN += o.NaN
	c.MaxRelError = math.Max(c.MaxRelError, o.MaxRelError)
}

// class is what happened to one value; a kernel tallies classes.
type class uint8

const (
	classExact class = iota
	classRounded
	classOverflow
	classNaN
)

// tally adds n values of class k, with relative error rel for a rounded
// value.
func (c *Counts) tally(k class, n int64, rel float64) {
	c.Values += n
	switch k {
	case classExact:
		c.Exact += n
	case classRounded:
		c.Rounded += n
		if rel > c.MaxRelError {
			c.MaxRelError = rel
		}
	case classOverflow:
		c.Overflowed += n
	case classNaN:
		c.NaN += n
	}
}

// classify compares a result y with the value x it stands for (both as
// float64, x exact): exact; NaN (x NaN); overflowed (x infinite, or
// finite with y infinite or NaN, or |x| at or past ovf, the magnitude
// from which rounding to nearest leaves the target's finite range:
// largest finite + half its ulp); else rounded, with the relative error.
func classify(x, y, ovf float64) (class, float64) {
	switch {
	case math.IsNaN(x):
		return classNaN, 0
	case x == y:
		return classExact, 0
	case math.IsInf(x, 0) || math.IsInf(y, 0) || math.IsNaN(y) || math.Abs(x) >= ovf:
		return classOverflow, 0
	}
	return classRounded, math.Abs(y-x) / math.Abs(x)
}

// Action is what a conversion did with a tensor. It is a small integer,
// not a string, because a report holds one per tensor and a checkpoint
// may hold a million; as JSON and text it is its name ("copied").
type Action uint8

// Actions. The zero Action is no action, named "".
const (
	Copied      Action = iota + 1 // written byte for byte
	Converted                     // recast to another dtype
	Dequantized                   // values times scales, into a wide dtype
	Quantized                     // into a narrow dtype with scales
	Scale                         // a scale tensor a quantization wrote
	Dropped                       // a scale tensor a dequantization consumed, or input_scale
)

// actionNames are the Actions' names, by value.
var actionNames = [...]string{"", "copied", "converted", "dequantized", "quantized", "scale", "dropped"}

// String returns the action's name: "copied", "converted" and so on.
func (a Action) String() string {
	if int(a) < len(actionNames) {
		return actionNames[a]
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// MarshalText returns the action's name; an Action outside the constants
// is an error.
func (a Action) MarshalText() ([]byte, error) {
	if int(a) >= len(actionNames) {
		return nil, fmt.Errorf("checkpoint: no action %d", uint8(a))
	}
	return []byte(actionNames[a]), nil
}

// UnmarshalText reads an action's name, so that a report written as JSON
// reads back.
func (a *Action) UnmarshalText(b []byte) error {
	for i, n := range actionNames {
		if n == string(b) {
			*a = Action(i)
			return nil
		}
	}
	return fmt.Errorf("checkpoint: unknown action %q; want one of %s", b, strings.Join(actionNames[1:], ", "))
}

// TensorReport is one tensor of the output (or, for Dropped, of the input).
type TensorReport struct {
	Name   string  `json:"name"`
	Action Action  `json:"action"`
	From   Label   `json:"from"`
	To     Label   `json:"to,omitempty"`
	Shape  []int64 `json:"shape"`
	// Scales names the scale tensor(s) a dequantization read or a
	// quantization wrote, and how they apply ("per-tensor",
	// "block 128x128", "mx 32").
	Scales string `json:"scales,omitempty"`
	Shard  string `json:"shard,omitempty"`
	Counts
}

// ShardReport is one output file.
type ShardReport struct {
	Name    string `json:"name"`
	Tensors int    `json:"tensors"`
	Bytes   int64  `json:"bytes"`
}

// Report is what a conversion did: every tensor with its counts, the
// totals, the files written and copied, and what happened to config.json.
type Report struct {
	Operation string         `json:"operation"` // recast, dequant or quant
	Input     string         `json:"input"`
	Output    string         `json:"output"`
	To        string         `json:"to"`
	Mode      string         `json:"mode,omitempty"`
	DryRun    bool           `json:"dry_run"`
	Tensors   []TensorReport `json:"tensors"`
	Total     Counts         `json:"total"`
	Shards    []ShardReport  `json:"shards"`
	// Index is the index file written, "" when none.
	Index string `json:"index,omitempty"`
	// Copied are the side files copied; Skipped the directory entries not
	// copied, with why.
	Copied  []string `json:"copied,omitempty"`
	Skipped []string `json:"skipped,omitempty"`
	// Config says what was done to config.json.
	Config       string        `json:"config,omitempty"`
	BytesRead    int64         `json:"bytes_read"`
	BytesWritten int64         `json:"bytes_written"`
	Elapsed      time.Duration `json:"elapsed_ns"`
	// Notes are warnings worth a user's attention (stale temporary files
	// of an earlier run, tensors a pattern matched that were left wide).
	Notes []string `json:"notes,omitempty"`
}

// count returns how many tensors took action a.
func (r *Report) count(a Action) int {
	n := 0
	for i := range r.Tensors {
		if r.Tensors[i].Action == a {
			n++
		}
	}
	return n
}

// WriteJSON writes the report as one indented JSON object, byte for byte
// what a json.Encoder with SetIndent("", "  ") writes, streaming the
// tensors one at a time: an encoder holds the whole text, twice (before
// and after indenting), which for a million tensors is over a gigabyte.
func (r *Report) WriteJSON(w io.Writer) error {
	// The report without its tensors, whose "tensors": null marks where
	// they go: at the top level, the only line that can read so (string
	// values escape their newlines, and the shards' "tensors" are
	// indented further).
	rest := *r
	rest.Tensors = nil
	b, err := json.MarshalIndent(&rest, "", "  ")
	if err != nil {
		return err
	}
	const mark = "\n  \"tensors\": null"
	at := bytes.Index(b, []byte(mark))
	if at < 0 {
		return fmt.Errorf("checkpoint: the report's JSON has no tensors field")
	}
	at += len(mark) - len("null")
	bw := bufio.NewWriter(w)
	bw.Write(b[:at])
	switch {
	case r.Tensors == nil:
		bw.WriteString("null")
	case len(r.Tensors) == 0:
		bw.WriteString("[]")
	default:
		bw.WriteString("[")
		for i := range r.Tensors {
			t, err := json.MarshalIndent(&r.Tensors[i], "    ", "  ")
			if err != nil {
				return err
			}
			if i > 0 {
				bw.WriteString(",")
			}
			bw.WriteString("\n    ")
			bw.Write(t)
		}
		bw.WriteString("\n  ]")
	}
	bw.Write(b[at+len("null"):])
	bw.WriteString("\n")
	return bw.Flush()
}

// Summary is the report in a few lines: what was done to how many
// tensors, what rounding did to the values, what was read and written,
// and the notes.
func (r *Report) Summary() string {
	var b strings.Builder
	var acts []string
	for _, a := range []Action{Converted, Dequantized, Quantized, Scale, Dropped, Copied} {
		n := r.count(a)
		if n == 0 {
			continue
		}
		switch a {
		case Converted, Dequantized, Quantized:
			var from []string
			for _, t := range r.Tensors {
				if t.Action == a && !slices.Contains(from, t.From.String()) {
					from = append(from, t.From.String())
				}
			}
			slices.Sort(from)
			acts = append(acts, fmt.Sprintf("%d %s %s -> %s", n, a, strings.Join(from, ","), r.To))
		case Scale:
			acts = append(acts, fmt.Sprintf("%d scale tensors written", n))
		case Dropped:
			acts = append(acts, fmt.Sprintf("%d dropped", n))
		default:
			acts = append(acts, fmt.Sprintf("%d %s", n, a))
		}
	}
	if len(acts) == 0 {
		acts = append(acts, "none converted")
	}
	fmt.Fprintf(&b, "%s (%s)", count(len(r.Tensors), "tensor", "tensors"), strings.Join(acts, ", "))
	if r.Mode != "" {
		fmt.Fprintf(&b, ", %s mode", r.Mode)
	}
	fmt.Fprintf(&b, "\nvalues: %d exact, %d rounded, %d overflowed, %d NaN; largest relative error %s",
		r.Total.Exact, r.Total.Rounded, r.Total.Overflowed, r.Total.NaN, relText(r.Total.MaxRelError))
	where := r.Output
	if r.DryRun {
		where = "nothing written (-check)"
	}
	fmt.Fprintf(&b, "\nread %s, wrote %s in %s: %s, in %.2fs, %s/s",
		bytesize.Text(r.BytesRead), bytesize.Text(r.BytesWritten), count(len(r.Shards), "file", "files"), where, r.Elapsed.Seconds(),
		bytesize.Text(int64(float64(r.BytesRead)/math.Max(r.Elapsed.Seconds(), 1e-9))))
	if r.Config != "" {
		fmt.Fprintf(&b, "\nconfig.json: %s", r.Config)
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "\n%s", n)
	}
	return b.String()
}

// WriteTable writes one line per converted tensor: name, dtypes and counts.
func (r *Report) WriteTable(w io.Writer) error {
	for _, t := range r.Tensors {
		if t.Action == Copied {
			continue
		}
		to := t.To.String()
		if to == "" {
			to = "-"
		}
		_, err := fmt.Fprintf(w, "%-11s %s %s->%s %v exact=%d rounded=%d overflowed=%d nan=%d max_rel=%s%s\n",
			t.Action, t.Name, t.From, to, t.Shape, t.Exact, t.Rounded, t.Overflowed, t.NaN, relText(t.MaxRelError), scalesText(t.Scales))
		if err != nil {
			return err
		}
	}
	return nil
}

func scalesText(s string) string {
	if s == "" {
		return ""
	}
	return " scales=" + s
}

func relText(x float64) string {
	if x == 0 {
		return "0"
	}
	return fmt.Sprintf("%.3g", x)
}

// count writes n with the noun that agrees with it: "1 tensor", "5 tensors".
func count(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
