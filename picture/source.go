package picture

import "strings"

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
// The words are read by hand rather than with regular expressions: the
// explorer splits every row's source on every keystroke.

// repoMatch reads owner/repo with an optional @commit.
func repoMatch(w string) (owner, repo, commit string, ok bool) {
	w, commit, ok = cutCommit(w)
	if !ok {
		return "", "", "", false
	}
	owner, repo, found := strings.Cut(w, "/")
	if !found || owner == "" || repo == "" || !isAlnum(owner[0]) ||
		!all(owner, func(c byte) bool { return isAlnum(c) || c == '-' }) ||
		!all(repo, func(c byte) bool { return isAlnum(c) || c == '_' || c == '.' || c == '-' }) {
		return "", "", "", false
	}
	return owner, repo, commit, true
}

// pathMatch reads a word as a path in a repository: the path, a commit
// written after it, and a line or line range. A file's name ends in an
// extension that starts with a letter (.py, .cpp, .R, .jl), so that a
// version (v2.14.1) is no path.
func pathMatch(w string) (path, commit, lines string, ok bool) {
	if i := strings.LastIndexByte(w, ':'); i >= 0 {
		lines = w[i+1:]
		from, to, rng := strings.Cut(lines, "-")
		if !isDigits(from) || rng && !isDigits(to) {
			return "", "", "", false
		}
		w = w[:i]
	}
	path, commit, ok = cutCommit(w)
	if !ok || path == "" || strings.HasPrefix(path, "(") || !all(path, isPathByte) {
		return "", "", "", false
	}
	if !strings.Contains(path, "/") && !hasFileExt(path) {
		return "", "", "", false
	}
	return path, commit, lines, true
}

// cutCommit splits "x@hex" (7 to 40 hex digits) into x and the commit; a
// word with no @ has none. ok is false for an @ that is not a commit.
func cutCommit(w string) (rest, commit string, ok bool) {
	rest, commit, found := strings.Cut(w, "@")
	if !found {
		return w, "", true
	}
	if len(commit) < 7 || len(commit) > 40 || !all(commit, isHexLower) {
		return "", "", false
	}
	return rest, commit, true
}

// isTag reports a release tag: v1, v2.6.0.
func isTag(w string) bool {
	if len(w) < 2 || w[0] != 'v' {
		return false
	}
	for _, part := range strings.Split(w[1:], ".") {
		if !isDigits(part) {
			return false
		}
	}
	return true
}

func hasFileExt(p string) bool {
	i := strings.LastIndexByte(p, '.')
	return i >= 0 && i+1 < len(p) && isLetter(p[i+1]) && all(p[i+1:], isAlnum)
}

// isPlainPath reports a path without placeholders (<version>, {a,b}).
func isPlainPath(p string) bool {
	return all(p, func(c byte) bool { return isAlnum(c) || strings.IndexByte("_./+-", c) >= 0 })
}

func isPathByte(c byte) bool { return isAlnum(c) || strings.IndexByte("_.{}<>,/+-", c) >= 0 }
func isLetter(c byte) bool   { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isAlnum(c byte) bool    { return isLetter(c) || '0' <= c && c <= '9' }
func isHexLower(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' }
func isDigits(s string) bool {
	return s != "" && all(s, func(c byte) bool { return '0' <= c && c <= '9' })
}

func all(s string, ok func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !ok(s[i]) {
			return false
		}
	}
	return true
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
		owner, repo, commit, isRepo := repoMatch(core)
		if !isRepo || strings.HasPrefix(tok, ".") {
			plain(tok)
			continue
		}
		text := core
		path, line := "", ""
		// A release tag after the repository names the ref: "owner/repo
		// v2.6.0 path".
		if trail == "" && commit == "" && i+2 < len(toks) && toks[i+1] == " " {
			if tcore, ttrail := trimTrailing(toks[i+2]); isTag(tcore) {
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
	if path == "" || !isPlainPath(path) || strings.HasSuffix(path, "/") {
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
