package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"bufferlog/ir"
)

// Plan is what the analysis decided for each tensor operand of the input
// module, keyed by the input's ops (Bufferize asks before it changes an
// op).
type Plan interface {
	// InPlace reports whether the operand reuses its value's buffer.
	InPlace(op *ir.Operation, operand int) bool
	// CopiesContents reports whether an out-of-place operand's new
	// buffer must receive the value's contents: the op reads them and
	// they are defined.
	CopiesContents(op *ir.Operation, operand int) bool
	// DropsIterArg reports whether the loop's operand, its iter_arg,
	// its yielded value and its result are one buffer, so that the loop
	// need not carry it.
	DropsIterArg(op *ir.Operation, operand int) bool
}

// Options choose how Bufferize types buffers.
type Options struct {
	// Layout types function arguments and results.
	Layout Layout
	// Alignment, when not 0, is the alignment in bytes of every buffer
	// allocated (One-Shot Bufferize's buffer-alignment, 64 by default).
	Alignment int64
	// MaxStackBytes is the stack that the buffers of one function that
	// the deallocation rules promote to memref.alloca may take together
	// (dealloc_stack.mg); 0 promotes none.
	MaxStackBytes int64
	// AllowUnknownOps keeps ops that have no bufferization on tensors:
	// their operands become bufferization.to_tensor of the buffers, and
	// their results are read back with bufferization.to_buffer.
	AllowUnknownOps bool
	// EncodingSpace reads a ranked tensor type's encoding as the memory
	// space of the buffers allocated for it and of the function
	// boundaries that take it (One-Shot Bufferize's
	// use-encoding-for-memory-space).
	EncodingSpace bool
}

// Bufferize rewrites m from tensor IR to memref IR: every tensor value
// gets a buffer, an out-of-place operand gets a new buffer (memref.alloc,
// and memref.copy when plan says its contents are needed), and every
// other operand reuses the buffer of its value. Errors name the op that
// cannot be bufferized; m is then left half rewritten, so callers print
// nothing.
func Bufferize(m *ir.Module, plan Plan, opt Options) error {
	b := &bufferizer{
		m: m, plan: plan, opt: opt,
		buf:           map[*ir.Value]*ir.Value{},
		tensorType:    map[*ir.Value]ir.Type{},
		globals:       map[string]string{},
		funcs:         map[string]*ir.Operation{},
		state:         map[*ir.Operation]int{},
		sigs:          map[*ir.Operation]*ir.FunctionType{},
		droppedYields: map[*ir.Operation][]bool{},
		spaceSettled:  map[*ir.Value]bool{},
	}
	for _, fn := range m.Funcs() {
		b.funcs[ir.SymbolName(fn)] = fn
	}
	for _, fn := range m.Funcs() {
		if err := b.function(fn); err != nil {
			return err
		}
	}
	for i := len(b.dead) - 1; i >= 0; i-- {
		b.dead[i].Discard()
	}
	for _, a := range b.erasedArgs {
		a.block.EraseArg(a.index)
	}
	b.removeDeadBuffers()
	splitRepeatedSuccessors(m)
	if len(b.newGlobals) > 0 {
		body := m.Body()
		body.SetOps(append(b.newGlobals, body.Ops()...))
	}
	return nil
}

// noSparseTensors rejects a function that takes, returns or makes a
// sparse tensor: their storage is the sparsifier's to lay out, before
// bufferization (One-Shot Bufferize leaves them to it too).
func (b *bufferizer) noSparseTensors(fn *ir.Operation, ft *ir.FunctionType) error {
	msg := "sparse tensors (%s) are not bufferized by bufferlog: run MLIR's sparsifier on them first"
	for _, t := range append(slices.Clone(ft.Inputs), ft.Results...) {
		if isSparse(t) {
			return b.fail(fn, msg, t)
		}
	}
	var err error
	ir.Walk(fn, func(op *ir.Operation) bool {
		for _, r := range op.Results() {
			if isSparse(r.Type()) {
				err = b.fail(op, msg, r.Type())
				return false
			}
		}
		return true
	})
	return err
}

// isSparse reports whether t is a tensor with a sparse_tensor encoding.
func isSparse(t ir.Type) bool {
	tt, ok := t.(*ir.TensorType)
	return ok && tt.Encoding != nil && strings.HasPrefix(tt.Encoding.String(), "#sparse_tensor.encoding")
}

