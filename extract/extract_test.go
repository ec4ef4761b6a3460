package extract_test

import (
	"slices"
	"strings"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/golden"
	"bufferlog/ir"
)

// TestGolden extracts the input.mlir of every testdata/*.txtar, with the
// op-model.mg section as op model if there is one, and compares the facts,
// sorted and with readable names, with the want/facts section.
func TestGolden(t *testing.T) {
	golden.Run(t, "testdata/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		return map[string][]byte{"want/facts": []byte(extractFacts(t, c))}
	})
}

// TestCorpus extracts every module of ir's round-trip corpus: extraction
// must succeed, declare what it fills, add each fact it adds without a
// duplicate check once and not depend on the number of workers; with
// Options.Only it gives the facts of the predicates asked for, all of
// them: the odd ones, or all but the tensor models' (whose computation
// it then skips).
func TestCorpus(t *testing.T) {
	odd := func(p facts.Pred) bool { return p%2 == 1 }
	noModels := func(p facts.Pred) bool { return !slices.Contains(extract.ModelPreds, p) }
	extract.ForEachCorpusModule(t, func(file string, m *ir.Module) {
		db, names, err := extract.Module(m, extract.Options{})
		if err != nil {
			t.Errorf("%s: %v", file, err)
			return
		}
		checkDeclared(t, db)
		checkDistinct(t, file, db)
		checkKeys(t, file, db)
		db2, names2, err := extract.Module(m, extract.Options{Workers: 3})
		if err != nil || !slices.Equal(names.Facts(db), names2.Facts(db2)) {
			t.Errorf("%s: extraction with three workers differs (%v)", file, err)
		}
		for _, workers := range []int{1, 3} {
			for _, c := range []struct {
				name string
				only func(facts.Pred) bool
			}{{"the odd predicates", odd}, {"all but the models", noModels}} {
				only, names3, err := extract.Module(m, extract.Options{Workers: workers, Only: c.only})
				var want []string
				for p := range facts.NumPreds {
					if r := db.Lookup(p.Name(), p.Arity()); r != nil && c.only(p) {
						for id := range uint32(r.Len()) {
							want = append(want, names.Fact(p, r.Row(id), db.Symbols()))
						}
					}
				}
				slices.Sort(want)
				if err != nil || !slices.Equal(want, names3.Facts(only)) {
					t.Errorf("%s, %d workers: extraction of %s differs (%v)", file, workers, c.name, err)
				}
			}
		}
	})
}

func TestNames(t *testing.T) {
	src := `func.func @f(%a: tensor<4xf32>) -> (tensor<4xf32>, index) {
  %0:2 = "test.pair"() : () -> (index, index)
  %r = "test.op"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %r, %0#1 : tensor<4xf32>, index
}
`
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	_, names, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Ids follow the walk: module, @f, test.pair, test.op, return; values
	// %0#0, %0#1 are results of op 2, %a the argument of @f's block.
	wantOps := []string{"op#0 builtin.module", "@f", "op#2 test.pair", "op#3 test.op", "op#4 func.return"}
	for id, want := range wantOps {
		if got := names.OpName(id); got != want {
			t.Errorf("OpName(%d) = %s, want %s", id, got, want)
		}
		if back, ok := names.OpID(names.Op(id)); !ok || back != id {
			t.Errorf("OpID(Op(%d)) = %d, %v", id, back, ok)
		}
	}
	for id, want := range []string{"%a", "%0#0", "%0#1", "%r"} {
		if got := names.ValueName(id); got != want {
			t.Errorf("ValueName(%d) = %s, want %s", id, got, want)
		}
		if back, ok := names.ValueID(names.Value(id)); !ok || back != id {
			t.Errorf("ValueID(Value(%d)) = %d, %v", id, back, ok)
		}
	}
	if got := names.Location(3); got != "in.mlir:3:8" {
		t.Errorf("Location(3) = %s, want in.mlir:3:8", got)
	}
	if got := names.BlockName(1) + " " + names.RegionName(1); got != "^bb0(op#1.r0) op#1.r0" || names.Block(1) != names.Region(1).Entry() {
		t.Errorf("block and region 1: %s", got)
	}
}

