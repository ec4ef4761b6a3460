package extract

import (
	"fmt"
	"slices"
	"sync"

	"bufferlog/facts"
	"bufferlog/internal/parallel"
	"bufferlog/ir"
)

// Options configure an extraction.
type Options struct {
	// OpModel overrides the memory model of the ops it names (see
	// LoadOpModel); nil keeps the built-in models.
	OpModel *OpModel
	// Workers is how many top-level ops (functions) are extracted at once;
	// 0 or 1 extracts them one after the other.
	Workers int
	// Only, if set, says which predicates get facts: a rule set that reads
	// a few of them (the checker's) spares storing the others.
	Only func(facts.Pred) bool
}

// Module extracts the facts of m into a new DB and returns it with the
// Names that map its ids back to m. The module op is op 0, its region
// region 0 and its body block 0; every other id follows in walk order.
// The error reports an op-model that does not fit an op, or a use of a
// value that is not in scope, at the op's source position.
func Module(m *ir.Module, opts Options) (*facts.DB, *Names, error) {
	e := prepare(m, opts)
	db := facts.NewDB(e.mod.syms)
	reserve(db, e.pieces, e.mod.skip)
	if err := e.run(db); err != nil {
		return nil, nil, err
	}
	declareKeys(db, &e.mod.skip)
	return db, e.names, nil
}

// Functions extracts the facts of m as Module does, with the same ids, the
// same Names and one Symbols table, but into one DB per part of the
// module, so that rules that never join two functions (see
// facts.Predicate.CrossFunction) can be evaluated on each part alone, in
// parallel. parts[0] holds the facts of the module op, its region and its
// body block; each later part those of one top-level op and everything it
// nests, in module order: parts[i+1] is top-level op i's. The exception
// is top-level ops that use each other's results (functions cannot: they
// are isolated from above), which share the part of the first of them, so
// that a value's uses are in the part of its definition; the parts after
// it then hold the next ops. A CrossFunction fact is in the part of the op
// it names first (the call, the op in a block), which is right for no rule
// that reads it: such rules need Module. Errors are Module's.
//
// Functions is Split with every part extracted, Options.Workers at once.
func Functions(m *ir.Module, opts Options) ([]*facts.DB, *Names, error) {
	s := Split(m, opts)
	parallel.For(len(s.dbs), opts.Workers, func(i int) { s.Extract(i) })
	if err := s.Err(); err != nil {
		return nil, nil, err
	}
	return s.dbs, s.e.names, nil
}

// extraction is a module whose pieces are planned and numbered, ready to
// be extracted into any DBs.
type extraction struct {
	m       *ir.Module
	workers int
	names   *Names
	pieces  []*piece
	mod     *moduleScope
}

// prepare plans and numbers the pieces of m and collects the module scope.
func prepare(m *ir.Module, opts Options) *extraction {
	mod := &moduleScope{models: opts.OpModel, syms: facts.NewSymbols(), funcs: map[*ir.Operation]map[string]int32{}}
	if opts.Only != nil {
		for p := range facts.NumPreds {
			mod.skip[p] = !opts.Only(p)
		}
	}
	mod.noModels = true
	for _, p := range modelPreds {
		mod.noModels = mod.noModels && mod.skip[p]
	}
	// Dominance and the numbering read the IR and write nothing the other
	// reads (NewDominance sets the ops' order and the blocks' index): on a
	// large function they take about as long as each other.
	var dom sync.WaitGroup
	if opts.Workers > 1 {
		dom.Go(func() { mod.dom = ir.NewDominance(m.Op) })
	} else {
		mod.dom = ir.NewDominance(m.Op)
	}
	names := newNames(m)
	pieces := plan(m.Body(), names)
	parallel.For(len(pieces), opts.Workers, func(i int) { pieces[i].number(names) })
	dom.Wait()
	mod.collect(pieces)
	return &extraction{m: m, workers: opts.Workers, names: names, pieces: pieces, mod: mod}
}

