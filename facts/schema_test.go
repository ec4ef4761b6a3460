package facts_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/mangle/analysis"
	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"

	"bufferlog/facts"
	"bufferlog/solve"
)

// TestDeclsAnalyze checks that the rendered schema is a Mangle unit that
// Mangle's analysis accepts, with one declaration per predicate of the
// declared arity, documentation and bounds.
func TestDeclsAnalyze(t *testing.T) {
	unit, err := parse.Unit(strings.NewReader(facts.Decls()))
	if err != nil {
		t.Fatalf("schema does not parse: %v\n%s", err, facts.Decls())
	}
	if _, err := analysis.AnalyzeOneUnit(unit, nil); err != nil {
		t.Fatalf("schema does not analyze: %v", err)
	}
	decls := map[string]ast.Decl{}
	for _, d := range unit.Decls {
		decls[d.DeclaredAtom.Predicate.Symbol] = d
	}
	for _, p := range facts.Schema() {
		d, ok := decls[p.Name]
		switch {
		case !ok:
			t.Errorf("%s has no declaration", p.Name)
		case d.DeclaredAtom.Predicate.Arity != p.Arity():
			t.Errorf("%s declared with arity %d, want %d", p.Name, d.DeclaredAtom.Predicate.Arity, p.Arity())
		case !d.IsExtensional() || len(d.Bounds) != 1 || len(d.Bounds[0].Bounds) != p.Arity():
			t.Errorf("%s: want an extensional declaration with one bound per column, got %v", p.Name, d)
		case d.Descr[0].Args[0] != ast.String(p.Doc):
			t.Errorf("%s: doc %v, want %q", p.Name, d.Descr[0].Args[0], p.Doc)
		case slices.ContainsFunc(d.Descr, func(a ast.Atom) bool { return a.Predicate.Symbol == facts.DescrCrossFunction }) != p.CrossFunction:
			t.Errorf("%s: cross_function() descriptor in %v, want it iff CrossFunction (%v)", p.Name, d.Descr, p.CrossFunction)
		}
		var keys []string
		for _, a := range d.Descr {
			if a.Predicate.Symbol == facts.DescrKey {
				keys = append(keys, a.String())
			}
		}
		var want []string
		for _, k := range p.Keys {
			cols := make([]string, len(k))
			for i, c := range k {
				cols[i] = p.Columns[c].Name
			}
			want = append(want, facts.DescrKey+"("+strings.Join(cols, ",")+")")
		}
		if !slices.Equal(keys, want) {
			t.Errorf("%s: key descriptors %v, want %v", p.Name, keys, want)
		}
	}
}

// TestDeclsCompile checks that rules compile against the schema: what a
// rule file that includes it sees.
func TestDeclsCompile(t *testing.T) {
	rules := `
tensor_operand(Op, I) :- use(Op, I, V), value_type(V, /tensor, _).
dominates(A, B) :- block_dom(A, InA, OutA), block_dom(B, InB, OutB),
  block_in_region(A, R, _), block_in_region(B, R, _), InA <= InB, OutB <= OutA.
`
	if _, err := solve.Compile(solve.Source{Name: "schema.mg", Text: facts.Decls()}, solve.Source{Name: "rules.mg", Text: rules}); err != nil {
		t.Fatal(err)
	}
	bad := "x(V) :- value_type(V, /tensor)."
	if _, err := solve.Compile(solve.Source{Name: "schema.mg", Text: facts.Decls()}, solve.Source{Name: "rules.mg", Text: bad}); err == nil {
		t.Error("a rule with the wrong arity for value_type compiled")
	}
}

func TestLookupAndRelations(t *testing.T) {
	db := facts.NewDB(nil)
	seen := map[string]bool{}
	for p := range facts.NumPreds {
		if seen[p.Name()] {
			t.Errorf("%s declared twice", p.Name())
		}
		seen[p.Name()] = true
		if q, ok := facts.Lookup(p.Name()); !ok || q != p {
			t.Errorf("Lookup(%q) = %v, %v", p.Name(), q, ok)
		}
		r := p.In(db)
		if r.Arity() != p.Arity() || len(r.Columns()) != p.Arity() || r.Columns()[0] != p.Info().Columns[0].Name {
			t.Errorf("%s: relation %s/%d with columns %v", p.Name(), r.Name(), r.Arity(), r.Columns())
		}
	}
	if _, ok := facts.Lookup("nosuch"); ok {
		t.Error("Lookup found an undeclared predicate")
	}
}

func TestWriteTable(t *testing.T) {
	var b strings.Builder
	if err := facts.WriteTable(&b, facts.Schema()); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != int(facts.NumPreds) {
		t.Fatalf("%d lines for %d predicates", len(lines), facts.NumPreds)
	}
	if want := "use(Op:op, Index:number, Value:value)"; !strings.Contains(b.String(), want) {
		t.Errorf("table lacks %q:\n%s", want, b.String())
	}
}

func TestReserve(t *testing.T) {
	r := facts.NewRelation("p", 2)
	r.Add([]facts.Value{1, 2})
	r.Reserve(1000)
	for i := range 1000 {
		r.Add([]facts.Value{facts.Number(int64(i)), 0})
	}
	if r.Len() != 1001 || !r.Contains([]facts.Value{1, 2}) || !r.Contains([]facts.Value{999, 0}) || r.Add([]facts.Value{5, 0}) {
		t.Errorf("after Reserve: %d rows, lookups wrong", r.Len())
	}
}

// TestKindOfArg checks that every column descriptor Decls writes names its
// kind back.
func TestKindOfArg(t *testing.T) {
	for _, p := range facts.Schema() {
		for _, c := range p.Columns {
			descr := `arg(` + c.Name + `, "`
			i := strings.Index(facts.Decls(), "Decl "+p.Name+"(")
			rest := facts.Decls()[i:]
			j := strings.Index(rest, descr)
			text, _, _ := strings.Cut(rest[j+len(descr):], `"`)
			if k, ok := facts.KindOfArg(text); !ok || k != c.Kind {
				t.Errorf("%s.%s: KindOfArg(%q) = %v, %v; want %v", p.Name, c.Name, text, k, ok, c.Kind)
			}
		}
	}
	if _, ok := facts.KindOfArg("tensor"); ok {
		t.Error(`KindOfArg("tensor") found a kind`)
	}
}