// Error is a located failure to bufferize an op.
type Error struct {
	Op  *ir.Operation
	Msg string
}

func (e *Error) Error() string { return e.Msg }

type bufferizer struct {
	m    *ir.Module
	plan Plan
	opt  Options
	// buf maps each tensor value to its buffer; values whose type was
	// changed in place (block arguments, results of kept ops) map to
	// themselves.
	buf map[*ir.Value]*ir.Value
	// tensorType keeps the tensor type of values retyped in place.
	tensorType map[*ir.Value]ir.Type
	// out collects the ops of the block being rewritten.
	out  []*ir.Operation
	dead []*ir.Operation
	// buffers are the allocations and views emitted (droppable), in
	// order, for removeDeadBuffers.
	buffers []*ir.Operation
	// erasedArgs are block arguments replaced by buffers, erased once
	// the dead ops no longer use them (in order: later arguments first).
	erasedArgs []blockArg
	// toBuffers are the results of the function's to_buffer ops and the
	// buffers they stand for, replaced once its body is rewritten: a
	// buffer retyped in place (a call result, a block argument) would
	// make the to_buffer's users look like users of a tensor before.
	toBuffers [][2]*ir.Value
	// globals maps a constant's text to its memref.global's name.
	globals    map[string]string
	newGlobals []*ir.Operation
	funcs      map[string]*ir.Operation
	// state is 1 while a function is being rewritten, 2 when done, so
	// that callees are rewritten before their callers.
	state map[*ir.Operation]int
	// sigs are the rewritten function types.
	sigs map[*ir.Operation]*ir.FunctionType
	// droppedYields lists, for a rewritten loop, the yield operands
	// whose iter_args were dropped.
	droppedYields map[*ir.Operation][]bool
	// forcedDynamic marks functions whose results were typed fully
	// dynamic before their bodies were rewritten (recursion).
	forcedDynamic map[*ir.Operation]bool
	// spaceSettled marks the tensor arguments of cf branch targets whose
	// memory space is fixed: by the first branch rewritten that passes
	// them a buffer, or, for an unreachable block, by its rewrite (see
	// branch).
	spaceSettled map[*ir.Value]bool
}

type blockArg struct {
	block *ir.Block
	index int
}

// notBufferized is MLIR's verdict on a tensor op without a
// bufferization: elementwise arith and math ops on tensors, for one,
// must be turned into linalg ops first.
func (b *bufferizer) notBufferized(op *ir.Operation) error {
	return b.fail(op, "'%s' op on tensors was not bufferized: it has no bufferization (elementwise ops on tensors must be converted to linalg first; --allow-unknown-ops keeps it on tensors)", op.Name)
}

// unknown keeps an op without a bufferization on tensors, at a boundary:
// each tensor operand is a bufferization.to_tensor of its buffer as
// decided, and each tensor result is read back into a buffer with
// bufferization.to_buffer, of a fully dynamic layout.
func (b *bufferizer) unknown(op *ir.Operation) error {
	err := b.replaceTensorOperands(op, func(i int, w *ir.Value) (*ir.Value, error) {
		return b.emit("bufferization.to_tensor", []*ir.Value{w}, []ir.Type{b.typeOf(op.Operand(i))}, "").Result(0), nil
	})
	if err != nil {
		return err
	}
	b.keep(op)
	for _, r := range op.Regions {
		if err := b.region(r); err != nil {
			return err
		}
	}
	for i, r := range op.Results() {
		if ir.IsTensor(r.Type()) {
			m := b.emit("bufferization.to_buffer", []*ir.Value{r}, []ir.Type{b.bufferTypeIn(r.Type(), true)}, "")
			b.mapResult(op, i, m.Result(0))
		}
	}
	return nil
}

func (b *bufferizer) fail(op *ir.Operation, format string, args ...any) error {
	return &Error{Op: op, Msg: fmt.Sprintf(format, args...)}
}

// retype makes the tensor value v its own buffer, of type t.
func (b *bufferizer) retype(v *ir.Value, t ir.Type) {
	b.tensorType[v] = v.Type()
	v.SetType(t)
	b.buf[v] = v
}

