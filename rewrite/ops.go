package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"bufferlog/extract"
	"bufferlog/ir"
)

// rewriters maps an op name to its bufferization. Ops of the linalg
// dialect not listed here are rewritten as destination-style ops.
var rewriters map[string]func(*bufferizer, *ir.Operation) error

func init() {
	rewriters = map[string]func(*bufferizer, *ir.Operation) error{
		"arith.constant":             (*bufferizer).constant,
		"arith.select":               (*bufferizer).selectOp,
		"tensor.empty":               (*bufferizer).empty,
		"bufferization.alloc_tensor": (*bufferizer).allocTensor,
		"tensor.extract":             (*bufferizer).scalarRead,
		"tensor.insert":              (*bufferizer).insert,
		"tensor.extract_slice":       (*bufferizer).extractSlice,
		"tensor.insert_slice":        (*bufferizer).insertSlice,
		"tensor.cast":                (*bufferizer).cast,
		"tensor.dim":                 (*bufferizer).scalarRead,
		"tensor.collapse_shape":      (*bufferizer).reshape,
		"tensor.expand_shape":        (*bufferizer).reshape,
		"tensor.from_elements":       (*bufferizer).fromElements,
		"tensor.splat":               (*bufferizer).splat,
		"tensor.pad":                 (*bufferizer).pad,
		"tensor.generate":            (*bufferizer).generate,
		"tensor.rank":                (*bufferizer).scalarRead,
		"tensor.reshape":             (*bufferizer).tensorReshape,
		"func.return":                (*bufferizer).passBuffers,
		"func.call":                  (*bufferizer).call,
		"cf.br":                      (*bufferizer).branch,
		"cf.cond_br":                 (*bufferizer).branch,
		"cf.switch":                  (*bufferizer).branch,
		"scf.for":                    (*bufferizer).forOp,
		"scf.if":                     (*bufferizer).ifOp,
		"scf.execute_region":         (*bufferizer).ifOp,
		"scf.index_switch":           (*bufferizer).ifOp,
		"scf.while":                  (*bufferizer).whileOp,
		"scf.yield":                  (*bufferizer).yield,
		"scf.condition":              (*bufferizer).passBuffers,
		"scf.forall":                 (*bufferizer).forall,
		"bufferization.to_tensor":    (*bufferizer).toTensor,
		"bufferization.to_buffer":    (*bufferizer).toBuffer,
		"bufferization.materialize_in_destination": (*bufferizer).materialize,
		"bufferization.dealloc_tensor":             (*bufferizer).deallocTensor,
		"vector.transfer_read":                     (*bufferizer).vectorRead,
		"vector.gather":                            (*bufferizer).vectorRead,
		"tensor.concat":                            (*bufferizer).concat,
		"arith.index_cast":                         (*bufferizer).indexCast,
		"shape.assuming":                           (*bufferizer).ifOp,
		"shape.assuming_yield":                     (*bufferizer).yield,
		"linalg.pack":                              (*bufferizer).lowerFirst,
		"linalg.unpack":                            (*bufferizer).lowerFirst,
		"vector.transfer_write":                    (*bufferizer).transferWrite,
		"vector.mask":                              (*bufferizer).maskOp,
		"vector.yield":                             (*bufferizer).keepForMask,
	}
}

// constant turns a tensor constant into a read-only memref.global and a
// memref.get_global; equal constants share one global.
func (b *bufferizer) constant(op *ir.Operation) error {
	t, ok := op.Result(0).Type().(*ir.TensorType)
	value := op.Inherent("value")
	if !ok || value == nil {
		return b.fail(op, "tensor constant without a value of ranked tensor type")
	}
	mt := inSpace(identityOf(t.Shape, t.Elem), b.defaultSpace(t))
	key := value.String() // its type too: one global per space
	name, ok := b.globals[key]
	if !ok {
		name = fmt.Sprintf("__constant_%s_%d", shapeName(t), len(b.globals))
		b.globals[key] = name
		g := ir.NewOperation("memref.global", nil, nil)
		g.SetProp("sym_name", ir.Str(name))
		g.SetProp("sym_visibility", ir.Str("private"))
		g.SetProp("type", &ir.TypeAttr{Type: mt})
		g.SetProp("initial_value", withoutEncoding(value))
		g.SetProp("constant", ir.UnitAttr{})
		g.SetProp("alignment", ir.IntAttr(64, ir.I64))
		b.newGlobals = append(b.newGlobals, g)
	}
	get := b.emit("memref.get_global", nil, []ir.Type{mt}, "global")
	get.SetProp("name", &ir.SymbolRefAttr{Root: name})
	b.mapResult(op, 0, get.Result(0))
	b.drop(op)
	return nil
}

// withoutEncoding is a dense literal typed as the tensor of its global's
// memref type, which has no encoding: a memref.global's initial value must
// be.
func withoutEncoding(value ir.Attribute) ir.Attribute {
	d, ok := value.(*ir.DenseElementsAttr)
	if !ok {
		return value
	}
	t, ok := d.Type.(*ir.TensorType)
	if !ok || t.Encoding == nil {
		return value
	}
	plain := *t
	plain.Encoding = nil
	return &ir.DenseElementsAttr{Body: d.Body, Type: &plain}
}

func shapeName(t *ir.TensorType) string {
	var s strings.Builder
	for _, n := range t.Shape {
		if n == ir.Dynamic {
			s.WriteString("?")
		} else {
			fmt.Fprint(&s, n)
		}
		s.WriteString("x")
	}
	s.WriteString(t.Elem.String())
	return s.String()
}

// empty allocates: a tensor.empty has no contents to copy.
func (b *bufferizer) empty(op *ir.Operation) error {
	t := op.Result(0).Type().(*ir.TensorType)
	b.mapResult(op, 0, b.allocSized(t, op.Operands()))
	b.drop(op)
	return nil
}

