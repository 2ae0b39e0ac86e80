package picture

import (
	"regexp"
	"strings"
)

// Span is a piece of a rule's source text, linked when it names a public
// file or repository.
type Span struct {
	Text string `json:"text"`
	URL  string `json:"url,omitempty"`
}

// The shapes a rule's Source names upstream code in (see the rule sets):
//
//	owner/repo@commit path/to/file.ext[:line]   jax-ml/jax@cec06d11 jax/_src/dtypes.py
//	owner/repo TAG path/to/file.ext[:from-to]   pytorch/pytorch v2.6.0 c10/core/ScalarType.cpp:43-129
//	owner/repo path/to/file.ext@commit          r-xla/anvil R/promotion.R@ef9f93aa
//	owner/repo@commit                           numpy/numpy@1f90bbb5...
//	owner/repo path/to/file.ext                 pytorch/pytorch aten/src/...cpp (unpinned)
//	https://...                                 a document
//
// Every owner/repo is a GitHub repository. A path with a placeholder
// (spec/<version>/..., include/{a.h,b.h}) links to the repository at the
// commit rather than to a file that does not exist.
var (
	repoToken = regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9-]*)/([A-Za-z0-9_.-]+?)(?:@([0-9a-f]{7,40}))?$`)
	pathToken = regexp.MustCompile(`^([A-Za-z0-9_.{}<>,/+-]+?)(?:@([0-9a-f]{7,40}))?(?::([0-9]+(?:-[0-9]+)?))?$`)
	plainPath = regexp.MustCompile(`^[A-Za-z0-9_./+-]+$`)
	// A file's name ends in an extension that starts with a letter
	// (.py, .cpp, .R, .jl), so that a version (v2.14.1) is no path.
	fileExt  = regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]*$`)
	tagToken = regexp.MustCompile(`^v[0-9]+(\.[0-9]+)*$`)
)

// pathMatch reads a word as a path in a repository: the path, a commit
// written after it, and a line or line range.
func pathMatch(w string) (path, commit, lines string, ok bool) {
	m := pathToken.FindStringSubmatch(w)
	if m == nil || strings.HasPrefix(w, "(") || !(strings.Contains(m[1], "/") || fileExt.MatchString(m[1])) {
		return "", "", "", false
	}
	return m[1], m[2], m[3], true
}

// SourceSpans splits a rule's source into spans, linking each reference
// to a public file (or repository) to its GitHub address and each web
// address to itself. Joining the spans' texts gives source back.
func SourceSpans(source string) []Span {
	var out []Span
	plain := func(s string) {
		if s == "" {
			return
		}
		if n := len(out); n > 0 && out[n-1].URL == "" {
			out[n-1].Text += s
			return
		}
		out = append(out, Span{Text: s})
	}
	toks := splitKeep(source)
	// ctx is the repository of the last link while a list of paths
	// follows it ("jax-ml/jax@c a.py, b/c.py"): each linked in it.
	var ctx []string
	for i := 0; i < len(toks); i++ {
		tok := toks[i]
		if strings.TrimSpace(tok) == "" {
			plain(tok)
			continue
		}
		core, trail := trimTrailing(tok)
		if strings.HasPrefix(core, "https://") || strings.HasPrefix(core, "http://") {
			out = append(out, Span{Text: core, URL: core})
			plain(trail)
			ctx = nil
			continue
		}
		if ctx != nil {
			if p, c, ln, ok := pathMatch(core); ok && c == "" && strings.Contains(p, "/") {
				out = append(out, Span{Text: core, URL: githubURL(ctx[0], ctx[1], ctx[2], p, ln)})
				plain(trail)
				if trail != "," {
					ctx = nil
				}
				continue
			}
			ctx = nil
		}
		m := repoToken.FindStringSubmatch(core)
		if m == nil || strings.HasPrefix(tok, ".") {
			plain(tok)
			continue
		}
		owner, repo, commit := m[1], m[2], m[3]
		text := core
		path, line := "", ""
		// A release tag after the repository names the ref: "owner/repo
		// v2.6.0 path".
		if trail == "" && commit == "" && i+2 < len(toks) && toks[i+1] == " " {
			if tcore, ttrail := trimTrailing(toks[i+2]); tagToken.MatchString(tcore) {
				commit, text, trail = tcore, core+" "+tcore, ttrail
				i += 2
			}
		}
		// The path, if the next word is one: "owner/repo@c path" or
		// "owner/repo path@c", both separated by one space.
		if trail == "" && i+2 < len(toks) && toks[i+1] == " " {
			pcore, ptrail := trimTrailing(toks[i+2])
			if p, c, ln, ok := pathMatch(pcore); ok {
				path, line = p, ln
				if commit == "" {
					commit = c
				} else if c != "" {
					path = "" // two commits: not a shape we read
				}
				if path != "" {
					text += " " + pcore
					trail = ptrail
					i += 2
				}
			}
		}
		if commit == "" && path == "" {
			// "tinygrad/dtype.py", "R/array.R": a path, not a repository.
			plain(tok)
			continue
		}
		out = append(out, Span{Text: text, URL: githubURL(owner, repo, commit, path, line)})
		plain(trail)
		if path != "" && trail == "," {
			ctx = []string{owner, repo, commit}
		}
	}
	return out
}

// githubURL is the address of a file (or of the repository at a commit
// when the path is a placeholder or missing).
func githubURL(owner, repo, commit, path, line string) string {
	base := "https://github.com/" + owner + "/" + repo
	ref := commit
	if ref == "" {
		ref = "HEAD"
	}
	if path == "" || !plainPath.MatchString(path) || strings.HasSuffix(path, "/") {
		if commit == "" {
			return base
		}
		return base + "/tree/" + commit
	}
	u := base + "/blob/" + ref + "/" + path
	if from, to, ok := strings.Cut(line, "-"); ok {
		u += "#L" + from + "-L" + to
	} else if line != "" {
		u += "#L" + line
	}
	return u
}

// splitKeep splits s into words and the runs of spaces between them.
func splitKeep(s string) []string {
	var out []string
	start := 0
	for i := 1; i <= len(s); i++ {
		if i == len(s) || (s[i] == ' ') != (s[start] == ' ') {
			out = append(out, s[start:i])
			start = i
		}
	}
	return out
}

// trimTrailing splits trailing punctuation (",", ";", ")") off a word.
func trimTrailing(w string) (core, trail string) {
	core = strings.TrimRight(w, ",;)")
	return core, w[len(core):]
}

// SourceURL is the address of the first public file or repository source
// names, or "" when it names none.
func SourceURL(source string) string {
	for _, s := range SourceSpans(source) {
		if s.URL != "" {
			return s.URL
		}
	}
	return ""
}
