package rewrite

import (
	"cmp"
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules/contract"
)

// Copy is one copy made to end a critical alias: the operand of the op
// that handed the buffer on, and why it could not hand over the buffer
// itself.
type Copy struct {
	OpName  string
	Operand int
	Why     string
	// Buffer is the copy's new buffer, in the function Func.
	Buffer *ir.Value
	Func   string
	// By names the predicate whose fact asked for the copy.
	By string
}

// Clone hands on a copy of the value of operand I of Op, for every
// needs_clone(Op, I) fact of db: a new buffer (memref.alloc, sized like
// the value), a memref.copy into it, and a memref.cast to the operand's
// type where that differs, all just before Op; for every
// clone_if_picked fact, a copy only where a select picks a borrowed
// buffer (cloneIfPicked). It returns the copies it made. The
// deallocation rules must then be evaluated again, on the facts of the
// changed module. The new buffers have o's alignment, unless they are
// smaller than it (alignedClone).
func (o Options) Clone(names *extract.Names, db *facts.DB) []Copy {
	copies := o.cloneIfPicked(names, db)
	sites := contract.Pairs(db, contract.NeedsClone)
	if len(sites) == 0 {
		return copies
	}
	rooted := map[*ir.Value]bool{}
	if rr := contract.Rooted.Lookup(db); rr != nil {
		for id := range uint32(rr.Len()) {
			rooted[names.Value(int(rr.At(id, 0).Int()))] = true
		}
	}
	why := func(v *ir.Value) string {
		if !rooted[v] {
			return "it hands a borrowed buffer (an argument or a global) into a carrier that also receives buffers it owns"
		}
		return "it hands on an owned buffer uncleanly (used afterwards, or handed on twice), so nobody could free it"
	}
	before := map[*ir.Operation][]int{}
	var blocks []*ir.Block
	var branches []*ir.Operation // branches to several successors, in the facts' order, each once
	for _, p := range sites {
		op := names.Op(int(p[0]))
		if len(op.Successors()) > 1 && before[op] == nil {
			branches = append(branches, op)
		}
		blocks = append(blocks, op.Block())
		before[op] = append(before[op], int(p[1]))
	}
	eachBlockOnce(blocks, func(blk *ir.Block) {
		var ops []*ir.Operation
		for _, op := range blk.Ops() {
			idx := before[op]
			slices.Sort(idx)
			for _, i := range idx {
				if len(op.Successors()) > 1 {
					continue // copied on its edge, below
				}
				var copyOps []*ir.Operation
				v := op.Operand(i)
				if buf, w := cloneOf(v, &copyOps, o.Alignment); w != nil {
					copies = append(copies, Copy{op.Name, i, why(v), buf, enclosingFunc(op), contract.NeedsClone.Name()})
					ops = append(ops, copyOps...)
					op.SetOperand(i, w)
				}
			}
			ops = append(ops, op)
		}
		blk.SetOps(ops)
	})
	for _, op := range branches {
		copies = o.cloneOnEdges(op, before[op], why, copies)
	}
	return copies
}

// cloneIfPicked gives each func.return operand that a
// clone_if_picked(Ret, J, K) fact of db names, an arith.select's result,
// an scf.if on the select's condition in its place, just before the
// return: the arm the condition picks the select's owned operand in
// yields that operand, the other arm a copy of the borrowed operand K. It
// returns the copies it made.
func (o Options) cloneIfPicked(names *extract.Names, db *facts.DB) []Copy {
	var copies []Copy
	for _, t := range contract.Triples(db, contract.CloneIfPicked) {
		ret, j, k := names.Op(int(t[0])), int(t[1]), int(t[2])
		v := ret.Operand(j)
		sel := v.DefiningOp()
		var copyOps []*ir.Operation
		buf, w := cloneOf(sel.Operand(k), &copyOps, o.Alignment)
		if w == nil {
			continue
		}
		// Region 0 runs where the condition picks operand 1.
		arms := [2][]*ir.Operation{
			{ir.NewOperation("scf.yield", []*ir.Value{sel.Operand(3 - k)}, nil)},
			append(copyOps, ir.NewOperation("scf.yield", []*ir.Value{w}, nil)),
		}
		if k == 1 {
			arms[0], arms[1] = arms[1], arms[0]
		}
		pick := ir.NewOperation("scf.if", []*ir.Value{sel.Operand(0)}, []ir.Type{v.Type()})
		pick.Result(0).Name = "picked"
		for _, arm := range arms {
			pick.AddRegion().AddBlock().SetOps(arm)
		}
		blk := ret.Block()
		blk.InsertBefore(slices.Index(blk.Ops(), ret), pick)
		ret.SetOperand(j, pick.Result(0))
		if len(v.Uses()) == 0 {
			sel.Erase() // the scf.if picks instead
		}
		copies = append(copies, Copy{ret.Name, j, "it returns an arith.select of a buffer the function owns and a borrowed one: the borrowed one is copied where the select picks it", buf, enclosingFunc(ret), contract.CloneIfPicked.Name()})
	}
	return copies
}