// run adds the facts of the module op and of every piece to db, in
// module order, so that row ids, like every other id, follow the walk
// order whatever the scheduling.
func (e *extraction) run(db *facts.DB) error {
	x := newExtractor(e.mod, e.names, direct(db, &e.mod.skip))
	x.workers = e.workers
	x.module(e.m.Op)
	if e.workers <= 1 {
		return x.topLevels(e.pieces)
	}
	done := make([]*extractor, len(e.pieces))
	flushed := 0
	var mu sync.Mutex
	// Pieces are flushed in module order as they finish.
	parallel.For(len(e.pieces), e.workers, func(i int) {
		x := newExtractor(e.mod, e.names, newBatch(e.pieces[i].size, &e.mod.skip))
		x.workers = e.workers
		x.topLevel(e.pieces[i])
		mu.Lock()
		defer mu.Unlock()
		done[i] = x
		for ; flushed < len(e.pieces) && done[flushed] != nil; flushed++ {
			done[flushed].out.flush(db)
			done[flushed].out = nil
		}
	})
	for _, x := range done {
		if x.err != nil {
			return x.err
		}
	}
	return nil
}

// counts holds one number per id kind, a count or the first id of a range,
// and the number of operands and results, whose facts are known in
// advance too.
type counts struct{ ops, values, blocks, regions, operands, results int32 }

func (c *counts) add(o counts) {
	c.ops += o.ops
	c.values += o.values
	c.blocks += o.blocks
	c.regions += o.regions
	c.operands += o.operands
	c.results += o.results
}

// reserve sizes the relations that hold one fact per op, value, block,
// region or operand (perID), most facts, so that adding them does not
// repeatedly grow and copy. Their facts are distinct by construction, so
// they are added without a duplicate check (facts.Relation.AppendDistinct).
func reserve(db *facts.DB, pieces []*piece, skip [facts.NumPreds]bool) {
	var n counts
	for _, p := range pieces {
		n.add(p.size)
	}
	for p, rows := range perID(n) {
		if !skip[p] {
			p.In(db).ReserveDistinct(int(rows))
		}
	}
}

// declareKeys declares the keys of the extracted relations of db, which
// hold one fact per id (facts.Predicate.Keys), so that the planner does
// not measure them.
func declareKeys(db *facts.DB, skip *[facts.NumPreds]bool) {
	for p := range facts.NumPreds {
		if keys := p.Info().Keys; keys != nil && !skip[p] {
			p.In(db).DeclareKeys(keys)
		}
	}
}

// perID returns the predicates with one fact per id of some kind, and
// their number of facts for the ids n counts.
func perID(n counts) map[facts.Pred]int32 {
	return map[facts.Pred]int32{
		facts.Op: n.ops, facts.OpInBlock: n.ops, facts.ParentOp: n.ops, facts.OpLast: n.ops,
		facts.ValueType: n.values, facts.Result: n.results, facts.BlockArg: n.values - n.results,
		facts.Use:           n.operands,
		facts.BlockInRegion: n.blocks, facts.BlockDom: n.blocks, facts.BlockPostdom: n.blocks,
		facts.RegionOf: n.regions,
	}
}

// A piece is a top-level op of the module with everything nested in it.
// Functions are isolated from above, so a piece is numbered and extracted
// on its own: its ids are a range of each kind, fixed by a counting pass.
type piece struct {
	op    *ir.Operation
	index int    // position in the module body
	first counts // first id of each kind
	size  counts
	// An op's Stamp and firstArg give the ids of the piece's values, for
	// operands and forwarded block arguments, which may come later in walk
	// order: the results of an op, and the arguments of a block, have
	// consecutive ids. (A stamp is a field read where a map of the ops
	// was a hash lookup per operand: the checker's extraction of a 100k-op
	// function took 90 ms on one goroutine instead of 79.)
	firstArg map[*ir.Block]int32
	// funcs are the func.func ops of the piece and calls its func.call
	// ops, in walk order: the order of their func and call facts.
	funcs []funcSymbol
	calls []*ir.Operation
}

type funcSymbol struct {
	table *ir.Operation // the builtin.module holding the function, if any
	name  string
	id    int32
}

// plan counts the ids of every top-level op, so that each piece knows its
// range before any is numbered.
func plan(body *ir.Block, names *Names) []*piece {
	next := counts{ops: 1, blocks: 1, regions: 1} // the module op, its region and body
	pieces := make([]*piece, len(body.Ops()))
	for i, op := range body.Ops() {
		size := sizeOf(op)
		pieces[i] = &piece{op: op, index: i, first: next, size: size}
		next.add(size)
	}
	names.grow(next)
	names.ops[0], names.regions[0], names.blocks[0] = body.ParentOp(), body.Region(), body
	return pieces
}

