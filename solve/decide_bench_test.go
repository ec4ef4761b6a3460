package solve_test

import (
	"context"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

// BenchmarkDecide times the decision driver alone on the facts of a
// generated chain of about 20k ops: extraction and the evaluation of the
// relations it reads are done once, outside the timer. (An external test
// package: rules imports solve.) Run it with
// go test ./solve -run '^$' -bench BenchmarkDecide -benchmem -count 5.
func BenchmarkDecide(b *testing.B) {
	db := decideDB(b, workload.Chain(20_000))
	operands := db.Lookup("tensor_use", 3).Len()
	for _, p := range []struct {
		name   string
		policy solve.Policy
	}{
		{"bottom-up", solve.OneShot(solve.BottomUp)},
		{"top-down", solve.OneShot(solve.TopDown)},
		{"copy-before-write", solve.CopyBeforeWrite},
	} {
		b.Run(p.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				dec, err := p.policy(db)
				if err != nil {
					b.Fatal(err)
				}
				// Every tensor operand is decided, or must be in place.
				if len(dec.List) == 0 || len(dec.List) > operands {
					b.Fatalf("%d decisions for %d tensor operands", len(dec.List), operands)
				}
			}
		})
	}
}

// decideDB extracts prog's module and evaluates on it what the decisions
// read.
func decideDB(b *testing.B, prog workload.Program) *facts.DB {
	b.Helper()
	m, err := ir.Parse("chain.mlir", prog.Text)
	if err != nil {
		b.Fatal(err)
	}
	db, _, err := extract.Module(m, extract.Options{})
	if err != nil {
		b.Fatal(err)
	}
	all, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := all.Restrict(solve.DecidePredicates()...).Eval(context.Background(), db, solve.Options{}); err != nil {
		b.Fatal(err)
	}
	return db
}
