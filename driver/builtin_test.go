package driver_test

import (
	"testing"

	"bufferlog/rules"
	"bufferlog/solve"
)

// TestBuiltinReadsAnalyzedAtCalls: the built-in rules read analyzed(F)
// only beside a call of F, which lets AnalyzeModule skip re-deriving the
// summaries of a part that does not call its own functions. A rule that
// reads it elsewhere keeps the module analysis correct but slower: this
// test says so.
func TestBuiltinReadsAnalyzedAtCalls(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	if !prog.JoinedOn("analyzed", 0, "call", 1) {
		t.Error("a built-in rule reads analyzed(F) without call(_, F): every module part re-derives its summaries")
	}
}
