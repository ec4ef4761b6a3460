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

// predEntry is what the process keeps per predicate.
type predEntry struct {
	key predicate
	// spare holds the relations of the predicate that DBs dropped whole
	// (keepRelation).
	spare sync.Pool
}

// predChunk is how many entries are allocated at once: entries never
// move, so readers find them without a lock.
const predChunk = 256

var preds struct {
	ids sync.Map // predicate -> PredID
	mu  sync.Mutex
	n   atomic.Int32 // predicates numbered; grows under mu
	// chunks holds entry i at chunks[i/predChunk][i%predChunk]. The
	// slice is replaced, never changed, when a chunk is added.
	chunks atomic.Pointer[[]*[predChunk]predEntry]
}

// Intern returns the PredID of name/arity, numbering it if new.
func Intern(name string, arity int) PredID {
	key := predicate{name, arity}
	if id, ok := preds.ids.Load(key); ok {
		return id.(PredID)
	}
	preds.mu.Lock()
	defer preds.mu.Unlock()
	if id, ok := preds.ids.Load(key); ok {
		return id.(PredID)
	}
	n := int(preds.n.Load())
	if n%predChunk == 0 {
		var chunks []*[predChunk]predEntry
		if old := preds.chunks.Load(); old != nil {
			chunks = *old
		}
		chunks = append(chunks[:len(chunks):len(chunks)], new([predChunk]predEntry))
		preds.chunks.Store(&chunks)
	}
	entry(PredID(n)).key = key
	preds.n.Store(int32(n + 1))
	preds.ids.Store(key, PredID(n)) // publishes the entry
	return PredID(n)
}

func entry(id PredID) *predEntry {
	return &(*preds.chunks.Load())[id/predChunk][id%predChunk]
}

// lookupID returns the PredID of name/arity if it has one.
func lookupID(name string, arity int) (PredID, bool) {
	id, ok := preds.ids.Load(predicate{name, arity})
	if !ok {
		return 0, false
	}
	return id.(PredID), true
}

// numbered returns how many predicates have a PredID.
func numbered() int { return int(preds.n.Load()) }

// predKey returns the name and arity that id numbers.
func predKey(id PredID) predicate { return entry(id).key }

// sparePool returns the pool of id's relations kept whole.
func sparePool(id PredID) *sync.Pool { return &entry(id).spare }
