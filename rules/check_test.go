package rules_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// TestContractChecked breaks the contract between the rules and the
// drivers in each way a rule file can, in a copy of a built-in file or in
// an added one, and checks that Compile rejects the rules with an error
// naming the predicate and where it is.
func TestContractChecked(t *testing.T) {
	// edit returns the built-in file name with each old replaced by new
	// (pairs old, new, ...) in the declaration of pred, or everywhere if
	// pred is "".
	edit := func(name, pred string, pairs ...string) string {
		text, _ := rules.Show(name)
		start, end := 0, len(text)
		if pred != "" {
			start = strings.Index(text, "Decl "+pred+"(")
			if next := strings.Index(text[start+1:], "Decl "); next >= 0 {
				end = start + 1 + next
			}
		}
		part := text[start:end]
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(part, pairs[i]) {
				t.Fatalf("%s has no %q", name, pairs[i])
			}
			part = strings.ReplaceAll(part, pairs[i], pairs[i+1])
		}
		return text[:start] + part + text[end:]
	}
	for _, tt := range []struct {
		name string
		file solve.Source // in place of the built-in file of its base name, or added
		want string       // regexp
	}{
		{"read_only_value renamed", solve.Source{Name: "my/inplace_readonly.mg", Text: edit("inplace_readonly.mg", "", "read_only_value", "ro_value")},
			`^my/inplace_readonly\.mg: the driver reads read_only_value/1, which no rule file declares$`},
		{"raw_conflict renamed", solve.Source{Name: "inplace_excuse.mg", Text: edit("inplace_excuse.mg", "", "raw_conflict", "clash")},
			`^inplace_excuse\.mg: the driver reads raw_conflict/5, which no rule file declares$`},
		{"an added predicate derived", solve.Source{Name: "alt.mg", Text: "# A rule.\n\nout_of_place(Op, I) :- tensor_use(Op, I, _).\n"},
			`^alt\.mg:3:1: out_of_place/2 is added by the driver; rules must not derive it$`},
		{"an added predicate given", solve.Source{Name: "alt.mg", Text: "analyzed(7).\n"},
			`^alt\.mg:1:1: analyzed/1 is added by the driver; rules must not derive it$`},
		{"another arity", solve.Source{Name: "decisions.mg", Text: edit("decisions.mg", "",
			"copied_value(Op, I, V)", "copied_value(Op, I)", "copied_value(Op, I, W)", "copied_value(Op, I)")},
			`^decisions\.mg:\d+:1: the driver reads copied_value/3, which is declared here with 2 arguments$`},
		{"no role", solve.Source{Name: "inplace_readonly.mg", Text: edit("inplace_readonly.mg", "read_only_value", ", driver(/reads)", "")},
			`^inplace_readonly\.mg:\d+:1: the driver reads read_only_value/1: its declaration must say so with driver\(/reads\)$`},
		{"another role", solve.Source{Name: "dealloc.mg", Text: edit("dealloc.mg", "fresh_result", "driver(/adds)", "driver(/reads)")},
			`^dealloc\.mg:\d+:1: the driver adds fresh_result/2: its declaration must say so with driver\(/adds\)$`},
		{"a role no driver has", solve.Source{Name: "mine.mg", Text: "Decl mine(V) descr [doc(\"Mine.\"), driver(/reads)].\n"},
			`^mine\.mg:1:1: mine/1 is declared driver\(/reads\), but no driver reads it$`},
		{"no such role", solve.Source{Name: "inplace_excuse.mg", Text: edit("inplace_excuse.mg", "raw_conflict", "driver(/reads)", "driver(/writes)")},
			`^inplace_excuse\.mg:\d+:1: driver\(\.\.\.\) takes /reads or /adds, not driver\(/writes\)$`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srcs := rules.Builtin()
			i := len(srcs)
			for k, s := range srcs {
				if s.Name == filepath.Base(tt.file.Name) {
					i = k
				}
			}
			srcs = append(srcs[:i], append([]solve.Source{tt.file}, srcs[min(i+1, len(srcs)):]...)...)
			_, err := rules.Compile(srcs...)
			if err == nil || !regexp.MustCompile(tt.want).MatchString(err.Error()) {
				t.Errorf("got %v, want %s", err, tt.want)
			}
		})
	}
}

// TestRecheck checks that the re-check after the decisions
// (remaining_conflict, remaining_read_only, remaining_parallel_write in
// decisions.mg) finds nothing under the decision driver's decisions, and
// each kind of fault when every operand is put in place, on a program
// with a read-after-write conflict, a write into an argument that is not
// writable and a write in an scf.forall body into a tensor from outside.
func TestRecheck(t *testing.T) {
	src, err := os.ReadFile("../testdata/oneshot/mixed_features.mlir")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse("mixed_features.mlir", src)
	if err != nil {
		t.Fatal(err)
	}
	db, _, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	prog, err := rules.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	rechecks := []contract.Pred{contract.RemainingConflict, contract.RemainingReadOnly, contract.RemainingParallelWrite}
	ctx := context.Background()
	if _, err := driver.Analyze(ctx, driver.Analysis{Rules: driver.Rules{Program: prog}, Policy: driver.OneShot(driver.BottomUp)}, db, contract.Names(rechecks[0], rechecks[1], rechecks[2])...); err != nil {
		t.Fatal(err)
	}
	count := func(p contract.Pred) int {
		if r := p.Lookup(db); r != nil {
			return r.Len()
		}
		return 0
	}
	for _, p := range rechecks {
		if n := count(p); n != 0 {
			t.Errorf("the driver's decisions: %d %s facts, want none", n, p.Name())
		}
	}
	// A policy that puts everything in place.
	uses, inplace := contract.TensorUse.Lookup(db), contract.Inplace.In(db)
	for id := range uint32(uses.Len()) {
		inplace.Add(uses.Row(id)[:2])
	}
	if _, err := prog.Restrict(contract.Names(rechecks[0], rechecks[1], rechecks[2])...).EvalAgain(ctx, db, solve.Options{}, contract.Inplace.Name()); err != nil {
		t.Fatal(err)
	}
	for _, p := range rechecks {
		if count(p) == 0 {
			t.Errorf("everything in place: no %s fact", p.Name())
		}
	}
	// The read-only check asks the IR too: with read_only_value empty, as
	// a rule file that forgets it would leave it, the write into the
	// argument %ro is still found.
	readOnly := contract.ReadOnlyValue.Lookup(db)
	notWritable := contract.Lookup(db, facts.NotWritable)
	if readOnly.Len() == 0 || notWritable == nil || notWritable.Len() == 0 {
		t.Fatalf("read_only_value %d facts, not_writable %v", readOnly.Len(), notWritable)
	}
	db.Retain(func(name string) bool { return name != contract.ReadOnlyValue.Name() })
	if _, err := prog.Restrict(contract.RemainingReadOnly.Name()).EvalAgain(ctx, db, solve.Options{}, contract.ReadOnlyValue.Name()); err != nil {
		t.Fatal(err)
	}
	if count(contract.RemainingReadOnly) == 0 {
		t.Errorf("without read_only_value: no remaining_read_only fact")
	}
}