// cloneOnEdges copies operands idx of the branch op, which has several
// successors, on the edges they are passed along only: each such edge
// gets a block of its own, taking the successor's arguments, that copies
// them and branches on to the successor with the copies. A copy made
// before the branch would be lost on the other edges. It appends the
// copies to copies.
func (o Options) cloneOnEdges(op *ir.Operation, idx []int, why func(*ir.Value) string, copies []Copy) []Copy {
	slices.Sort(idx)
	after := op.Block()
	edges := map[int]*ir.Operation{} // successor -> the cf.br of its new block
	for _, i := range idx {
		s, k, ok := ir.ForwardedTo(op, i)
		if !ok {
			continue
		}
		v := op.Operand(i)
		if !Clonable(v.Type()) {
			continue
		}
		br := edges[s]
		if br == nil {
			br = splitEdge(op, s, after)
			after, edges[s] = br.Block(), br
		}
		var copyOps []*ir.Operation
		buf, w := cloneOf(br.Operand(k), &copyOps, o.Alignment)
		blk := br.Block()
		for _, c := range copyOps {
			blk.InsertBefore(len(blk.Ops())-1, c)
		}
		br.SetOperand(k, w)
		copies = append(copies, Copy{op.Name, i, why(v), buf, enclosingFunc(op), contract.NeedsClone.Name()})
	}
	return copies
}

// enclosingFunc is the symbol name of the function holding op.
func enclosingFunc(op *ir.Operation) string {
	for p := op; p != nil; p = p.ParentOp() {
		if p.Name == "func.func" {
			return ir.SymbolName(p)
		}
	}
	return ""
}

// Clonable reports whether cloneOf copies a value of type t: a ranked
// memref whose type a cast of a new buffer of the identity layout gives,
// or one of static shape, offset and positive strides (a view handed on
// as it is), which a new buffer reinterpreted at that layout gives.
func Clonable(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	if !ok {
		return false
	}
	if castable(identityLike(m), m) {
		return true
	}
	_, _, ok = staticSpan(m)
	return ok
}

// staticSpan is the number of elements a buffer needs to hold a memref
// of type t at its layout's offset and strides, and that layout, when
// all of them and the shape are static and the strides positive.
func staticSpan(t *ir.MemRefType) (int64, strided, bool) {
	l, ok := layoutOf(t)
	if !ok || l.offset == ir.Dynamic || l.offset < 0 {
		return 0, strided{}, false
	}
	last := l.offset
	for d, n := range t.Shape {
		if n == ir.Dynamic || n <= 0 || l.strides[d] == ir.Dynamic || l.strides[d] <= 0 {
			return 0, strided{}, false
		}
		last += (n - 1) * l.strides[d]
	}
	return last + 1, l, true
}

