package promote_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocLinks follows every Markdown link in README.md and docs/, and
// every relative link in rules/*/spec.md, and fails on one that does not
// resolve: a file or directory that is missing, a #anchor that no heading
// of its page makes, or a path that leaves the module (the project stands
// alone). Links to the web are not fetched.
func TestDocLinks(t *testing.T) {
	pages := []string{"README.md"}
	for _, pattern := range []string{"docs/*.md", "docs/*/*.md", "rules/*/spec.md"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, m...)
	}
	anchors := map[string]map[string]bool{} // page -> its heading anchors
	anchorsOf := func(page string) (map[string]bool, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		text, err := os.ReadFile(page)
		if err != nil {
			return nil, err
		}
		a := headingAnchors(string(text))
		anchors[page] = a
		return a, nil
	}
	checked := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range markdownLinks(string(text)) {
			checked++
			if err := resolveLink(page, l.target, anchorsOf); err != nil {
				t.Errorf("%s:%d: link %q: %v", page, l.line, l.target, err)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no links found: the walk is broken")
	}
}

// resolveLink checks one link target written in page.
func resolveLink(page, target string, anchorsOf func(string) (map[string]bool, error)) error {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return nil
	}
	path, anchor, _ := strings.Cut(target, "#")
	dest := page
	if path != "" {
		if filepath.IsAbs(path) {
			return fmt.Errorf("an absolute path; write it relative to %s", page)
		}
		dest = filepath.Clean(filepath.Join(filepath.Dir(page), path))
		if dest == ".." || strings.HasPrefix(dest, ".."+string(filepath.Separator)) {
			return fmt.Errorf("leaves the module (%s)", dest)
		}
		info, err := os.Stat(dest)
		if err != nil {
			return fmt.Errorf("no such file or directory %s", dest)
		}
		if info.IsDir() && anchor != "" {
			return fmt.Errorf("an anchor on a directory")
		}
	}
	if anchor == "" {
		return nil
	}
	if !strings.HasSuffix(dest, ".md") {
		return nil // an anchor into code (a line number) is GitHub's, not the file's
	}
	a, err := anchorsOf(dest)
	if err != nil {
		return err
	}
	if !a[anchor] {
		return fmt.Errorf("%s has no heading whose anchor is #%s", dest, anchor)
	}
	return nil
}

// mdLink is one link: its target and the line it is on.
type mdLink struct {
	target string
	line   int
}

var (
	linkPattern = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	refPattern  = regexp.MustCompile(`^ {0,3}\[[^\]]+\]:\s*(\S+)`)
	codeSpan    = regexp.MustCompile("`[^`]*`")
)

// markdownLinks returns the inline links and the link reference
// definitions ([id]: target) of a Markdown text, outside fenced code
// blocks and code spans.
func markdownLinks(text string) []mdLink {
	var out []mdLink
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		if m := refPattern.FindStringSubmatch(line); m != nil {
			out = append(out, mdLink{target: m[1], line: i + 1})
			continue
		}
		line = codeSpan.ReplaceAllString(line, "")
		for _, m := range linkPattern.FindAllStringSubmatch(line, -1) {
			out = append(out, mdLink{target: m[1], line: i + 1})
		}
	}
	return out
}

// headingAnchors returns the anchors GitHub makes for a page's headings:
// the heading's text in lower case, code marks and punctuation dropped,
// spaces made hyphens, and -1, -2, ... after a repeated one.
func headingAnchors(text string) map[string]bool {
	out := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.TrimLeft(line, "#")
		if h == "" || h[0] != ' ' {
			continue
		}
		slug := slugify(strings.TrimSpace(h))
		if n := seen[slug]; n > 0 {
			out[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			out[slug] = true
		}
		seen[slug]++
	}
	return out
}

// slugify is GitHub's heading-to-anchor rule.
func slugify(h string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(h) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9', r > 127 && isLetterOrDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// isLetterOrDigit keeps non-ASCII letters (a heading in another script)
// and drops symbols such as arrows and dashes, as GitHub does.
func isLetterOrDigit(r rune) bool {
	return !strings.ContainsRune("→←≠×—–…·’“”", r)
}

// TestSlugify pins the anchor rule on headings this documentation uses.
func TestSlugify(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Output files: nothing clobbered, nothing left behind", "output-files-nothing-clobbered-nothing-left-behind"},
		{"Properties of every rule set: `promote check`", "properties-of-every-rule-set-promote-check"},
		{"Grammar (EBNF)", "grammar-ebnf"},
		{"promote recast", "promote-recast"},
		{"`.npz` in `promote convert`", "npz-in-promote-convert"},
		{"NumPy 1 → 2", "numpy-1--2"},
	} {
		if got := slugify(c.in); got != c.want {
			t.Errorf("slugify(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
