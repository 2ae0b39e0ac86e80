//go:build js && wasm

// Command wasm is the explorer's engine compiled to WebAssembly: it
// registers promoteCall(requestJSON) -> responseJSON on the page's global
// object, which runs explorer.CallJSON, the same function promote serve's
// API runs. promote site builds it (GOOS=js GOARCH=wasm, -tags purego).
package main

import (
	"syscall/js"

	"github.com/promote-dev/promote/explorer"
)

func main() {
	// When main starts, the Go runtime and every package are initialised:
	// the page records the time to measure its start.
	js.Global().Set("promoteMainMs", js.Global().Get("performance").Call("now"))
	js.Global().Set("promoteCall", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return string(explorer.CallJSON([]byte(`{"op":""}`)))
		}
		return string(explorer.CallJSON([]byte(args[0].String())))
	}))
	select {} // keep the engine alive for the page's calls
}
