// Command gensyntax stores the syntax trees of the built-in rule files
// (rules/builtin.syntax), which the binary reads instead of running
// Mangle's parser on them at every start. A rule file edited since is
// parsed as before (the trees are kept with the SHA-256 of their text),
// and rules' tests fail until the trees are stored again:
//
//	go generate ./rules
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"bufferlog/rules"
	"bufferlog/solve"
)

func main() {
	dir := "."
	if len(os.Args) > 1 {
		dir = os.Args[1]
	}
	out, err := solve.EncodeSyntax(rules.Builtin()...)
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, rules.SyntaxFile), out, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gensyntax:", err)
		os.Exit(1)
	}
}
