package rewrite

import (
	"cmp"
	"fmt"
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules/contract"
)

// Hoist is one allocation moved out of a loop: Alloc now sits just before
// Loop, in the function Func.
type Hoist struct {
	Alloc, Loop *ir.Operation
	Func        string
}

// HoistAllocs moves the memref.alloc Op of every hoist_alloc(Op, L) fact
// of db to just before L, allocations bound for one loop in their order
// in the program, and returns the moves. The deallocation rules must then
// be evaluated again, on the facts of the changed module. A fact that
// does not name an allocation without operands inside the loop is an
// error: moving anything else could use a value before its definition.
func HoistAllocs(names *extract.Names, db *facts.DB) ([]Hoist, error) {
	pairs := contract.Pairs(db, contract.HoistAlloc)
	slices.SortFunc(pairs, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) }) // op ids go in program order
	var hoists []Hoist
	leaving := map[*ir.Block]map[*ir.Operation]bool{}
	for _, p := range pairs {
		op, loop := names.Op(int(p[0])), names.Op(int(p[1]))
		if op.Name != "memref.alloc" || op.NumOperands() != 0 || !ir.IsAncestor(loop, op) {
			return nil, fmt.Errorf("internal error: the deallocation rules ask to hoist %s (%s) out of %s (%s), which does not hold it as an allocation of static size",
				op.Name, names.Location(int(p[0])), loop.Name, names.Location(int(p[1])))
		}
		if leaving[op.Block()] == nil {
			leaving[op.Block()] = map[*ir.Operation]bool{}
		}
		leaving[op.Block()][op] = true
		hoists = append(hoists, Hoist{op, loop, enclosingFunc(loop)})
	}
	// Take the allocations out of their blocks, one pass per block, then
	// put each before its loop.
	for blk, ops := range leaving {
		blk.SetOps(slices.DeleteFunc(slices.Clone(blk.Ops()), func(op *ir.Operation) bool { return ops[op] }))
	}
	for _, h := range hoists {
		h.Loop.Block().InsertBefore(h.Loop.Index(), h.Alloc)
	}
	return hoists, nil
}
