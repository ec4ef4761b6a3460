package rewrite

import (
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
)

// DeallocPredicates are the derived predicates Deallocate reads
// (rules/dealloc.mg), evaluated on the facts of the bufferized module.
func DeallocPredicates() []string { return []string{"dealloc_after", "kept_alive"} }

// Deallocate inserts a memref.dealloc of buffer A right after op Op for
// every dealloc_after(A, Op) fact of db; names maps the facts' ids to the
// bufferized module they were extracted from. It returns how many it
// inserted. The rules never place one after a terminator; such a fact
// is skipped rather than trusted.
func Deallocate(names *extract.Names, db *facts.DB) int {
	r := db.Lookup("dealloc_after", 2)
	if r == nil {
		return 0
	}
	type dealloc struct {
		id  int64
		buf *ir.Value
	}
	after := map[*ir.Operation][]dealloc{}
	var blocks []*ir.Block
	for id := range uint32(r.Len()) {
		row := r.Row(id)
		op := names.Op(int(row[1].Int()))
		if ir.IsTerminator(op) {
			continue
		}
		if _, seen := after[op]; !seen {
			blocks = append(blocks, op.Block())
		}
		after[op] = append(after[op], dealloc{row[0].Int(), names.Value(int(row[0].Int()))})
	}
	n := 0
	done := map[*ir.Block]bool{}
	for _, blk := range blocks {
		if done[blk] {
			continue
		}
		done[blk] = true
		var ops []*ir.Operation
		for _, op := range blk.Ops() {
			ops = append(ops, op)
			ds := after[op]
			slices.SortFunc(ds, func(a, b dealloc) int { return int(a.id - b.id) })
			for _, d := range ds {
				ops = append(ops, ir.NewOperation("memref.dealloc", []*ir.Value{d.buf}, nil))
				n++
			}
		}
		blk.SetOps(ops)
	}
	return n
}
