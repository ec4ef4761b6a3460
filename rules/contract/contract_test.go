package contract_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"bufferlog/facts"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

// TestBuiltinDeclares checks each predicate of the contract against the
// built-in rules: declared in the file the contract names, with its
// arity and its role, and, when a driver adds it, derived by no clause.
func TestBuiltinDeclares(t *testing.T) {
	parsed, err := solve.Parse(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	decls := map[string]solve.Declaration{}
	for _, d := range parsed.Declarations() {
		decls[d.DeclaredAtom.Predicate.Symbol] = d
	}
	derived := map[string]bool{}
	for _, c := range parsed.Clauses() {
		derived[c.Head.Predicate.Symbol] = true
	}
	for _, p := range contract.All() {
		d, ok := decls[p.Name()]
		if !ok {
			t.Errorf("%v: not declared", p)
			continue
		}
		role := ""
		for _, a := range d.Descr {
			if a.Predicate.Symbol == contract.Descriptor {
				role = a.String()
			}
		}
		if want := contract.Descriptor + "(" + p.Role().String() + ")"; d.File != p.File() || len(d.DeclaredAtom.Args) != p.Arity() || role != want {
			t.Errorf("%v: declared in %s with %d arguments and %q, want %s, %d and %q", p, d.File, len(d.DeclaredAtom.Args), role, p.File(), p.Arity(), want)
		}
		if p.Role() == contract.Adds && derived[p.Name()] {
			t.Errorf("%v: added by a driver, and derived by the rules", p)
		}
		if _, ok := facts.Lookup(p.Name()); ok {
			t.Errorf("%v: a schema predicate, which facts.Pred names", p)
		}
	}
	if _, err := rules.Compile(rules.Builtin()...); err != nil {
		t.Errorf("the built-in rules break the contract: %v", err)
	}
}

// TestGoNamesPredicatesByHandle checks that the Go code names no
// predicate of the rules by a string: a string literal that is the name
// of a predicate the built-in rules declare (the schema's included)
// must be a handle of the contract (or facts.Pred), so that every
// predicate Go reads or adds is in the contract, where the load-time
// check sees it.
func TestGoNamesPredicatesByHandle(t *testing.T) {
	preds, err := rules.Predicates(rules.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, p := range preds {
		names[p.Name] = true
	}
	// Predicates named by plain words, which the Go code also writes as
	// words: flags (--func), IR syntax (parallel, uninitialized), the
	// fields and roles of explanations (op, definition), generated
	// programs (call, fresh), the counters of the test runtime (frees), the
	// keyword of loops (step).
	for _, word := range []string{"op", "func", "call", "parallel", "uninitialized", "definition", "frees", "step", "fresh"} {
		if !names[word] {
			t.Errorf("%s is not a predicate any more: drop it from the words", word)
		}
		delete(names, word)
	}
	root := filepath.Join("..", "..")
	files := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && path != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go"):
			return nil
		}
		// The declarations of the schema and the contract are where
		// the names are written once.
		if rel, _ := filepath.Rel(root, path); rel == filepath.Join("facts", "schema.go") || filepath.Dir(rel) == filepath.Join("rules", "contract") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					t.Errorf("%s: the predicate %s named by a string", path, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 50 {
		t.Errorf("read %d Go files; the walk missed the module", files)
	}
}

// TestRead: Read gives exactly the predicates that the built-in rules
// declare as read by Go (contract(reads)).
func TestRead(t *testing.T) {
	parsed, err := solve.Parse(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{}
	for _, d := range parsed.Declarations() {
		for _, a := range d.Descr {
			if a.String() == contract.Descriptor+"("+contract.Reads.String()+")" {
				want[d.DeclaredAtom.Predicate.Symbol] = true
			}
		}
	}
	got := map[string]bool{}
	for _, p := range contract.Read() {
		got[p.Name()] = true
	}
	if !maps.Equal(got, want) || len(want) == 0 {
		t.Errorf("Read() = %v, want %v (not none)", got, want)
	}
}
