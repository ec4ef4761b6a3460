// Package contract holds the predicates that the bufferization driver
// (package driver: Decide, MinCopy, AnalyzeParts, PlanDeallocation)
// exchanges with the rules, and those that the code reading their results
// reads (rewrite's Plan and Deallocate; the commands' re-check after the
// decisions, explain, graph, diff-rules, check). Each is a typed handle
// (Pred), and Go code names predicates through them, never by strings.
// The rule files declare each with a descriptor that says on which side of
// the contract it is:
//
//	Decl read_only_value(V) descr [doc("..."), driver(/reads), arg(V, "value id")].
//	Decl inplace(Op, I) descr [doc("..."), driver(/adds), ...].
//
// driver(/reads): the rules derive its facts and Go reads them;
// driver(/adds): Go adds its facts and the rules read them, and must never
// derive them. The handles (handles.go) are generated from those
// declarations by go generate (gencontract): renaming a predicate in a
// rule file and generating again turns each Go use of the old name into a
// build error. rules.Compile rejects a rule set that breaks the contract
// before anything is evaluated: a predicate missing, declared with another
// arity or role, a role on a predicate no handle has, or a clause deriving
// a predicate Go adds. The extensional predicates are not here: facts.Pred
// handles them, and schema.mg, which is generated from them, cannot be
// replaced.
package contract

import (
	"strconv"

	"bufferlog/facts"
)

//go:generate go run ./gencontract .

// Role says on which side of the contract a predicate is.
type Role uint8

const (
	// Reads: the rules derive the predicate, a driver reads its facts.
	Reads Role = iota + 1
	// Adds: a driver adds the predicate's facts, the rules read them.
	Adds
)

// Descriptor is the name of the descriptor atom that declares a role:
// driver(/reads) or driver(/adds).
const Descriptor = "driver"

// String is the role as its descriptor's argument names it.
func (r Role) String() string {
	switch r {
	case Reads:
		return "/reads"
	case Adds:
		return "/adds"
	}
	return "/?"
}

// Verb is what the driver does with a predicate of the role.
func (r Role) Verb() string {
	if r == Adds {
		return "adds"
	}
	return "reads"
}

// RoleNamed returns the role whose descriptor argument is name (/reads
// or /adds).
func RoleNamed(name string) (Role, bool) {
	for _, r := range []Role{Reads, Adds} {
		if r.String() == name {
			return r, true
		}
	}
	return 0, false
}

// Pred is a predicate of the contract.
type Pred struct {
	name  string
	arity int
	role  Role
	file  string // the built-in rule file that declares it
	id    facts.PredID
}

// all lists the predicates of the contract in declaration order.
var all []Pred

func declare(file string, role Role, name string, arity int) Pred {
	p := Pred{name: name, arity: arity, role: role, file: file, id: facts.Intern(name, arity)}
	all = append(all, p)
	return p
}

// All returns every predicate of the contract.
func All() []Pred { return append([]Pred(nil), all...) }

// Read returns the predicates of the contract that Go reads.
func Read() []Pred {
	var read []Pred
	for _, p := range all {
		if p.role == Reads {
			read = append(read, p)
		}
	}
	return read
}

// Name returns the predicate's name.
func (p Pred) Name() string { return p.name }

// Arity returns its number of columns.
func (p Pred) Arity() int { return p.arity }

// Role returns its side of the contract.
func (p Pred) Role() Role { return p.role }

// File returns the base name of the built-in rule file that declares it.
func (p Pred) File() string { return p.file }

// String is NAME/ARITY.
func (p Pred) String() string { return p.name + "/" + strconv.Itoa(p.arity) }

// In returns the predicate's relation in db, creating it if absent.
func (p Pred) In(db *facts.DB) *facts.Relation { return db.RelationOf(p.id) }

// Lookup returns the predicate's relation in db, or nil if db has none.
func (p Pred) Lookup(db *facts.DB) *facts.Relation { return Lookup(db, p) }

// Handle is what Go code names a relation by: a Pred of the contract, or
// a facts.Pred of the schema.
type Handle interface {
	Name() string
	Arity() int
}

// Lookup returns h's relation in db, or nil if db has none.
func Lookup(db *facts.DB, h Handle) *facts.Relation { return db.Lookup(h.Name(), h.Arity()) }

// Pairs returns the facts of the binary predicate pred in db, as numbers
// (ids or indices), none if pred has no relation there.
func Pairs(db *facts.DB, pred Handle) [][2]int64 { return tuples[[2]int64](db, pred) }

// Singles is Pairs for a predicate of one column.
func Singles(db *facts.DB, pred Handle) []int64 {
	var out []int64
	for _, t := range tuples[[1]int64](db, pred) {
		out = append(out, t[0])
	}
	return out
}

// Triples is Pairs for a predicate of three columns.
func Triples(db *facts.DB, pred Handle) [][3]int64 { return tuples[[3]int64](db, pred) }

// tuples returns the facts of pred in db, of T's length (pred's arity),
// as numbers.
func tuples[T [1]int64 | [2]int64 | [3]int64](db *facts.DB, pred Handle) []T {
	var t T
	r := Lookup(db, pred)
	if r == nil {
		return nil
	}
	out := make([]T, 0, r.Len())
	for id := range uint32(r.Len()) {
		for i := range len(t) {
			t[i] = r.At(id, i).Int()
		}
		out = append(out, t)
	}
	return out
}

// Names returns the names of hs.
func Names(hs ...Handle) []string {
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.Name()
	}
	return names
}
