package gen

import (
	"fmt"
	"strings"
)

// python writes a Python 3 module (standard library only).
func (s *scheme) python(b *strings.Builder) {
	for _, l := range s.header() {
		if l == "" {
			b.WriteString("#\n")
		} else {
			fmt.Fprintf(b, "# %s\n", l)
		}
	}
	fmt.Fprintf(b, `"""Promotes pairs of dtypes as the rule set %s does."""

import enum

__all__ = ["DType", "Rule", "PromotionError", "promote_types", "dtype_from_name", "RULES"]


class DType(enum.IntEnum):
    """The dtypes, in promote's catalogue order (promote's name in the comment)."""

`, pyQuote(s.label)[1:len(pyQuote(s.label))-1])
	for i, d := range s.dtypes {
		fmt.Fprintf(b, "    %s = %d  # %s\n", s.ids[i], i, d)
	}
	b.WriteString(`

class Rule:
    """A rule of the rule set that refuses pairs."""

    __slots__ = ("id", "text", "source")

    def __init__(self, id, text, source):
        self.id, self.text, self.source = id, text, source

    def __repr__(self):
        return "Rule(%r)" % self.id


RULES = (
`)
	for _, r := range s.refusals {
		fmt.Fprintf(b, "    Rule(%s, %s, %s),\n", pyQuote(r.ID), pyQuote(r.Text), pyQuote(r.Source))
	}
	fmt.Fprintf(b, `)


class PromotionError(Exception):
    """A refused pair: a, b and the rule that refuses it."""

    def __init__(self, a, b, rule):
        super().__init__("%%s: %%s with %%s is refused (rule %%s: %%s)" %% (%s, a.name, b.name, rule.id, rule.text))
        self.a, self.b, self.rule = a, b, rule


# _TABLE[a][b] is a with b: bit 15 a refusal with the rule's index below it;
# otherwise the result, with bit 8 when it is weak.
_TABLE = (
`, pyQuote(s.label))
	s.tableRows(b, "    ", "(", ")")
	b.WriteString(`)

# Every name dtype_from_name accepts: the member's name, promote's
# canonical name (bf16) and the spellings the rule set's dialect reads.
_BY_NAME = {
`)
	for _, a := range s.lookup {
		fmt.Fprintf(b, "    %s: DType.%s,\n", pyQuote(a.name), s.ids[a.idx])
	}
	b.WriteString(`}


def promote_types(a, b):
    """Promotes a tensor of a and a tensor of b: (result, weak), or raises
    PromotionError naming the rule that refuses the pair."""
    a, b = DType(a), DType(b)
    c = _TABLE[a][b]
    if c & 0x8000:
        raise PromotionError(a, b, RULES[c & 0x7FFF])
    return DType(c & 0xFF), bool(c & 0x100)


def dtype_from_name(name):
    """The dtype with that name (its member name, promote's canonical name
    or a spelling of the rule set's dialect); KeyError when there is none."""
    return _BY_NAME[name]
`)
}
