package facts

import (
	"sync"
	"sync/atomic"
)

// PredID numbers a predicate, a name with an arity, for the whole process:
// a DB keeps its relations in a slice by PredID. A module is analyzed in
// a DB per function, each evaluation finding a hundred relations or
// more; hashing their names into a map per DB was a tenth of a 100-op
// function's analysis.
type PredID int32

// predTable is one version of the process's predicates: a new predicate
// makes a copy with it added, so readers never wait.
type predTable struct {
	ids  map[predicate]PredID
	keys []predicate
	// spare holds, by PredID, the relations of the predicate that DBs
	// dropped whole (keepRelation).
	spare []*sync.Pool
}

var preds = newPredicates()

type predicates struct {
	mu    sync.Mutex // held to add a predicate
	table atomic.Pointer[predTable]
}

func newPredicates() *predicates {
	p := new(predicates)
	p.table.Store(&predTable{ids: map[predicate]PredID{}})
	return p
}

// Intern returns the PredID of name/arity, numbering it if new.
func Intern(name string, arity int) PredID {
	key := predicate{name, arity}
	if id, ok := preds.table.Load().ids[key]; ok {
		return id
	}
	preds.mu.Lock()
	defer preds.mu.Unlock()
	old := preds.table.Load()
	if id, ok := old.ids[key]; ok {
		return id
	}
	t := &predTable{ids: make(map[predicate]PredID, len(old.ids)+1),
		keys: append(old.keys[:len(old.keys):len(old.keys)], key), spare: append(old.spare[:len(old.spare):len(old.spare)], new(sync.Pool))}
	for k, v := range old.ids {
		t.ids[k] = v
	}
	id := PredID(len(old.keys))
	t.ids[key] = id
	preds.table.Store(t)
	return id
}

// lookupID returns the PredID of name/arity if it has one.
func lookupID(name string, arity int) (PredID, bool) {
	id, ok := preds.table.Load().ids[predicate{name, arity}]
	return id, ok
}

// predKey returns the name and arity that id numbers.
func predKey(id PredID) predicate { return preds.table.Load().keys[id] }

// sparePool returns the pool of id's relations kept whole.
func sparePool(id PredID) *sync.Pool { return preds.table.Load().spare[id] }
