module github.com/structframe/structframe/bench/jsoncompare

go 1.26

replace github.com/structframe/structframe => ../..

require (
	github.com/go-faster/jx v1.2.0
	github.com/structframe/structframe v0.0.0
)

require (
	github.com/apache/arrow-go/v18 v18.8.0 // indirect
	github.com/go-faster/errors v0.7.1 // indirect
	github.com/go-gota/gota v0.12.0 // indirect
	github.com/goccy/go-json v0.10.6 // indirect
	github.com/google/flatbuffers v25.12.19+incompatible // indirect
	github.com/klauspost/cpuid/v2 v2.4.0 // indirect
	github.com/segmentio/asm v1.2.1 // indirect
	github.com/zeebo/xxh3 v1.1.0 // indirect
	golang.org/x/exp v0.0.0-20260112195511-716be5621a96 // indirect
	golang.org/x/net v0.58.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	gonum.org/v1/gonum v0.17.0 // indirect
)
