package rules_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
	"github.com/google/mangle/symbols"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/workload"
	"bufferlog/ir"
	"bufferlog/rules"
	"bufferlog/solve"
)

func TestBuiltinCompiles(t *testing.T) {
	if _, err := rules.Compile(rules.Builtin()...); err != nil {
		t.Fatal(err)
	}
	if names := rules.Names(); names[0] != rules.SchemaFile || !slices.Contains(names, "alias.mg") {
		t.Errorf("Names() = %v", names)
	}
	if text, ok := rules.Show("alias.mg"); !ok || !strings.Contains(text, "Decl may_alias_step") {
		t.Errorf("Show(alias.mg) = %.40q, %v", text, ok)
	}
	if _, ok := rules.Show("nope.mg"); ok {
		t.Error("Show(nope.mg) found a file")
	}
}

// TestDeclarations checks that the schema and the rule files agree: each
// schema predicate is declared once, in schema.mg, and each predicate a
// rule file derives is declared once, with a doc and the kind of every
// column, so that queries can show its facts by name.
func TestDeclarations(t *testing.T) {
	count := map[string]int{}
	for _, src := range rules.Builtin() {
		unit, err := parse.Unit(strings.NewReader(src.Text))
		if err != nil {
			t.Fatalf("%s: %v", src.Name, err)
		}
		for _, d := range unit.Decls {
			name := d.DeclaredAtom.Predicate.Symbol
			if name == symbols.Package.Symbol { // parse.Unit adds one
				continue
			}
			count[name]++
			_, inSchema := facts.Lookup(name)
			if src.Name != rules.SchemaFile && inSchema {
				t.Errorf("%s declares the schema predicate %s", src.Name, name)
			}
			if src.Name == rules.SchemaFile {
				continue
			}
			if doc := strings.Join(d.Doc(), ""); strings.TrimSpace(doc) == "" {
				t.Errorf("%s: %s has no doc description", src.Name, name)
			}
			checkArgKinds(t, src.Name, d)
		}
		for _, c := range unit.Clauses {
			if _, ok := facts.Lookup(c.Head.Predicate.Symbol); ok {
				t.Errorf("%s derives the schema predicate %s", src.Name, c.Head.Predicate.Symbol)
			}
			if count[c.Head.Predicate.Symbol] == 0 {
				t.Errorf("%s derives %s before or without declaring it", src.Name, c.Head.Predicate.Symbol)
			}
		}
	}
	for _, p := range facts.Schema() {
		if count[p.Name] != 1 {
			t.Errorf("schema predicate %s is declared %d times", p.Name, count[p.Name])
		}
	}
	for name, n := range count {
		if n != 1 {
			t.Errorf("%s is declared %d times", name, n)
		}
	}
}

func checkArgKinds(t *testing.T, file string, d ast.Decl) {
	t.Helper()
	kinds := map[string]bool{}
	for _, a := range d.Descr {
		if a.Predicate.Symbol == ast.DescrArg && len(a.Args) == 2 {
			if c, ok := a.Args[1].(ast.Constant); ok {
				_, known := facts.KindOfArg(c.Symbol)
				kinds[a.Args[0].String()] = known
			}
		}
	}
	for _, a := range d.DeclaredAtom.Args {
		if !kinds[a.String()] {
			t.Errorf("%s: column %s of %s has no arg descriptor with a known kind", file, a, d.DeclaredAtom.Predicate.Symbol)
		}
	}
}