// allocTensor allocates, copying the copy operand's contents if given,
// in the memory space the op names, else in the copied buffer's, else
// in its type's default one (defaultSpace).
func (b *bufferizer) allocTensor(op *ir.Operation) error {
	t, ok := op.Result(0).Type().(*ir.TensorType)
	if !ok {
		return b.fail(op, "alloc_tensor of unranked type")
	}
	segs := segmentSizes(op)
	if len(segs) < 2 {
		return b.fail(op, "alloc_tensor without operandSegmentSizes")
	}
	sizes := op.Operands()[:segs[0]]
	space := op.Prop("memory_space")
	if space != nil {
		space = ir.MemorySpace(space)
	}
	if segs[1] == 0 {
		if space == nil {
			space = b.defaultSpace(t)
		}
		b.mapResult(op, 0, b.allocSizedIn(t, sizes, space))
		b.drop(op)
		return nil
	}
	src, err := b.bufferOf(op, op.Operand(segs[0]))
	if err != nil {
		return err
	}
	if space == nil {
		space = spaceOf(src.Type())
	}
	alloc := b.allocIn(t, src, space)
	b.emit("memref.copy", []*ir.Value{src, alloc}, nil, "")
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// segmentSizes reads operandSegmentSizes, or nil.
func segmentSizes(op *ir.Operation) []int {
	a, ok := op.Prop("operandSegmentSizes").(*ir.DenseArrayAttr)
	if !ok {
		return nil
	}
	vs, ok := a.Int64s()
	if !ok {
		return nil
	}
	out := make([]int, len(vs))
	for i, v := range vs {
		out[i] = int(v)
	}
	return out
}

// scalarReads are the ops that read a scalar of a tensor, and the memref
// op that reads it of the buffer, with the same other operands.
var scalarReads = map[string]string{"tensor.extract": "memref.load", "tensor.dim": "memref.dim", "tensor.rank": "memref.rank"}

// scalarRead replaces an op reading a scalar of its tensor operand by the
// memref op reading it of the buffer.
func (b *bufferizer) scalarRead(op *ir.Operation) error {
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	operands := append([]*ir.Value{src}, op.Operands()[1:]...)
	read := b.emit(scalarReads[op.Name], operands, []ir.Type{op.Result(0).Type()}, "")
	replaceScalar(op.Result(0), read.Result(0))
	b.drop(op)
	return nil
}

func (b *bufferizer) insert(op *ir.Operation) error {
	dst, err := b.operandBuffer(op, 1)
	if err != nil {
		return err
	}
	operands := append([]*ir.Value{op.Operand(0), dst}, op.Operands()[2:]...)
	b.emit("memref.store", operands, nil, "")
	b.mapResult(op, 0, dst)
	b.drop(op)
	return nil
}

// sliceParams are the static offsets, sizes and strides of a slice op,
// ir.Dynamic where an operand gives them.
type sliceParams struct{ offsets, sizes, strides []int64 }

func readSlice(op *ir.Operation) (sliceParams, bool) {
	var s sliceParams
	var ok1, ok2, ok3 bool
	if a, ok := op.Prop("static_offsets").(*ir.DenseArrayAttr); ok {
		s.offsets, ok1 = a.Int64s()
	}
	if a, ok := op.Prop("static_sizes").(*ir.DenseArrayAttr); ok {
		s.sizes, ok2 = a.Int64s()
	}
	if a, ok := op.Prop("static_strides").(*ir.DenseArrayAttr); ok {
		s.strides, ok3 = a.Int64s()
	}
	return s, ok1 && ok2 && ok3
}

// subview emits memref.subview of src with the slice op's offsets, sizes
// and strides (its operands after the first skip tensors), reduced to
// the shape of tensor type want.
func (b *bufferizer) subview(op *ir.Operation, src *ir.Value, skip int, want *ir.TensorType) (*ir.Value, error) {
	p, ok := readSlice(op)
	st, ok2 := src.Type().(*ir.MemRefType)
	if !ok || !ok2 {
		return nil, b.fail(op, "slice of a buffer of type %s", src.Type())
	}
	rt, ok := subviewType(st, p.offsets, p.sizes, p.strides, want.Shape)
	if !ok {
		return nil, b.fail(op, "cannot infer the subview type of %s for %s", st, want)
	}
	sv, ok := sliceAt("memref.subview", op, src, skip, rt, "subview")
	if !ok {
		return nil, b.fail(op, "slice op without operandSegmentSizes")
	}
	return b.add(sv).Result(0), nil
}

// sliceAt returns a new op name, of result type t named by hint, that
// takes of src the subset the slice op op takes: op's operands after the
// first skip are its dynamic offsets, sizes and strides. ok is false if
// op has no operandSegmentSizes for them.
func sliceAt(name string, op *ir.Operation, src *ir.Value, skip int, t ir.Type, hint string) (*ir.Operation, bool) {
	segs := segmentSizes(op)
	if len(segs) != skip+3 {
		return nil, false
	}
	sl := ir.NewOperation(name, append([]*ir.Value{src}, op.Operands()[skip:]...), []ir.Type{t})
	sl.Result(0).Name = hint
	sl.SetProp("operandSegmentSizes", ir.I32Array(1, segs[skip], segs[skip+1], segs[skip+2]))
	for _, p := range []string{"static_offsets", "static_sizes", "static_strides"} {
		sl.SetProp(p, op.Prop(p))
	}
	return sl, true
}

// extractSlice is a subview of the source's buffer; out of place, a new
// buffer of the slice's size, with a copy of the slice if needed.
func (b *bufferizer) extractSlice(op *ir.Operation) error {
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	t := op.Result(0).Type().(*ir.TensorType)
	sv, err := b.subview(op, src, 1, t)
	if err != nil {
		return err
	}
	if !b.plan.InPlace(op, 0) {
		sv = b.newBuffer(op, 0, t, sv)
	}
	b.mapResult(op, 0, sv)
	b.drop(op)
	return nil
}

// insertSlice copies the source into a subview of the destination,
// unless the source was computed in that very subview.
func (b *bufferizer) insertSlice(op *ir.Operation) error {
	dst, err := b.operandBuffer(op, 1)
	if err != nil {
		return err
	}
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	want, ok := b.typeOf(op.Operand(0)).(*ir.TensorType)
	if !ok {
		return b.fail(op, "insert_slice of an unranked tensor")
	}
	if !sameSubview(src, dst, op, 2) {
		sv, err := b.subview(op, dst, 2, want)
		if err != nil {
			return err
		}
		b.emit("memref.copy", []*ir.Value{src, sv}, nil, "")
	}
	b.mapResult(op, 0, dst)
	b.drop(op)
	return nil
}

// sameSubview reports whether buffer v is a memref.subview of dst at the
// offsets, sizes and strides of the slice op (whose operands after the
// first skip are the dynamic ones): the insertion's source is already in
// place.
func sameSubview(v, dst *ir.Value, op *ir.Operation, skip int) bool {
	sv := v.DefiningOp()
	if sv == nil || sv.Name != "memref.subview" || sv.Operand(0) != dst {
		return false
	}
	for _, p := range []string{"static_offsets", "static_sizes", "static_strides"} {
		a, c := sv.Prop(p), op.Prop(p)
		if a == nil || c == nil || a.String() != c.String() {
			return false
		}
	}
	dyn := op.Operands()[skip:]
	if len(dyn) != sv.NumOperands()-1 {
		return false
	}
	for i, d := range dyn {
		if sv.Operand(i+1) != d {
			return false
		}
	}
	return true
}

func (b *bufferizer) cast(op *ir.Operation) error {
	src, err := b.operandBuffer(op, 0)
	if err != nil {
		return err
	}
	// A cast changes no memory space, whatever encodings say.
	to := inSpace(bufferType(op.Result(0).Type(), !isIdentity(src.Type())), spaceOf(src.Type()))
	w, err := b.convert(op, src, to)
	if err != nil {
		return err
	}
	b.mapResult(op, 0, w)
	b.drop(op)
	return nil
}

// reshape turns collapse_shape and expand_shape into their memref forms
// on an identity-layout buffer (other layouts are copied into one first).
func (b *bufferizer) reshape(op *ir.Operation) error {
	src, err := b.identityOperand(op, 0)
	if err != nil {
		return err
	}
	rt := op.Result(0).Type().(*ir.TensorType)
	operands := append([]*ir.Value{src}, op.Operands()[1:]...)
	n := b.emit(strings.Replace(op.Name, "tensor.", "memref.", 1), operands, []ir.Type{inSpace(identityOf(rt.Shape, rt.Elem), spaceOf(src.Type()))}, "reshape")
	n.Properties = op.Properties
	b.mapResult(op, 0, n.Result(0))
	b.drop(op)
	return nil
}

// fromElements stores each element into a new buffer.
func (b *bufferizer) fromElements(op *ir.Operation) error {
	t := op.Result(0).Type().(*ir.TensorType)
	alloc := b.allocSized(t, nil)
	idx := make([]int64, len(t.Shape))
	consts := map[int64]*ir.Value{}
	for _, e := range op.Operands() {
		operands := []*ir.Value{e, alloc}
		for _, i := range idx {
			if consts[i] == nil {
				consts[i] = b.index(i)
			}
			operands = append(operands, consts[i])
		}
		b.emit("memref.store", operands, nil, "")
		for d := len(idx) - 1; d >= 0; d-- {
			if idx[d]++; idx[d] < t.Shape[d] {
				break
			}
			idx[d] = 0
		}
	}
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// splat fills a new buffer with the scalar.
func (b *bufferizer) splat(op *ir.Operation) error {
	t := op.Result(0).Type().(*ir.TensorType)
	alloc := b.allocSized(t, op.Operands()[1:])
	b.fill(op.Operand(0), alloc)
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// fill emits linalg.fill of buffer m with the scalar v.
func (b *bufferizer) fill(v, m *ir.Value) {
	fill := b.emit("linalg.fill", []*ir.Value{v, m}, nil, "")
	fill.SetProp("operandSegmentSizes", ir.I32Array(1, 1))
	blk := fill.AddRegion().AddBlock()
	in := blk.AddArg(v.Type())
	blk.AddArg(m.Type().(*ir.MemRefType).Elem)
	blk.Append(ir.NewOperation("linalg.yield", []*ir.Value{in}, nil))
}

// pad allocates the padded shape, fills it with the padding value and
// copies the source into the subview at the low padding. The padding
// must be one value for every position (defined outside the body).
func (b *bufferizer) pad(op *ir.Operation) error {
	body := op.Regions[0].Entry()
	yield := body.Terminator()
	if yield == nil || yield.NumOperands() != 1 || yield.Operand(0).Block() == body ||
		yield.Operand(0).DefiningOp() != nil && yield.Operand(0).DefiningOp().Block() == body {
		return b.fail(op, "tensor.pad whose padding value depends on the position has no bufferization here")
	}
	segs := segmentSizes(op)
	low, ok1 := op.Prop("static_low").(*ir.DenseArrayAttr)
	high, ok2 := op.Prop("static_high").(*ir.DenseArrayAttr)
	if len(segs) != 3 || !ok1 || !ok2 {
		return b.fail(op, "tensor.pad without its low and high padding")
	}
	lows, _ := low.Int64s()
	highs, _ := high.Int64s()
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	rt := op.Result(0).Type().(*ir.TensorType)
	st := b.typeOf(op.Operand(0)).(*ir.TensorType)
	dynLow, dynHigh := op.Operands()[1:1+segs[1]], op.Operands()[1+segs[1]:]
	lowAt := mixedList(lows, dynLow)
	highAt := mixedList(highs, dynHigh)
	var sizes []*ir.Value
	srcSizes := make([]mixed, len(st.Shape))
	for d, n := range st.Shape {
		srcSizes[d] = mixed{n: n}
		if n == ir.Dynamic {
			srcSizes[d] = mixed{n: ir.Dynamic, v: b.dim(src, d)}
		}
		if rt.Shape[d] == ir.Dynamic {
			size := b.addIndex(b.addIndex(b.mixedValue(srcSizes[d]), b.mixedValue(lowAt[d])), b.mixedValue(highAt[d]))
			sizes = append(sizes, size)
		}
	}
	alloc := b.allocSized(rt, sizes)
	b.fill(yield.Operand(0), alloc)
	ones := make([]mixed, len(st.Shape))
	for i := range ones {
		ones[i] = mixed{n: 1}
	}
	sv, err := b.subviewMixed(op, alloc, mixedSlice{offsets: lowAt, sizes: srcSizes, strides: ones}, st.Shape)
	if err != nil {
		return err
	}
	b.emit("memref.copy", []*ir.Value{src, sv}, nil, "")
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// concat allocates the result and copies each input into its slice
// along the concatenated dimension, as One-Shot Bufferize does.
func (b *bufferizer) concat(op *ir.Operation) error {
	dimAttr, ok := op.Inherent("dim").(*ir.IntegerAttr)
	rt, ok2 := op.Result(0).Type().(*ir.TensorType)
	if !ok || !ok2 {
		return b.fail(op, "tensor.concat without its dimension or a ranked result")
	}
	dim, _ := dimAttr.Int64()
	srcs := make([]*ir.Value, op.NumOperands())
	sizes := make([][]mixed, op.NumOperands())
	for i, v := range op.Operands() {
		src, err := b.bufferOf(op, v)
		if err != nil {
			return err
		}
		st, ok := b.typeOf(v).(*ir.TensorType)
		if !ok || len(st.Shape) != len(rt.Shape) {
			return b.fail(op, "tensor.concat of an operand of type %s", b.typeOf(v))
		}
		srcs[i] = src
		for d, n := range st.Shape {
			m := mixed{n: n}
			if n == ir.Dynamic {
				m.v = b.dim(src, d)
			}
			sizes[i] = append(sizes[i], m)
		}
	}
	var dynamic []*ir.Value
	for d, n := range rt.Shape {
		if n != ir.Dynamic {
			continue
		}
		if int64(d) != dim {
			dynamic = append(dynamic, b.mixedValue(sizes[0][d]))
			continue
		}
		total := b.mixedValue(sizes[0][d])
		for _, s := range sizes[1:] {
			total = b.addIndex(total, b.mixedValue(s[d]))
		}
		dynamic = append(dynamic, total)
	}
	alloc := b.allocSized(rt, dynamic)
	offset := mixed{n: 0}
	for i, src := range srcs {
		sl := mixedSlice{sizes: sizes[i]}
		for d := range rt.Shape {
			at := mixed{n: 0}
			if int64(d) == dim {
				at = offset
			}
			sl.offsets = append(sl.offsets, at)
			sl.strides = append(sl.strides, mixed{n: 1})
		}
		sv, err := b.subviewMixed(op, alloc, sl, b.typeOf(op.Operand(i)).(*ir.TensorType).Shape)
		if err != nil {
			return err
		}
		b.emit("memref.copy", []*ir.Value{src, sv}, nil, "")
		switch size := sizes[i][dim]; {
		case i == len(srcs)-1:
		case offset.n != ir.Dynamic && size.n != ir.Dynamic:
			offset = mixed{n: offset.n + size.n}
		case offset.n == 0:
			offset = size
		default:
			offset = mixed{n: ir.Dynamic, v: b.addIndex(b.mixedValue(offset), b.mixedValue(size))}
		}
	}
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// indexCast casts the elements of a buffer between index and an integer
// type: arith.index_cast on memrefs, a view of its operand, as One-Shot
// Bufferize leaves it.
func (b *bufferizer) indexCast(op *ir.Operation) error {
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	st, ok := src.Type().(*ir.MemRefType)
	rt, ok2 := op.Result(0).Type().(*ir.TensorType)
	if !ok || !ok2 {
		return b.fail(op, "arith.index_cast of a buffer of type %s to %s", src.Type(), op.Result(0).Type())
	}
	t := *st
	t.Elem = rt.Elem
	n := b.emit("arith.index_cast", []*ir.Value{src}, []ir.Type{&t}, "")
	b.mapResult(op, 0, n.Result(0))
	b.drop(op)
	return nil
}

// mixed is a static number or, where it is ir.Dynamic, a value.
type mixed struct {
	n int64
	v *ir.Value
}

// mixedList pairs a static_* array with the operands of its dynamic
// entries.
func mixedList(static []int64, dyn []*ir.Value) []mixed {
	out := make([]mixed, len(static))
	k := 0
	for i, n := range static {
		out[i] = mixed{n: n}
		if n == ir.Dynamic && k < len(dyn) {
			out[i].v = dyn[k]
			k++
		}
	}
	return out
}

func (b *bufferizer) mixedValue(m mixed) *ir.Value {
	if m.n == ir.Dynamic {
		return m.v
	}
	return b.index(m.n)
}

func (b *bufferizer) addIndex(x, y *ir.Value) *ir.Value {
	return b.emit("arith.addi", []*ir.Value{x, y}, []ir.Type{ir.Index}, "").Result(0)
}

// mixedSlice is the offsets, sizes and strides of a subview, each a
// number or a value.
type mixedSlice struct {
	offsets, sizes, strides []mixed
}

// subviewMixed emits a memref.subview of src that takes slice sl, reduced
// to shape want.
func (b *bufferizer) subviewMixed(op *ir.Operation, src *ir.Value, sl mixedSlice, want []int64) (*ir.Value, error) {
	st, ok := src.Type().(*ir.MemRefType)
	if !ok {
		return nil, b.fail(op, "slice of a buffer of type %s", src.Type())
	}
	operands := []*ir.Value{src}
	var statics [3][]int64
	var counts [3]int
	for k, list := range [][]mixed{sl.offsets, sl.sizes, sl.strides} {
		for _, m := range list {
			statics[k] = append(statics[k], m.n)
			if m.n == ir.Dynamic {
				operands = append(operands, m.v)
				counts[k]++
			}
		}
	}
	rt, ok := subviewType(st, statics[0], statics[1], statics[2], want)
	if !ok {
		return nil, b.fail(op, "cannot infer the subview type of %s", st)
	}
	sv := b.emit("memref.subview", operands, []ir.Type{rt}, "subview")
	sv.SetProp("operandSegmentSizes", ir.I32Array(1, counts[0], counts[1], counts[2]))
	sv.SetProp("static_offsets", ir.I64Array(statics[0]))
	sv.SetProp("static_sizes", ir.I64Array(statics[1]))
	sv.SetProp("static_strides", ir.I64Array(statics[2]))
	return sv.Result(0), nil
}

// generate allocates and runs the body for every index in a nest of
// scf.for loops, storing what it yields.
func (b *bufferizer) generate(op *ir.Operation) error {
	t := op.Result(0).Type().(*ir.TensorType)
	alloc := b.allocSized(t, op.Operands())
	body := op.Regions[0].Entry()
	zero, one := b.index(0), b.index(1)
	var ivs []*ir.Value
	var loops []*ir.Operation
	for d := range t.Shape {
		loop := ir.NewOperation("scf.for", []*ir.Value{zero, b.dim(alloc, d), one}, nil)
		ivs = append(ivs, loop.AddRegion().AddBlock().AddArg(ir.Index))
		loops = append(loops, loop)
	}
	outer := b.out
	b.out = nil
	ops := body.Ops()
	yield := ops[len(ops)-1]
	for i, a := range body.Args() {
		a.ReplaceAllUsesWith(ivs[i])
	}
	for _, o := range ops[:len(ops)-1] {
		if err := b.op(o); err != nil {
			return err
		}
	}
	b.emit("memref.store", append([]*ir.Value{yield.Operand(0), alloc}, ivs...), nil, "")
	inner := b.out
	b.out = outer
	for d := len(loops) - 1; d >= 0; d-- {
		inner = append(inner, ir.NewOperation("scf.yield", nil, nil))
		loops[d].Regions[0].Entry().SetOps(inner)
		inner = []*ir.Operation{loops[d]}
	}
	b.out = append(b.out, inner...)
	body.SetOps(nil)
	b.drop(yield)
	b.mapResult(op, 0, alloc)
	b.drop(op)
	return nil
}

// identityOperand is the buffer of operand i as decided, in the identity
// layout (copied into one if it has another).
func (b *bufferizer) identityOperand(op *ir.Operation, i int) (*ir.Value, error) {
	src, err := b.operandBuffer(op, i)
	if err != nil {
		return nil, err
	}
	return b.identity(op, src)
}

// identity returns buffer v in the identity layout, copying it into a
// new buffer if it has another layout.
func (b *bufferizer) identity(op *ir.Operation, v *ir.Value) (*ir.Value, error) {
	st, ok := v.Type().(*ir.MemRefType)
	if !ok {
		return nil, b.fail(op, "'%s' of a buffer of type %s has no bufferization here", op.Name, v.Type())
	}
	return b.convert(op, v, identityLike(st))
}

// tensorReshape reshapes an identity-layout copy-free view; the shape
// operand is a tensor too, read through its buffer.
func (b *bufferizer) tensorReshape(op *ir.Operation) error {
	src, err := b.identityOperand(op, 0)
	if err != nil {
		return err
	}
	shape, err := b.bufferOf(op, op.Operand(1))
	if err != nil {
		return err
	}
	if shape, err = b.identity(op, shape); err != nil {
		return err
	}
	rt := op.Result(0).Type()
	n := b.emit("memref.reshape", []*ir.Value{src, shape}, []ir.Type{inSpace(bufferType(rt, false), spaceOf(src.Type()))}, "reshape")
	b.mapResult(op, 0, n.Result(0))
	b.drop(op)
	return nil
}

// selectOp selects between two buffers of one type. An elementwise
// select (a tensor condition) is left to linalg, as in MLIR.
func (b *bufferizer) selectOp(op *ir.Operation) error {
	if b.isTensor(op.Operand(0)) {
		return b.notBufferized(op)
	}
	x, err := b.operandBuffer(op, 1)
	if err != nil {
		return err
	}
	y, err := b.operandBuffer(op, 2)
	if err != nil {
		return err
	}
	t := x.Type()
	if !ir.TypesEqual(t, y.Type()) {
		t = generalize(t)
		if x, err = b.convert(op, x, t); err != nil {
			return err
		}
		if y, err = b.convert(op, y, t); err != nil {
			return err
		}
	}
	sel := b.emit("arith.select", []*ir.Value{op.Operand(0), x, y}, []ir.Type{t}, "")
	b.mapResult(op, 0, sel.Result(0))
	b.drop(op)
	return nil
}

// passBuffers keeps op with its tensor operands replaced by buffers.
func (b *bufferizer) passBuffers(op *ir.Operation) error {
	if err := b.operandsToBuffers(op); err != nil {
		return err
	}
	b.keep(op)
	return nil
}

// call passes buffers in the callee's argument types and takes results
// of its result types; an out-of-place operand passes a copy.
func (b *bufferizer) call(op *ir.Operation) error {
	callee := b.funcs[calleeName(op)]
	sig := b.sigs[callee]
	if callee == nil {
		return b.fail(op, "call of unknown function @%s", calleeName(op))
	}
	if sig == nil {
		// A recursive call: the callee's body is not rewritten yet, so
		// its results are typed as if they could not be inferred.
		if b.forcedDynamic == nil {
			b.forcedDynamic = map[*ir.Operation]bool{}
		}
		b.forcedDynamic[callee] = true
		sig = b.boundary(ir.FuncType(callee), true)
	}
	err := b.replaceTensorOperands(op, func(i int, w *ir.Value) (*ir.Value, error) {
		return b.convert(op, w, sig.Inputs[i])
	})
	if err != nil {
		return err
	}
	for i, r := range op.Results() {
		if ir.IsTensor(r.Type()) {
			b.retype(r, sig.Results[i])
		}
	}
	b.keep(op)
	return nil
}

// branch passes buffers to blocks whose tensor arguments now take fully
// dynamic memrefs (see region). A block argument takes the memory space
// of the first buffer passed to it: blocks are rewritten in dominance
// order, so a branch to a reachable block comes before the block itself.
// The buffers other branches pass must be in that space too.
func (b *bufferizer) branch(op *ir.Operation) error {
	err := b.replaceTensorOperands(op, func(i int, w *ir.Value) (*ir.Value, error) {
		succ, k, ok := ir.ForwardedTo(op, i)
		if !ok {
			return nil, b.fail(op, "operand #%d is passed to no successor", i)
		}
		arg := op.Successors()[succ].Arg(k)
		if !b.spaceSettled[arg] {
			arg.SetType(inSpace(arg.Type(), spaceOf(w.Type())))
			b.spaceSettled[arg] = true
		}
		return b.convert(op, w, arg.Type())
	})
	if err != nil {
		return err
	}
	b.keep(op)
	return nil
}

// forOp carries buffers in the loop's iter_args (fully dynamic layouts,
// so that any yielded buffer fits): the init operands bufferize as
// decided, the body's yields cast to the iter_args' types. An iter_arg
// the plan drops is not carried: the body and the result use the init's
// buffer.
func (b *bufferizer) forOp(op *ir.Operation) error {
	body := op.Regions[0].Entry()
	first := op.NumOperands() - (len(body.Args()) - 1)
	operands := slices.Clone(op.Operands()[:first])
	var types []ir.Type
	dropped := make([]bool, op.NumResults())
	for i := first; i < op.NumOperands(); i++ {
		v, k := op.Operand(i), i-first
		arg, res := body.Arg(k+1), op.Result(k)
		if !b.isTensor(v) {
			operands = append(operands, v)
			types = append(types, v.Type())
			continue
		}
		w, err := b.operandBuffer(op, i)
		if err != nil {
			return err
		}
		if b.plan.DropsIterArg(op, i) {
			dropped[k] = true
			b.buf[arg], b.buf[res] = w, w
			continue
		}
		t := carrierType(b.typeOf(v), w.Type())
		if w, err = b.convert(op, w, t); err != nil {
			return err
		}
		b.retype(arg, t)
		operands = append(operands, w)
		types = append(types, t)
	}
	n := b.rebuild(op, operands, types)
	b.droppedYields[n] = dropped
	k := 0
	for j, res := range op.Results() {
		if dropped[j] {
			continue
		}
		n.Result(k).Name = res.Name
		if b.isTensor(res) {
			b.tensorType[n.Result(k)] = b.typeOf(res)
			b.buf[n.Result(k)] = n.Result(k)
			b.buf[res] = n.Result(k)
		} else {
			replaceScalar(res, n.Result(k))
		}
		k++
	}
	for j := len(dropped) - 1; j >= 0; j-- {
		if dropped[j] {
			b.erasedArgs = append(b.erasedArgs, blockArg{body, j + 1})
		}
	}
	return b.region(n.Regions[0])
}

// yield passes buffers; in a loop it casts them to the iter_args' types
// and leaves out those of dropped iter_args.
func (b *bufferizer) yield(op *ir.Operation) error {
	parent := op.ParentOp()
	dropped := b.droppedYields[parent]
	kept := make([]*ir.Value, 0, op.NumOperands())
	for i, v := range op.Operands() {
		if i < len(dropped) && dropped[i] {
			continue
		}
		if !b.isTensor(v) {
			kept = append(kept, v)
			continue
		}
		w, err := b.operandBuffer(op, i)
		if err != nil {
			return err
		}
		if target := yieldTarget(parent, len(kept)); target != nil {
			if w, err = b.convert(op, w, target); err != nil {
				return err
			}
		}
		kept = append(kept, w)
	}
	op.SetOperands(kept)
	b.keep(op)
	return nil
}

// yieldTarget is the type a loop's yield operand i must have (its
// iter_arg's), or nil where the parent's results are typed after its
// regions are rewritten.
func yieldTarget(parent *ir.Operation, i int) ir.Type {
	switch parent.Name {
	case "scf.for":
		return parent.Result(i).Type()
	case "scf.while":
		return parent.Regions[0].Entry().Arg(i).Type()
	}
	return nil
}

// ifOp rewrites the regions of an op whose results are what its regions
// yield (scf.if, scf.execute_region, scf.index_switch, shape.assuming),
// then types each tensor result as the yielded buffers, fully dynamic
// where they differ.
func (b *bufferizer) ifOp(op *ir.Operation) error {
	if err := b.operandsToBuffers(op); err != nil {
		return err
	}
	b.keep(op)
	for _, r := range op.Regions {
		if err := b.region(r); err != nil {
			return err
		}
	}
	var yields []*ir.Operation
	for _, r := range op.Regions {
		for _, blk := range r.Blocks() {
			if t := blk.Terminator(); t != nil && (t.Name == "scf.yield" || t.Name == "shape.assuming_yield") {
				yields = append(yields, t)
			}
		}
	}
	for i, res := range op.Results() {
		if !ir.IsTensor(res.Type()) {
			continue
		}
		var t ir.Type
		for _, y := range yields {
			switch yt := y.Operand(i).Type(); {
			case t == nil:
				t = yt
			case !ir.TypesEqual(t, yt):
				t = carrierType(res.Type(), t)
			}
		}
		if t == nil {
			return b.fail(op, "result #%d is yielded by no region", i)
		}
		for _, y := range yields {
			if err := b.castOperandAt(y, i, t); err != nil {
				return err
			}
		}
		b.retype(res, t)
	}
	return nil
}

// castOperandAt converts operand i of op, which ends its block, to type t,
// inserting the conversion before op.
func (b *bufferizer) castOperandAt(op *ir.Operation, i int, t ir.Type) error {
	if ir.TypesEqual(op.Operand(i).Type(), t) {
		return nil
	}
	blk := op.Block()
	ops := blk.Ops()
	saved := b.out
	b.out = append([]*ir.Operation(nil), ops[:len(ops)-1]...)
	w, err := b.convert(op, op.Operand(i), t)
	if err == nil {
		op.SetOperand(i, w)
		blk.SetOps(append(b.out, op))
	}
	b.out = saved
	return err
}

// whileOp carries buffers like scf.for: the before region's arguments are
// fully dynamic memrefs; the after region's arguments and the results are
// typed as what scf.condition forwards.
func (b *bufferizer) whileOp(op *ir.Operation) error {
	before, after := op.Regions[0].Entry(), op.Regions[1].Entry()
	for i, v := range op.Operands() {
		if !b.isTensor(v) {
			continue
		}
		w, err := b.operandBuffer(op, i)
		if err != nil {
			return err
		}
		t := carrierType(b.typeOf(v), w.Type())
		if w, err = b.convert(op, w, t); err != nil {
			return err
		}
		op.SetOperand(i, w)
		b.retype(before.Arg(i), t)
	}
	b.keep(op)
	if err := b.region(op.Regions[0]); err != nil {
		return err
	}
	cond := op.Regions[0].Entry().Terminator()
	for j, a := range after.Args() {
		if !ir.IsTensor(a.Type()) {
			continue
		}
		t := carrierType(a.Type(), cond.Operand(j+1).Type())
		if err := b.castOperandAt(cond, j+1, t); err != nil {
			return err
		}
		b.retype(a, t)
		b.retype(op.Result(j), t)
	}
	return b.region(op.Regions[1])
}

// forall runs its body on the shared outputs' buffers: the op loses its
// outputs, results and the body's output arguments, and each
// parallel_insert_slice becomes a copy into a subview, made in the body
// just before the terminator.
func (b *bufferizer) forall(op *ir.Operation) error {
	body := op.Regions[0].Entry()
	nOuts := op.NumResults()
	first := op.NumOperands() - nOuts
	argBase := len(body.Args()) - nOuts
	for k := range nOuts {
		w, err := b.operandBuffer(op, first+k)
		if err != nil {
			return err
		}
		b.buf[body.Arg(argBase+k)] = w
		b.mapResult(op, k, w)
	}
	segs := segmentSizes(op)
	if len(segs) != 4 {
		return b.fail(op, "scf.forall without operandSegmentSizes")
	}
	n := b.rebuild(op, op.Operands()[:first], nil)
	n.SetProp("operandSegmentSizes", ir.I32Array(segs[0], segs[1], segs[2], 0))
	for k := nOuts - 1; k >= 0; k-- {
		b.erasedArgs = append(b.erasedArgs, blockArg{body, argBase + k})
	}
	return b.forallBody(body)
}

// forallBody rewrites the body; the scf.forall.in_parallel terminator's
// parallel_insert_slice ops become copies before it.
func (b *bufferizer) forallBody(body *ir.Block) error {
	saved := b.out
	b.out = nil
	ops := body.Ops()
	for _, o := range ops[:len(ops)-1] {
		if err := b.op(o); err != nil {
			return err
		}
	}
	term := ops[len(ops)-1]
	for _, r := range term.Regions {
		for _, blk := range r.Blocks() {
			for _, ins := range blk.Ops() {
				if ins.Name != "tensor.parallel_insert_slice" {
					return b.fail(ins, "'%s' op in scf.forall.in_parallel has no bufferization", ins.Name)
				}
				src, err := b.bufferOf(ins, ins.Operand(0))
				if err != nil {
					return err
				}
				dst, err := b.bufferOf(ins, ins.Operand(1))
				if err != nil {
					return err
				}
				if !sameSubview(src, dst, ins, 2) {
					sv, err := b.subview(ins, dst, 2, b.typeOf(ins.Operand(0)).(*ir.TensorType))
					if err != nil {
						return err
					}
					b.emit("memref.copy", []*ir.Value{src, sv}, nil, "")
				}
				b.drop(ins)
			}
			blk.SetOps(nil)
		}
	}
	body.SetOps(append(b.out, term))
	b.out = saved
	return nil
}

// toTensor's result is its operand's memory.
func (b *bufferizer) toTensor(op *ir.Operation) error {
	b.mapResult(op, 0, op.Operand(0))
	b.drop(op)
	return nil
}

// toBuffer's result is the tensor's buffer.
func (b *bufferizer) toBuffer(op *ir.Operation) error {
	src, err := b.operandBuffer(op, 0)
	if err != nil {
		return err
	}
	w, err := b.convert(op, src, op.Result(0).Type())
	if err != nil {
		return err
	}
	b.toBuffers = append(b.toBuffers, [2]*ir.Value{op.Result(0), w})
	b.drop(op)
	return nil
}

// materialize copies the source into the destination unless the source
// was computed there.
func (b *bufferizer) materialize(op *ir.Operation) error {
	src, err := b.operandBuffer(op, 0)
	if err != nil {
		return err
	}
	var dst *ir.Value
	if b.isTensor(op.Operand(1)) {
		if dst, err = b.operandBuffer(op, 1); err != nil {
			return err
		}
	} else {
		dst = op.Operand(1)
	}
	if src != dst {
		b.emit("memref.copy", []*ir.Value{src, dst}, nil, "")
	}
	if op.NumResults() == 1 {
		b.mapResult(op, 0, dst)
	}
	b.drop(op)
	return nil
}

func (b *bufferizer) deallocTensor(op *ir.Operation) error {
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	b.emit("memref.dealloc", []*ir.Value{src}, nil, "")
	b.drop(op)
	return nil
}

// vectorRead rewrites a vector op that reads its first operand
// (vector.transfer_read, vector.gather) to read its buffer.
func (b *bufferizer) vectorRead(op *ir.Operation) error {
	src, err := b.bufferOf(op, op.Operand(0))
	if err != nil {
		return err
	}
	operands := append([]*ir.Value{src}, op.Operands()[1:]...)
	n := b.rebuild(op, operands, []ir.Type{op.Result(0).Type()})
	replaceScalar(op.Result(0), n.Result(0))
	return nil
}

func (b *bufferizer) transferWrite(op *ir.Operation) error {
	dst, err := b.operandBuffer(op, 1)
	if err != nil {
		return err
	}
	operands := append([]*ir.Value{op.Operand(0), dst}, op.Operands()[2:]...)
	b.rebuild(op, operands, nil)
	b.mapResult(op, 0, dst)
	return nil
}

// keepForMask keeps a vector.yield as it is: maskOp takes out the tensors
// it yields once the masked op is rewritten.
func (b *bufferizer) keepForMask(op *ir.Operation) error {
	b.keep(op)
	return nil
}

// maskOp rewrites the op a vector.mask masks (One-Shot Bufferize's MaskOp
// model). A tensor it yields, a transfer_write's result, is the buffer
// written: the mask's result is that buffer, and the mask and its yield
// keep only their other values. What the rewrite of the masked op puts
// before it (an allocation and a copy for an operand out of place) goes
// before the mask, whose body holds the masked op alone.
func (b *bufferizer) maskOp(op *ir.Operation) error {
	if len(op.Regions) != 1 || len(op.Regions[0].Blocks()) != 1 {
		return b.fail(op, "expected one region of one block")
	}
	body := op.Regions[0].Blocks()[0]
	if err := b.region(op.Regions[0]); err != nil {
		return err
	}
	ops := body.Ops()
	yield := body.Terminator()
	if yield == nil || yield.Name != "vector.yield" {
		return b.fail(op, "expected the body to end with vector.yield")
	}
	if n := len(ops); n > 2 {
		b.out = append(b.out, ops[:n-2]...)
		body.SetOps(slices.Clone(ops[n-2:]))
	}
	var kept []*ir.Value
	var types []ir.Type
	var results []*ir.Value
	for i, v := range yield.Operands() {
		res := op.Result(i)
		if !ir.IsTensor(res.Type()) {
			kept, types, results = append(kept, v), append(types, res.Type()), append(results, res)
			continue
		}
		w, err := b.bufferOf(yield, v)
		if err != nil {
			return err
		}
		b.mapResult(op, i, w)
	}
	yield.SetOperands(kept)
	n := ir.NewOperation(op.Name, op.Operands(), types)
	n.Properties, n.Attrs = op.Properties, op.Attrs
	op.MoveRegionsTo(n)
	for j, r := range results {
		replaceScalar(r, n.Result(j))
	}
	b.keep(n)
	b.drop(op)
	return nil
}

// lowerFirst rejects an op that MLIR 22 does not bufferize either, and
// whose memref form does not verify.
func (b *bufferizer) lowerFirst(op *ir.Operation) error {
	return b.fail(op, "'%s' op on tensors has no bufferization (nor in MLIR 22): lower it first (transform.structured.lower_pack or lower_unpack, or the linalg decomposition patterns)", op.Name)
}

// destinationStyle rewrites a linalg op: inputs read their buffers, each
// init (extract.Inits: the last operand segment) is written in its
// buffer as decided, and the tensor results are those buffers.
func (b *bufferizer) destinationStyle(op *ir.Operation) error {
	first, end, ok := extract.Inits(op)
	if !ok {
		first, end = op.NumOperands()-op.NumResults(), op.NumOperands()
	}
	operands := append([]*ir.Value(nil), op.Operands()...)
	var results []*ir.Value
	for i, v := range op.Operands() {
		if !b.isTensor(v) {
			continue
		}
		var w *ir.Value
		var err error
		if first <= i && i < end {
			w, err = b.operandBuffer(op, i)
			results = append(results, w)
		} else {
			w, err = b.bufferOf(op, v)
		}
		if err != nil {
			return err
		}
		operands[i] = w
	}
	if len(results) != op.NumResults() {
		return b.fail(op, "'%s' op has %d tensor results for %d tensor inits", op.Name, op.NumResults(), len(results))
	}
	for k, w := range results {
		b.mapResult(op, k, w)
	}
	n := b.rebuild(op, operands, nil)
	// The body may read tensors of the enclosing function (tensor.extract).
	for _, r := range n.Regions {
		if err := b.region(r); err != nil {
			return err
		}
	}
	return nil
}
