module github.com/promote-dev/promote

go 1.26.8

require (
	github.com/pelletier/go-toml/v2 v2.4.3
	github.com/x448/float16 v0.8.4
	golang.org/x/sys v0.49.0
)