// extractFacts extracts the archive's input sequentially and with two
// workers, checks that both give the same DB, and renders it.
func extractFacts(t *testing.T, c *golden.Case) string {
	t.Helper()
	src, ok := c.Section("input.mlir")
	if !ok {
		t.Fatal("no input.mlir section")
	}
	m, err := ir.Parse(c.Path, src)
	if err != nil {
		t.Fatal(err)
	}
	var opts extract.Options
	if mg, ok := c.Section("op-model.mg"); ok {
		if opts.OpModel, err = extract.LoadOpModel("op-model.mg", mg); err != nil {
			t.Fatal(err)
		}
	}
	db, names, err := extract.Module(m, opts)
	if err != nil {
		t.Fatal(err)
	}
	lines := names.Facts(db)
	checkDeclared(t, db)
	opts.Workers = 2
	db2, names2, err := extract.Module(m, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(names2.Facts(db2), lines) {
		t.Error("extraction with two workers gives other facts")
	}
	return strings.Join(lines, "\n") + "\n"
}

// checkDistinct checks that no relation extraction fills without a
// duplicate check (extract.Distinct) holds a fact twice.
func checkDistinct(t *testing.T, file string, db *facts.DB) {
	t.Helper()
	for _, r := range db.Relations() {
		if p, ok := facts.Lookup(r.Name()); !ok || !extract.Distinct(p) {
			continue
		}
		set := facts.NewRelation(r.Name(), r.Arity())
		for id := range uint32(r.Len()) {
			if !set.Add(r.Row(id)) {
				t.Errorf("%s: %s holds %v twice", file, r.Name(), r.Row(id))
			}
		}
	}
}

// checkKeys checks the keys the schema declares, for which the join
// planner takes a lookup for one row (facts.Predicate.Keys): no two facts
// of a keyed predicate agree on a key's columns, and the relation says so
// when measured.
func checkKeys(t *testing.T, file string, db *facts.DB) {
	t.Helper()
	for p := range facts.NumPreds {
		r := db.Lookup(p.Name(), p.Arity())
		if r == nil || r.Len() == 0 {
			continue
		}
		for _, key := range p.Info().Keys {
			seen := facts.NewRelation("", len(key))
			for id := range uint32(r.Len()) {
				k := make([]facts.Value, len(key))
				for i, c := range key {
					k[i] = r.Row(id)[c]
				}
				if !seen.Add(k) {
					t.Errorf("%s: two %s facts hold %v in the key columns %v", file, p.Name(), k, key)
				}
			}
			if m := r.Measure(key); m != (facts.Measurement{Keys: r.Len(), Longest: 1}) {
				t.Errorf("%s: %s measured on its key %v: %+v, want %d keys of one row", file, p.Name(), key, m, r.Len())
			}
		}
	}
}

// checkDeclared checks that every relation extract filled is a predicate
// of the schema, with its arity.
func checkDeclared(t *testing.T, db *facts.DB) {
	t.Helper()
	for _, r := range db.Relations() {
		p, ok := facts.Lookup(r.Name())
		if !ok {
			t.Errorf("extract filled %s/%d, which the schema does not declare", r.Name(), r.Arity())
		} else if p.Arity() != r.Arity() {
			t.Errorf("extract filled %s/%d, declared with arity %d", r.Name(), r.Arity(), p.Arity())
		}
	}
}

// TestOperandOutOfScope checks that an operand defined outside the module
// extracted is an error, even when the op defining it was numbered by an
// extraction of an identical module and so carries the id that the
// operand would have (ir.Operation.Stamp).
func TestOperandOutOfScope(t *testing.T) {
	const src = `func.func @f() -> tensor<4xf32> {
  %0 = "test.def"() : () -> tensor<4xf32>
  %1 = "my.use"(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
`
	named := func(m *ir.Module, name string) *ir.Operation {
		var found *ir.Operation
		ir.Walk(m.Op, func(op *ir.Operation) bool {
			if op.Name == name {
				found = op
			}
			return true
		})
		return found
	}
	other, err := ir.Parse("other.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, mod := range []*ir.Module{other, m} {
		if _, _, err := extract.Module(mod, extract.Options{}); err != nil {
			t.Fatalf("%s: %v", mod.File, err)
		}
	}
	named(m, "my.use").SetOperand(0, named(other, "test.def").Result(0))
	const want = "in.mlir:3:8: error: operand 0 of my.use is not defined in scope"
	for _, workers := range []int{1, 2} {
		if _, _, err := extract.Module(m, extract.Options{Workers: workers}); errorText(err) != want {
			t.Errorf("%d workers: error %q, want %q", workers, errorText(err), want)
		}
	}
}
