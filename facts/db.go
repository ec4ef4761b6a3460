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
	rels  []*Relation   // by PredID; nil where the DB has none
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
	return &DB{syms: syms}
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
	return db.RelationOf(Intern(name, arity))
}

// RelationOf returns the relation of the predicate id, creating it empty
// if absent: Relation without hashing the predicate's name.
func (db *DB) RelationOf(id PredID) *Relation {
	if int(id) >= len(db.rels) {
		// Room for every predicate known now: a DB's evaluations
		// mostly ask for predicates numbered before it was made.
		db.rels = append(db.rels, make([]*Relation, numbered()-len(db.rels))...)
	}
	r := db.rels[id]
	if r == nil {
		r = takeRelation(id)
		db.rels[id] = r
	}
	return r
}

// Lookup returns the relation name/arity, or nil if absent.
func (db *DB) Lookup(name string, arity int) *Relation {
	if id, ok := lookupID(name, arity); ok && int(id) < len(db.rels) {
		return db.rels[id]
	}
	return nil
}

// Relations returns every relation, ordered by name then arity.
func (db *DB) Relations() []*Relation {
	var out []*Relation
	for _, r := range db.rels {
		if r != nil {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *Relation) int {
		return cmp.Or(cmp.Compare(a.name, b.name), cmp.Compare(a.arity, b.arity))
	})
	return out
}

// Retain drops every relation whose name keep rejects, freeing its rows
// and indexes.
func (db *DB) Retain(keep func(name string) bool) {
	for id, r := range db.rels {
		if r != nil && !keep(r.name) {
			db.rels[id] = nil
		}
	}
}

// Recycle is Retain, and hands the dropped relations, or their storage,
// to the relations made after, of any DB (spare.go): nothing read from a
// dropped relation (a row, an index) may be used after.
func (db *DB) Recycle(keep func(name string) bool) {
	for id, r := range db.rels {
		if r != nil && !keep(r.name) {
			db.RecycleOf(PredID(id))
		}
	}
}

// RecycleOf is Recycle of the relation of one predicate, if db has it.
// Other goroutines may use db's other relations meanwhile.
func (db *DB) RecycleOf(id PredID) {
	if int(id) < len(db.rels) && db.rels[id] != nil {
		keepRelation(id, db.rels[id])
		db.rels[id] = nil
	}
}