// sizeOf counts the ids that op and everything nested in it take.
func sizeOf(op *ir.Operation) counts {
	var size counts
	ir.Walk(op, func(o *ir.Operation) bool {
		size.ops++
		size.operands += int32(o.NumOperands())
		size.results += int32(o.NumResults())
		size.values += int32(o.NumResults())
		for _, r := range o.Regions {
			size.regions++
			for _, b := range r.Blocks() {
				size.blocks++
				size.values += int32(len(b.Args()))
			}
		}
		return true
	})
	return size
}

// number records the piece's ids in names, in walk order: an op, then its
// results, then its regions, each region's blocks, each block's arguments
// and ops.
func (p *piece) number(names *Names) {
	next := p.first
	p.firstArg = make(map[*ir.Block]int32)
	var visit func(op *ir.Operation)
	visit = func(op *ir.Operation) {
		names.ops[next.ops] = op
		switch op.Name {
		case "func.func":
			table := op.ParentOp()
			if table != nil && table.Name != "builtin.module" {
				table = nil
			}
			p.funcs = append(p.funcs, funcSymbol{table, ir.SymbolName(op), next.ops})
		case "func.call":
			p.calls = append(p.calls, op)
		}
		next.ops++
		op.Stamp = next.values
		for _, v := range op.Results() {
			names.values[next.values] = v
			next.values++
		}
		for _, r := range op.Regions {
			names.regions[next.regions] = r
			next.regions++
			// A region's blocks are numbered before the blocks nested in
			// them, so that block k of a region is its first block's id
			// plus k (successors are found that way).
			for _, b := range r.Blocks() {
				names.blocks[next.blocks] = b
				next.blocks++
			}
			for _, b := range r.Blocks() {
				if len(b.Args()) > 0 {
					p.firstArg[b] = next.values
				}
				for _, a := range b.Args() {
					names.values[next.values] = a
					next.values++
				}
				for _, o := range b.Ops() {
					visit(o)
				}
			}
		}
	}
	visit(p.op)
}

// moduleScope is what every piece's extraction reads and none writes.
type moduleScope struct {
	dom    *ir.Dominance
	models *OpModel
	syms   *facts.Symbols
	// funcs maps each builtin.module to its functions by symbol name.
	funcs map[*ir.Operation]map[string]int32
	// outer holds the results of top-level ops, the only values a piece
	// may use without defining them.
	outer map[*ir.Value]int32
	// skip marks the predicates whose facts are not wanted (Options.Only).
	skip [facts.NumPreds]bool
	// noModels says that every predicate of the ops' tensor memory models
	// is skipped (the checker reads memref IR): memory need not run.
	noModels bool
}

func (s *moduleScope) collect(pieces []*piece) {
	s.outer = map[*ir.Value]int32{}
	for _, p := range pieces {
		for _, f := range p.funcs {
			if f.table == nil {
				continue
			}
			if s.funcs[f.table] == nil {
				s.funcs[f.table] = map[string]int32{}
			}
			s.funcs[f.table][f.name] = f.id
		}
		for i, v := range p.op.Results() {
			s.outer[v] = p.first.values + int32(i)
		}
	}
}

// parts groups the pieces into the parts of Functions: partOf gives each
// piece's part (from 1: part 0 is the module level), members each part's
// pieces (members[k] for part k+1). A piece that uses a result of another
// top-level op joins that op's part; otherwise each piece is a part.
func (s *moduleScope) parts(pieces []*piece) (partOf []int, members [][]*piece) {
	// Union-find over piece indexes, each root the least index of its set,
	// so parts keep the module order.
	root := make([]int, len(pieces))
	for i := range root {
		root[i] = i
	}
	var find func(i int) int
	find = func(i int) int {
		if root[i] != i {
			root[i] = find(root[i])
		}
		return root[i]
	}
	if len(s.outer) > 0 {
		owner := map[*ir.Operation]int{}
		for _, p := range pieces {
			if p.op.NumResults() > 0 {
				owner[p.op] = p.index
			}
		}
		for _, p := range pieces {
			ir.Walk(p.op, func(o *ir.Operation) bool {
				for _, v := range o.Operands() {
					if q, ok := owner[v.DefiningOp()]; ok {
						a, b := find(p.index), find(q)
						root[max(a, b)] = min(a, b)
					}
				}
				return true
			})
		}
	}
	partOf = make([]int, len(pieces))
	for i, p := range pieces {
		if r := find(i); r == i {
			members = append(members, nil)
			partOf[i] = len(members)
		} else {
			partOf[i] = partOf[r]
		}
		members[partOf[i]-1] = append(members[partOf[i]-1], p)
	}
	return partOf, members
}