// cloneOf appends to ops the ops that copy buffer v into a new one and
// returns the new buffer and the copy to hand on in v's place: the new
// buffer has the identity layout, cast back to v's type, or, for a view
// of static layout that no cast reaches, is a 1-D buffer spanning that
// layout, reinterpreted at it. It returns nils for a value that is not
// Clonable. The new buffer has alignment align as alignedClone says.
func cloneOf(v *ir.Value, ops *[]*ir.Operation, align int64) (buf, w *ir.Value) {
	if !Clonable(v.Type()) {
		return nil, nil
	}
	t := v.Type().(*ir.MemRefType)
	add := func(name string, operands []*ir.Value, results []ir.Type, hint string) *ir.Operation {
		op := ir.NewOperation(name, operands, results)
		for _, r := range op.Results() {
			r.Name = hint
		}
		*ops = append(*ops, op)
		return op
	}
	if !castable(identityLike(t), t) {
		span, l, _ := staticSpan(t)
		bt := inSpace(identityOf([]int64{span}, t.Elem), t.MemorySpace)
		alloc := add("memref.alloc", nil, []ir.Type{bt}, "clone")
		setAllocProps(alloc, 0, alignedClone(bt, align))
		view := add("memref.reinterpret_cast", []*ir.Value{alloc.Result(0)}, []ir.Type{t}, "view")
		view.SetProp("operandSegmentSizes", ir.I32Array(1, 0, 0, 0))
		view.SetProp("static_offsets", ir.I64Array([]int64{l.offset}))
		view.SetProp("static_sizes", ir.I64Array(t.Shape))
		view.SetProp("static_strides", ir.I64Array(l.strides))
		add("memref.copy", []*ir.Value{v, view.Result(0)}, nil, "")
		return alloc.Result(0), view.Result(0)
	}
	var sizes []*ir.Value
	for d, size := range t.Shape {
		if size == ir.Dynamic {
			c := add("arith.constant", nil, []ir.Type{ir.Index}, "c")
			c.SetProp("value", ir.IntAttr(int64(d), ir.Index))
			sizes = append(sizes, add("memref.dim", []*ir.Value{v, c.Result(0)}, []ir.Type{ir.Index}, "dim").Result(0))
		}
	}
	bt := identityLike(t)
	alloc := add("memref.alloc", sizes, []ir.Type{bt}, "clone")
	setAllocProps(alloc, len(sizes), alignedClone(bt, align))
	add("memref.copy", []*ir.Value{v, alloc.Result(0)}, nil, "")
	if t.Layout == nil {
		return alloc.Result(0), alloc.Result(0)
	}
	return alloc.Result(0), add("memref.cast", []*ir.Value{alloc.Result(0)}, []ir.Type{t}, "cast").Result(0)
}

// alignedClone is the alignment a clone of type t gets, given the
// bufferization's align: none for a buffer of static size smaller than
// align, where the padding would cost more than the buffer (MLIR's
// lowered clones are never aligned); align for the others, which may be
// large and walked by vector code like any buffer the program computes
// in.
func alignedClone(t *ir.MemRefType, align int64) int64 {
	if n, ok := ir.StaticBytes(t); ok && n < align {
		return 0
	}
	return align
}