// typeOf is v's type in the input: a tensor type for retyped values.
func (b *bufferizer) typeOf(v *ir.Value) ir.Type {
	if t, ok := b.tensorType[v]; ok {
		return t
	}
	return v.Type()
}

// isTensor reports whether v was a tensor in the input.
func (b *bufferizer) isTensor(v *ir.Value) bool { return ir.IsTensor(b.typeOf(v)) }

// emit appends a new op to the block being rewritten and returns it.
func (b *bufferizer) emit(name string, operands []*ir.Value, results []ir.Type, hint string) *ir.Operation {
	op := ir.NewOperation(name, operands, results)
	for _, r := range op.Results() {
		r.Name = hint
	}
	return b.add(op)
}

// add appends op, made for the block being rewritten, to it and returns
// it.
func (b *bufferizer) add(op *ir.Operation) *ir.Operation {
	b.out = append(b.out, op)
	if droppable[op.Name] {
		b.buffers = append(b.buffers, op)
	}
	return op
}

// droppable are the ops the rewrite emits that only make a buffer or a
// view of one: unused, they are removed (removeDeadBuffers).
var droppable = map[string]bool{
	"memref.alloc": true, "memref.subview": true, "memref.cast": true, "memref.reshape": true,
	"memref.expand_shape": true, "memref.collapse_shape": true, "memref.get_global": true,
}

// function rewrites fn's signature and body, after its callees'.
func (b *bufferizer) function(fn *ir.Operation) error {
	switch b.state[fn] {
	case 1, 2:
		return nil
	}
	b.state[fn] = 1
	ft := ir.FuncType(fn)
	if ft == nil {
		b.state[fn] = 2
		return nil
	}
	if err := b.noSparseTensors(fn, ft); err != nil {
		return err
	}
	external := len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil
	// Callees first: a call's result types are the callee's.
	if !external {
		var err error
		ir.Walk(fn, func(op *ir.Operation) bool {
			if op.Name == "func.call" && err == nil {
				if callee := b.funcs[calleeName(op)]; callee != nil && callee != fn {
					err = b.function(callee)
				}
			}
			return err == nil
		})
		if err != nil {
			return err
		}
	}
	for _, t := range append(slices.Clone(ft.Inputs), ft.Results...) {
		if !hasBufferType(t) {
			return b.fail(fn, "%s has no buffer type: its element type cannot be a memref element", t)
		}
	}
	sig := b.boundary(ft, external)
	if !external {
		for _, a := range fn.Regions[0].Entry().Args() {
			if ir.IsTensor(a.Type()) {
				b.retype(a, sig.Inputs[a.Index()])
			}
		}
		if err := b.region(fn.Regions[0]); err != nil {
			return err
		}
		for _, r := range b.toBuffers {
			replaceScalar(r[0], r[1])
		}
		b.toBuffers = nil
		switch {
		case b.forcedDynamic[fn]:
			// A recursive call took the results as boundary(ft, true).
			sig.Results = b.boundary(ft, true).Results
		case b.opt.Layout == InferLayout:
			b.inferResults(fn, sig)
		}
		if err := b.resultSpaces(fn, sig); err != nil {
			return err
		}
		if err := b.castReturns(fn, sig); err != nil {
			return err
		}
	}
	// Published only now: a call that finds no signature is recursive.
	b.sigs[fn] = sig
	fn.SetProp("function_type", &ir.TypeAttr{Type: sig})
	b.state[fn] = 2
	return nil
}

// boundary is a function type with its tensors as buffers, typed by the
// Layout option; under InferLayout, results that cannot be inferred from
// a body (uninferable: a declaration, or a function a recursive call uses
// before its body is rewritten) are fully dynamic, the others start as
// identity layouts until inferResults types them.
func (b *bufferizer) boundary(ft *ir.FunctionType, uninferable bool) *ir.FunctionType {
	sig := &ir.FunctionType{Results: slices.Clone(ft.Results)}
	for _, t := range ft.Inputs {
		sig.Inputs = append(sig.Inputs, b.bufferTypeIn(t, b.opt.Layout != IdentityLayout))
	}
	for i, t := range ft.Results {
		if ir.IsTensor(t) {
			sig.Results[i] = b.bufferTypeIn(t, b.opt.Layout == FullyDynamicLayout || b.opt.Layout == InferLayout && uninferable)
		}
	}
	return sig
}