// callee returns the func.func a func.call calls, in its nearest module.
func (s *moduleScope) callee(op *ir.Operation) (int32, bool) { return s.symbolFunc(op, "callee") }

// symbolFunc returns the func.func that op's symbol attribute attr names,
// in its nearest module.
func (s *moduleScope) symbolFunc(op *ir.Operation, attr string) (int32, bool) {
	ref, ok := op.Inherent(attr).(*ir.SymbolRefAttr)
	if !ok || len(ref.Nested) > 0 {
		return 0, false
	}
	return s.lookupFunc(op, ref.Root)
}

// lookupFunc returns the func.func that a call from op to sym resolves
// to, in the nearest enclosing module.
func (s *moduleScope) lookupFunc(op *ir.Operation, sym string) (int32, bool) {
	for o := op.ParentOp(); o != nil; o = o.ParentOp() {
		if o.Name == "builtin.module" {
			id, ok := s.funcs[o][sym]
			return id, ok
		}
	}
	return 0, false
}

// extractor emits the facts of pieces, one at a time, and of the module op
// itself into its batch.
type extractor struct {
	*moduleScope
	names *Names
	piece *piece // the piece being extracted
	out   *batch
	next  counts
	// strCache and nameCache hold interned strings and names, sparing the
	// shared table's lock.
	strCache, nameCache map[string]facts.Value
	shapeCache          map[*ir.MemRefType]facts.Value
	key                 []byte // scratch for subset keys
	err                 error
	// workers is how many goroutines the ops of a long block may be
	// extracted on (see opsAtOnce).
	workers int
}

func newExtractor(mod *moduleScope, names *Names, out *batch) *extractor {
	return &extractor{moduleScope: mod, names: names, out: out,
		strCache: map[string]facts.Value{}, nameCache: map[string]facts.Value{}, shapeCache: map[*ir.MemRefType]facts.Value{}}
}

func num[T ~int | ~int32 | ~int64](n T) facts.Value { return facts.Number(int64(n)) }

func (x *extractor) str(s string) facts.Value { return intern(x.strCache, s, x.syms.String) }

// strBytes is str for a scratch buffer; it copies the text only when it
// is new.
func (x *extractor) strBytes(b []byte) facts.Value {
	if v, ok := x.strCache[string(b)]; ok {
		return v
	}
	return x.str(string(b))
}

// name interns a Mangle name such as /tensor.
func (x *extractor) name(s string) facts.Value { return intern(x.nameCache, s, x.syms.Name) }

// intern returns the Value of s from cache, or makes and caches it.
func intern(cache map[string]facts.Value, s string, newValue func(string) facts.Value) facts.Value {
	v, ok := cache[s]
	if !ok {
		v = newValue(s)
		cache[s] = v
	}
	return v
}

// id returns the id of a value the piece uses.
func (x *extractor) id(v *ir.Value) (int32, bool) {
	var first int32
	ok := true
	if def := v.DefiningOp(); def != nil {
		first = def.Stamp
	} else {
		first, ok = x.piece.firstArg[v.Block()]
	}
	// A stamp is that of the last numbering of the op, which may be
	// another module's or not be one: the id holds if this numbering gave
	// it to v.
	if id := first + int32(v.Index()); ok && x.piece.holds(id) && x.names.values[id] == v {
		return id, true
	}
	id, ok := x.outer[v]
	return id, ok
}

// holds says whether the value id is one of the piece's.
func (p *piece) holds(id int32) bool {
	return id >= p.first.values && id < p.first.values+p.size.values
}

// valueID is id for values that the IR guarantees are in scope (block
// arguments and results of the op being extracted or its parents).
func (x *extractor) valueID(v *ir.Value) facts.Value {
	id, _ := x.id(v)
	return num(id)
}

