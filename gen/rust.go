package gen

import (
	"fmt"
	"strings"
)

// rust writes a Rust module (one file, no crates).
func (s *scheme) rust(b *strings.Builder) {
	for _, l := range s.header() {
		if l == "" {
			b.WriteString("//\n")
		} else {
			fmt.Fprintf(b, "// %s\n", l)
		}
	}
	b.WriteString(`//
// A module of one file: add it with mod, or include! it.

#![allow(dead_code, non_camel_case_types, clippy::upper_case_acronyms)]

use std::fmt;

/// The dtypes, in promote's catalogue order (promote's name in the comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum DType {
`)
	for i, d := range s.dtypes {
		fmt.Fprintf(b, "    %s = %d, // %s\n", s.ids[i], i, d)
	}
	fmt.Fprintf(b, "}\n\n/// The number of dtypes.\npub const NUM_DTYPES: usize = %d;\n\n/// Every dtype, by index.\npub const ALL: [DType; NUM_DTYPES] = [", len(s.dtypes))
	for i, id := range s.ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("DType::" + id)
	}
	b.WriteString("];\n\nconst NAMES: [&str; NUM_DTYPES] = [")
	for i, id := range s.ids {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(rustQuote(id))
	}
	b.WriteString("];\n\n/// Every name from_name accepts, with its dtype.\nconst LOOKUP: &[(&str, DType)] = &[\n")
	for _, a := range s.lookup {
		fmt.Fprintf(b, "    (%s, DType::%s),\n", rustQuote(a.name), s.ids[a.idx])
	}
	b.WriteString(`];

impl DType {
    /// The dtype's name.
    pub fn name(self) -> &'static str {
        NAMES[self as usize]
    }

    /// The dtype with that name: its variant's name, promote's canonical
    /// name (bf16) or a spelling the rule set's dialect reads (bfloat16).
    pub fn from_name(name: &str) -> Option<DType> {
        LOOKUP.iter().find(|(n, _)| *n == name).map(|(_, d)| *d)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A rule of the rule set that refuses pairs.
#[derive(Debug)]
pub struct Rule {
    pub id: &'static str,
    pub text: &'static str,
    pub source: &'static str,
}

/// The refusing rules.
pub static RULES: &[Rule] = &[
`)
	for _, r := range s.refusals {
		fmt.Fprintf(b, "    Rule { id: %s, text: %s, source: %s },\n", rustQuote(r.ID), rustQuote(r.Text), rustQuote(r.Source))
	}
	fmt.Fprintf(b, `];

/// A refused pair.
#[derive(Debug)]
pub struct PromotionError {
    pub a: DType,
    pub b: DType,
    pub rule: &'static Rule,
}

impl fmt::Display for PromotionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} with {} is refused (rule {}: {})", %s, self.a, self.b, self.rule.id, self.rule.text)
    }
}

impl std::error::Error for PromotionError {}

// TABLE[a][b] is a with b: bit 15 a refusal with the rule's index below
// it; otherwise the result, with bit 8 when it is weak.
static TABLE: [[u16; NUM_DTYPES]; NUM_DTYPES] = [
`, rustQuote(s.label))
	s.tableRows(b, "    ", "[", "]")
	b.WriteString(`];

/// Promotes a tensor of a and a tensor of b: the result and whether it is
/// weak, or the error naming the rule that refuses the pair.
pub fn promote_types(a: DType, b: DType) -> Result<(DType, bool), PromotionError> {
    let c = TABLE[a as usize][b as usize];
    if c & 0x8000 != 0 {
        return Err(PromotionError { a, b, rule: &RULES[(c & 0x7fff) as usize] });
    }
    Ok((ALL[(c & 0xff) as usize], c & 0x100 != 0))
}
`)
}