// inferResults types each tensor result as the buffers returned for it,
// or fully dynamic where returns differ.
func (b *bufferizer) inferResults(fn *ir.Operation, sig *ir.FunctionType) {
	for i, t := range sig.Results {
		if !ir.IsTensor(ir.FuncType(fn).Results[i]) {
			continue
		}
		var got ir.Type
		for _, ret := range returns(fn) {
			rt := ret.Operand(i).Type()
			switch {
			case got == nil:
				got = rt
			case !ir.TypesEqual(got, rt):
				got = generalize(t)
			}
		}
		if got != nil {
			sig.Results[i] = got
		}
	}
}

// resultSpaces puts each tensor result in the memory space of the
// buffers returned for it, which no cast can change. A recursive call
// has taken the default space already.
func (b *bufferizer) resultSpaces(fn *ir.Operation, sig *ir.FunctionType) error {
	for i, t := range sig.Results {
		if !ir.IsTensor(ir.FuncType(fn).Results[i]) {
			continue
		}
		var space ir.Attribute
		for k, ret := range returns(fn) {
			s := spaceOf(ret.Operand(i).Type())
			if k > 0 && !attrsEqual(space, s) {
				return b.fail(ret, "result #%d is returned in memory space %s here and %s elsewhere: no cast converts between them", i, spaceText(s), spaceText(space))
			}
			space = s
		}
		if space != nil && b.forcedDynamic[fn] {
			return b.fail(fn, "result #%d is in memory space %s, which the function's recursive calls do not know yet", i, spaceText(space))
		}
		sig.Results[i] = inSpace(t, space)
	}
	return nil
}

// spaceText names a memory space in a diagnostic.
func spaceText(s ir.Attribute) string {
	if s == nil {
		return "default"
	}
	return s.String()
}

// castReturns makes every returned buffer the result's type.
func (b *bufferizer) castReturns(fn *ir.Operation, sig *ir.FunctionType) error {
	for _, ret := range returns(fn) {
		for i, v := range ret.Operands() {
			if !ir.IsMemRef(v.Type()) {
				continue
			}
			if err := b.castOperandAt(ret, i, sig.Results[i]); err != nil {
				return err
			}
		}
	}
	return nil
}

func returns(fn *ir.Operation) []*ir.Operation {
	var rets []*ir.Operation
	for _, blk := range fn.Regions[0].Blocks() {
		if t := blk.Terminator(); t != nil && t.Name == "func.return" {
			rets = append(rets, t)
		}
	}
	return rets
}

func calleeName(call *ir.Operation) string {
	if s, ok := call.Inherent("callee").(*ir.SymbolRefAttr); ok && len(s.Nested) == 0 {
		return s.Root
	}
	return ""
}

// region rewrites the blocks of r. Tensor arguments of blocks other than
// the entry (cf branch targets) carry buffers of a fully dynamic layout,
// to which every incoming buffer casts, in the memory space of the first
// buffer a branch passes them (see branch).
func (b *bufferizer) region(r *ir.Region) error {
	for i, blk := range r.Blocks() {
		if i == 0 {
			continue
		}
		for _, a := range blk.Args() {
			if ir.IsTensor(a.Type()) {
				b.retype(a, bufferType(a.Type(), true))
			}
		}
	}
	// Definitions before uses, and the buffers a branch passes before the
	// block that receives them, whatever order the blocks are listed in.
	for _, blk := range ir.DominanceOrder(r) {
		if err := b.block(blk); err != nil {
			return err
		}
	}
	return nil
}

// block rewrites blk's ops in order into a new op list.
func (b *bufferizer) block(blk *ir.Block) error {
	for _, a := range blk.Args() {
		b.spaceSettled[a] = true
	}
	saved := b.out
	b.out = make([]*ir.Operation, 0, len(blk.Ops()))
	for _, op := range slices.Clone(blk.Ops()) {
		if err := b.op(op); err != nil {
			return err
		}
	}
	blk.SetOps(b.out)
	b.out = saved
	return nil
}

// keep puts op, possibly updated in place, into the rewritten block.
func (b *bufferizer) keep(op *ir.Operation) { b.out = append(b.out, op) }

