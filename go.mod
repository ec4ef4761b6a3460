module bufferlog

go 1.26.0

require (
	github.com/RoaringBitmap/roaring/v2 v2.30.0
	github.com/antlr4-go/antlr/v4 v4.13.1
	github.com/google/mangle v0.4.0
	github.com/urfave/cli/v2 v2.27.7
	golang.org/x/tools v0.52.0
)

require (
	bitbucket.org/creachadair/stringset v0.0.11 // indirect
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/cpuguy83/go-md2man/v2 v2.0.7 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	github.com/russross/blackfriday/v2 v2.1.0 // indirect
	github.com/xrash/smetrics v0.0.0-20240521201337-686a1a2994c1 // indirect
	go.uber.org/multierr v1.11.0 // indirect
	golang.org/x/exp v0.0.0-20240707233637-46b078467d37 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
