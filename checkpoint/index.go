package checkpoint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// index is a model.safetensors.index.json: which shard holds each
// tensor, and metadata (total_size, the sum of the tensors' byte counts,
// and whatever else the writer put there).
//
// Source: transformers' save_pretrained writes
// {"metadata": {"total_size": N, ...}, "weight_map": {tensor: shard}} with
// json.dumps(index, indent=2, sort_keys=True) (src/transformers/
// modeling_utils.py; huggingface_hub's split_state_dict_into_shards_factory
// computes the map and the sizes); DeepSeek's fp8_cast_bf16.py rewrites
// weight_map the same way.
type index struct {
	metadata []member // "metadata" entries other than the sizes promote recomputes
	// hasParams: the metadata had total_parameters, which an output's
	// index then gets recomputed.
	hasParams bool
	entries   []indexEntry
	byTensor  map[string]int
	shards    []string // distinct shard names, in order of first mention
}

type indexEntry struct{ tensor, shard string }

// member is one key of a JSON object with its raw value.
type member struct {
	key   string
	value json.RawMessage
}

// recomputed are the metadata keys an output's index gets afresh.
var recomputed = map[string]bool{"total_size": true, "total_parameters": true}

// readIndex reads and checks an index file: a JSON object whose
// weight_map maps each tensor, once, to a shard file of the same
// directory.
func readIndex(path string) (*index, error) {
	b, err := readBounded(path, MaxIndexSize)
	if err != nil {
		return nil, err
	}
	ix, err := parseIndex(b)
	if err != nil {
		return nil, fmt.Errorf("checkpoint: %s: %w", path, err)
	}
	return ix, nil
}

// parseIndex parses an index's JSON. Unlike encoding/json, which keeps
// the last of two equal keys, it refuses a tensor listed twice.
func parseIndex(b []byte) (*index, error) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if err := expectDelim(d, '{', "the index"); err != nil {
		return nil, err
	}
	ix := &index{byTensor: map[string]int{}}
	seenShard := map[string]bool{}
	haveMap := false
	for d.More() {
		key, err := stringToken(d, "a key of the index")
		if err != nil {
			return nil, err
		}
		switch key {
		case "weight_map":
			if haveMap {
				return nil, errors.New(`"weight_map" appears twice`)
			}
			haveMap = true
			if err := expectDelim(d, '{', `"weight_map"`); err != nil {
				return nil, err
			}
			for d.More() {
				tensor, err := stringToken(d, "a tensor name in weight_map")
				if err != nil {
					return nil, err
				}
				file, err := stringToken(d, fmt.Sprintf("the shard of tensor %q", tensor))
				if err != nil {
					return nil, err
				}
				if _, dup := ix.byTensor[tensor]; dup {
					return nil, fmt.Errorf("weight_map lists tensor %q twice (a tensor belongs to one shard)", tensor)
				}
				if err := checkShardName(file); err != nil {
					return nil, fmt.Errorf("weight_map: tensor %q: %w", tensor, err)
				}
				ix.byTensor[tensor] = len(ix.entries)
				ix.entries = append(ix.entries, indexEntry{tensor, file})
				if !seenShard[file] {
					seenShard[file] = true
					ix.shards = append(ix.shards, file)
				}
			}
			if _, err := d.Token(); err != nil { // '}'
				return nil, syntaxErr(err)
			}
		case "metadata":
			var raw json.RawMessage
			if err := d.Decode(&raw); err != nil {
				return nil, syntaxErr(err)
			}
			ms, err := objectMembers(raw)
			if err != nil {
				return nil, fmt.Errorf(`"metadata": %w`, err)
			}
			for _, m := range ms {
				ix.hasParams = ix.hasParams || m.key == "total_parameters"
				if !recomputed[m.key] {
					ix.metadata = append(ix.metadata, m)
				}
			}
		default:
			var skip json.RawMessage
			if err := d.Decode(&skip); err != nil {
				return nil, syntaxErr(err)
			}
		}
	}
	if _, err := d.Token(); err != nil {
		return nil, syntaxErr(err)
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, errors.New("bytes after the index's JSON object")
	}
	if !haveMap {
		return nil, errors.New(`no "weight_map": not a safetensors index`)
	}
	return ix, nil
}

