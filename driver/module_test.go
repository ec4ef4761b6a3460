package driver_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rewrite"
	"bufferlog/rules"
	"bufferlog/solve"
)

// TestAnalyzePartsFetch checks how AnalyzeParts fetches the parts of a
// module of functions that each call the one before, so that the parts
// from 3 on (@f0, @f1, ...) are analyzed in module order, one at a time:
// each part at most once, and when part k fails, the error is the part's
// and at most EarlyLead parts after it have been fetched (one of them once
// k's analysis ended): parts are fetched a few ahead of their analysis,
// not all at once.
func TestAnalyzePartsFetch(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse("module.mlir", workload.Module(3000, 100).Text)
	if err != nil {
		t.Fatal(err)
	}
	funcs, calls := extract.Split(m, extract.Options{}).CallGraph()
	failure := errors.New("part failed")
	for _, k := range []int{-1, 3, 20} { // -1: none fails
		for _, workers := range []int{1, 2} {
			s := extract.Split(m, extract.Options{})
			var mu sync.Mutex
			fetched := map[int]int{}
			part := func(i int) (*facts.DB, error) {
				mu.Lock()
				fetched[i]++
				mu.Unlock()
				if i == k {
					return nil, failure
				}
				return s.Extract(i)
			}
			_, err := driver.AnalyzeParts(context.Background(), driver.Analysis{Rules: driver.Rules{Program: prog}, Policy: driver.OneShot(driver.BottomUp), Workers: workers}, driver.ModuleParts{Funcs: funcs, Calls: calls, Part: part})
			switch {
			case k < 0 && err != nil:
				t.Errorf("%d workers: %v", workers, err)
			case k >= 0 && !errors.Is(err, failure):
				t.Errorf("part %d fails, %d workers: error %v, want %v", k, workers, err, failure)
			}
			want := len(funcs)
			if k >= 0 {
				want = k + 1 + driver.EarlyLead
			}
			for i, n := range fetched {
				if n > 1 || i >= want {
					t.Errorf("part %d fails, %d workers: part %d fetched %d times (%d parts fetched, at most %d expected)", k, workers, i, n, len(fetched), want)
				}
			}
			if k < 0 && len(fetched) != len(funcs) {
				t.Errorf("%d workers: %d parts of %d fetched", workers, len(fetched), len(funcs))
			}
		}
	}
}

