package rewrite

import (
	"cmp"
	"fmt"
	"slices"
)

// Operand is tensor operand Index of op Op (ids of the fact schema).
type Operand struct{ Op, Index int64 }

// Compare orders operands by op id, then index: -1, 0 or +1 as o comes
// before, is, or comes after p.
func (o Operand) Compare(p Operand) int {
	return cmp.Or(cmp.Compare(o.Op, p.Op), cmp.Compare(o.Index, p.Index))
}

// Decision is the verdict on one operand. An out-of-place operand gives
// the reason: a read-only buffer it would write, or the conflict that
// bufferizing it in place would have created.
type Decision struct {
	Operand
	InPlace  bool
	ReadOnly int64 // the read-only value, or -1
	// ReadOnlyValues are all the read-only values in place would write,
	// ascending, the first being ReadOnly.
	ReadOnlyValues []int64
	// Bytes is, for an out-of-place operand, what copying it costs: its
	// tensor's size if its op reads it, else 0 (set by Analyze). It is 0
	// for an in-place operand.
	Bytes int
	// Conflict, when set, is a raw_conflict fact (read op, read index,
	// write op, write index, definition) that would have held, or for a
	// write in a parallel region the write alone (Read is -1).
	Conflict *Conflict
	// Conflicts are all the raw_conflict facts that would have held, in
	// the order of the reads, then the writes (by op and operand), the
	// first being Conflict: which one MLIR names depends on the order of
	// its hash sets, so an explanation lists them all.
	Conflicts []Conflict
}

// Conflict names a read, a write and the definition between them.
type Conflict struct {
	Read, Write Operand
	Definition  int64
	Parallel    bool // the write races with parallel iterations
}

// Decisions are the verdicts on every tensor operand, in the order they
// were taken.
type Decisions struct {
	List []Decision
	// InPlaceOperands are the operands decided in place, ascending by op
	// id, then index (Operand.Compare).
	InPlaceOperands []Operand
}

// InPlace reports whether the operand bufferizes in place. Operands that
// were never decided (not tensors) report false.
func (d *Decisions) InPlace(o Operand) bool {
	_, found := slices.BinarySearchFunc(d.InPlaceOperands, o, Operand.Compare)
	return found
}

// String renders a decision for messages.
func (d Decision) String() string {
	switch {
	case d.InPlace:
		return fmt.Sprintf("op %d operand %d: in place", d.Op, d.Index)
	case d.ReadOnly >= 0:
		return fmt.Sprintf("op %d operand %d: out of place, value %d is read-only", d.Op, d.Index, d.ReadOnly)
	case d.Conflict != nil && d.Conflict.Parallel:
		return fmt.Sprintf("op %d operand %d: out of place, write %v races in a parallel region", d.Op, d.Index, d.Conflict.Write)
	case d.Conflict != nil:
		return fmt.Sprintf("op %d operand %d: out of place, read %v write %v definition %d", d.Op, d.Index, d.Conflict.Read, d.Conflict.Write, d.Conflict.Definition)
	}
	return fmt.Sprintf("op %d operand %d: out of place", d.Op, d.Index)
}

// CopiedBytes is what the out-of-place operands cost to copy, as MinCopy
// counts it.
func (d *Decisions) CopiedBytes() int {
	total := 0
	for _, dec := range d.List {
		if !dec.InPlace {
			total += dec.Bytes
		}
	}
	return total
}