func (x *extractor) fail(op *ir.Operation, format string, args ...any) {
	if x.err == nil {
		x.err = &Error{Loc: x.names.position(op.Pos), Msg: fmt.Sprintf(format, args...)}
	}
}

// module emits the facts of the module op, its region and its body block;
// the ops in the body are pieces.
func (x *extractor) module(op *ir.Operation) {
	x.out.add(facts.Op, num(0), x.str(op.Name))
	x.out.add(facts.RegionOf, num(0), num(0), num(0))
	x.out.add(facts.BlockInRegion, num(0), num(0), num(0))
	x.blockHeader(x.names.blocks[0], 0)
}

// topLevels emits the facts of pieces in order, up to the first that
// fails, and returns its error.
func (x *extractor) topLevels(pieces []*piece) error {
	for _, p := range pieces {
		if x.topLevel(p); x.err != nil {
			return x.err
		}
	}
	return nil
}

// topLevel emits the facts of a top-level op and everything in it.
func (x *extractor) topLevel(p *piece) {
	x.piece, x.next = p, p.first
	x.op(p.op, site{block: 0, pos: int32(p.index), parent: 0, firstBlock: 0, parentOp: x.names.ops[0]})
}

// site is where an op stands: its block, position and parent op, and the
// first block id of its region, which turns successor blocks into ids.
type site struct {
	block, pos, parent, firstBlock int32
	parentOp                       *ir.Operation
}

// op emits the facts of op and, recursively, of everything in its regions.
func (x *extractor) op(op *ir.Operation, at site) {
	id := x.next.ops
	x.next.ops++
	O := num(id)
	x.out.add(facts.Op, O, x.str(op.Name))
	x.out.add(facts.OpInBlock, O, num(at.block), num(at.pos))
	x.out.add(facts.ParentOp, O, num(at.parent))
	for i, v := range op.Results() {
		vid := num(x.next.values)
		x.next.values++
		x.out.add(facts.Result, vid, O, num(i))
		x.valueType(vid, v)
	}
	for i, v := range op.Operands() {
		vid, ok := x.id(v)
		if !ok {
			x.fail(op, "operand %d of %s is not defined in scope", i, op.Name)
			continue
		}
		x.out.add(facts.Use, O, num(i), num(vid))
	}
	x.successors(op, O, at)
	fam := families[op.Name]
	x.structure(op, id, fam, at)
	x.memory(op, id, fam)
	x.memrefModel(op, O, fam)
	x.global(op)
	for ri, r := range op.Regions {
		rid := x.next.regions
		x.next.regions++
		x.out.add(facts.RegionOf, num(rid), O, num(ri))
		// Numbered before the blocks nested in them, as in Names.
		first := x.next.blocks
		x.next.blocks += int32(len(r.Blocks()))
		for bi, b := range r.Blocks() {
			bid := first + int32(bi)
			x.out.add(facts.BlockInRegion, num(bid), num(rid), num(bi))
			x.block(b, bid, id, first)
		}
	}
	x.out.add(facts.OpLast, O, num(x.next.ops-1))
}

// block emits a block's dominance intervals, its arguments and its ops.
func (x *extractor) block(b *ir.Block, bid, parent, firstBlock int32) {
	x.blockHeader(b, bid)
	at := site{block: bid, parent: parent, firstBlock: firstBlock, parentOp: x.names.ops[parent]}
	if ops := b.Ops(); x.workers > 1 && len(ops) >= 2*runOps {
		x.opsAtOnce(ops, at)
		return
	}
	for pos, o := range b.Ops() {
		at.pos = int32(pos)
		x.op(o, at)
	}
}

// runOps is the least number of ops opsAtOnce gives a goroutine at once:
// below it, extracting them costs less than starting the goroutine.
const runOps = 2048

