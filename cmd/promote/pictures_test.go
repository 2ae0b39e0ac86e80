package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestPictureCommands: table's svg and html formats, lattice's formats,
// and their usage errors.
func TestPictureCommands(t *testing.T) {
	for _, tc := range []struct {
		args     []string
		code     int
		contains string // in standard output, or standard error when code != 0
	}{
		{[]string{"table", "-rules", "kernel-float", "-format", "svg"}, 0, "<svg xmlns="},
		{[]string{"table", "-rules", "kernel-float", "-format", "html", "-against", "anvil"}, 0, "kernel-float against anvil: 224 of 361 cells differ"},
		{[]string{"table", "-rules", "jax:x64=true", "-format", "svg", "-against", "jax"}, 0, "jax:x64=true against jax"},
		{[]string{"table", "-rules", "jax", "-format", "text", "-against", "numpy"}, 2, "-against draws a picture"},
		{[]string{"table", "-rules", "jax", "-format", "svg", "-against", "nope"}, 2, `unknown rule set "nope"`},
		{[]string{"table", "-rules", "jax", "-format", "png"}, 2, "valid: text, markdown, csv, json, svg, html"},
		{[]string{"lattice", "-rules", "jax"}, 0, "its promotion lattice"},
		{[]string{"lattice", "-rules", "numpy", "-format", "text"}, 0, "Witness (marked)"},
		{[]string{"lattice", "-rules", "tensorflow:mode=all", "-format", "dot"}, 0, "rankdir=BT"},
		{[]string{"lattice", "-rules", "jax", "-format", "png"}, 2, "valid: svg, dot, text"},
		{[]string{"lattice"}, 2, "-rules is required"},
		{[]string{"lattice", "-rules", "jax", "extra"}, 2, "extra"},
	} {
		out, errs, code := runPromote(t, "", tc.args...)
		where := out
		if tc.code != 0 {
			where = errs
		}
		if code != tc.code || !strings.Contains(where, tc.contains) {
			t.Errorf("promote %s: exit %d, want %d and %q in\n%.300s", strings.Join(tc.args, " "), code, tc.code, tc.contains, where)
		}
	}
}

// TestServe: promote serve prints its address, serves the page and the
// API, and stops when its context ends.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	var stderr strings.Builder
	done := make(chan int, 1)
	go func() {
		done <- run(&env{ctx: ctx, stdin: strings.NewReader(""), stdout: pw, stderr: &stderr}, []string{"serve", "-addr", "127.0.0.1:0"})
		pw.Close()
	}()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatalf("no address: %v", err)
	}
	go io.Copy(io.Discard, pr)
	url := strings.TrimSpace(line[strings.Index(line, "http://"):])
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || resp.Header.Get("Content-Security-Policy") == "" {
		t.Errorf("GET %s: %d", url, resp.StatusCode)
	}
	resp, err = http.Post(url+"api", "application/json", strings.NewReader(`{"op":"query","q":"i32 bf16","rules":"jax"}`))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), `"result":"bf16"`) {
		t.Errorf("API: %s", b)
	}
	cancel()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
	if _, err := http.Get(url); err == nil {
		t.Error("the server still answers")
	}
}

func TestServeUsage(t *testing.T) {
	if _, errs, code := runPromote(t, "", "serve", "-addr", "8080"); code != 2 || !strings.Contains(errs, "want HOST:PORT") {
		t.Errorf("exit %d: %s", code, errs)
	}
	for _, bad := range []string{":99999", ":-1", "localhost:nosuchservice"} {
		// A bad port is a bad flag value: exit 2 (it was a listen error, 1).
		if _, errs, code := runPromote(t, "", "serve", "-addr", bad); code != 2 || !strings.Contains(errs, "want a number from 0 to 65535") {
			t.Errorf("-addr %s: exit %d: %s", bad, code, errs)
		}
	}
	if _, errs, code := runPromote(t, "", "serve", "-addr", "256.1.1.1:80"); code != 1 || errs == "" {
		t.Errorf("an address that cannot be bound: exit %d: %s", code, errs)
	}
}

// TestSiteUsage: promote site needs -o and refuses a directory of the
// user's files before building anything.
func TestSiteUsage(t *testing.T) {
	if _, errs, code := runPromote(t, "", "site"); code != 2 || !strings.Contains(errs, "-o DIR is required") {
		t.Errorf("no -o: exit %d: %s", code, errs)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644)
	if _, errs, code := runPromote(t, "", "site", "-o", dir); code != 1 || !strings.Contains(errs, "not empty and is not a site promote wrote") {
		t.Errorf("a directory of the user's: exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "notes.txt")); string(b) != "mine" {
		t.Error("the user's file changed")
	}
	if _, errs, code := runPromote(t, "", "site", "-o", filepath.Join(dir, "new"), "-src", dir); code != 1 || !strings.Contains(errs, "is not promote's source") {
		t.Errorf("-src elsewhere: exit %d: %s", code, errs)
	}
}
