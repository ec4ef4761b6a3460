package rewrite

import (
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
)

// DeallocPredicates are the derived predicates Deallocate reads
// (rules/dealloc.mg), evaluated on the facts of the bufferized module.
func DeallocPredicates() []string { return []string{"dealloc_after", "dealloc_first", "kept_alive"} }

// Deallocate inserts a memref.dealloc of buffer A right after op Op for
// every dealloc_after(A, Op) fact of db, and at the start of block B for
// every dealloc_first(A, B); names maps the facts' ids to the bufferized
// module they were extracted from. It returns how many it inserted. The
// rules never place one after a terminator; such a fact is skipped
// rather than trusted.
func Deallocate(names *extract.Names, db *facts.DB) int {
	after := map[*ir.Operation][]dealloc{}
	first := map[*ir.Block][]dealloc{}
	var blocks []*ir.Block
	if r := db.Lookup("dealloc_after", 2); r != nil {
		for id := range uint32(r.Len()) {
			row := r.Row(id)
			op := names.Op(int(row[1].Int()))
			if ir.IsTerminator(op) {
				continue
			}
			blocks = append(blocks, op.Block())
			after[op] = append(after[op], dealloc{row[0].Int(), names.Value(int(row[0].Int()))})
		}
	}
	if r := db.Lookup("dealloc_first", 2); r != nil {
		for id := range uint32(r.Len()) {
			row := r.Row(id)
			blk := names.Block(int(row[1].Int()))
			blocks = append(blocks, blk)
			first[blk] = append(first[blk], dealloc{row[0].Int(), names.Value(int(row[0].Int()))})
		}
	}
	n := 0
	done := map[*ir.Block]bool{}
	for _, blk := range blocks {
		if done[blk] {
			continue
		}
		done[blk] = true
		var ops []*ir.Operation
		emit := func(ds []dealloc) {
			slices.SortFunc(ds, func(a, b dealloc) int { return int(a.id - b.id) })
			for _, d := range ds {
				ops = append(ops, ir.NewOperation("memref.dealloc", []*ir.Value{d.buf}, nil))
				n++
			}
		}
		emit(first[blk])
		for _, op := range blk.Ops() {
			ops = append(ops, op)
			emit(after[op])
		}
		blk.SetOps(ops)
	}
	return n
}

// dealloc is one buffer to free, with its value id for a stable order.
type dealloc struct {
	id  int64
	buf *ir.Value
}
