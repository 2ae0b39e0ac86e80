package main

import (
	"github.com/promote-dev/promote"
	"github.com/promote-dev/promote/picture"
)

// drawTable writes the pair table as a picture (svg or html), compared
// with the rule set against names when it is not empty.
func drawTable(e *env, r promote.Rules, format, against string) error {
	var other promote.Rules
	if against != "" {
		var err error
		if other, err = buildRules(against, nil); err != nil {
			return err
		}
	}
	t := picture.NewTable(r, other)
	if format == "html" {
		return t.HTML(e.stdout)
	}
	return t.SVG(e.stdout)
}
