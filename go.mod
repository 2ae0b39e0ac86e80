module github.com/promote-dev/promote

go 1.26.8
