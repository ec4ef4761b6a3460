package facts

import (
	"cmp"
	"slices"
	"sync/atomic"
)

// DB is a set of relations keyed by predicate name and arity, sharing one
// symbol table. A DB is not safe for concurrent mutation.
type DB struct {
	syms  *Symbols
	rels  map[predicate]*Relation
	clock atomic.Uint32 // last time Tick returned
}

type predicate struct {
	name  string
	arity int
}

// NewDB returns an empty DB interning through syms (a new table if nil).
func NewDB(syms *Symbols) *DB {
	if syms == nil {
		syms = NewSymbols()
	}
	return &DB{syms: syms, rels: map[predicate]*Relation{}}
}

// Tick advances the DB's clock and returns the new time (from 1): the
// times that evaluations stamp their rows with (Relation.Stamp) increase
// across every evaluation of the DB. It is safe for concurrent use: the
// strata an evaluation runs at once stamp their rows each.
func (db *DB) Tick() uint32 { return db.clock.Add(1) }

// Symbols returns the DB's symbol table.
func (db *DB) Symbols() *Symbols { return db.syms }

// Relation returns the relation name/arity, creating it empty if absent.
func (db *DB) Relation(name string, arity int) *Relation {
	key := predicate{name, arity}
	r, ok := db.rels[key]
	if !ok {
		r = takeRelation(key)
		db.rels[key] = r
	}
	return r
}

// Lookup returns the relation name/arity, or nil if absent.
func (db *DB) Lookup(name string, arity int) *Relation {
	return db.rels[predicate{name, arity}]
}

// Relations returns every relation, ordered by name then arity.
func (db *DB) Relations() []*Relation {
	out := make([]*Relation, 0, len(db.rels))
	for _, r := range db.rels {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *Relation) int {
		return cmp.Or(cmp.Compare(a.name, b.name), cmp.Compare(a.arity, b.arity))
	})
	return out
}

// Retain drops every relation whose name keep rejects, freeing its rows
// and indexes.
func (db *DB) Retain(keep func(name string) bool) {
	for key := range db.rels {
		if !keep(key.name) {
			delete(db.rels, key)
		}
	}
}

// Recycle is Retain, and hands the dropped relations, or their storage,
// to the relations made after, of any DB (spare.go): nothing read from a
// dropped relation (a row, an index) may be used after.
func (db *DB) Recycle(keep func(name string) bool) {
	for key, r := range db.rels {
		if !keep(key.name) {
			keepRelation(key, r)
			delete(db.rels, key)
		}
	}
}