// Deallocate inserts a memref.dealloc of buffer A right after op Op for
// every dealloc_after(A, Op) fact of db, just before the op Op for every
// dealloc_before(A, Op) (a return or a yield), right after Op for every
// dealloc_in_block(A, Op), at the start of block B for every
// dealloc_first(A, B) and dealloc_on_edge(A, B); on a new block on the
// edge from the branch Op to B for every dealloc_on_branch(A, Op, B)
// (see splitEdges); for every dealloc_when(A, Op, K), right after
// Op under an scf.if on the condition of the scf.if that defines A, in
// its region K. For every moves(X, Copy, T) it drops T's memref.alloc,
// the copy and X's memref.dealloc after it, and T's uses use the copy's
// source instead (see move). For every reuses(B, A) (see Reuses) it
// drops B's memref.alloc and A's memref.dealloc, and B's uses use A's
// storage. Each stack_buffer(X) turns X's memref.alloc into
// memref.alloca. names maps the facts' ids to the bufferized
// module they were extracted from. It returns how many it inserted. The
// rules place none after a terminator they know; one after a block's
// last op (an unregistered terminator) is skipped: that buffer leaks.
func Deallocate(names *extract.Names, db *facts.DB) int {
	// Before the stack's allocations are renamed: a move's target is a
	// memref.alloc, on the heap or to be on the stack.
	moves, reuses := Moves(names, db), Reuses(names, db)
	asIs := map[*ir.Value]bool{} // moves_as_is targets: no cast to their type
	for _, m := range contract.Triples(db, contract.MovesAsIs) {
		asIs[names.Value(int(m[2]))] = true
	}
	// A buffer promoted to the stack is a memref.alloca, which the rules
	// free nowhere.
	for _, x := range contract.Singles(db, contract.StackBuffer) {
		if alloc := names.Value(int(x)).DefiningOp(); alloc != nil && alloc.Name == "memref.alloc" {
			alloc.Name = "memref.alloca"
		}
	}
	after := map[*ir.Operation][]dealloc{}
	when := map[*ir.Operation][]dealloc{}
	before := map[*ir.Operation][]dealloc{} // just before a return or a yield
	first := map[*ir.Block][]dealloc{}
	var blocks []*ir.Block
	buffer := func(id int64) dealloc { return dealloc{id, names.Value(int(id)), -1} }
	// dropped holds the ops a move or a reuse removes: a move's copy with
	// the target it moves into, the allocation of a move's or a reuse's
	// target with nil; moot the frees they make moot.
	dropped := map[*ir.Operation]*ir.Value{}
	moot := NewMootFrees(moves, reuses)
	for _, m := range moves {
		cp, t := names.Op(int(m[1])), names.Value(int(m[2]))
		dropped[cp], dropped[t.DefiningOp()] = t, nil
		blocks = append(blocks, cp.Block(), t.DefiningOp().Block())
	}
	moved := map[*ir.Value]*ir.Value{} // a move's or a reuse's target -> the buffer it is
	var targets []*ir.Value            // moved's keys, reuses first, then moves in block order
	for _, r := range reuses {
		b, a := names.Value(int(r[0])), names.Value(int(r[1]))
		dropped[b.DefiningOp()] = nil
		blocks = append(blocks, b.DefiningOp().Block())
		moved[b] = a
		targets = append(targets, b)
	}
	for _, p := range append(contract.Pairs(db, contract.DeallocAfter), contract.Pairs(db, contract.DeallocInBlock)...) {
		op := names.Op(int(p[1]))
		if moot.Has(p[0], p[1]) {
			continue
		}
		// A block's last op is its terminator, known or not.
		if ir.IsTerminator(op) || op == op.Block().Terminator() {
			continue
		}
		blocks = append(blocks, op.Block())
		after[op] = append(after[op], buffer(p[0]))
	}
	for _, p := range contract.Triples(db, contract.DeallocWhen) {
		op := names.Op(int(p[1]))
		if ir.IsTerminator(op) || op == op.Block().Terminator() {
			continue
		}
		blocks = append(blocks, op.Block())
		when[op] = append(when[op], dealloc{p[0], names.Value(int(p[0])), int(p[2])})
	}
	for _, p := range contract.Pairs(db, contract.DeallocBefore) {
		ret := names.Op(int(p[1]))
		blocks = append(blocks, ret.Block())
		before[ret] = append(before[ret], buffer(p[0]))
	}
	for _, p := range append(contract.Pairs(db, contract.DeallocFirst), contract.Pairs(db, contract.DeallocOnEdge)...) {
		blk := names.Block(int(p[1]))
		blocks = append(blocks, blk)
		first[blk] = append(first[blk], buffer(p[0]))
	}
	n := 0
	var sizes []*ir.Value // the dynamic sizes of dropped allocs
	eachBlockOnce(blocks, func(blk *ir.Block) {
		var ops []*ir.Operation
		emit := func(ds []dealloc, order int) {
			slices.SortFunc(ds, func(a, b dealloc) int { return order * int(a.id-b.id) })
			for _, d := range ds {
				free := ir.NewOperation("memref.dealloc", []*ir.Value{d.buf}, nil)
				if d.region >= 0 {
					free = underCondition(d.buf.DefiningOp(), d.region, free)
				}
				ops = append(ops, free)
				n++
			}
		}
		emit(first[blk], 1)
		for _, op := range blk.Ops() {
			emit(before[op], 1)
			if t, ok := dropped[op]; !ok {
				ops = append(ops, op)
			} else {
				if t != nil {
					ops = append(ops, move(op, t, asIs[t], moved)...)
					targets = append(targets, t)
				} else {
					sizes = append(sizes, op.Operands()...)
				}
				op.Discard()
			}
			emit(after[op], 1)
			// Latest defined first: an scf.if result that holds what an
			// earlier one lends it (lent_reach) is freed before its
			// lender, an order whose safety bufferlog check, which tells
			// apart the arms of one scf.if at a time, can prove.
			emit(when[op], -1)
		}
		blk.SetOps(ops)
	})
	n += splitEdges(names, db)
	// Only now, all moves known: a move's source may be the target of
	// another, or of a reuse, whose buffer it then is. Each chain is
	// walked once: every value on it is then pointed at its end (a
	// function whose buffers each reuse the one before makes one chain of
	// them all).
	for _, t := range targets {
		w := t
		for next, ok := moved[w]; ok; next, ok = moved[w] {
			w = next
		}
		for v := t; v != w; {
			next := moved[v]
			moved[v] = w
			v = next
		}
		t.ReplaceAllUsesWith(w)
	}
	dropUnusedSizes(sizes)
	return n
}

