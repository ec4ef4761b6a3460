package solve

import (
	"reflect"
	"strings"
	"testing"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
)

// syntaxCases use every kind of node the encoding stores.
var syntaxCases = []Source{
	{Name: "empty.mg", Text: "# nothing but a comment\n"},
	{Name: "decls.mg", Text: `Decl p(X, Y)
  descr [doc("a pair", "more"), arg(X, "first")]
  bound [/number, /string]
  bound [/name, /number].
Decl q(X) descr [doc("one")].
Decl r(X).
Decl s(A, B, C) inclusion [p(A, B)].
`},
	{Name: "clauses.mg", Text: `p(1, "one").
p(-2, "two").
q(/a/b).
q(X) :- p(X, _), !r(X), X != 3, X < 5, X >= -1.
s(X, Y, Z) :- p(X, Y), Z = fn:plus(X, 1).
t(K, N, M) :- p(K, V) |> do fn:group_by(K), let N = fn:count(), let M = fn:max(V).
u(X) :- X = /a/b, q(X).
`},
}

// TestSyntaxRoundTrip checks that a stored tree is the parser's, nil
// slices included, and that it is read only for the text it was made
// from.
func TestSyntaxRoundTrip(t *testing.T) {
	data, err := EncodeSyntax(syntaxCases...)
	if err != nil {
		t.Fatal(err)
	}
	trees, err := DecodeSyntax(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(trees) != len(syntaxCases) {
		t.Fatalf("%d trees for %d sources", len(trees), len(syntaxCases))
	}
	for _, src := range syntaxCases {
		want, err := parse.Unit(strings.NewReader(src.Text))
		if err != nil {
			t.Fatal(err)
		}
		got, ok := trees[src.Name].unit(src.Text)
		if !ok {
			t.Errorf("%s: stored tree not read", src.Name)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: stored tree\n%#v\nparsed\n%#v", src.Name, got, want)
		}
		if _, ok := trees[src.Name].unit(src.Text + "\n"); ok {
			t.Errorf("%s: the tree was read for another text", src.Name)
		}
	}
}

// TestSyntaxEdited checks that Parse parses a source whose stored tree
// was made from another text, and reads the tree otherwise.
func TestSyntaxEdited(t *testing.T) {
	old := Source{Name: "a.mg", Text: "Decl e(X).\np(X) :- e(X).\n"}
	data, err := EncodeSyntax(old)
	if err != nil {
		t.Fatal(err)
	}
	trees, err := DecodeSyntax(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		text, head string
	}{
		{old.Text, "p"},
		{"Decl e(X).\nq(X) :- e(X).\n", "q"},
	} {
		parsed, err := Parse(Source{Name: "a.mg", Text: tt.text, Syntax: trees["a.mg"]})
		if err != nil {
			t.Fatal(err)
		}
		if got := parsed.Clauses()[0].Head.Predicate.Symbol; got != tt.head {
			t.Errorf("text %q: clause of %s, want %s", tt.text, got, tt.head)
		}
	}
}

// TestSyntaxMalformed checks that damaged trees are refused, never
// misread or a panic: every truncation, and every byte changed.
func TestSyntaxMalformed(t *testing.T) {
	data, err := EncodeSyntax(syntaxCases...)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(data) {
		if _, err := DecodeSyntax(data[:n]); err == nil {
			t.Fatalf("truncated to %d of %d bytes: no error", n, len(data))
		}
	}
	if _, err := DecodeSyntax(append(data, 0)); err == nil {
		t.Error("a trailing byte: no error")
	}
	for i := range data {
		damaged := append([]byte(nil), data...)
		damaged[i] ^= 0x5a
		trees, err := DecodeSyntax(damaged)
		if err != nil {
			continue
		}
		for _, src := range syntaxCases {
			// A damaged tree may decode, but only to a tree that is
			// refused or compiles: either way Parse does not panic.
			if tree, ok := trees[src.Name]; ok {
				tree.unit(src.Text)
			}
		}
	}
}

// TestSyntaxRefusesCompound checks that a constant only Mangle can
// build (a list: its parts are unexported) is an error of the encoding,
// not a tree stored wrong.
func TestSyntaxRefusesCompound(t *testing.T) {
	list := ast.List([]ast.Constant{ast.Number(1), ast.Number(2)})
	unit := parse.SourceUnit{Clauses: []ast.Clause{{Head: ast.NewAtom("p", list)}}}
	var w syntaxWriter
	if err := w.unit(unit); err == nil {
		t.Error("a list constant was stored")
	}
}
