package gen

import (
	"fmt"
	"strings"
)

// lineComments writes the header as // comments.
func (s *scheme) lineComments(b *strings.Builder) {
	for _, l := range s.header() {
		if l == "" {
			b.WriteString("//\n")
		} else {
			fmt.Fprintf(b, "// %s\n", l)
		}
	}
}

// tableRows writes the table's rows as initialisers between open and
// close ({ } in C, [ ] in Rust, ( ) in Python).
func (s *scheme) tableRows(b *strings.Builder, indent, open, close string) {
	for i := range s.dtypes {
		b.WriteString(indent + open)
		for j := range s.dtypes {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "0x%04x", s.cells[i][j].encode())
		}
		b.WriteString(close + ",\n")
	}
}

// c writes a C99 header: static tables and static inline functions, so
// it needs no separate object file.
func (s *scheme) c(b *strings.Builder) {
	p := s.pkg
	P := strings.ToUpper(p)
	s.lineComments(b)
	fmt.Fprintf(b, `//
// C99. Include it in the translation units that promote; everything in it
// is static.

#ifndef %[2]s_PROMOTE_GEN_H
#define %[2]s_PROMOTE_GEN_H

#include <stdint.h>
#include <string.h>

// The dtypes, in promote's catalogue order (promote's name in the comment).
typedef enum {
`, p, P)
	for i, d := range s.dtypes {
		fmt.Fprintf(b, "    %s = %d, // %s\n", s.ids[i], i, d)
	}
	fmt.Fprintf(b, `} %[1]s_dtype;

#define %[2]s_NUM_DTYPES %[3]d

// A rule of the rule set that refuses pairs.
typedef struct {
    const char *id;
    const char *text;
    const char *source;
} %[1]s_rule;

static const char *const %[1]s_dtype_names[%[2]s_NUM_DTYPES] = {
`, p, P, len(s.dtypes))
	for _, id := range s.ids {
		fmt.Fprintf(b, "    %s,\n", cQuote(id))
	}
	fmt.Fprintf(b, "};\n\n// Every name %s_dtype_from_name accepts, with its dtype.\nstatic const struct {\n    const char *name;\n    int dtype;\n} %s_dtype_lookup[] = {\n", p, p)
	for _, a := range s.lookup {
		fmt.Fprintf(b, "    {%s, %d},\n", cQuote(a.name), a.idx)
	}
	fmt.Fprintf(b, "};\n\n// The refusing rules; the last is for a dtype out of range.\nstatic const %s_rule %s_rules[] = {\n", p, p)
	for _, r := range s.refusals {
		fmt.Fprintf(b, "    {%s, %s, %s},\n", cQuote(r.ID), cQuote(r.Text), cQuote(r.Source))
	}
	fmt.Fprintf(b, `    {"no-such-dtype", "the dtype is not one of the rule set's", "promote gen"},
};

// %[1]s_table[a][b] is a with b: bit 15 a refusal with the rule's index
// below it; otherwise the result, with bit 8 when it is weak.
static const uint16_t %[1]s_table[%[2]s_NUM_DTYPES][%[2]s_NUM_DTYPES] = {
`, p, P)
	s.tableRows(b, "    ", "{", "}")
	fmt.Fprintf(b, `};

// %[1]s_types promotes a tensor of a and a tensor of b: it sets *out and
// *weak (either may be NULL) and returns NULL, or returns the rule that
// refuses the pair (%[1]s_rules' last entry for a dtype out of range).
static inline const %[1]s_rule *%[1]s_types(%[1]s_dtype a, %[1]s_dtype b, %[1]s_dtype *out, int *weak) {
    if ((unsigned)a >= %[2]s_NUM_DTYPES || (unsigned)b >= %[2]s_NUM_DTYPES) {
        return &%[1]s_rules[sizeof %[1]s_rules / sizeof %[1]s_rules[0] - 1];
    }
    uint16_t c = %[1]s_table[a][b];
    if (c & 0x8000u) {
        return &%[1]s_rules[c & 0x7fffu];
    }
    if (out) {
        *out = (%[1]s_dtype)(c & 0xffu);
    }
    if (weak) {
        *weak = (c & 0x100u) != 0;
    }
    return NULL;
}

// %[1]s_dtype_name returns the dtype's name, or NULL when out of range.
static inline const char *%[1]s_dtype_name(%[1]s_dtype d) {
    return (unsigned)d < %[2]s_NUM_DTYPES ? %[1]s_dtype_names[d] : NULL;
}

// %[1]s_dtype_from_name returns the dtype with that name: its enum name,
// promote's canonical name (bf16) or a spelling the rule set's dialect
// reads (bfloat16); -1 for none.
static inline int %[1]s_dtype_from_name(const char *name) {
    for (size_t i = 0; i < sizeof %[1]s_dtype_lookup / sizeof %[1]s_dtype_lookup[0]; i++) {
        if (strcmp(%[1]s_dtype_lookup[i].name, name) == 0) {
            return %[1]s_dtype_lookup[i].dtype;
        }
    }
    return -1;
}

#endif // %[2]s_PROMOTE_GEN_H
`, p, P)
}