// TestAliasRules evaluates the built-in rules on a small program and
// checks the facts each derived predicate has.
func TestAliasRules(t *testing.T) {
	const src = `func.func @f(%t: tensor<4xf32>, %c: i1, %f: f32) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %x = tensor.insert %f into %t[%c0] : tensor<4xf32>
  %s = tensor.extract_slice %x[0] [2] [1] : tensor<4xf32> to tensor<2xf32>
  %e = tensor.extract %s[%c0] : tensor<2xf32>
  %y = arith.select %c, %x, %t : tensor<4xf32>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%a = %y) -> (tensor<4xf32>) {
    %z = linalg.fill ins(%e : f32) outs(%a : tensor<4xf32>) -> tensor<4xf32>
    scf.yield %z : tensor<4xf32>
  }
  cf.br ^bb1(%r : tensor<4xf32>)
^bb1(%b: tensor<4xf32>):
  return %b : tensor<4xf32>
}
`
	got := evaluate(t, src)
	for _, tt := range []struct {
		pred string
		want []string // every fact of pred
	}{
		{"tensor_value", []string{"tensor_value(%a)", "tensor_value(%b)", "tensor_value(%r)", "tensor_value(%s)",
			"tensor_value(%t)", "tensor_value(%x)", "tensor_value(%y)", "tensor_value(%z)"}},
		{"equivalent_step", []string{"equivalent_step(%a, %z)", "equivalent_step(%t, %x)"}},
		{"may_alias_step", []string{"may_alias_step(%a, %z)", "may_alias_step(%r, %b)", "may_alias_step(%t, %x)",
			"may_alias_step(%t, %y)", "may_alias_step(%x, %s)", "may_alias_step(%x, %y)", "may_alias_step(%y, %a)",
			"may_alias_step(%y, %r)", "may_alias_step(%z, %a)", "may_alias_step(%z, %r)"}},
		// Only tensor.insert and linalg.fill make their result their
		// operand's buffer; the select, the loop and the branch join
		// everything into one alias class, named by the first id, %t.
		{"equivalence_class", []string{"equivalence_class(%a, %a)", "equivalence_class(%b, %b)", "equivalence_class(%r, %r)",
			"equivalence_class(%s, %s)", "equivalence_class(%t, %t)", "equivalence_class(%x, %t)",
			"equivalence_class(%y, %y)", "equivalence_class(%z, %a)"}},
		{"alias_class", []string{"alias_class(%a, %t)", "alias_class(%b, %t)", "alias_class(%r, %t)", "alias_class(%s, %t)",
			"alias_class(%t, %t)", "alias_class(%x, %t)", "alias_class(%y, %t)", "alias_class(%z, %t)"}},
		// The loop's init %y is not read: the body only writes %a. The
		// slice %s is read, so %x, which it only aliases, is too.
		{"reads_value", []string{"reads_value(%b, op#14 func.return)", "reads_value(%s, op#7 tensor.extract)",
			"reads_value(%t, op#5 tensor.insert)", "reads_value(%z, op#12 scf.yield)"}},
		{"value_read", []string{"value_read(%b)", "value_read(%r)", "value_read(%s)", "value_read(%t)",
			"value_read(%x)", "value_read(%z)"}},
		{"writes_value", []string{"writes_value(%a, op#10 linalg.fill)", "writes_value(%t, op#5 tensor.insert)",
			"writes_value(%y, op#9 scf.for)"}},
		{"dominates_block", []string{"dominates_block(^bb0(op#0.r0), ^bb0(op#0.r0))", "dominates_block(^bb0(op#1.r0), ^bb0(op#1.r0))",
			"dominates_block(^bb0(op#1.r0), ^bb1(op#1.r0))", "dominates_block(^bb0(op#10.r0), ^bb0(op#10.r0))",
			"dominates_block(^bb0(op#9.r0), ^bb0(op#9.r0))", "dominates_block(^bb1(op#1.r0), ^bb1(op#1.r0))"}},
	} {
		if g := got[tt.pred]; !slices.Equal(g, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.pred, g, tt.want)
		}
	}
	if n, want := len(got["op_before"]), 9*8/2+1; n != want { // nine ops in the entry block, two in the loop body
		t.Errorf("%d op_before facts, want %d: %q", n, want, got["op_before"])
	}
}

