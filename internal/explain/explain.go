// Package explain holds the explanations bufferlog gives of its
// decisions: for each copy, allocation, clone, move and deallocation of a
// bufferized program, the derivation of the fact that decided it (the
// rule, the facts it joined, and theirs in turn, down to facts extracted
// from the IR), each located in the source it speaks of.
//
// The values are plain data: `bufferlog explain` prints them as text or
// JSON, and `bufferlog report` renders them as HTML.
package explain

// Explanation is every decision made on one input file.
type Explanation struct {
	// File is the tensor IR that was bufferized.
	File string `json:"file"`
	// Bufferized names the memref IR that locations in File's bufferized
	// form refer to (deallocations and clones exist only there).
	Bufferized string     `json:"bufferized,omitempty"`
	Decisions  []Decision `json:"decisions"`
}

// Decision is one copy, allocation, clone, move or deallocation, or a
// buffer kept alive.
type Decision struct {
	// Kind is "copy", "alloc", "clone", "dealloc", "kept" or "move" (a
	// buffer moved into the target of a copy, which is elided).
	Kind string `json:"kind"`
	// Value is the tensor or buffer it is about, as printed ("%x").
	Value string `json:"value"`
	// Op is the name of the op it is attached to ("tensor.insert").
	Op string `json:"op"`
	// At is where that op is.
	At Location `json:"at"`
	// Summary is one sentence saying what was decided and why.
	Summary string `json:"summary"`
	// Why is the derivation of the fact that decided it.
	Why *Step `json:"why,omitempty"`
	// Operand, for a copy or an allocation, is the number of the operand
	// of Op that gets the new buffer.
	Operand int `json:"operand,omitempty"`
	// Conflict, for an operand sent out of place by a read-after-write
	// conflict, is the conflict the decision driver recorded: the read,
	// the write and the definition. Why is its derivation.
	Conflict *Conflict `json:"conflict,omitempty"`
	// Conflicts are every conflict that blocked the operand in place,
	// given the decisions taken before it, Conflict first.
	Conflicts []Conflict `json:"conflicts,omitempty"`
	// ReadOnly, for an operand sent out of place because in place it
	// would write a read-only buffer, is that buffer's value (the one Why
	// derives), and ReadOnlyValues every such value, ReadOnly first.
	ReadOnly       *Definition  `json:"read_only,omitempty"`
	ReadOnlyValues []Definition `json:"read_only_values,omitempty"`
}

// Conflict is a read-after-write conflict: in place, the write would
// clobber the definition before the read.
type Conflict struct {
	Read       Operand    `json:"read"`
	Write      Operand    `json:"write"`
	Definition Definition `json:"definition"`
}

// Operand is operand Index of an op.
type Operand struct {
	Op    string   `json:"op"` // "op#5 tensor.insert"
	Index int      `json:"index"`
	At    Location `json:"at"`
}

// Definition is a value and where it is defined: "result N" of Op, or
// "bbArg N" of a block of Op (as mlir-opt's print-conflicts names it).
type Definition struct {
	Value string   `json:"value"`
	Site  string   `json:"site"`
	Op    string   `json:"op"`
	At    Location `json:"at"`
}

// Step is one fact of a derivation tree: a fact extracted from the IR
// (Rule empty, no Body), or one derived by Rule from the facts in Body.
type Step struct {
	// Fact is the fact with its ids printed as names:
	// "raw_conflict(op#3 tensor.extract, 0, op#5 linalg.fill, 1, %F)".
	Fact string `json:"fact"`
	// Rule is where the rule that derived it is: "inplace.mg:212".
	Rule string `json:"rule,omitempty"`
	// At is the source location of the fact's first id, if it has one.
	At *Location `json:"at,omitempty"`
	// Role says what the fact is in a conflict: "read", "write" or
	// "definition"; empty otherwise.
	Role string `json:"role,omitempty"`
	// How is where the fact comes from: "derived" (by Rule), "given"
	// (extracted from the IR or decided by a driver, see Note),
	// "stated" (written in a rule file), "computed" (a computed
	// predicate), "repeated" (derived as shown earlier), "negation" (no
	// fact matches), "condition", "group" (an aggregation's rows), or
	// "role" (a conflict's read, write or definition).
	How string `json:"how,omitempty"`
	// Note says more: who gave a given fact, how a computed one is
	// computed.
	Note string  `json:"note,omitempty"`
	Body []*Step `json:"body,omitempty"`
}

// Location is a position in an MLIR file, with the text of its line for
// a caret snippet.
type Location struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	Text string `json:"text,omitempty"`
}
