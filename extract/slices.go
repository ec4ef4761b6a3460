package extract

import (
	"strconv"

	"bufferlog/facts"
	"bufferlog/ir"
)

// mixed is one of the offset, size or stride lists of a slice op (or the
// bounds of an scf.forall): a static_* property whose ir.Dynamic entries
// are filled, in order, by a segment of dynamic operands.
type mixed struct {
	static []string // the dense array's values, as written
	dyn    []*ir.Value
}

// mixedValues reads the list prop, filled from the operands in dyn; ok
// passes on whether dyn could be found.
func mixedValues(op *ir.Operation, prop string, dyn span, ok bool) (mixed, bool) {
	a, isArray := op.Prop(prop).(*ir.DenseArrayAttr)
	if !ok || !isArray {
		return mixed{}, false
	}
	return mixed{a.Values, op.Operands()[dyn.lo:dyn.hi]}, true
}

// entry returns entry k: a static number, or the dynamic value (nil for a
// static entry). ok is false if the list is malformed.
func (m mixed) entry(k int) (n int64, v *ir.Value, ok bool) {
	n, err := strconv.ParseInt(m.static[k], 10, 64)
	if err != nil {
		return 0, nil, false
	}
	if n != ir.Dynamic {
		return n, nil, true
	}
	d := 0
	for _, s := range m.static[:k] {
		if s == m.static[k] {
			d++
		}
	}
	if d >= len(m.dyn) {
		return 0, nil, false
	}
	return 0, m.dyn[d], true
}

// at returns entry k as a number, folding dynamic values defined by
// constants, as MLIR's getConstantIntValue does.
func (m mixed) at(k int) (int64, bool) {
	n, v, ok := m.entry(k)
	if !ok || v == nil {
		return n, ok
	}
	return constantInt(v)
}

// constantInt returns the value of an integer arith.constant.
func constantInt(v *ir.Value) (int64, bool) {
	def := v.DefiningOp()
	if def == nil || def.Name != "arith.constant" {
		return 0, false
	}
	a, ok := def.Inherent("value").(*ir.IntegerAttr)
	if !ok {
		return 0, false
	}
	return a.Int64()
}

// sliceLists returns the offsets, sizes and strides of a slice op, whose
// operands are its tensors (source, and dest for inserts), then the
// dynamic offsets, sizes and strides.
func sliceLists(op *ir.Operation) (lists [3]mixed, ok bool) {
	tensors := 2
	if op.Name == "tensor.extract_slice" {
		tensors = 1
	}
	segs, ok := segmentSpans(op, tensors+3)
	for i, prop := range [3]string{"static_offsets", "static_sizes", "static_strides"} {
		if lists[i], ok = mixedValues(op, prop, segs[tensors+i], ok); !ok {
			return lists, false
		}
	}
	return lists, true
}

// notOverwritten: operand i of tensor.insert_slice is read, which is all
// but a destination that the slice covers entirely (offsets 0, sizes the
// destination's, strides 1).
func notOverwritten(op *ir.Operation, i int) bool {
	dest, isRanked := op.Operand(i).Type().(*ir.TensorType)
	lists, ok := sliceLists(op)
	if i != 1 || !isRanked || !ok || len(lists[1].static) != len(dest.Shape) {
		return true
	}
	for k, d := range dest.Shape {
		off, okOff := lists[0].at(k)
		size, okSize := lists[1].at(k)
		stride, okStride := lists[2].at(k)
		if !okOff || !okSize || !okStride || off != 0 || size != d || stride != 1 {
			return true
		}
	}
	return false
}

// subset emits the subset key of a slice op: its offsets, sizes and
// strides as `[0, v12] [4, 4] [1, 1]`, with dynamic entries as value ids
// unless they are constants, so that equal keys mean equal subsets of
// equal tensors.
func (x *extractor) subset(op *ir.Operation, O facts.Value) {
	lists, ok := sliceLists(op)
	if !ok {
		return
	}
	key := x.key[:0]
	for i, l := range lists {
		if i > 0 {
			key = append(key, ' ')
		}
		key = append(key, '[')
		for k := range l.static {
			if k > 0 {
				key = append(key, ", "...)
			}
			n, v, ok := l.entry(k)
			if !ok {
				return
			}
			if c, isConst := l.at(k); v != nil && isConst {
				n, v = c, nil
			}
			if v != nil {
				key = append(key, 'v')
				id, _ := x.id(v)
				n = int64(id)
			}
			key = strconv.AppendInt(key, n, 10)
		}
		key = append(key, ']')
	}
	x.key = key
	x.out.add(facts.Subset, O, x.strBytes(key))
	for k := range min(len(lists[0].static), len(lists[1].static), len(lists[2].static)) {
		off, okOff := lists[0].at(k)
		size, okSize := lists[1].at(k)
		stride, okStride := lists[2].at(k)
		if okOff && okSize && okStride {
			x.out.add(facts.SliceDim, O, num(k), num(off), num(size), num(stride))
		}
	}
}
