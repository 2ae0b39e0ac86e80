module github.com/promote-dev/promote

go 1.26.8

require (
	github.com/chromedp/chromedp v0.23.0
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/x448/float16 v0.8.4
	golang.org/x/sys v0.49.0
)

require (
	github.com/chromedp/cdproto v0.159.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
)
