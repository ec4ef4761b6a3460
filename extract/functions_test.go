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

// TestFunctionsCorpus checks Functions on every corpus module, with one
// and with three workers: the parts together hold Module's facts, and
// only predicates marked CrossFunction have facts that hold ids of two
// parts. Each mark must be needed: some corpus fact of each marked
// predicate crosses parts.
func TestFunctionsCorpus(t *testing.T) {
	checked := 0
	crossing := map[string]int{}
	extract.ForEachCorpusModule(t, func(file string, m *ir.Module) {
		db, names, err := extract.Module(m, extract.Options{})
		for _, workers := range []int{1, 3} {
			parts, pnames, perr := extract.Functions(m, extract.Options{Workers: workers})
			if (err == nil) != (perr == nil) || err != nil && err.Error() != perr.Error() {
				t.Errorf("%s: Module error %v, Functions error %v", file, err, perr)
				continue
			}
			if err != nil {
				continue
			}
			var union []string
			for _, part := range parts {
				checkDeclared(t, part)
				checkKeys(t, file, part)
				union = append(union, pnames.Facts(part)...)
			}
			slices.Sort(union)
			if want := names.Facts(db); !slices.Equal(union, want) {
				t.Errorf("%s, %d workers: the parts hold other facts than Module:\n%s", file, workers, golden.LineDiff(strings.Join(want, "\n"), strings.Join(union, "\n")))
			}
			n, cross := checkParts(t, file, parts)
			checked += n
			for p, k := range cross {
				crossing[p] += k
			}
		}
	})
	if checked == 0 {
		t.Fatal("no fact was checked")
	}
	for _, p := range facts.Schema() {
		if p.CrossFunction && crossing[p.Name] == 0 {
			t.Errorf("%s is marked CrossFunction, but no corpus fact of it holds ids of two parts", p.Name)
		}
	}
}

// checkParts checks that every fact of a predicate not marked
// CrossFunction holds only ids of its own part, an id being of the part
// that has the fact defining it (op, result or block_arg, block_in_region,
// region_of). It returns the number of facts checked and, per marked
// predicate, the number of its facts that hold ids of two parts.
func checkParts(t *testing.T, file string, parts []*facts.DB) (checked int, crossing map[string]int) {
	t.Helper()
	defining := map[facts.Pred]facts.Kind{facts.Op: facts.OpKind, facts.Result: facts.ValueKind,
		facts.BlockArg: facts.ValueKind, facts.BlockInRegion: facts.BlockKind, facts.RegionOf: facts.RegionKind}
	type id struct {
		kind facts.Kind
		n    int64
	}
	owner := map[id]int{}
	for k, part := range parts {
		for p, kind := range defining {
			if r := part.Lookup(p.Name(), p.Arity()); r != nil {
				for row := range r.Len() {
					owner[id{kind, r.Row(uint32(row))[0].Int()}] = k
				}
			}
		}
	}
	crossing = map[string]int{}
	for k, part := range parts {
		for p := range facts.NumPreds {
			r := part.Lookup(p.Name(), p.Arity())
			for row := 0; r != nil && row < r.Len(); row++ {
				values := r.Row(uint32(row))
				var foreign []string
				for i, c := range p.Info().Columns {
					if c.Kind > facts.RegionKind {
						continue
					}
					if o, ok := owner[id{c.Kind, values[i].Int()}]; !ok || o != k {
						foreign = append(foreign, c.Name)
					}
				}
				switch {
				case p.Info().CrossFunction:
					crossing[p.Name()] += min(len(foreign), 1)
				case len(foreign) > 0:
					t.Errorf("%s: %s fact %v in part %d holds %v of another part", file, p.Name(), values, k, foreign)
				default:
					checked++
				}
			}
		}
	}
	return checked, crossing
}

// TestFunctionsParts checks how Functions splits modules into parts: one
// per top-level op, except ops that use each other's results.
func TestFunctionsParts(t *testing.T) {
	for _, tt := range []struct {
		name string
		src  string
		want []string // per part, the top-level ops it holds, by name
	}{
		{"empty", "", []string{""}},
		{"functions", `func.func @f() {
  return
}
func.func @g() {
  func.call @f() : () -> ()
  return
}
`, []string{"", "@f", "@g"}},
		{"uses of results", `%a = "test.def"() : () -> i32
func.func @f() {
  return
}
"test.use"(%b) : (i32) -> ()
%b = "test.def"() : () -> i32
"test.use"(%a) : (i32) -> ()
`, []string{"", "op#1 test.def op#6 test.use", "@f", "op#4 test.use op#5 test.def"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			m, err := ir.Parse("in.mlir", []byte(tt.src))
			if err != nil {
				t.Fatal(err)
			}
			parts, names, err := extract.Functions(m, extract.Options{})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, part := range parts {
				var top []string
				if r := part.Lookup(facts.ParentOp.Name(), 2); r != nil {
					for row := range r.Len() {
						if values := r.Row(uint32(row)); values[1].Int() == 0 {
							top = append(top, names.OpName(int(values[0].Int())))
						}
					}
				}
				got = append(got, strings.Join(top, " "))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("parts hold %q, want %q", got, tt.want)
			}
		})
	}
}