// opsAtOnce emits the facts of the ops of a long block (the body of a
// large function), cut into runs extracted at once, each by an extractor
// of its own that starts from the ids the ops before it take. The runs'
// facts are then added in order, so that every fact and row id is the
// one the ops extracted one after the other would give.
func (x *extractor) opsAtOnce(ops []*ir.Operation, at site) {
	n := min(4*x.workers, len(ops)/runOps)
	runs := make([]*extractor, n)
	starts, sizes := make([]counts, n), make([]counts, n)
	next := x.next
	for r := range n {
		starts[r] = next
		for _, o := range ops[len(ops)*r/n : len(ops)*(r+1)/n] {
			sizes[r].add(sizeOf(o))
		}
		next.add(sizes[r])
	}
	parallel.For(n, x.workers, func(r int) {
		y := newExtractor(x.moduleScope, x.names, newBatch(sizes[r], &x.skip))
		y.piece, y.next = x.piece, starts[r]
		for pos := len(ops) * r / n; pos < len(ops)*(r+1)/n; pos++ {
			run := at
			run.pos = int32(pos)
			y.op(ops[pos], run)
		}
		runs[r] = y
	})
	outs := make([]*batch, n)
	for r, y := range runs {
		if x.err == nil {
			x.err = y.err
		}
		outs[r] = y.out
	}
	x.out.mergeAll(outs, x.workers)
	x.next = next
}

// blockHeader emits a block's dominance intervals and its arguments.
func (x *extractor) blockHeader(b *ir.Block, bid int32) {
	B := num(bid)
	if in, out := x.dom.DomInterval(b); in >= 0 {
		x.out.add(facts.BlockDom, B, num(in), num(out))
	}
	if in, out := x.dom.PostDomInterval(b); in >= 0 {
		x.out.add(facts.BlockPostdom, B, num(in), num(out))
	}
	for i, a := range b.Args() {
		vid := num(x.next.values)
		x.next.values++
		x.out.add(facts.BlockArg, vid, B, num(i))
		x.valueType(vid, a)
	}
}

// successors emits the branch edges of op: its successor blocks and which
// operands each receives (ir.SuccessorOperands knows the cf ops).
func (x *extractor) successors(op *ir.Operation, O facts.Value, at site) {
	for i, s := range op.Successors() {
		x.out.add(facts.Successor, O, num(i), num(at.firstBlock+int32(x.dom.BlockIndex(s))))
		fwd := ir.SuccessorOperands(op, i)
		first := operandOffset(op, fwd)
		for k, arg := range s.Args() {
			if first < 0 || k >= len(fwd) {
				break
			}
			x.out.add(facts.Forward, O, num(first+k), x.valueID(arg))
		}
	}
}

// operandOffset returns the index of sub's first element in op's operands.
// ir.SuccessorOperands returns a subslice of Operands(), so the offset is
// the difference of the capacities; -1 if sub is empty or not such a
// subslice.
func operandOffset(op *ir.Operation, sub []*ir.Value) int {
	all := op.Operands()
	off := cap(all) - cap(sub)
	if len(sub) == 0 || off < 0 || off+len(sub) > len(all) || all[off] != sub[0] {
		return -1
	}
	return off
}

// valueType emits the class and static size of a value's type.
func (x *extractor) valueType(vid facts.Value, v *ir.Value) {
	t := v.Type()
	class, bytes := "/other", int64(-1)
	switch {
	case ir.IsTensor(t):
		class = "/tensor"
	case ir.IsMemRef(t):
		class = "/memref"
	default:
		if bits := ir.ElementBits(t); bits > 0 {
			class, bytes = "/scalar", int64(bits+7)/8
		}
	}
	if n, ok := ir.StaticBytes(t); ok {
		bytes = n
	}
	x.out.add(facts.ValueType, vid, x.name(class), num(bytes))
	switch t := t.(type) {
	case *ir.UnrankedTensorType:
		x.out.add(facts.Unranked, vid)
	case *ir.MemRefType:
		if t.MemorySpace != nil {
			x.out.add(facts.MemRefSpace, vid, x.str(t.MemorySpace.String()))
		}
		if x.skip[facts.MemRefType] {
			return // memrefShape prints the type
		}
		layout := "/identity"
		if t.Layout != nil {
			layout = "/other"
		}
		x.out.add(facts.MemRefType, vid, x.memrefShape(t), x.name(layout))
	}
}

// memrefShape interns the text of memref type t without its layout;
// values of one type often share its pointer, which spares printing it.
func (x *extractor) memrefShape(t *ir.MemRefType) facts.Value {
	if v, ok := x.shapeCache[t]; ok {
		return v
	}
	v := x.str((&ir.MemRefType{Shape: t.Shape, Elem: t.Elem, MemorySpace: t.MemorySpace}).String())
	x.shapeCache[t] = v
	return v
}