// drop marks a tensor op replaced: it is discarded at the end.
func (b *bufferizer) drop(op *ir.Operation) { b.dead = append(b.dead, op) }

// bufferOf returns the buffer of a tensor value.
func (b *bufferizer) bufferOf(op *ir.Operation, v *ir.Value) (*ir.Value, error) {
	if w, ok := b.buf[v]; ok {
		return w, nil
	}
	return nil, b.fail(op, "operand of type %s has no buffer (its definition was not bufferized)", v.Type())
}

// operandBuffer is the buffer operand i of op works on: its value's
// buffer when in place, else a new allocation, filled with a copy of the
// value when the plan says the op needs its contents.
func (b *bufferizer) operandBuffer(op *ir.Operation, i int) (*ir.Value, error) {
	v := op.Operand(i)
	src, err := b.bufferOf(op, v)
	if err != nil {
		return nil, err
	}
	if b.plan.InPlace(op, i) {
		return src, nil
	}
	t, ok := b.typeOf(v).(*ir.TensorType)
	if !ok {
		return nil, b.fail(op, "cannot allocate a buffer for operand #%d of unranked type %s: it has no bufferization out of place", i, b.typeOf(v))
	}
	return b.newBuffer(op, i, t, src), nil
}

// newBuffer is the buffer of out-of-place operand i of op, of tensor type
// t: a new allocation sized like src, holding a copy of src if the plan
// says the op needs its contents.
func (b *bufferizer) newBuffer(op *ir.Operation, i int, t *ir.TensorType, src *ir.Value) *ir.Value {
	alloc := b.alloc(t, src)
	if b.plan.CopiesContents(op, i) {
		b.emit("memref.copy", []*ir.Value{src, alloc}, nil, "")
	}
	return alloc
}

// alloc emits an identity-layout allocation of tensor type t in the
// memory space of like, a buffer of the same shape, from which dynamic
// sizes are read.
func (b *bufferizer) alloc(t *ir.TensorType, like *ir.Value) *ir.Value {
	return b.allocIn(t, like, spaceOf(like.Type()))
}

// allocIn is alloc in memory space space.
func (b *bufferizer) allocIn(t *ir.TensorType, like *ir.Value, space ir.Attribute) *ir.Value {
	var sizes []*ir.Value
	for d, n := range t.Shape {
		if n == ir.Dynamic {
			sizes = append(sizes, b.dim(like, d))
		}
	}
	return b.allocSizedIn(t, sizes, space)
}

// allocSized allocates in t's default memory space (defaultSpace).
func (b *bufferizer) allocSized(t *ir.TensorType, sizes []*ir.Value) *ir.Value {
	return b.allocSizedIn(t, sizes, b.defaultSpace(t))
}

// bufferTypeIn is bufferType in t's default memory space (defaultSpace);
// a type that is no tensor stays as it is, in its own space.
func (b *bufferizer) bufferTypeIn(t ir.Type, dynamic bool) ir.Type {
	if s := b.defaultSpace(t); s != nil {
		return inSpace(bufferType(t, dynamic), s)
	}
	return bufferType(t, dynamic)
}

// defaultSpace is the memory space of a buffer made for a tensor of type
// t that takes its space from nothing else: t's encoding under
// Options.EncodingSpace, else the default space (nil).
func (b *bufferizer) defaultSpace(t ir.Type) ir.Attribute {
	if tt, ok := t.(*ir.TensorType); ok && b.opt.EncodingSpace && tt.Encoding != nil {
		return ir.MemorySpace(tt.Encoding)
	}
	return nil
}

func (b *bufferizer) allocSizedIn(t *ir.TensorType, sizes []*ir.Value, space ir.Attribute) *ir.Value {
	op := b.emit("memref.alloc", sizes, []ir.Type{inSpace(identityOf(t.Shape, t.Elem), space)}, "alloc")
	setAllocProps(op, len(sizes), b.opt.Alignment)
	return op.Result(0)
}

// setAllocProps gives a memref.alloc of n dynamic sizes its properties:
// its operand segments, and the alignment align unless it is 0.
func setAllocProps(alloc *ir.Operation, n int, align int64) {
	alloc.SetProp("operandSegmentSizes", ir.I32Array(n, 0))
	if align != 0 {
		alloc.SetProp("alignment", ir.IntAttr(align, ir.I64))
	}
}