// cpp writes a C++17 header.
func (s *scheme) cpp(b *strings.Builder) {
	p := s.pkg
	P := strings.ToUpper(p)
	s.lineComments(b)
	fmt.Fprintf(b, `//
// C++17, header only.

#ifndef %[2]s_PROMOTE_GEN_HPP
#define %[2]s_PROMOTE_GEN_HPP

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace %[1]s {

// The dtypes, in promote's catalogue order (promote's name in the comment).
enum class DType : std::uint8_t {
`, p, P)
	for i, d := range s.dtypes {
		fmt.Fprintf(b, "    %s = %d, // %s\n", s.ids[i], i, d)
	}
	fmt.Fprintf(b, `};

inline constexpr std::size_t num_dtypes = %d;

inline constexpr std::array<const char *, num_dtypes> dtype_names = {
`, len(s.dtypes))
	for _, id := range s.ids {
		fmt.Fprintf(b, "    %s,\n", cQuote(id))
	}
	b.WriteString(`};

// Every name dtype_from_name accepts, with its dtype.
struct DTypeName {
    const char *name;
    std::uint8_t dtype;
};

inline constexpr DTypeName dtype_lookup[] = {
`)
	for _, a := range s.lookup {
		fmt.Fprintf(b, "    {%s, %d},\n", cQuote(a.name), a.idx)
	}
	b.WriteString(`};

// A rule of the rule set that refuses pairs.
struct Rule {
    const char *id;
    const char *text;
    const char *source;
};

// The refusing rules; the last is for a dtype out of range.
inline constexpr Rule rules[] = {
`)
	for _, r := range s.refusals {
		fmt.Fprintf(b, "    {%s, %s, %s},\n", cQuote(r.ID), cQuote(r.Text), cQuote(r.Source))
	}
	b.WriteString(`    {"no-such-dtype", "the dtype is not one of the rule set's", "promote gen"},
};

// table[a][b] is a with b: bit 15 a refusal with the rule's index below
// it; otherwise the result, with bit 8 when it is weak.
inline constexpr std::uint16_t table[num_dtypes][num_dtypes] = {
`)
	s.tableRows(b, "    ", "{", "}")
	fmt.Fprintf(b, `};

// The name of a dtype, or nullptr when out of range.
inline const char *name(DType d) noexcept {
    auto i = static_cast<std::size_t>(d);
    return i < num_dtypes ? dtype_names[i] : nullptr;
}

// The dtype with that name: its enum name, promote's canonical name (bf16)
// or a spelling the rule set's dialect reads (bfloat16).
inline std::optional<DType> dtype_from_name(std::string_view n) noexcept {
    for (const auto &a : dtype_lookup) {
        if (n == a.name) {
            return static_cast<DType>(a.dtype);
        }
    }
    return std::nullopt;
}

// The answer for a pair: the result and whether it is weak, or the rule
// that refuses it (refused is nullptr on success).
struct Result {
    DType dtype;
    bool weak;
    const Rule *refused;
};

// try_promote_types promotes a tensor of a and a tensor of b.
inline Result try_promote_types(DType a, DType b) noexcept {
    auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    if (i >= num_dtypes || j >= num_dtypes) {
        return {DType{}, false, &rules[sizeof rules / sizeof rules[0] - 1]};
    }
    std::uint16_t c = table[i][j];
    if (c & 0x8000u) {
        return {DType{}, false, &rules[c & 0x7fffu]};
    }
    return {static_cast<DType>(c & 0xffu), (c & 0x100u) != 0, nullptr};
}

// A refused pair.
class PromotionError : public std::runtime_error {
public:
    PromotionError(DType a, DType b, const Rule *rule)
        : std::runtime_error(message(a, b, rule)), a(a), b(b), rule(rule) {}
    DType a, b;
    const Rule *rule;

private:
    static std::string message(DType a, DType b, const Rule *rule) {
        auto n = [](DType d) { const char *s = name(d); return std::string(s ? s : "?"); };
        return std::string(%[1]s) + ": " + n(a) + " with " + n(b) + " is refused (rule " + rule->id + ": " + rule->text + ")";
    }
};

// promote_types promotes a tensor of a and a tensor of b, setting *weak
// when given; a refused pair throws PromotionError.
inline DType promote_types(DType a, DType b, bool *weak = nullptr) {
    Result r = try_promote_types(a, b);
    if (r.refused) {
        throw PromotionError(a, b, r.refused);
    }
    if (weak) {
        *weak = r.weak;
    }
    return r.dtype;
}

} // namespace %[2]s

#endif // %[3]s_PROMOTE_GEN_HPP
`, cQuote(s.label), p, P)
}
