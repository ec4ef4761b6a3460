package ir_test

import (
	"bytes"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// TestPrintWorkers checks that printing with several workers, which
// prints the runs of ops of a long block at once, gives the text one
// printer gives: on the round-trip corpus, a large function, a module of
// many functions (with and without the module op spelled out), one of few
// large functions, and one whose first function is long, in custom and
// generic form. Run with -race, it also checks that the runs of a round
// share nothing (scripts/test.sh does).
func TestPrintWorkers(t *testing.T) {
	inputs := map[string][]byte{
		"chain":  workload.Chain(5000).Text,
		"module": workload.Module(60000, 30).Text,
	}
	// The module's functions at the top level, without the module op.
	text := inputs["module"]
	open, end := bytes.Index(text, []byte("module {\n")), bytes.LastIndex(text, []byte("}\n"))
	if open < 0 || end < open {
		t.Fatal("the generated module has no module op")
	}
	inputs["implicit"] = slices.Concat(text[:open], text[open+len("module {\n"):end])
	// A module whose first function holds a long block of its own and
	// whose other functions are short: the module's runs go at once, the
	// long block within its run on one goroutine.
	chain := workload.Chain(3000).Text
	fn := chain[bytes.Index(chain, []byte("  func.func @chain")):bytes.LastIndex(chain, []byte("}\n"))]
	inputs["long first"] = slices.Concat(text[:open+len("module {\n")], fn, text[open+len("module {\n"):])
	// Fewer functions than a run has ops, but many ops in all: runs are
	// cut by the ops the functions hold.
	inputs["few large"] = workload.Module(60000, 300).Text
	if m, err := ir.Parse("few large", inputs["few large"]); err != nil || ir.PrintRuns(m.Body().Ops()) < 4 {
		t.Fatalf("few large: %v, or its functions make fewer than 4 runs", err)
	}
	for _, file := range corpusFiles(t) {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		inputs[file] = text
	}
	long := 0
	for name, text := range inputs {
		for _, generic := range []bool{false, true} {
			m, err := ir.Parse(name, text)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if name == "implicit" && !m.Implicit {
				t.Fatalf("implicit: the module op is spelled out")
			}
			var one, many bytes.Buffer
			if err := ir.Print(&one, m, ir.PrintOptions{Generic: generic}); err != nil {
				t.Fatal(err)
			}
			if err := ir.Print(&many, m, ir.PrintOptions{Generic: generic, Workers: 3}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(one.Bytes(), many.Bytes()) {
				t.Errorf("%s (generic %v): three workers print other text than one", name, generic)
			}
			// Named ahead on three workers, printed keeping the names.
			ahead, err := ir.Parse(name, text)
			if err != nil {
				t.Fatal(err)
			}
			ir.AssignNames(ahead, 3)
			var named bytes.Buffer
			if err := ir.Print(&named, ahead, ir.PrintOptions{Generic: generic, Named: true}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(one.Bytes(), named.Bytes()) {
				t.Errorf("%s (generic %v): named ahead, it prints other text", name, generic)
			}
			// Every other op of the body printed ahead, two at once.
			opts := ir.PrintOptions{Generic: generic, Named: true, Workers: 3}
			opts.Ahead = ir.NewAhead(opts)
			var wg sync.WaitGroup
			for k, op := range ahead.Body().Ops() {
				if k%2 == 0 {
					wg.Go(func() { opts.Ahead.Print(op) })
				}
			}
			wg.Wait()
			var mixed bytes.Buffer
			if err := ir.Print(&mixed, ahead, opts); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(one.Bytes(), mixed.Bytes()) {
				t.Errorf("%s (generic %v): with ops printed ahead, it prints other text", name, generic)
			}
			if one.Len() > 200000 {
				long++
			}
		}
	}
	if long < 6 {
		t.Errorf("%d long prints, want the three generated inputs in both forms", long)
	}
}

// TestPrintNames checks the names the printer gives values whose source
// names clash within a function: a second %x becomes %x_0 or the next
// free %x_N, a second %1 the next free number; names ending in digits
// that strconv would not write (%c05, %00) or too large for the sets of
// numbers (%20000000, %4000000000) are kept as they are, apart from the
// numbers they resemble. want lists, op by op in walk order, the names
// of its results, then those of the arguments of its regions' blocks.
func TestPrintNames(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"hints", `func.func @f(%x: i32, %arg0: i32, %arg1_0: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  %x_0 = arith.addi %0, %x : i32
  %c5 = arith.constant 5 : i32
  %c05 = arith.constant 6 : i32
  %00 = arith.addi %c5, %c05 : i32
  %20000000 = arith.addi %00, %00 : i32
  %4000000000 = arith.addi %20000000, %00 : i32
  %2 = arith.addi %4000000000, %x_0 : i32
  %r = scf.execute_region -> i32 {
    %x = arith.addi %2, %2 : i32
    %x_1 = arith.addi %x, %x : i32
    %1 = arith.addi %x_1, %x : i32
    scf.yield %1 : i32
  }
  %s = scf.execute_region -> i32 {
    %x = arith.addi %r, %r : i32
    %4 = arith.addi %x, %x : i32
    scf.yield %4 : i32
  }
  %p:2 = scf.execute_region -> (i32, i32) {
    scf.yield %s, %s : i32, i32
  }
  cf.br ^bb1(%p#0 : i32)
^bb1(%arg0_0: i32):
  %v = arith.addi %arg0_0, %arg1_0 : i32
  return %v : i32
}
func.func @g(%0: i32) -> i32 {
  %a = arith.addi %0, %0 : i32
  %a_0 = arith.addi %a, %a : i32
  return %a_0 : i32
}`,
			"%x %arg0 %arg1_0 %arg0_0 %0 %x_0 %c5 %c05 %00 %20000000 %4000000000 %2 %r %x_1 %x_1_0 %1 %s %x_2 %4 %p#0 %p#1 %v %0 %a %a_0"},
		{"numbers", `func.func @f(%arg0: i32) -> i32 {
  %0 = arith.addi %arg0, %arg0 : i32
  %r = scf.execute_region -> i32 {
    %1 = arith.addi %0, %0 : i32
    %3 = arith.addi %1, %1 : i32
    scf.yield %3 : i32
  }
  %s = scf.execute_region -> i32 {
    %1 = arith.addi %r, %r : i32
    %2 = arith.addi %1, %1 : i32
    %3 = arith.addi %2, %2 : i32
    scf.yield %3 : i32
  }
  cf.br ^bb1(%s : i32)
^bb1(%arg1: i32):
  return %arg1 : i32
}`, "%arg0 %arg1 %0 %r %1 %3 %s %2 %4 %5"},
	} {
		m, err := ir.Parse(tc.name+".mlir", []byte(tc.in))
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if err := ir.Print(io.Discard, m, ir.PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		var names []string
		ir.Walk(m.Op, func(op *ir.Operation) bool {
			for _, v := range op.Results() {
				names = append(names, v.PrintName())
			}
			for _, r := range op.Regions {
				for _, b := range r.Blocks() {
					for _, a := range b.Args() {
						names = append(names, a.PrintName())
					}
				}
			}
			return true
		})
		if got := strings.Join(names, " "); got != tc.want {
			t.Errorf("%s: names\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