// batch receives the rows of one piece. Extracting sequentially, it adds
// them to the DB at once; extracting concurrently, it keeps them, flat per
// predicate (after the batches of earlier, those of a long block's runs),
// until the piece's turn comes to be flushed in module order.
type batch struct {
	db   *facts.DB // nil while collecting
	rels [facts.NumPreds]*facts.Relation
	rows [facts.NumPreds][]facts.Value
	// earlier are collected batches whose rows come before rows, in
	// order: a batch merged into a collecting one is kept, not copied.
	earlier []*batch
	skip    *[facts.NumPreds]bool // the predicates whose rows are dropped
}

// newBatch returns a batch with room for the facts of perID predicates
// about the ids n counts: growing the rows as they come copied them over
// and over.
func newBatch(n counts, skip *[facts.NumPreds]bool) *batch {
	b := &batch{skip: skip}
	for p, rows := range perID(n) {
		if !skip[p] {
			b.rows[p] = make([]facts.Value, 0, int(rows)*arity[p])
		}
	}
	return b
}

// direct returns a batch that adds rows to db as they come.
func direct(db *facts.DB, skip *[facts.NumPreds]bool) *batch {
	b := &batch{db: db, skip: skip}
	for p := range facts.NumPreds {
		if !skip[p] {
			b.rels[p] = p.In(db)
		}
	}
	return b
}

func (b *batch) add(p facts.Pred, row ...facts.Value) {
	if len(row) != arity[p] {
		panic(fmt.Sprintf("extract: %s/%d given %d values", p.Name(), arity[p], len(row)))
	}
	if b.skip[p] {
		return
	}
	if b.db != nil {
		if distinct[p] {
			b.rels[p].AppendDistinct(row)
		} else {
			b.rels[p].Add(row)
		}
		return
	}
	b.rows[p] = append(b.rows[p], row...)
}

var arity = func() (a [facts.NumPreds]int) {
	for p := range facts.NumPreds {
		a[p] = p.Arity()
	}
	return a
}()

// distinct marks the predicates of perID.
var distinct = func() (d [facts.NumPreds]bool) {
	for p := range perID(counts{}) {
		d[p] = true
	}
	return d
}()

// mergeAll adds what outs collected, in order, after what b holds: to
// b's DB if b adds rows as they come, relation by relation on up to
// workers goroutines (each relation takes the rows of outs in order, and
// relations share nothing); else b keeps them after its rows so far,
// which become a batch of their own, and goes on collecting into the
// room left after them. Nothing is copied until the flush.
func (b *batch) mergeAll(outs []*batch, workers int) {
	if b.db == nil {
		head := &batch{skip: b.skip}
		for p, rows := range b.rows {
			head.rows[p], b.rows[p] = rows[:len(rows):len(rows)], rows[len(rows):]
		}
		b.earlier = append(append(b.earlier, head), outs...)
		return
	}
	parallel.For(int(facts.NumPreds), workers, func(p int) {
		for _, o := range outs {
			o.flushPred(facts.Pred(p), b.rels[p])
		}
	})
}

// flush adds the collected rows to db, in order, and empties the batch.
func (b *batch) flush(db *facts.DB) {
	for p := range facts.NumPreds {
		if b.holds(p) { // a predicate without rows gets no relation
			b.flushPred(p, p.In(db))
		}
	}
	b.earlier = nil
}

// holds reports whether b has collected rows of p.
func (b *batch) holds(p facts.Pred) bool {
	return len(b.rows[p]) > 0 || slices.ContainsFunc(b.earlier, func(e *batch) bool { return e.holds(p) })
}

// flushPred adds the collected rows of p to r, in order, and empties them.
func (b *batch) flushPred(p facts.Pred, r *facts.Relation) {
	for _, e := range b.earlier {
		e.flushPred(p, r)
	}
	if rows := b.rows[p]; len(rows) > 0 {
		if distinct[p] {
			r.AppendDistinct(rows)
		} else {
			// AddBatch overlaps the cache misses of the duplicate checks.
			r.AddBatch(rows)
		}
		b.rows[p] = nil
	}
}

// Error is an extraction error at a position of the module.
type Error struct {
	Loc string // file:line:col, or the file alone
	Msg string
}

func (e *Error) Error() string { return e.Loc + ": error: " + e.Msg }
