package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/promote-dev/promote/explorer/web"
)

func init() {
	register(&command{
		name:  "serve",
		usage: "[-addr HOST:PORT]",
		short: "serve the explorer, a web page for queries, tables, lattices, cast and infer",
		long: `Serve serves the explorer on HOST:PORT (default 127.0.0.1:8080; port 0 picks
a free one) and prints its address. The page answers queries under every
rule set side by side, draws pair tables (with -against differences) and
lattices, converts values and lints programs; every view has a URL.

It serves only its own files, embedded in this binary, and its API. On a
loopback address (the default) it answers only requests addressed to
localhost, 127.0.0.1 or [::1]. Requests and connections are bounded in size
and time. It runs until SIGINT or SIGTERM.`,
		operands:     noOperands,
		catchSignals: true,
		flags: func(fs *flag.FlagSet) runFunc {
			addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`")
			return func(e *env, _ []string) error { return runServe(e, *addr) }
		},
	})
}

func runServe(e *env, addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return usagef("-addr %s: want HOST:PORT, as in 127.0.0.1:8080", quoteArg(addr))
	}
	// A port out of range or unknown is a bad flag value (exit 2), not a
	// failure to listen; LookupPort reads numbers and /etc/services only.
	if _, err := net.LookupPort("tcp", port); err != nil {
		return usagef("-addr %s: the port %s: want a number from 0 to 65535 (0: a free one) or a service name", quoteArg(addr), quoteArg(port))
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	local := isLoopback(host)
	srv := web.NewServer(addr, web.Handler(web.HandlerOptions{LocalOnly: local}))
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(e.stdout, "promote serve: the explorer is at %s\n", url)
	if !local {
		fmt.Fprintf(e.stderr, "promote serve: listening on %s, which is not a loopback address: anyone who can reach it can use the explorer\n", ln.Addr())
	}
	if err := flush(e); err != nil {
		ln.Close()
		return err
	}
	ctx := e.ctx
	if ctx == nil {
		ctx = context.Background()
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		if err := <-done; err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return context.Cause(ctx)
	}
}

// isLoopback reports whether a listen host is loopback only.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}
