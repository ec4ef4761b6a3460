package driver_test

import (
	"context"
	"runtime"
	"syscall"
	"testing"
	"time"

	"bufferlog/driver"
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
		policy driver.Policy
	}{
		{"bottom-up", driver.OneShot(driver.BottomUp)},
		{"top-down", driver.OneShot(driver.TopDown)},
		{"copy-before-write", driver.CopyBeforeWrite},
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
	if _, err := all.Restrict(driver.DecidePredicates()...).Eval(context.Background(), db, solve.Options{}); err != nil {
		b.Fatal(err)
	}
	return db
}

// BenchmarkAnalyzeModule times the analysis of a generated module of
// about 10k ops in 100-op functions, each calling the one before: the
// parts are extracted as the analysis comes to them (extract.Split), as
// bufferlog bufferize --analysis-only does. cpu-ns/op is the process's
// CPU time, which varies less with the machine's load than the time.
// Run it with
// go test ./solve -run '^$' -bench BenchmarkAnalyzeModule -count 5.
func BenchmarkAnalyzeModule(b *testing.B) {
	m, err := ir.Parse("module.mlir", workload.Module(10_000, 100).Text)
	if err != nil {
		b.Fatal(err)
	}
	all, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		b.Fatal(err)
	}
	var cpu time.Duration
	for b.Loop() {
		// Each run starts from a collected heap, so that it pays for the
		// collections its own garbage sets off and for no other's.
		b.StopTimer()
		runtime.GC()
		b.StartTimer()
		start := cpuTime()
		split := extract.Split(m, extract.Options{Workers: 2})
		funcs, calls := split.CallGraph()
		parts := driver.ModuleParts{Funcs: funcs, Calls: calls, Part: split.Extract}
		dec, err := driver.AnalyzeParts(context.Background(), driver.Analysis{Rules: driver.Rules{Program: all, Limits: solve.Options{Workers: 2}}, Policy: driver.OneShot(driver.BottomUp), Workers: 2}, parts, "func_access", "return_equivalent")
		cpu += cpuTime() - start
		if err != nil {
			b.Fatal(err)
		}
		if len(dec.List) == 0 {
			b.Fatal("no decisions")
		}
	}
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}

// cpuTime is the CPU time of the whole process, all threads.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkEvalFunction times the evaluation of what the decisions read
// on the facts of a generated function of about 100 ops, fresh each time:
// the work a module's analysis repeats for each of its functions, where
// the fixed costs of an evaluation (relations, indexes, plans) weigh as
// much as the joins.
func BenchmarkEvalFunction(b *testing.B) {
	m, err := ir.Parse("chain.mlir", workload.Chain(100).Text)
	if err != nil {
		b.Fatal(err)
	}
	all, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		b.Fatal(err)
	}
	prog := all.Restrict(driver.DecidePredicates()...)
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		db, _, err := extract.Module(m, extract.Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := prog.Eval(context.Background(), db, solve.Options{}); err != nil {
			b.Fatal(err)
		}
	}
}