// evaluate runs the built-in rules on src and returns the derived facts
// by predicate, rendered with names and sorted.
func evaluate(t *testing.T, src string) map[string][]string {
	t.Helper()
	m, err := ir.Parse("in.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	db, names := evalDB(t, "in.mlir", m, prog)
	preds, err := rules.Predicates(rules.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, p := range preds {
		r := db.Lookup(p.Name, p.Arity())
		for id := 0; r != nil && id < r.Len(); id++ {
			out[p.Name] = append(out[p.Name], names.Format(p, r.Row(uint32(id)), db.Symbols()))
		}
		slices.Sort(out[p.Name])
	}
	return out
}

// TestPredicatesOfSchema checks that Predicates reads schema.mg back to
// the schema's declarations: columns with their kinds, docs and
// cross-function marks, on which function-by-function evaluation relies.
func TestPredicatesOfSchema(t *testing.T) {
	preds, err := rules.Predicates(rules.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range facts.Schema() {
		i := slices.IndexFunc(preds, func(p *facts.Predicate) bool { return p.Name == want.Name })
		switch {
		case i < 0:
			t.Errorf("Predicates lacks %s", want.Name)
		case !reflect.DeepEqual(preds[i], want):
			t.Errorf("Predicates has %+v, want %+v", preds[i], want)
		}
	}
}

func TestWithUserFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	alias := write("alias.mg", "# my own\n")
	extra := write("extra.mg", "Decl mine(V) descr [doc(\"mine\"), arg(V, \"value id\")] bound [/number].\nmine(V) :- tensor_value(V).\n")
	srcs, err := rules.WithUserFiles([]string{alias, extra})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range srcs {
		got = append(got, s.Name)
	}
	want := []string{rules.SchemaFile, alias, "check.mg", "check_flow.mg", "check_lifetime.mg", "check_memory.mg", "dealloc.mg",
		"dealloc_clone.mg", "dealloc_free.mg", "dealloc_handover.mg", "dealloc_hoist.mg", "dealloc_move.mg", "dealloc_outparam.mg", "dealloc_reuse.mg", "dealloc_stack.mg", "decisions.mg", "empty.mg", "inplace.mg",
		"inplace_excuse.mg", "inplace_order.mg", "inplace_readonly.mg", extra}
	if !slices.Equal(got, want) {
		t.Errorf("sources %q, want %q", got, want)
	}
	if _, err := solve.Compile(srcs...); err == nil || !strings.Contains(err.Error(), "tensor_value") {
		t.Errorf("compiling without alias.mg: %v, want an error about tensor_value", err)
	}
	preds, err := rules.Predicates(srcs)
	if err != nil {
		t.Fatal(err)
	}
	if p := preds[len(preds)-1]; p.Name != "mine" || p.Doc != "mine" || p.Columns[0].Kind != facts.ValueKind {
		t.Errorf("last predicate %+v, want mine with a value column", p)
	}

	for _, tt := range []struct {
		name  string
		paths []string
		want  string
	}{
		{"schema", []string{write("sub/schema.mg", "")}, "schema.mg is generated from the fact schema and cannot be replaced"},
		{"twice", []string{extra, write("sub/extra.mg", "")}, "a second rule file named extra.mg"},
		{"missing", []string{filepath.Join(dir, "none.mg")}, "none.mg: error: cannot read rules: no such file or directory"},
	} {
		if _, err := rules.WithUserFiles(tt.paths); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
	}
}

// TestComputedClassesMatchTheirClauses evaluates the built-in rules on
// every file of the round-trip corpus twice: with the classes computed by
// union-find, and with the clauses that define them. The facts must be
// the same.
func TestComputedClassesMatchTheirClauses(t *testing.T) {
	files, err := filepath.Glob("../testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	classes := []string{"equivalence_class", "alias_class"}
	prog = prog.Restrict(classes...)
	compared := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		m, err := ir.Parse(file, text)
		if err != nil {
			t.Fatal(err)
		}
		got := map[bool][]string{}
		for _, reference := range []bool{false, true} {
			db, _, err := extract.Module(m, extract.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := prog.Eval(context.Background(), db, solve.Options{Reference: reference}); err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			for _, name := range classes {
				r := db.Lookup(name, 2)
				for id := range uint32(r.Len()) {
					got[reference] = append(got[reference], fmt.Sprint(name, r.Row(id)))
				}
			}
			slices.Sort(got[reference])
		}
		if !slices.Equal(got[false], got[true]) {
			t.Errorf("%s: union-find and clauses differ:\n%q\n%q", file, got[false], got[true])
		}
		compared += len(got[false])
	}
	if compared < 1000 {
		t.Errorf("only %d class facts compared", compared)
	}
	t.Logf("%d class facts agree over %d files", compared, len(files))
}

// TestAlternatives checks the shipped alternatives: each has a header
// that names it and says what it changes, compiles with the built-in
// rules (alone and all together), declares every predicate it derives
// with a doc and the kind of every column, except extra_excuse, the
// hook inplace_excuse.mg declares for them, and has a comment before every rule.
func TestAlternatives(t *testing.T) {
	alts := rules.Alternatives()
	if len(alts) < 2 {
		t.Fatalf("Alternatives() = %v, want at least two", alts)
	}
	for _, name := range alts {
		t.Run(name, func(t *testing.T) {
			text, ok := rules.Show(name)
			if !ok {
				t.Fatal("Show found no text")
			}
			base := strings.TrimPrefix(name, rules.AltPrefix) + ".mg"
			if !strings.HasPrefix(text, "# "+base+": ") {
				t.Errorf("the header does not start with # %s: ", base)
			}
			if doc, _ := rules.Describe(name); len(doc) < 20 || strings.Contains(doc, "#") {
				t.Errorf("Describe = %q", doc)
			}
			srcs, err := rules.WithUserFiles([]string{name})
			if err != nil {
				t.Fatal(err)
			}
			if last := srcs[len(srcs)-1]; last.Name != name || last.Text != text {
				t.Errorf("WithUserFiles adds %q, want %s", last.Name, name)
			}
			if _, err := rules.Compile(srcs...); err != nil {
				t.Fatal(err)
			}
			unit, err := parse.Unit(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			declared := map[string]bool{}
			for _, d := range unit.Decls {
				if d.DeclaredAtom.Predicate.Symbol == symbols.Package.Symbol {
					continue
				}
				declared[d.DeclaredAtom.Predicate.Symbol] = true
				if strings.TrimSpace(strings.Join(d.Doc(), "")) == "" {
					t.Errorf("%s has no doc description", d.DeclaredAtom.Predicate.Symbol)
				}
				checkArgKinds(t, name, d)
			}
			for _, c := range unit.Clauses {
				if p := c.Head.Predicate.Symbol; !declared[p] && p != "extra_excuse" {
					t.Errorf("derives %s without declaring it", p)
				}
			}
			// A rule starts at the beginning of a line after the
			// declarations; the line before it is a comment, or the end
			// of the rule before it under the same comment.
			lines := strings.Split(text, "\n")
			for i, l := range lines {
				if i == 0 || l == "" || strings.HasPrefix(l, " ") || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "Decl ") {
					continue
				}
				if prev := lines[i-1]; prev == "" {
					t.Errorf("line %d: a rule with no comment before it: %s", i+1, l)
				}
			}
		})
	}
	all, err := rules.WithUserFiles(alts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rules.Compile(all...); err != nil {
		t.Errorf("all alternatives together: %v", err)
	}
	for _, bad := range []string{"alt:nope", "alt:../inplace", "alt:"} {
		if _, err := rules.WithUserFiles([]string{bad}); err == nil || !strings.Contains(err.Error(), bad+": error: no such alternative") {
			t.Errorf("WithUserFiles(%s): %v", bad, err)
		}
	}
}

// TestReadFirstDropsOnlyExcusedPairs checks the shortcut of inplace.mg's
// read_first: the class pairs it keeps out of raw_candidate are pairs
// that the first excuse of excused_pair excuses, so that raw_conflict is
// the same as when every class pair is a candidate. It evaluates the
// rules with and without the shortcut on the round-trip corpus and on
// random programs.
func TestReadFirstDropsOnlyExcusedPairs(t *testing.T) {
	const shortcut = "raw_candidate(ROp, RI, WOp, WI) :- class_pair(ROp, RI, WOp, WI), !read_first(ROp, RI, WOp, WI)."
	var without []solve.Source
	for _, src := range rules.Builtin() {
		if src.Name == "inplace.mg" {
			if !strings.Contains(src.Text, shortcut) {
				t.Fatalf("inplace.mg has no rule %q", shortcut)
			}
			src.Text = strings.Replace(src.Text, shortcut, "raw_candidate(ROp, RI, WOp, WI) :- class_pair(ROp, RI, WOp, WI).", 1)
		}
		without = append(without, src)
	}
	shipped, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := solve.Compile(without...)
	if err != nil {
		t.Fatal(err)
	}
	shipped, plain = shipped.Restrict("raw_conflict", "read_first"), plain.Restrict("raw_conflict", "excused_pair")
	programs := corpusAndRandom(t, 40)
	dropped, conflicts := 0, 0
	for name, text := range programs {
		m, err := ir.Parse(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		with := evalRows(t, name, m, shipped, "raw_conflict", "read_first")
		all := evalRows(t, name, m, plain, "raw_conflict", "excused_pair")
		if !slices.Equal(with["raw_conflict"], all["raw_conflict"]) {
			t.Errorf("%s: raw_conflict differs with read_first:\n%q\nwithout:\n%q", name, with["raw_conflict"], all["raw_conflict"])
		}
		for _, pair := range with["read_first"] {
			if _, ok := slices.BinarySearch(all["excused_pair"], pair); !ok {
				t.Errorf("%s: read_first%s is not an excused pair", name, pair)
			}
		}
		dropped += len(with["read_first"])
		conflicts += len(with["raw_conflict"])
	}
	if dropped < 500 || conflicts < 100 {
		t.Errorf("only %d pairs dropped and %d conflicts compared", dropped, conflicts)
	}
	t.Logf("%d pairs dropped, %d conflicts the same, over %d programs", dropped, conflicts, len(programs))
}

// evalRows extracts m, evaluates prog on it and returns the facts of
// preds, each row printed and sorted.
func evalRows(t *testing.T, name string, m *ir.Module, prog *solve.Program, preds ...string) map[string][]string {
	t.Helper()
	db, _ := evalDB(t, name, m, prog)
	out := map[string][]string{}
	for _, pred := range preds {
		var rows []string
		for _, r := range db.Relations() {
			if r.Name() != pred {
				continue
			}
			for id := range uint32(r.Len()) {
				rows = append(rows, fmt.Sprint(r.Row(id)))
			}
		}
		slices.Sort(rows)
		out[pred] = rows
	}
	return out
}

// evalDB extracts m and evaluates prog on it.
func evalDB(t *testing.T, name string, m *ir.Module, prog *solve.Program) (*facts.DB, *extract.Names) {
	t.Helper()
	db, names, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if _, err := prog.Eval(context.Background(), db, solve.Options{}); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return db, names
}

// TestOpLastMatchesItsDefinition checks the op_last facts that extract
// gives, a pre-order interval like block_dom's, against the plain rules
// they stand for: the largest id among an op and the ops it holds at any
// depth. Over the round-trip corpus and random programs, for every op but
// the module op.
func TestOpLastMatchesItsDefinition(t *testing.T) {
	const plain = `
Decl holds(A, Op)
  descr [doc("A is Op or an op whose regions hold Op."), arg(A, "op id"), arg(Op, "op id")]
  bound [/number, /number].
Decl plain_last(Op, Last)
  descr [doc("Last is the largest id among Op and the ops it holds."), arg(Op, "op id"), arg(Last, "op id")]
  bound [/number, /number].
holds(Op, Op) :- op(Op, _).
holds(A, Op) :- parent_op(Op, P), holds(A, P).
plain_last(A, L) :- holds(A, Op), parent_op(A, _) |> do fn:group_by(A), let L = fn:max(Op).
`
	var srcs []solve.Source
	for _, src := range rules.Builtin() {
		if src.Name == rules.SchemaFile {
			srcs = append(srcs, src)
		}
	}
	prog, err := solve.Compile(append(srcs, solve.Source{Name: "plain.mg", Text: plain})...)
	if err != nil {
		t.Fatal(err)
	}
	programs := corpusAndRandom(t, 20)
	compared := 0
	for name, text := range programs {
		m, err := ir.Parse(name, []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		rows := evalRows(t, name, m, prog, "op_last", "plain_last")
		if !slices.Equal(rows["op_last"], rows["plain_last"]) {
			t.Errorf("%s: op_last differs from its definition:\n%q\n%q", name, rows["op_last"], rows["plain_last"])
		}
		compared += len(rows["op_last"])
	}
	if compared < 1000 {
		t.Errorf("only %d op_last facts compared", compared)
	}
}

// corpusAndRandom returns the round-trip corpus and random programs of
// the given number of seeds, by name.
func corpusAndRandom(t *testing.T, seeds uint64) map[string]string {
	t.Helper()
	programs := map[string]string{}
	files, err := filepath.Glob("../testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		programs[file] = string(text)
	}
	for seed := range seeds {
		programs[fmt.Sprintf("random-%d", seed)] = workload.Random(seed, 30)
	}
	return programs
}

// TestStoredSyntax checks the stored syntax trees of the built-in files:
// made from their texts as they are (else go generate ./rules stores
// them again), and read as the parser's trees.
func TestStoredSyntax(t *testing.T) {
	stored, err := os.ReadFile(rules.SyntaxFile)
	if err != nil {
		t.Fatal(err)
	}
	var texts []solve.Source
	for _, src := range rules.Builtin() {
		if src.Syntax == nil {
			t.Errorf("%s: no stored tree", src.Name)
		}
		texts = append(texts, solve.Source{Name: src.Name, Text: src.Text})
	}
	if want, err := solve.EncodeSyntax(texts...); err != nil {
		t.Fatal(err)
	} else if !slices.Equal(stored, want) {
		t.Fatalf("%s is not the built-in files' trees: run go generate ./rules", rules.SyntaxFile)
	}
	fromTrees, err := solve.Parse(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	fromTexts, err := solve.Parse(texts...)
	if err != nil {
		t.Fatal(err)
	}
	decls, wantDecls := fromTrees.Declarations(), fromTexts.Declarations()
	clauses, wantClauses := fromTrees.Clauses(), fromTexts.Clauses()
	if len(decls) != len(wantDecls) || len(clauses) != len(wantClauses) {
		t.Fatalf("stored trees: %d declarations and %d clauses, parsed %d and %d", len(decls), len(clauses), len(wantDecls), len(wantClauses))
	}
	for i := range decls {
		if !reflect.DeepEqual(decls[i].Decl, wantDecls[i].Decl) {
			t.Errorf("%s: declaration %v differs from the parser's", decls[i].File, decls[i].DeclaredAtom)
		}
	}
	for i := range clauses {
		if !reflect.DeepEqual(clauses[i].Clause, wantClauses[i].Clause) {
			t.Errorf("%s: clause of %v differs from the parser's", clauses[i].File, clauses[i].Head)
		}
	}
}