// checkShardName refuses a shard name that is not a plain file name of
// the index's directory: an index must not make promote read elsewhere.
func checkShardName(s string) error {
	switch {
	case s == "" || s == "." || s == "..":
		return fmt.Errorf("shard name %q is not a file name", s)
	case strings.ContainsAny(s, `/\`) || strings.ContainsRune(s, 0):
		return fmt.Errorf("shard name %q is a path; an index names files of its own directory", s)
	}
	return nil
}

func expectDelim(d *json.Decoder, want json.Delim, what string) error {
	tok, err := d.Token()
	if err != nil {
		return syntaxErr(err)
	}
	if got, ok := tok.(json.Delim); !ok || got != want {
		return fmt.Errorf("%s is not a JSON object", what)
	}
	return nil
}

func stringToken(d *json.Decoder, what string) (string, error) {
	tok, err := d.Token()
	if err != nil {
		return "", syntaxErr(err)
	}
	s, ok := tok.(string)
	if !ok {
		return "", fmt.Errorf("%s is not a string", what)
	}
	return s, nil
}

func syntaxErr(err error) error {
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return errors.New("the JSON ends early")
	}
	return fmt.Errorf("bad JSON: %v", err)
}

// objectMembers splits a JSON object into its members in order; null is
// an empty object. A key given twice is refused.
func objectMembers(raw json.RawMessage) ([]member, error) {
	if string(bytes.TrimSpace(raw)) == "null" {
		return nil, nil
	}
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := expectDelim(d, '{', "the value"); err != nil {
		return nil, err
	}
	var out []member
	seen := map[string]bool{}
	for d.More() {
		k, err := stringToken(d, "a key")
		if err != nil {
			return nil, err
		}
		if seen[k] {
			return nil, fmt.Errorf("key %q appears twice", k)
		}
		seen[k] = true
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, syntaxErr(err)
		}
		out = append(out, member{k, v})
	}
	return out, nil
}

// encodeIndex writes an index as transformers does: keys sorted, two
// spaces of indent, a final newline. metadata gets total_size (and, when
// the input had it, total_parameters) recomputed.
func encodeIndex(meta []member, totalSize int64, totalParams int64, weightMap map[string]string) ([]byte, error) {
	ms := slices.Clone(meta)
	ms = append(ms, member{"total_size", json.RawMessage(strconv.FormatInt(totalSize, 10))})
	if totalParams >= 0 {
		ms = append(ms, member{"total_parameters", json.RawMessage(strconv.FormatInt(totalParams, 10))})
	}
	slices.SortFunc(ms, func(a, b member) int { return strings.Compare(a.key, b.key) })
	var buf bytes.Buffer
	buf.WriteString("{\n  \"metadata\": ")
	if err := writeObject(&buf, ms, "  "); err != nil {
		return nil, err
	}
	buf.WriteString(",\n  \"weight_map\": {")
	names := slices.Sorted(maps.Keys(weightMap))
	for i, n := range names {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		writeJSONString(&buf, n)
		buf.WriteString(": ")
		writeJSONString(&buf, weightMap[n])
	}
	if len(names) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("}\n}\n")
	return buf.Bytes(), nil
}

// writeObject writes members as an indented JSON object whose closing
// brace sits at indent; values are re-indented.
func writeObject(buf *bytes.Buffer, ms []member, indent string) error {
	if len(ms) == 0 {
		buf.WriteString("{}")
		return nil
	}
	buf.WriteString("{")
	for i, m := range ms {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n" + indent + "  ")
		writeJSONString(buf, m.key)
		buf.WriteString(": ")
		var v bytes.Buffer
		if err := json.Indent(&v, m.value, indent+"  ", "  "); err != nil {
			return fmt.Errorf("key %q: %w", m.key, err)
		}
		buf.Write(v.Bytes())
	}
	buf.WriteString("\n" + indent + "}")
	return nil
}

// writeJSONString writes s as a JSON string, without HTML escaping (as
// Python's json.dumps writes it, apart from its \uXXXX for non-ASCII).
func writeJSONString(buf *bytes.Buffer, s string) {
	e := json.NewEncoder(buf)
	e.SetEscapeHTML(false)
	e.Encode(s)
	buf.Truncate(buf.Len() - 1) // Encode's newline
}