// eachBlockOnce calls fn on each distinct block of blocks, in order: the
// rewrites collect a block once per edit, and rebuild it once.
func eachBlockOnce(blocks []*ir.Block, fn func(*ir.Block)) {
	seen := make(map[*ir.Block]bool, len(blocks))
	for _, blk := range blocks {
		if !seen[blk] {
			seen[blk] = true
			fn(blk)
		}
	}
}

// removeDeadBuffers removes the allocations and views the rewrite
// emitted that nothing reads: a tensor.empty whose only user went out of
// place, an extract_slice or a cast whose result nothing uses, a buffer
// that is only copied into (the copy made for a reshape nothing uses),
// with those copies. Left in, an allocation costs memory and its copies
// time, and a view is an op the lowering must still handle. Later ones go
// first: removing a view or a copy may leave its source unused.
func (b *bufferizer) removeDeadBuffers() {
	dead := map[*ir.Operation]bool{}
	var blocks []*ir.Block
	remove := func(op *ir.Operation) {
		blocks = append(blocks, op.Block())
		dead[op] = true
		op.Discard()
	}
	for i := len(b.buffers) - 1; i >= 0; i-- {
		op := b.buffers[i]
		if op.Block() == nil || !unread(op) {
			continue
		}
		for _, u := range slices.Clone(op.Result(0).Uses()) {
			remove(u.Op)
		}
		remove(op)
	}
	eachBlockOnce(blocks, func(blk *ir.Block) {
		blk.SetOps(slices.DeleteFunc(slices.Clone(blk.Ops()), func(op *ir.Operation) bool { return dead[op] }))
	})
}

// unread reports whether nothing reads the buffer or view op makes:
// nothing uses it, or, for an allocation, only memref.copy into it. A
// copy into a view writes the buffer it views, which may be read.
func unread(op *ir.Operation) bool {
	uses := op.Result(0).Uses()
	return len(uses) == 0 || op.Name == "memref.alloc" &&
		!slices.ContainsFunc(uses, func(u ir.Use) bool { return u.Op.Name != "memref.copy" || u.Index != 1 })
}

// dim emits memref.dim of dimension d.
func (b *bufferizer) dim(m *ir.Value, d int) *ir.Value {
	return b.emit("memref.dim", []*ir.Value{m, b.index(int64(d))}, []ir.Type{ir.Index}, "dim").Result(0)
}

func (b *bufferizer) index(v int64) *ir.Value {
	c := b.emit("arith.constant", nil, []ir.Type{ir.Index}, fmt.Sprintf("c%d", v))
	c.SetProp("value", ir.IntAttr(v, ir.Index))
	return c.Result(0)
}

// convert makes buffer v of type to: a cast where the layouts are
// compatible at run time (to a fully dynamic layout, or between equal
// layouts), else a copy into a new identity-layout buffer.
func (b *bufferizer) convert(op *ir.Operation, v *ir.Value, to ir.Type) (*ir.Value, error) {
	from := v.Type()
	if ir.TypesEqual(from, to) {
		return v, nil
	}
	if _, ok := to.(*ir.UnrankedMemRefType); ok || castable(from, to) {
		return b.emit("memref.cast", []*ir.Value{v}, []ir.Type{to}, "cast").Result(0), nil
	}
	if s, t := spaceOf(from), spaceOf(to); !attrsEqual(s, t) {
		return nil, b.fail(op, "cannot convert a buffer of type %s to %s: it is in memory space %s, not %s", from, to, spaceText(s), spaceText(t))
	}
	mt, ok := to.(*ir.MemRefType)
	if _, ok2 := from.(*ir.MemRefType); !ok || !ok2 || !isIdentity(mt) {
		return nil, b.fail(op, "cannot convert a buffer of type %s to %s", from, to)
	}
	alloc := b.alloc(&ir.TensorType{Shape: mt.Shape, Elem: mt.Elem}, v)
	b.emit("memref.copy", []*ir.Value{v, alloc}, nil, "")
	return alloc, nil
}

