package python

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strings"
	"unicode"
)

// canonical turns a tree into the JSON-like form that testdata/astdump.py
// writes for CPython's ast, so the two compare with reflect.DeepEqual
// after a JSON round trip.
func canonical(v reflect.Value) any {
	switch v.Kind() {
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return canonical(v.Elem())
	case reflect.Pointer:
		if v.IsNil() {
			return nil
		}
		return canonical(v.Elem())
	case reflect.Slice:
		out := make([]any, v.Len())
		for i := range out {
			out[i] = canonical(v.Index(i))
		}
		return out
	case reflect.String:
		if v.Len() == 0 {
			return nil
		}
		return v.String()
	case reflect.Int:
		return float64(v.Int())
	case reflect.Uint8:
		return fmt.Sprint(v.Interface())
	case reflect.Struct:
		t := v.Type()
		name := t.Name()
		if asdl, ok := asdlNames[name]; ok {
			name = asdl
		}
		out := map[string]any{"_t": name}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if f.Name == "Position" {
				p := v.Field(i).Interface().(Position)
				out["_p"] = []any{float64(p.Lineno), float64(p.ColOffset), float64(p.EndLineno), float64(p.EndColOffset)}
				continue
			}
			key := snake(f.Name)
			if f.Name == "Value" && (name == "Constant" || name == "MatchSingleton") {
				out[key] = constValue(v.Field(i).Interface())
				continue
			}
			out[key] = canonical(v.Field(i))
		}
		return out
	}
	panic(fmt.Sprintf("canonical: unexpected %s", v.Kind()))
}

func constValue(v any) any {
	le := func(f float64) string {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(f))
		return hex.EncodeToString(b[:])
	}
	switch x := v.(type) {
	case nil:
		return nil
	case Ellipsis:
		return map[string]any{"ellipsis": true}
	case bool:
		return map[string]any{"bool": x}
	case *big.Int:
		return map[string]any{"int": x.String()}
	case float64:
		return map[string]any{"float": le(x)}
	case complex128:
		return map[string]any{"complex": le(imag(x))}
	case string:
		return map[string]any{"str": hex.EncodeToString([]byte(x))}
	case []byte:
		return map[string]any{"bytes": hex.EncodeToString(x)}
	}
	panic(fmt.Sprintf("constValue: unexpected %T", v))
}

// snake converts a Go field name to its ASDL name: DecoratorList is
// decorator_list, ID is id.
func snake(s string) string {
	if s == "ID" {
		return "id"
	}
	var b strings.Builder
	for i, r := range s {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// diff returns the path of the first difference between a (promote) and
// b (CPython), or "". Fields CPython's version lacks are ignored when they
// are empty on our side (type_params before 3.12, for example).
func diff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %v vs %v", path, brief(a), brief(b))
		}
		if x["_t"] != y["_t"] {
			return fmt.Sprintf("%s: %v vs %v", path, x["_t"], y["_t"])
		}
		p := fmt.Sprintf("%s/%v", path, x["_t"])
		if !reflect.DeepEqual(x["_p"], y["_p"]) {
			return fmt.Sprintf("%s position: %v vs %v", p, x["_p"], y["_p"])
		}
		for k, xv := range x {
			yv, has := y[k]
			if !has {
				if xv == nil || reflect.DeepEqual(xv, []any{}) {
					continue
				}
				return fmt.Sprintf("%s.%s: %v vs (no field)", p, k, brief(xv))
			}
			if d := diff(p+"."+k, xv, yv); d != "" {
				return d
			}
		}
		for k := range y {
			if _, has := x[k]; !has {
				return fmt.Sprintf("%s.%s: (no field) vs %v", p, k, brief(y[k]))
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: %v vs %v", path, brief(a), brief(b))
		}
		for i := 0; i < len(x) && i < len(y); i++ {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		if len(x) != len(y) {
			return fmt.Sprintf("%s: %d elements vs %d", path, len(x), len(y))
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Sprintf("%s: %v vs %v", path, brief(a), brief(b))
	}
	return ""
}

func brief(v any) string {
	s := fmt.Sprint(v)
	if len(s) > 120 {
		s = s[:120] + "..."
	}
	return s
}

// asdlNames are the Go type names that differ from CPython's class names.
var asdlNames = map[string]string{
	"ExprStmt": "Expr", "Arguments": "arguments", "Arg": "arg", "Keyword": "keyword",
	"Alias": "alias", "WithItem": "withitem", "MatchCase": "match_case", "Comprehension": "comprehension",
}
