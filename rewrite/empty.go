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

// EmptyReplacement is one use of a tensor.empty result replaced by a
// slice of the tensor an insertion puts it in: operand Index of User now
// reads Slice (a tensor.extract_slice of Insert's destination, or the
// destination itself), and Empty is the tensor.empty it read before.
type EmptyReplacement struct {
	User   *ir.Operation
	Index  int
	Insert *ir.Operation
	Empty  *ir.Operation
	Slice  *ir.Value
}

// ReplaceEmpty replaces, for every empty_replaced(Op, I, Ins) fact of db
// (rules/empty.mg), operand I of Op, a tensor.empty result, by the subset
// of Ins's destination that Ins inserts into: a tensor.extract_slice at
// Ins's offsets, sizes and strides built right before the tensor.empty
// (tensor.insert_slice, tensor.parallel_insert_slice), or the destination
// itself (linalg.copy, bufferization.materialize_in_destination). A
// tensor.empty left unused stays, as explanations name it; the rewrite
// drops the buffer it would get. The facts of db describe the module
// as it was: the in-place analysis must extract it anew. A fact that
// names no tensor.empty result, or an insertion whose subset has another
// type, is an internal error of the rules.
func ReplaceEmpty(names *extract.Names, db *facts.DB) ([]EmptyReplacement, error) {
	rows := contract.Triples(db, contract.EmptyReplaced)
	slices.SortFunc(rows, func(a, b [3]int64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	var done []EmptyReplacement
	// The slices go before their tensor.empty, each block's rebuilt once
	// after: inserting one at a time would cost a pass over the block
	// each.
	before := map[*ir.Operation][]*ir.Operation{}
	var blocks []*ir.Block
	defer func() {
		eachBlockOnce(blocks, func(blk *ir.Block) {
			var ops []*ir.Operation
			for _, op := range blk.Ops() {
				ops = append(append(ops, before[op]...), op)
			}
			blk.SetOps(ops)
		})
	}()
	for _, r := range rows {
		user, i, ins := names.Op(int(r[0])), int(r[1]), names.Op(int(r[2]))
		empty := user.Operand(i).DefiningOp()
		if empty == nil || empty.Name != "tensor.empty" || ins.NumOperands() < 2 {
			return done, fmt.Errorf("%s: internal error: the rules ask to replace operand %d of %s, which is no tensor.empty result, by a slice of %s (%s)",
				names.Location(int(r[0])), i, user.Name, ins.Name, names.Location(int(r[2])))
		}
		slice, err := subsetOf(ins, user.Operand(i).Type())
		if err != nil {
			return done, fmt.Errorf("%s: internal error: the rules ask to replace operand %d of %s by the subset of %s (%s): %v",
				names.Location(int(r[0])), i, user.Name, ins.Name, names.Location(int(r[2])), err)
		}
		if op := slice.DefiningOp(); op != nil && op.Block() == nil {
			op.Pos = empty.Pos // where the buffer was asked for
			before[empty] = append(before[empty], op)
			blocks = append(blocks, empty.Block())
		}
		user.SetOperand(i, slice)
		done = append(done, EmptyReplacement{User: user, Index: i, Insert: ins, Empty: empty, Slice: slice})
	}
	return done, nil
}

// subsetInsertions are the ops whose subset ReplaceEmpty can build, and
// whether it is all of their destination (operand 1).
var subsetInsertions = map[string]bool{
	"tensor.insert_slice": false, "tensor.parallel_insert_slice": false,
	"linalg.copy": true, "bufferization.materialize_in_destination": true,
}

// InsertsSubset reports whether ReplaceEmpty can replace a tensor.empty
// by the subset that an op named name inserts into.
func InsertsSubset(name string) bool {
	_, ok := subsetInsertions[name]
	return ok
}

// subsetOf returns the value of the subset that the insertion ins writes,
// of type want: its destination, for an insertion into all of it, or a
// new tensor.extract_slice of it, not yet in a block.
func subsetOf(ins *ir.Operation, want ir.Type) (*ir.Value, error) {
	dest := ins.Operand(1)
	whole, ok := subsetInsertions[ins.Name]
	switch {
	case !ok:
		return nil, fmt.Errorf("%s inserts no subset", ins.Name)
	case whole:
		if !ir.TypesEqual(dest.Type(), want) {
			return nil, fmt.Errorf("its destination has type %s, not %s", dest.Type(), want)
		}
		return dest, nil
	}
	if src := ins.Operand(0).Type(); !ir.TypesEqual(src, want) {
		return nil, fmt.Errorf("it inserts a %s, not a %s", src, want)
	}
	slice, ok := sliceAt("tensor.extract_slice", ins, dest, 2, want, "extracted_slice")
	if !ok {
		return nil, fmt.Errorf("no operandSegmentSizes")
	}
	return slice.Result(0), nil
}
