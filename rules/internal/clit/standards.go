package clit

import (
	"sync"

	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/kit"
)

// Standards are a C-family rule set's two languages, one before and one
// from the standard its option std names (c23, c++23), with the pair table
// and the dtypes of each built once, on first use, not at init. The c and
// cpp rule sets both keep theirs in one, each with its own option std.
type Standards struct {
	std    *promote.EnumOpt
	newer  string
	langs  [2]*Language
	tables [2]func() *kit.PairTable
	dtypes [2]func() *promote.DTypeSet
}

// NewStandards returns the Standards of older and newer, newer chosen
// where the rule set's option std, read through its handle, is newerStd.
func NewStandards(std *promote.EnumOpt, newerStd string, older, newer *Language) *Standards {
	s := &Standards{std: std, newer: newerStd, langs: [2]*Language{older, newer}}
	for i, l := range s.langs {
		s.tables[i] = sync.OnceValue(func() *kit.PairTable { return PairTable(l) })
		s.dtypes[i] = sync.OnceValue(func() *promote.DTypeSet { return kit.DTypesWhere(l.Has) })
	}
	return s
}

// index is 1 where set names the newer standard, 0 otherwise.
func (s *Standards) index(set promote.Settings) int {
	if s.std.Of(set) == s.newer {
		return 1
	}
	return 0
}

// Language is the language of the standard set names.
func (s *Standards) Language(set promote.Settings) *Language { return s.langs[s.index(set)] }

// Folder is the Folder of the standard set names, over its pair table.
func (s *Standards) Folder(set promote.Settings) *Folder {
	i := s.index(set)
	return &Folder{Base: kit.NewBase(set, s.tables[i]()), L: s.langs[i]}
}

// DTypes is the dtypes of the standard set names.
func (s *Standards) DTypes(set promote.Settings) *promote.DTypeSet { return s.dtypes[s.index(set)]() }