// Reuses returns the reuses(B, A) facts of db that the rewrite applies:
// those where B and A are results of memref.alloc ops without operands,
// of one type, both on the heap or both on the stack (stack_buffer: B
// then takes A's alloca), and nothing else uses A's storage. Facts of
// rules given with --rules that name anything else are ignored
// (reuse_overlap re-checks the others).
func Reuses(names *extract.Names, db *facts.DB) [][2]int64 {
	stack := map[int64]bool{}
	for _, x := range contract.Singles(db, contract.StackBuffer) {
		stack[x] = true
	}
	plainAlloc := func(id int64) bool {
		def := names.Value(int(id)).DefiningOp()
		return def != nil && def.Name == "memref.alloc" && def.NumOperands() == 0
	}
	var out [][2]int64
	taken := map[int64]bool{}
	for _, r := range contract.Pairs(db, contract.Reuses) {
		b, a := names.Value(int(r[0])), names.Value(int(r[1]))
		if plainAlloc(r[0]) && plainAlloc(r[1]) && stack[r[0]] == stack[r[1]] && ir.TypesEqual(a.Type(), b.Type()) && !taken[r[1]] {
			taken[r[1]] = true
			out = append(out, r)
		}
	}
	return out
}

// Moves returns the moves(X, Copy, T) facts of db that the rewrite
// applies: those whose Copy is a memref.copy into T, the result of a
// memref.alloc. Rules given with --rules may derive what dealloc*.mg never
// does; such facts are ignored.
func Moves(names *extract.Names, db *facts.DB) [][3]int64 {
	var out [][3]int64
	for _, m := range contract.Triples(db, contract.Moves) {
		cp, t := names.Op(int(m[1])), names.Value(int(m[2]))
		if cp.Name == "memref.copy" && cp.NumOperands() == 2 && cp.Operand(1) == t && t.DefiningOp() != nil && t.DefiningOp().Name == "memref.alloc" {
			out = append(out, m)
		}
	}
	return out
}

// MootFrees are the dealloc_after and dealloc_in_block facts that the
// rewrite does not insert: the free of X after the copy of each
// moves(X, Copy, T), and every free of the A of each reuses(B, A), whose
// storage B's free frees.
type MootFrees struct {
	moved map[[2]int64]bool
	lent  map[int64]bool
}

// NewMootFrees returns the frees that moves and reuses (as Moves and
// Reuses return them) make moot.
func NewMootFrees(moves [][3]int64, reuses [][2]int64) MootFrees {
	f := MootFrees{moved: map[[2]int64]bool{}, lent: map[int64]bool{}}
	for _, m := range moves {
		f.moved[[2]int64{m[0], m[1]}] = true
	}
	for _, r := range reuses {
		f.lent[r[1]] = true
	}
	return f
}

// Has reports whether the free of buffer a after op is moot.
func (f MootFrees) Has(a, op int64) bool { return f.moved[[2]int64{a, op}] || f.lent[a] }

// splitEdges frees buffer A on the edge from the branch Op to its
// successor B for every dealloc_on_branch(A, Op, B) fact of db: each
// successor operand of Op naming B goes instead to a new block, placed
// after Op's block, whose arguments have B's argument types; it frees
// the buffers dying on that edge and branches to B with its arguments.
// It returns how many frees it inserted.
func splitEdges(names *extract.Names, db *facts.DB) int {
	type edge struct {
		op *ir.Operation
		to *ir.Block
	}
	var edges []edge // in the facts' order, each once
	frees := map[edge][]dealloc{}
	for _, p := range contract.Triples(db, contract.DeallocOnBranch) {
		e := edge{names.Op(int(p[1])), names.Block(int(p[2]))}
		if frees[e] == nil {
			edges = append(edges, e)
		}
		frees[e] = append(frees[e], dealloc{p[0], names.Value(int(p[0])), -1})
	}
	n := 0
	last := map[*ir.Operation]*ir.Block{} // the last block placed after each branch's
	for _, e := range edges {
		ds := frees[e]
		slices.SortFunc(ds, func(a, b dealloc) int { return int(a.id - b.id) })
		for i, s := range e.op.Successors() {
			if s != e.to {
				continue
			}
			br := splitEdge(e.op, i, cmp.Or(last[e.op], e.op.Block()))
			last[e.op] = br.Block()
			for _, d := range ds {
				br.Block().InsertBefore(len(br.Block().Ops())-1, ir.NewOperation("memref.dealloc", []*ir.Value{d.buf}, nil))
				n++
			}
		}
	}
	return n
}

