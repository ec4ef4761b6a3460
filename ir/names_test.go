package ir

import "testing"

// TestNameScopeSpill checks that a scope hands out each name once when
// numbers go to its sets and, beyond their budget, to its strings: a
// number taken as a string before its set grew to hold it stays taken.
func TestNameScopeSpill(t *testing.T) {
	s := newNameScope()
	for _, name := range []string{"70000", "arg90000", "c05", "c5", "00", "0", "x_3"} {
		if !s.take(name) {
			t.Fatalf("%s: taken in a fresh scope", name)
		}
	}
	if !s.numbered[""].spilled || !s.numbered["arg"].spilled {
		t.Fatal("70000 and arg90000 fit in the budget of an empty scope: the test checks nothing")
	}
	seen := map[string]bool{}
	for i := range 100000 {
		for _, prefix := range []string{"", "arg"} {
			name := s.fresh("", prefix)
			if seen[name] || name == "70000" || name == "arg90000" || name == "0" {
				t.Fatalf("name %d: %s handed out twice", i, name)
			}
			seen[name] = true
		}
	}
	if len(s.numbered[""].bits)*64 <= 70000 || len(s.numbered["arg"].bits)*64 <= 90000 {
		t.Fatal("the sets never grew to hold the spilled numbers: the test checks nothing")
	}
	for _, name := range []string{"70000", "arg90000", "c05", "c5", "00", "0", "x_3"} {
		if s.take(name) {
			t.Errorf("%s: taken twice", name)
		}
	}
	for name := range seen {
		if s.take(name) {
			t.Fatalf("%s: handed out, then taken again", name)
		}
	}
	if got := s.fresh("x", ""); got != "x" {
		t.Errorf("fresh(x) = %s, want x", got)
	}
	for _, want := range []string{"x_0", "x_1", "x_2", "x_4"} {
		if got := s.fresh("x", ""); got != want {
			t.Errorf("fresh(x) = %s, want %s", got, want)
		}
	}
}
