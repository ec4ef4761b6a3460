package facts

import (
	"fmt"
	"sync"
	"testing"
)

// TestIntern checks the process's predicate numbering: one id per name
// and arity, the same from every goroutine that asks at once; a DB made
// before a predicate was numbered holds its relation too; Lookup neither
// creates a relation nor numbers a predicate.
func TestIntern(t *testing.T) {
	db := NewDB(nil)
	before := db.Relation("intern_before", 1)
	const workers, names = 4, 200
	ids := make([][]PredID, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := range names {
				ids[w] = append(ids[w], Intern(fmt.Sprintf("intern_%d", i), 1+i%3))
			}
		})
	}
	wg.Wait()
	seen := map[PredID]bool{}
	for i := range names {
		id := ids[0][i]
		for w := range workers {
			if ids[w][i] != id {
				t.Fatalf("intern_%d: ids %d and %d", i, id, ids[w][i])
			}
		}
		if seen[id] {
			t.Fatalf("intern_%d shares id %d", i, id)
		}
		seen[id] = true
		if k := predKey(id); k.name != fmt.Sprintf("intern_%d", i) || k.arity != 1+i%3 {
			t.Fatalf("id %d names %s/%d", id, k.name, k.arity)
		}
	}
	if Intern("intern_7", 2) == Intern("intern_7", 3) {
		t.Fatal("two arities of one name share an id")
	}
	late := db.RelationOf(ids[0][names-1])
	if late.Name() != fmt.Sprintf("intern_%d", names-1) || db.Lookup(late.Name(), late.Arity()) != late {
		t.Fatalf("a predicate numbered after the DB was made: relation %s/%d", late.Name(), late.Arity())
	}
	if db.Relation("intern_before", 1) != before || db.Lookup("intern_before", 1) != before {
		t.Fatal("the DB lost the relation it had before it grew")
	}
	if db.Lookup("intern_0", 1) != nil || db.Lookup("intern_never", 1) != nil {
		t.Fatal("Lookup found a relation the DB never made")
	}
	if _, ok := lookupID("intern_never", 1); ok {
		t.Fatal("Lookup numbered a predicate")
	}
	if got := len(db.Relations()); got != 2 {
		t.Fatalf("Relations: %d relations, want 2", got)
	}
}