// splitRepeatedSuccessors gives every successor of a branch that names a
// block an earlier successor of the branch names too a block of its own
// (splitEdge): cf.cond_br %c, ^bb1(%a), ^bb1(%b) becomes cf.cond_br %c,
// ^bb1(%a), ^bb2(%b), and ^bb2(%x) branches to ^bb1(%x). The deallocation
// rules tell a branch's edges apart by the blocks they reach: %b, freed
// on the edge where it is not passed, must be freed where only that edge
// leads.
func splitRepeatedSuccessors(m *ir.Module) {
	var branches []*ir.Operation
	ir.Walk(m.Op, func(op *ir.Operation) bool {
		if len(op.Successors()) > 1 {
			branches = append(branches, op)
		}
		return true
	})
	for _, op := range branches {
		after := op.Block()
		for i, s := range op.Successors() {
			if slices.Index(op.Successors(), s) < i {
				after = splitEdge(op, i, after).Block()
			}
		}
	}
}

// splitEdge puts a block of its own, placed after the block after, on
// the edge from the branch op to its successor s: it takes the
// successor's arguments and branches on to it with them. It returns the
// block's cf.br, before which what happens on that edge only goes.
func splitEdge(op *ir.Operation, s int, after *ir.Block) *ir.Operation {
	to := op.Successors()[s]
	blk := after.Region().InsertBlockAfter(after)
	var args []*ir.Value
	for _, a := range to.Args() {
		args = append(args, blk.AddArg(a.Type()))
	}
	br := ir.NewOperation("cf.br", args, nil)
	br.SetSuccessors([]*ir.Block{to})
	blk.Append(br)
	op.SetSuccessor(s, blk)
	return br
}

// dropUnusedSizes erases the ops that computed the sizes vs of dropped
// allocations (memref.dim, arith.constant) once nothing else uses them,
// and then those that computed their operands in turn.
func dropUnusedSizes(vs []*ir.Value) {
	for len(vs) > 0 {
		v := vs[len(vs)-1]
		vs = vs[:len(vs)-1]
		def := v.DefiningOp()
		if def == nil || def.Block() == nil || len(v.Uses()) > 0 || def.Name != "memref.dim" && def.Name != "arith.constant" {
			continue
		}
		vs = append(vs, def.Operands()...)
		def.Erase()
	}
}

// move records in moved the buffer that the target t of the memref.copy
// cp becomes: the copy's source, cast to t's type where that differs (the
// rules checked that the source has t's layout at run time), or as it is
// if asIs (moves_as_is: the rules checked that t's uses take any layout).
// It returns the cast, if any, to stand in the copy's place.
func move(cp *ir.Operation, t *ir.Value, asIs bool, moved map[*ir.Value]*ir.Value) []*ir.Operation {
	src := cp.Operand(0)
	if asIs || ir.TypesEqual(src.Type(), t.Type()) {
		moved[t] = src
		return nil
	}
	cast := ir.NewOperation("memref.cast", []*ir.Value{src}, []ir.Type{t.Type()})
	cast.Result(0).Name = "cast"
	moved[t] = cast.Result(0)
	return []*ir.Operation{cast}
}

// dealloc is one buffer to free, with its value id for a stable order;
// for a buffer owned when one region of its scf.if ran, that region's
// index, else -1.
type dealloc struct {
	id     int64
	buf    *ir.Value
	region int
}

// underCondition returns an scf.if on the condition of the scf.if ifOp
// that runs op when ifOp ran its region k.
func underCondition(ifOp *ir.Operation, k int, op *ir.Operation) *ir.Operation {
	guard := ir.NewOperation("scf.if", []*ir.Value{ifOp.Operand(0)}, nil)
	then, els := guard.AddRegion(), guard.AddRegion()
	var body []*ir.Operation
	if k == 0 {
		body = append(body, op)
	} else {
		els.AddBlock().SetOps([]*ir.Operation{op, ir.NewOperation("scf.yield", nil, nil)})
	}
	then.AddBlock().SetOps(append(body, ir.NewOperation("scf.yield", nil, nil)))
	return guard
}