// castable reports whether a memref.cast from one memref type to a ranked
// one is safe: sizes agree where both are static (a tensor.cast asserts
// the rest), and the target's layout is fully dynamic or the layouts are
// the same; from an unranked type, only to a fully dynamic layout.
func castable(from, to ir.Type) bool {
	t, ok2 := to.(*ir.MemRefType)
	if u, ok := from.(*ir.UnrankedMemRefType); ok && ok2 {
		// Any rank at run time: only a fully dynamic layout is sure to fit.
		return ir.TypesEqual(u.Elem, t.Elem) && attrsEqual(u.MemorySpace, t.MemorySpace) && ir.TypesEqual(generalize(t), t)
	}
	f, ok1 := from.(*ir.MemRefType)
	if !ok1 || !ok2 || len(f.Shape) != len(t.Shape) || !ir.TypesEqual(f.Elem, t.Elem) ||
		!attrsEqual(f.MemorySpace, t.MemorySpace) {
		return false
	}
	for i := range f.Shape {
		if t.Shape[i] != ir.Dynamic && f.Shape[i] != ir.Dynamic && t.Shape[i] != f.Shape[i] {
			return false
		}
	}
	if ir.TypesEqual(generalize(t), t) {
		return true
	}
	return attrsEqual(f.Layout, t.Layout)
}

func attrsEqual(a, b ir.Attribute) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.String() == b.String()
}

// op rewrites one op of the block being rewritten.
func (b *bufferizer) op(op *ir.Operation) error {
	if !b.touchesTensors(op) {
		b.keep(op)
		for _, r := range op.Regions {
			if err := b.region(r); err != nil {
				return err
			}
		}
		return nil
	}
	if rw, ok := rewriters[op.Name]; ok {
		return rw(b, op)
	}
	if strings.HasPrefix(op.Name, "linalg.") {
		return b.destinationStyle(op)
	}
	if b.opt.AllowUnknownOps {
		return b.unknown(op)
	}
	return b.notBufferized(op)
}

// touchesTensors reports whether op has a tensor operand or result.
func (b *bufferizer) touchesTensors(op *ir.Operation) bool {
	for _, v := range op.Operands() {
		if b.isTensor(v) {
			return true
		}
	}
	for _, v := range op.Results() {
		if ir.IsTensor(v.Type()) {
			return true
		}
	}
	return false
}

// mapResult records w as the buffer of op's result i.
func (b *bufferizer) mapResult(op *ir.Operation, i int, w *ir.Value) {
	b.buf[op.Result(i)] = w
}

// replaceScalar replaces the uses of a non-tensor result by w.
func replaceScalar(v, w *ir.Value) {
	w.Name = v.Name
	v.ReplaceAllUsesWith(w)
}

// operandsToBuffers replaces op's tensor operands by their buffers as
// decided, in place.
func (b *bufferizer) operandsToBuffers(op *ir.Operation) error {
	return b.replaceTensorOperands(op, func(_ int, w *ir.Value) (*ir.Value, error) { return w, nil })
}

// replaceTensorOperands replaces each tensor operand i of op, in place,
// by what to makes of its buffer as decided.
func (b *bufferizer) replaceTensorOperands(op *ir.Operation, to func(i int, buf *ir.Value) (*ir.Value, error)) error {
	for i, v := range op.Operands() {
		if !b.isTensor(v) {
			continue
		}
		w, err := b.operandBuffer(op, i)
		if err == nil {
			w, err = to(i, w)
		}
		if err != nil {
			return err
		}
		op.SetOperand(i, w)
	}
	return nil
}

// rebuild emits an op like op with other operands and result types, its
// properties, attributes, location and regions moved over, and marks op
// replaced.
func (b *bufferizer) rebuild(op *ir.Operation, operands []*ir.Value, results []ir.Type) *ir.Operation {
	n := ir.NewOperation(op.Name, operands, results)
	n.Properties, n.Attrs, n.Pos = op.Properties, op.Attrs, op.Pos
	n.SetLoc(op.Loc())
	n.SetSuccessors(op.Successors())
	if len(results) == op.NumResults() {
		for i, r := range n.Results() {
			r.Name = op.Result(i).Name
		}
	}
	op.MoveRegionsTo(n)
	b.out = append(b.out, n)
	b.drop(op)
	return n
}