// TestAnalyzePartsDone checks that ModuleParts.Done hears of each part
// once, with the part's decisions, which together are the module's, and
// with the facts of after derived: on a chain of calls, and on functions
// that call each other or themselves (the parts that call their own
// functions take another path).
func TestAnalyzePartsDone(t *testing.T) {
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	cycle := `func.func @f(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  %w = tensor.insert %x into %t[%c0] : tensor<4xf32>
  %r = call @g(%w, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @g(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %r = call @f(%t, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  %e = tensor.extract %t[%n] : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @h(%t: tensor<4xf32>, %n: index) -> tensor<4xf32> {
  %r = call @h(%t, %n) : (tensor<4xf32>, index) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
`
	for name, text := range map[string][]byte{"chain of calls": workload.Module(3000, 100).Text, "cycle": []byte(cycle)} {
		m, err := ir.Parse(name, text)
		if err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2} {
			s := extract.Split(m, extract.Options{})
			funcs, calls := s.CallGraph()
			var mu sync.Mutex
			heard := map[int]*rewrite.Decisions{}
			decidedParts := map[int]int{}
			onDecided := func(i int) {
				mu.Lock()
				defer mu.Unlock()
				decidedParts[i]++
			}
			accessed := 0
			done := func(i int, db *facts.DB, dec *rewrite.Decisions) {
				mu.Lock()
				defer mu.Unlock()
				if heard[i] != nil {
					t.Errorf("%s, %d workers: part %d done twice", name, workers, i)
				}
				if decidedParts[i] != 1 {
					t.Errorf("%s, %d workers: part %d done after %d calls of Decided, want 1", name, workers, i, decidedParts[i])
				}
				heard[i] = dec
				if r := db.Lookup("func_access", 3); r != nil {
					accessed += r.Len()
				}
				// Only the decisions read the conflicts' class pairs:
				// they are let go once the decisions are taken.
				if r := db.Lookup("class_pair", 4); r != nil {
					t.Errorf("%s, %d workers: part %d still holds %d class_pair facts when done", name, workers, i, r.Len())
				}
			}
			parts := driver.ModuleParts{Funcs: funcs, Calls: calls, Part: s.Extract, Done: done, Decided: onDecided}
			all, err := driver.AnalyzeParts(context.Background(), driver.Analysis{Rules: driver.Rules{Program: prog}, Policy: driver.OneShot(driver.BottomUp), Workers: workers}, parts, "func_access")
			if err != nil {
				t.Fatal(err)
			}
			if len(heard) != len(funcs) {
				t.Errorf("%s, %d workers: %d parts done, want %d", name, workers, len(heard), len(funcs))
			}
			decided := 0
			for _, dec := range heard {
				for _, d := range dec.List {
					decided++
					if all.InPlace(d.Operand) != d.InPlace {
						t.Errorf("%s, %d workers: %v in place %v, but %v in the module's decisions", name, workers, d.Operand, d.InPlace, !d.InPlace)
					}
				}
			}
			if decided != len(all.List) {
				t.Errorf("%s, %d workers: the parts decided %d operands, the module %d", name, workers, decided, len(all.List))
			}
			if accessed == 0 && name == "chain of calls" { // a cycle's functions have none
				t.Errorf("%s, %d workers: no part had func_access facts when done", name, workers)
			}
		}
	}
}

// TestRecursiveSummaries checks that the summary of a function that calls
// itself is derived, with the function analyzed, from all the facts of
// its part: an added rule that says such a function reads its first
// argument (which @h passes on to nobody) makes @main copy the tensor it
// writes before the call instead of writing it in place.
func TestRecursiveSummaries(t *testing.T) {
	const src = `func.func private @h(%t: tensor<4xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %z = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %z -> (index) {
    scf.yield %n : index
  } else {
    %f = tensor.empty() : tensor<4xf32>
    %s = func.call @h(%f, %c0) : (tensor<4xf32>, index) -> index
    scf.yield %s : index
  }
  return %r : index
}
func.func @main() -> (tensor<4xf32>, index) {
  %c1 = arith.constant 1 : index
  %v = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<4xf32>
  %a = linalg.fill ins(%v : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  %u = tensor.insert %v into %a[%c1] : tensor<4xf32>
  %s = func.call @h(%a, %c1) : (tensor<4xf32>, index) -> index
  return %u, %s : tensor<4xf32>, index
}`
	const readsFirst = `func_arg_read(F, 0) :- analyzed(F), call(C, F), op_ancestor(C, F).`
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name       string
		added      []solve.Source
		outOfPlace int
	}{
		{"built-in", nil, 0},
		{"recursive functions read their first argument", []solve.Source{{Name: "added.mg", Text: readsFirst}}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			prog, err := rules.Compile(append(rules.Analysis(), tt.added...)...)
			if err != nil {
				t.Fatal(err)
			}
			s := extract.Split(m, extract.Options{})
			funcs, calls := s.CallGraph()
			dec, err := driver.AnalyzeParts(context.Background(), driver.Analysis{Rules: driver.Rules{Program: prog}, Policy: driver.OneShot(driver.BottomUp), Workers: 1}, driver.ModuleParts{Funcs: funcs, Calls: calls, Part: s.Extract})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, d := range dec.List {
				if !d.InPlace {
					n++
				}
			}
			if n != tt.outOfPlace {
				t.Errorf("%d operands out of place, want %d", n, tt.outOfPlace)
			}
		})
	}
}
