// Package contract lists the predicates that bufferlog's Go drivers
// exchange with the rules: the decision driver (solve: Decide, MinCopy,
// AnalyzeParts), the deallocation driver (rewrite.PlanDeallocation) and
// the code that reads their results (rewrite's Plan and Deallocate, and
// the commands: the re-check after the decisions, explain, graph,
// diff-rules). Each is a typed handle, Go code names predicates through
// them, never by strings, and the rule files declare each one with a
// descriptor saying on which side of the contract it is:
//
//	Decl read_only_value(V) descr [doc("..."), driver(/reads), arg(V, "value id")].
//	Decl inplace(Op, I) descr [doc("..."), driver(/adds), ...].
//
// driver(/reads): the rules derive its facts and the driver reads them;
// driver(/adds): the driver adds its facts and the rules read them, and
// must never derive them. rules.Compile rejects a rule set that breaks
// the contract before anything is evaluated: a predicate missing, declared
// with another arity or role, a role on a predicate no driver uses, or a
// clause deriving a predicate a driver adds. The extensional predicates
// are not listed here: facts.Pred handles them, and schema.mg, which is
// generated from them, cannot be replaced.
package contract

import (
	"strconv"

	"bufferlog/facts"
)

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

// Names returns the names of hs.
func Names(hs ...Handle) []string {
	names := make([]string, len(hs))
	for i, h := range hs {
		names[i] = h.Name()
	}
	return names
}

// The in-place analysis (inplace*.mg, alias.mg), which the decision driver
// reads.
var (
	TensorValue           = declare("alias.mg", Reads, "tensor_value", 1)
	TensorUse             = declare("inplace.mg", Reads, "tensor_use", 3)
	OperandReads          = declare("inplace.mg", Reads, "operand_reads", 2)
	OperandWrites         = declare("inplace.mg", Reads, "operand_writes", 2)
	OperandAlias          = declare("inplace.mg", Reads, "operand_alias", 3)
	ConflictRead          = declare("inplace.mg", Reads, "conflict_read", 2)
	ConflictClass         = declare("inplace.mg", Reads, "conflict_class", 2)
	RawConflict           = declare("inplace_excuse.mg", Reads, "raw_conflict", 5)
	ParallelWriteConflict = declare("inplace_readonly.mg", Reads, "parallel_write_conflict", 2)
	ReadOnlyValue         = declare("inplace_readonly.mg", Reads, "read_only_value", 1)
	FuncArgRead           = declare("inplace.mg", Reads, "func_arg_read", 2)
	SharesBuffer          = declare("inplace.mg", Reads, "shares_buffer", 2)
)

// What the decision driver adds: the decisions and their reasons, and the
// summaries of a part's callees (inplace*.mg, decisions.mg).
var (
	Inplace                = declare("decisions.mg", Adds, "inplace", 2)
	OutOfPlace             = declare("decisions.mg", Adds, "out_of_place", 2)
	BlockedByConflict      = declare("decisions.mg", Adds, "blocked_by_conflict", 7)
	BlockedByReadOnly      = declare("decisions.mg", Adds, "blocked_by_read_only", 3)
	BlockedByParallelWrite = declare("decisions.mg", Adds, "blocked_by_parallel_write", 4)
	Analyzed               = declare("decisions.mg", Adds, "analyzed", 1)
	ModuleCalls            = declare("decisions.mg", Adds, "module_calls", 2)
	CalleeArgWritten       = declare("inplace.mg", Adds, "callee_arg_written", 2)
	CalleeResultAlias      = declare("inplace.mg", Adds, "callee_result_alias", 3)
	CalleeResultEquivalent = declare("decisions.mg", Adds, "callee_result_equivalent", 3)
	CalleeResultReadOnly   = declare("inplace_readonly.mg", Adds, "callee_result_read_only", 2)
	CalleeResultsAlias     = declare("inplace.mg", Adds, "callee_results_alias", 3)
)

// What follows from the decisions (decisions.mg): the summaries the
// decision driver hands to callers, the annotations, the plan of the
// rewrite, the re-check of the decisions, and what graph draws.
var (
	FuncArgWrittenAfter    = declare("decisions.mg", Reads, "func_arg_written_after", 2)
	FuncResultAlias        = declare("decisions.mg", Reads, "func_result_alias", 3)
	FuncResultEquivalent   = declare("decisions.mg", Reads, "func_result_equivalent", 3)
	FuncResultReadOnly     = declare("decisions.mg", Reads, "func_result_read_only", 2)
	FuncResultsAlias       = declare("decisions.mg", Reads, "func_results_alias", 3)
	InCallCycle            = declare("decisions.mg", Reads, "in_call_cycle", 1)
	FuncAccess             = declare("decisions.mg", Reads, "func_access", 3)
	ReturnEquivalent       = declare("decisions.mg", Reads, "return_equivalent", 3)
	CopyContents           = declare("decisions.mg", Reads, "copy_contents", 2)
	CopiedValue            = declare("decisions.mg", Reads, "copied_value", 3)
	DropIterArg            = declare("decisions.mg", Reads, "drop_iter_arg", 2)
	AliasSet               = declare("decisions.mg", Reads, "alias_set", 2)
	BufferClass            = declare("decisions.mg", Reads, "buffer_class", 2)
	RemainingConflict      = declare("decisions.mg", Reads, "remaining_conflict", 5)
	RemainingReadOnly      = declare("decisions.mg", Reads, "remaining_read_only", 3)
	RemainingParallelWrite = declare("decisions.mg", Reads, "remaining_parallel_write", 4)
)

// The deallocation (dealloc*.mg): what the deallocation driver adds
// between its evaluations, what it and the rewrite read, and what explain
// reads to say why.
var (
	FreshResult         = declare("dealloc.mg", Adds, "fresh_result", 2)
	ReturnsOwned        = declare("dealloc_free.mg", Reads, "returns_owned", 2)
	NeedsClone          = declare("dealloc_clone.mg", Reads, "needs_clone", 2)
	Rooted              = declare("dealloc_handover.mg", Reads, "rooted", 1)
	DeallocAfter        = declare("dealloc_clone.mg", Reads, "dealloc_after", 2)
	DeallocFirst        = declare("dealloc_free.mg", Reads, "dealloc_first", 2)
	DeallocBefore       = declare("dealloc_free.mg", Reads, "dealloc_before", 2)
	DeallocBeforeReturn = declare("dealloc_free.mg", Reads, "dealloc_before_return", 2)
	DeallocInArm        = declare("dealloc_free.mg", Reads, "dealloc_in_arm", 2)
	DeallocWhen         = declare("dealloc_clone.mg", Reads, "dealloc_when", 3)
	DeallocInBlock      = declare("dealloc_free.mg", Reads, "dealloc_in_block", 2)
	DeallocOnEdge       = declare("dealloc_free.mg", Reads, "dealloc_on_edge", 2)
	DeallocOnBranch     = declare("dealloc_free.mg", Reads, "dealloc_on_branch", 3)
	KeptAlive           = declare("dealloc_free.mg", Reads, "kept_alive", 1)
	LentFreed           = declare("dealloc_clone.mg", Reads, "lent_freed", 1)
	Moves               = declare("dealloc_move.mg", Reads, "moves", 3)
)

// The memory-safety checker (check*.mg): the findings the check command
// prints, and what it reads to describe the memory a finding is about.
var (
	Finding = declare("check.mg", Reads, "finding", 6)
	KindOf  = declare("check_memory.mg", Reads, "kind_of", 2)
)
