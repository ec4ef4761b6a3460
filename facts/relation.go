package facts

import (
	"fmt"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
)

// NoRow ends an index chain.
const NoRow = ^uint32(0)

// Relation is a deduplicated, append-only set of tuples of one predicate.
// Tuples are stored row-flat and get dense row ids 0, 1, 2, ... in
// insertion order; a row id never changes and a stored row is never
// modified, so readers may keep row ids across Adds.
type Relation struct {
	name    string
	arity   int
	columns []string
	rows    rows // row-major: row i is values i*arity to (i+1)*arity - 1
	n       int
	set     table // all columns -> row; rejects duplicates
	// indexes is guarded by mu where it grows: goroutines that only read
	// the relation may build indexes on it at once (FindIndex, Index).
	mu       sync.Mutex
	indexes  []*Index
	measured []measured // sketches of column sets without an index (Measure)
	counted  []counted  // counts of constant keys without an index (Count)
	hashes   []uint64   // scratch for AddBatch
	touched  uint64     // keeps AddBatch's loads from being optimized away
	stamps   []stamp    // ascending rows: when rows were added (Stamp)
	// keys are column sets, as columnSet gives them, on which no two rows
	// agree while the relation has keyRows rows (DeclareKeys).
	keys    []uint64
	keyRows int
	// sealed says that set was let go (Seal) and is to be built again
	// before it is next used.
	sealed atomic.Bool
	walked []walked // columnWalk's counts
	// maxima holds each column's largest value over its first maxRows
	// rows: denseSpan extends it over the rows added since, where it had
	// passed over every row for each index built and each column walked.
	maxima  []Value
	maxRows []int
}

// NewRelation returns an empty relation that belongs to no DB, e.g. for
// intermediate results.
func NewRelation(name string, arity int) *Relation {
	// Most relations of a small DB stay empty: they share one empty table
	// until their first tuple.
	return &Relation{name: name, arity: arity, set: table{slots: emptySlots[:], shift: 64}}
}

// Name returns the predicate name.
func (r *Relation) Name() string { return r.name }

// Arity returns the number of columns.
func (r *Relation) Arity() int { return r.arity }

// Len returns the number of tuples.
func (r *Relation) Len() int { return r.n }

// Columns returns the column names, or nil if none were set.
func (r *Relation) Columns() []string { return r.columns }

// SetColumns names the columns (documentation only: it does not change
// storage). It ignores a list whose length differs from the arity. The
// relation keeps names: the caller must not modify it.
func (r *Relation) SetColumns(names ...string) {
	if len(names) == r.arity {
		r.columns = names
	}
}

// At returns column col of tuple id.
func (r *Relation) At(id uint32, col int) Value { return r.rows.at(int(id)*r.arity + col) }

// AppendRow appends tuple id to dst and returns the extended slice.
func (r *Relation) AppendRow(dst []Value, id uint32) []Value {
	i := int(id) * r.arity
	if r.rows.wide {
		return append(dst, r.rows.values[i:i+r.arity]...)
	}
	for _, p := range r.rows.packed[i : i+r.arity] {
		dst = append(dst, unpack(p))
	}
	return dst
}

// Row returns a copy of tuple id.
func (r *Relation) Row(id uint32) []Value { return r.AppendRow(make([]Value, 0, r.arity), id) }

// appendKey appends the values of tuple id in columns cols to dst.
func (r *Relation) appendKey(dst []Value, id uint32, cols []int) []Value {
	i := int(id) * r.arity
	for _, c := range cols {
		dst = append(dst, r.rows.at(i+c))
	}
	return dst
}

// holds reports whether tuple id holds key in columns cols.
func (r *Relation) holds(id uint32, cols []int, key []Value) bool {
	i := int(id) * r.arity
	for k, c := range cols {
		if r.rows.at(i+c) != key[k] {
			return false
		}
	}
	return true
}

// equals reports whether tuple id is tuple.
func (r *Relation) equals(id uint32, tuple []Value) bool {
	i := int(id) * r.arity
	for k, v := range tuple {
		if r.rows.at(i+k) != v {
			return false
		}
	}
	return true
}

// Contains reports whether the tuple is present.
func (r *Relation) Contains(tuple []Value) bool { return r.Find(tuple) != NoRow }

// Find returns the row id of the tuple, or NoRow.
func (r *Relation) Find(tuple []Value) uint32 {
	if r.sealed.Load() {
		r.unseal()
	}
	slot, found := r.find(tuple, hashValues(tuple))
	if !found {
		return NoRow
	}
	return uint32(r.set.slots[slot]) - 1
}

// Add inserts a tuple (copied) unless present, and reports whether it was
// new. Every index of the relation is updated. It panics if len(tuple)
// differs from the arity, which is a programming error.
func (r *Relation) Add(tuple []Value) bool {
	if len(tuple) != r.arity {
		panic(fmt.Sprintf("facts: %s/%d: adding a tuple of %d values", r.name, r.arity, len(tuple)))
	}
	if r.sealed.Load() {
		r.unseal()
	}
	return r.addHashed(tuple, hashValues(tuple))
}

// Seal lets go of the set that rejects duplicate tuples, which only adding
// a tuple and looking up a whole one (Find) use: a relation that no rule
// derives any more and that joins read through indexes on some of its
// columns need not keep it. Add, AddBatch, Reserve and Find build it again
// first. Small relations keep theirs. Seal must not run beside a reader
// or a writer of r.
func (r *Relation) Seal() {
	if r.n < sealRows || r.sealed.Load() {
		return
	}
	r.set = table{slots: emptySlots[:], shift: 64}
	r.sealed.Store(true)
}

// sealRows is the fewest rows of a relation that Seal lets its set go:
// a small set costs little to keep, and more to build again.
const sealRows = 1024

// unseal builds the set that Seal let go. Readers may call it at once.
func (r *Relation) unseal() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.sealed.Load() {
		return
	}
	r.set.init(setSlots(8, r.n))
	var row []Value
	for id := range uint32(r.n) {
		row = r.AppendRow(row[:0], id)
		h := hashValues(row)
		slot, _ := r.find(row, h)
		r.set.put(slot, h, id)
	}
	r.sealed.Store(false)
}

func (r *Relation) addHashed(tuple []Value, h uint64) bool {
	slot, found := r.find(tuple, h)
	if found {
		return false
	}
	if r.n == int(NoRow) {
		panic(fmt.Sprintf("facts: %s/%d: more than %d rows", r.name, r.arity, NoRow-1))
	}
	if len(r.set.slots) == len(emptySlots) {
		r.set.init(8)
		slot, _ = r.find(tuple, h)
	}
	id := uint32(r.n)
	r.rows.reserve(max(r.rows.len()+r.arity, 8*r.arity), false)
	r.rows.push(tuple)
	r.n++
	r.set.put(slot, h, id)
	if r.set.needsGrow() {
		r.set.grow()
	}
	for _, ix := range r.indexes {
		ix.add(id)
	}
	return true
}

// find returns the set slot holding tuple, or the empty slot where it
// would go.
func (r *Relation) find(tuple []Value, h uint64) (int, bool) {
	tag := h >> 32
	mask := len(r.set.slots) - 1
	for i := r.set.home(h); ; i = (i + 1) & mask {
		s := r.set.slots[i]
		if s == 0 {
			return i, false
		}
		if s>>32 == tag && r.equals(uint32(s)-1, tuple) {
			return i, true
		}
	}
}

// FindIndex returns the index on the given columns if it was built, or
// nil.
func (r *Relation) FindIndex(cols []int) *Index {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.findIndex(cols)
}

func (r *Relation) findIndex(cols []int) *Index {
	for _, ix := range r.indexes {
		if equalInts(ix.cols, cols) {
			return ix
		}
	}
	return nil
}

// shortChain is the longest chain of an index that Finder reads for a
// key on more columns than the index has: a few rows compared are cheaper
// than a probe of a hash table on all of them (or of the duplicate set,
// for a whole tuple), whose slots are spread over the whole table where
// a dense index's keys are in id order.
const shortChain = 4

// FindMode says which indexes Finder may read and build.
type FindMode int

const (
	// FindLookup reads an index the relation has: dense, on the columns
	// looked up or on some of them with short chains, else hashed on
	// those columns; else, from sealRows rows, a dense one it builds on
	// a single column whose lookups walk few rows (columnWalk); else the
	// one on those columns, built. An index kept from a small part
	// (keepRelation) is read rather than another built beside it: on a
	// 1M-op function's pipeline, building one peaked 170 MB higher.
	FindLookup FindMode = iota
	// FindGrowing is FindLookup on a relation still growing: it builds
	// no index on a single column, whose chains may not stay short, and
	// always builds the one on exactly the columns, whose counts a
	// planner reads (Measure).
	FindGrowing
	// FindProbe finds whole tuples (every column looked up): as
	// FindLookup, but also through a hashed index with short chains that
	// the relation has, and through none (Finder.Valid is false) rather
	// than one built on every column: the relation has its duplicate set.
	FindProbe
)

// Finder returns a way to find the rows of r that hold given values in
// the columns cols (ascending), as mode allows: through an index on them
// all, or on some of them, comparing the others row by row.
//
// On a million-op function, op_in_block(Op, Block, _) looked up by both
// columns reads a dense table by Op instead of a hash table of 4M slots.
func (r *Relation) Finder(cols []int, mode FindMode) Finder {
	if mode == FindGrowing {
		r.Index(cols) // whichever is read: a planner counts on it
	}
	ix := r.shortIndex(cols, mode == FindProbe)
	if ix == nil && mode != FindGrowing && r.n >= sealRows {
		ix = r.denseColumnIndex(cols)
	}
	if ix == nil && mode != FindProbe {
		ix = r.Index(cols)
	}
	if ix == nil {
		return Finder{}
	}
	l := Finder{ix: ix, exact: equalInts(ix.cols, cols)}
	if !l.exact {
		for _, c := range ix.cols {
			l.at = append(l.at, slices.Index(cols, c))
		}
		for i, c := range cols {
			if !slices.Contains(ix.cols, c) {
				l.rest = append(l.rest, colAt{c, i})
			}
		}
	}
	return l
}

// shortIndex returns the index of r that Finder prefers among those r
// has on some of cols, or nil: a dense one on exactly cols; a dense one
// with short chains (the shortest); a hashed one on exactly cols; if
// hashed, one with short chains.
func (r *Relation) shortIndex(cols []int, hashed bool) *Index {
	r.mu.Lock()
	defer r.mu.Unlock()
	set := columnSet(cols)
	var same, denseShort, hashedShort *Index
	for _, ix := range r.indexes {
		switch ixSet := columnSet(ix.cols); {
		case ixSet == set && equalInts(ix.cols, cols):
			same = ix
		case ixSet&^set != 0 || ix.longest > shortChain:
		case ix.dense != nil:
			if denseShort == nil || ix.longest < denseShort.longest {
				denseShort = ix
			}
		case hashedShort == nil || ix.longest < hashedShort.longest:
			hashedShort = ix
		}
	}
	switch {
	case same != nil && same.dense != nil:
		return same
	case denseShort != nil:
		return denseShort
	case same != nil:
		return same
	case hashed:
		return hashedShort
	}
	return nil
}

// denseColumnIndex returns a dense index of r on the column of cols
// whose lookups walk the fewest rows, built if need be, if that is few
// (shortChain); else nil.
func (r *Relation) denseColumnIndex(cols []int) *Index {
	col, walk := -1, shortChain+1
	for _, c := range cols {
		if w := r.columnWalk(c); w > 0 && w < walk {
			col, walk = c, w
		}
	}
	if col < 0 {
		return nil
	}
	return r.Index([]int{col})
}

// columnWalk returns how many rows a lookup of column c's value in one
// of r's rows walks in an index on c, the mean over the rows (rounded
// up), if that index would have a dense table; else 0. The mean over
// rows, not over values, weighs a value by its rows, which is how often a
// join looks it up: a few values with many rows each cost what their
// chains square to, and use(Value, Op, _) by op, where most ops have a
// few operands and a few have many, walks two or three. It is counted
// in a pass and kept until the relation grows or is emptied: Finder
// asks it for each rule that looks r up, and a sketch (Measure) hashed
// every row for it.
func (r *Relation) columnWalk(c int) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := keptUntilGrowth(&r.walked, r.n, func(w walked) (bool, int) { return w.col == c, w.rows },
		func() walked { return walked{col: c, rows: r.n, walk: r.countWalk(c)} })
	return w.walk
}

// walked is a columnWalk of column col, taken when the relation had rows
// rows.
type walked struct{ col, rows, walk int }

// countWalk returns columnWalk's mean, or 0 if a value is beyond a dense
// table's reach (denseSpan). The counts are kept in spare storage of a
// power-of-two size, which the next count reuses.
func (r *Relation) countWalk(c int) int {
	span := denseSpan(r, []int{c})
	if span == nil || r.n == 0 {
		return 0
	}
	counts := newIDs(int(span[0]))[:span[0]]
	clear(counts)
	squares := 0 // the sum over values of their rows squared
	for id := range uint32(r.n) {
		v := r.At(id, c)
		squares += 2*int(counts[v]) + 1
		counts[v]++
	}
	keepSpare(&spare.ids, counts)
	return (squares + r.n - 1) / r.n
}

// Finder finds the rows of a relation that hold a key in some columns
// (Relation.Finder): through an index on those columns, or on a few of
// them, comparing the others.
type Finder struct {
	ix    *Index
	exact bool    // ix is on the columns looked up, in their order
	at    []int   // else: per column of ix, its value's position in the key
	rest  []colAt // and the columns ix does not hold
}

// colAt is a column of the relation and the position of its value in a
// key.
type colAt struct{ col, at int }

// Valid reports whether l reads an index (see Relation.Finder).
func (l Finder) Valid() bool { return l.ix != nil }

// Cols returns the columns of the index l reads.
func (l Finder) Cols() []int { return l.ix.cols }

// First returns the newest row that holds key, or NoRow.
func (l *Finder) First(key []Value) uint32 {
	if l.exact {
		return l.ix.First(key)
	}
	var buf [maxDenseCols]Value
	sub := buf[:0]
	for _, i := range l.at {
		sub = append(sub, key[i])
	}
	return l.holding(l.ix.First(sub), key)
}

// Next returns the next older row than row that holds key, or NoRow.
func (l *Finder) Next(row uint32, key []Value) uint32 {
	if l.exact {
		return l.ix.Next(row)
	}
	return l.holding(l.ix.Next(row), key)
}

// holding returns the first row of the chain from id on whose columns
// the index does not hold equal key's values.
func (l *Finder) holding(id uint32, key []Value) uint32 {
	for ; id != NoRow; id = l.ix.Next(id) {
		if l.holds(id, key) {
			return id
		}
	}
	return NoRow
}

func (l *Finder) holds(id uint32, key []Value) bool {
	for _, c := range l.rest {
		if l.ix.rel.At(id, c.col) != key[c.at] {
			return false
		}
	}
	return true
}

// Index returns the index on the given columns (key order as given),
// building it over the existing rows on first use. It stays current as
// tuples are added.
func (r *Relation) Index(cols []int) *Index {
	r.mu.Lock()
	defer r.mu.Unlock()
	if ix := r.findIndex(cols); ix != nil {
		return ix
	}
	for _, c := range cols {
		if c < 0 || c >= r.arity {
			panic(fmt.Sprintf("facts: %s/%d: index on column %d", r.name, r.arity, c))
		}
	}
	ix := &Index{rel: r, cols: append([]int(nil), cols...), key: make([]Value, len(cols))}
	if span := denseSpan(r, cols); span != nil {
		ix.fillDense(span, r.n)
	} else {
		ix.build(r.n)
	}
	r.indexes = append(r.indexes, ix)
	return ix
}

// denseSpan returns, for an index of r on cols that can have a dense
// table, how many values each column's keys range over: the columns hold
// numbers from 0 up (ids, and positions), and the keys they can form are
// at most a few per row (denseLimit). A key is then a position in the
// table, found with no hashing and no probing. It returns nil if the
// index cannot have one.
func denseSpan(r *Relation, cols []int) []Value {
	if len(cols) > maxDenseCols {
		return nil
	}
	limit := denseLimit(r.n)
	span := make([]Value, len(cols))
	for i, c := range cols {
		m := r.columnMax(c)
		if r.n > 0 && m >= limit { // a negative number or a symbol is above any limit
			return nil
		}
		span[i] = m + 1
	}
	size := Value(1)
	for _, s := range span {
		if s > limit/size {
			return nil
		}
		size *= s
	}
	return span
}

// columnMax returns the largest value of column c (0 for none), passing
// over the rows added since it was last asked. The caller holds r.mu, or
// adds to r with no reader at work, as for building an index.
func (r *Relation) columnMax(c int) Value {
	if r.maxima == nil {
		r.maxima, r.maxRows = make([]Value, r.arity), make([]int, r.arity)
	}
	m := r.maxima[c]
	for id := uint32(r.maxRows[c]); id < uint32(r.n); id++ {
		m = max(m, r.At(id, c))
	}
	r.maxima[c], r.maxRows[c] = m, r.n
	return m
}

// maxDenseCols bounds the columns of a dense index's key.
const maxDenseCols = 8

// denseLimit bounds the table of a dense index of n rows: its size in
// bytes stays within a few times what a hash table of n keys takes.
func denseLimit(n int) Value { return Value(8*n + 4096) }

func denseLen(span []Value) int {
	n := Value(1)
	for _, s := range span {
		n *= s
	}
	return int(n)
}

// denseKey returns the table position of key, if the table holds it: the
// values as the digits of a number, value i of base span[i].
func (ix *Index) denseKey(key []Value) (Value, bool) {
	var k Value
	for i, v := range key {
		if v >= ix.span[i] {
			return 0, false
		}
		k = k*ix.span[i] + v
	}
	return k, true
}

// newDense returns n zeroed table entries, in storage of exactly that
// size above the classes of small parts: rounded up to a power of two,
// the dense tables of a 100k-op function's deallocation took 21 MB.
func newDense(n int) []uint32 {
	return append(buffer[uint32](&spare.ids, n, true), make([]uint32, n)...)
}

// build makes the hash table of an empty index, with room for rows 0 to
// n-1 as distinct keys, and adds them batchTuples at a time: it first
// hashes the keys of a batch and loads their home slots, whose cache
// misses then overlap (as in AddBatch), and adds the rows after.
func (ix *Index) build(n int) {
	ix.keys.init(setSlots(16, n))
	var hashes [batchTuples]uint64
	var touched uint64
	for lo := 0; lo < n; lo += batchTuples {
		hi := min(n, lo+batchTuples)
		for id := lo; id < hi; id++ {
			h := ix.rel.hashKey(uint32(id), ix.cols)
			hashes[id-lo] = h
			touched += ix.keys.slots[ix.keys.home(h)]
		}
		for id := lo; id < hi; id++ {
			ix.addHashed(uint32(id), hashes[id-lo])
		}
	}
	ix.rel.touched = touched
}

// Index maps a key (the values of some columns) to the rows holding it.
// Rows with one key form a chain through next, newest first, so a reader
// that wants only rows below some id can skip and stop early.
type Index struct {
	rel  *Relation
	cols []int
	// The newest row with each key: in dense (row + 1, 0 for none) at
	// the key's position when the key columns hold small non-negative
	// numbers (denseSpan), else in keys.
	dense     []uint32
	span      []Value // dense: how many values each key column ranges over
	denseKeys int
	keys      table
	// next and depth hold a row each once chained: until some key has two
	// rows, every row's chain is itself, and they hold none. Most indexes
	// on ids never need them.
	chained bool
	next    []uint32 // row id -> older row with the same key, or NoRow
	key     []Value  // scratch for add
	// depth is the row's position in its key's chain, counted from the
	// oldest (1); longest is the longest chain: with Keys, what a planner
	// needs to see that a few keys hold most rows.
	depth   []uint32
	longest uint32
}

// First returns the newest row whose indexed columns equal key, or NoRow.
func (ix *Index) First(key []Value) uint32 {
	if ix.dense != nil {
		if k, ok := ix.denseKey(key); ok {
			return ix.dense[k] - 1 // NoRow for 0
		}
		return NoRow
	}
	slot, found := ix.find(key, hashValues(key))
	if !found {
		return NoRow
	}
	return uint32(ix.keys.slots[slot]) - 1
}

// Count returns the number of rows whose indexed columns equal key.
func (ix *Index) Count(key []Value) int {
	switch id := ix.First(key); {
	case id == NoRow:
		return 0
	case !ix.chained:
		return 1
	default:
		return int(ix.depth[id])
	}
}

// Keys returns the number of distinct keys in the index.
func (ix *Index) Keys() int {
	if ix.dense != nil {
		return ix.denseKeys
	}
	return ix.keys.used
}

// Longest returns the number of rows of the key that has the most.
func (ix *Index) Longest() int { return int(ix.longest) }

// Next returns the next older row with the same key as row, or NoRow.
func (ix *Index) Next(row uint32) uint32 {
	if !ix.chained {
		return NoRow
	}
	return ix.next[row]
}

// chain records row id, whose key's newest row before it is prev (NoRow
// for none).
func (ix *Index) chain(id, prev uint32) {
	if !ix.chained {
		if prev == NoRow {
			ix.longest = 1
			return
		}
		// The first key with two rows: every row before id is alone.
		ix.chained = true
		if cap(ix.next) < ix.rel.n { // else storage kept from an earlier use (empty)
			// As many as the relation has room for: reserved, that is
			// the rows it will have.
			n := max(ix.rel.n, ix.rel.rows.cap()/ix.rel.arity)
			ix.next, ix.depth = buffer[uint32](&spare.ids, n, true), buffer[uint32](&spare.ids, n, true)
		}
		ix.next, ix.depth = ix.next[:0], ix.depth[:0]
		for range id {
			ix.next = append(ix.next, NoRow)
			ix.depth = append(ix.depth, 1)
		}
	}
	depth := uint32(1)
	if prev != NoRow {
		depth = ix.depth[prev] + 1
	}
	ix.next = append(ix.next, prev)
	ix.depth = append(ix.depth, depth)
	ix.longest = max(ix.longest, depth)
}

func (ix *Index) add(id uint32) {
	if ix.dense != nil {
		key := ix.rel.appendKey(ix.key[:0], id, ix.cols)
		k, ok := ix.denseKey(key)
		if !ok && len(key) == 1 && key[0] < denseLimit(ix.rel.n) {
			// One column: the table grows to the key.
			ix.span[0] = key[0] + 1
			ix.dense = append(ix.dense, make([]uint32, int(ix.span[0])-len(ix.dense))...)
			k, ok = key[0], true
		}
		if !ok {
			ix.toHashed(id)
			return
		}
		ix.addDense(id, k)
		return
	}
	ix.addHashed(id, ix.rel.hashKey(id, ix.cols))
}

// addDense adds row id, whose key k is within the dense table.
func (ix *Index) addDense(id uint32, k Value) {
	prev := ix.dense[k]
	if prev == 0 {
		ix.denseKeys++
	}
	ix.chain(id, prev-1) // NoRow for 0
	ix.dense[k] = id + 1
}

// toHashed moves the index from its dense table, which cannot hold the
// key of row id, to a hash table, and adds the rows up to id.
func (ix *Index) toHashed(id uint32) {
	keepSpare(&spare.ids, ix.dense)
	ix.dense, ix.span, ix.denseKeys, ix.longest = nil, nil, 0, 0
	ix.chained, ix.next, ix.depth = false, ix.next[:0], ix.depth[:0]
	ix.build(int(id) + 1)
}

// addHashed adds row id, whose key hashes to h.
func (ix *Index) addHashed(id uint32, h uint64) {
	slot, found := ix.find(ix.rel.appendKey(ix.key[:0], id, ix.cols), h)
	if found {
		ix.chain(id, uint32(ix.keys.slots[slot])-1)
		ix.keys.slots[slot] = ix.keys.slots[slot]&^0xFFFFFFFF | uint64(id+1)
		return
	}
	ix.chain(id, NoRow)
	ix.keys.put(slot, h, id)
	if ix.keys.needsGrow() {
		ix.growHashed(id)
	}
}

// growHashed makes room in the hash table of the index, which holds the
// rows up to id, or moves the index to a dense table if the relation has
// grown large and its keys now fit one. A relation kept whole for the
// next DB (keepRelation) keeps the indexes its small part had, hashed
// where that part's ids were far above its number of rows; filled with
// the facts of a 1M-op function, such indexes grew to millions of slots:
// its deallocation's evaluation read 43 million slots of hash tables,
// and 21 million once they turned dense. A check costs a pass over the
// rows at each growth of the table, whose size doubles at least.
func (ix *Index) growHashed(id uint32) {
	if ix.rel.n >= sealRows {
		if span := denseSpan(ix.rel, ix.cols); span != nil {
			keepSpare(&spare.slots, ix.keys.slots)
			ix.keys, ix.longest = table{}, 0
			ix.chained, ix.next, ix.depth = false, ix.next[:0], ix.depth[:0]
			ix.fillDense(span, int(id)+1)
			return
		}
	}
	ix.keys.grow()
}

// fillDense gives the index a dense table for keys within span, and adds
// rows 0 to n-1.
func (ix *Index) fillDense(span []Value, n int) {
	ix.span, ix.dense = span, newDense(denseLen(span))
	for id := range uint32(n) {
		k, _ := ix.denseKey(ix.rel.appendKey(ix.key[:0], id, ix.cols))
		ix.addDense(id, k)
	}
}

func (ix *Index) find(key []Value, h uint64) (int, bool) {
	tag := h >> 32
	mask := len(ix.keys.slots) - 1
	for i := ix.keys.home(h); ; i = (i + 1) & mask {
		s := ix.keys.slots[i]
		if s == 0 {
			return i, false
		}
		if s>>32 == tag && ix.rel.holds(uint32(s)-1, ix.cols, key) {
			return i, true
		}
	}
}

// slotsPerPage is how many slots a 4 KiB page holds, the smallest page.
const slotsPerPage = 4096 / 8

// emptySlots is the table of every relation that has no tuple yet: one
// empty slot, never written (a real table has at least 8).
var emptySlots [1]uint64

// table is an open-addressing hash table of row ids with linear probing.
// A slot holds the top 32 bits of the key's hash and row id + 1 (0 means
// empty), so most mismatches are rejected without touching the rows.
type table struct {
	slots []uint64
	used  int
	shift uint // 64 - log2(len(slots))
}

// init makes an empty table of n slots, a power of two.
func (t *table) init(n int) {
	t.slots = newSlots(n)
	// A large table comes from the kernel untouched, and a probe reads a
	// slot before the insert writes it: the read of an untouched page maps
	// the shared zero page and the write faults again to replace it.
	// Writing each page first makes that one fault, in order; on a 100k-op
	// function it halved the kernel's time.
	for i := 0; i < n; i += slotsPerPage {
		t.slots[i] = 0
	}
	t.shift = 64
	for ; n > 1; n >>= 1 {
		t.shift--
	}
}

func (t *table) put(slot int, h uint64, id uint32) {
	t.slots[slot] = h>>32<<32 | uint64(id+1)
	t.used++
}

func (t *table) needsGrow() bool { return t.used*4 >= len(t.slots)*3 }

// home is the slot where a probe for hash h starts: the top bits of h,
// which are also the top bits of the stored tag, so that growing the
// table needs no rows and no hashing.
func (t *table) home(h uint64) int { return int(h >> t.shift) }

// grow makes the table larger: twice, and four times once it is large,
// since rehashing a large table costs more than the slots it leaves
// empty (on a 2M-fact closure, a quarter of the time went to doubling).
func (t *table) grow() {
	if len(t.slots) >= 1<<16 {
		t.resize(4 * len(t.slots))
		return
	}
	t.resize(2 * len(t.slots))
}

// resize rehashes the table into n slots, a larger power of two.
func (t *table) resize(n int) {
	old := t.slots
	t.init(n)
	t.used = 0
	mask := len(t.slots) - 1
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := t.home(s &^ 0xFFFFFFFF)
		for t.slots[i] != 0 {
			i = (i + 1) & mask
		}
		t.slots[i] = s
		t.used++
	}
	if len(old) > 1 { // not emptySlots
		keepSpare(&spare.slots, old)
	}
}

func hashValues(vs []Value) uint64 {
	h := uint64(len(vs))
	for _, v := range vs {
		h = mix(h, v)
	}
	return finish(h)
}

// hashKey hashes the values of tuple id in columns cols as hashValues
// hashes them copied out: an index or a sketch hashes keys in place.
func (r *Relation) hashKey(id uint32, cols []int) uint64 {
	i := int(id) * r.arity
	h := uint64(len(cols))
	for _, c := range cols {
		h = mix(h, r.rows.at(i+c))
	}
	return finish(h)
}

func mix(h uint64, v Value) uint64 {
	h ^= uint64(v)
	h *= 0x9E3779B97F4A7C15
	return h ^ h>>31
}

// finish is murmur3's fmix64: it spreads every input bit over the low bits
// (slot position) and the high bits (tag).
func finish(h uint64) uint64 {
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	return h ^ h>>33
}

func equalValues(a, b []Value) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// setSlots is the size of a duplicate set of at least slots slots (a power
// of two) that holds n tuples below its load limit (needsGrow).
func setSlots(slots, n int) int {
	slots = max(slots, 8)
	for n*4 >= slots*3 {
		slots *= 2
	}
	return slots
}

// Reserve makes room for n more tuples, so that adding them grows neither
// the storage nor the duplicate set.
func (r *Relation) Reserve(n int) {
	if r.sealed.Load() {
		r.unseal()
	}
	r.rows.reserve(r.rows.len()+n*r.arity, true)
	if slots := setSlots(len(r.set.slots), r.set.used+n); slots > len(r.set.slots) {
		r.set.resize(slots)
	}
}

// ReserveDistinct makes room for n more tuples that AppendDistinct will
// add. An empty relation starts without a duplicate set, as after Seal.
func (r *Relation) ReserveDistinct(n int) {
	if r.n > 0 && !r.sealed.Load() {
		r.Reserve(n)
		return
	}
	r.sealed.Store(true)
	r.rows.reserve(r.rows.len()+n*r.arity, true)
}

// AppendDistinct adds the tuples held row-flat in rows, which the caller
// knows to differ from each other and from r's (the facts of a predicate
// keyed by ids, as extract fills them): it skips the duplicate check,
// the cost of most adds, and leaves r without a duplicate set, which Add
// and Find build again when they need it, as after Seal. A relation that
// has its set keeps it whole: the tuples go through AddBatch.
func (r *Relation) AppendDistinct(rows []Value) {
	if r.n > 0 && !r.sealed.Load() {
		r.AddBatch(rows)
		return
	}
	if r.n == 0 && len(r.set.slots) > 1 { // reserved (Reserve), never to be used
		keepSpare(&spare.slots, r.set.slots)
		r.set = table{slots: emptySlots[:], shift: 64}
	}
	r.sealed.Store(true)
	k := len(rows) / r.arity
	if uint64(r.n)+uint64(k) >= uint64(NoRow) {
		panic(fmt.Sprintf("facts: %s/%d: more than %d rows", r.name, r.arity, NoRow-1))
	}
	r.rows.reserve(r.rows.len()+k*r.arity, false)
	r.rows.push(rows[:k*r.arity])
	first := uint32(r.n)
	r.n += k
	for _, ix := range r.indexes {
		for id := first; id < uint32(r.n); id++ {
			ix.add(id)
		}
	}
}

// AddBatch adds the tuples held row-flat in rows, like Add on each in
// order, and returns how many were new. It takes them batchTuples at a
// time, first computing every tuple's home slot and loading it: those
// loads do not depend on each other, so the processor overlaps their
// cache misses, which dominate adding to a large relation; the inserts
// that follow then find their slots in cache.
func (r *Relation) AddBatch(rows []Value) int {
	if r.sealed.Load() {
		r.unseal()
	}
	added := 0
	for len(rows) > 0 {
		k := min(len(rows), batchTuples*r.arity)
		added += r.addBatch(rows[:k])
		rows = rows[k:]
	}
	return added
}

// batchTuples is how many tuples AddBatch loads the slots of at once:
// enough misses to overlap, few enough that the slots stay in cache.
const batchTuples = 64

func (r *Relation) addBatch(rows []Value) int {
	n := len(rows) / r.arity
	if cap(r.hashes) < n {
		r.hashes = make([]uint64, n)
	}
	hashes := r.hashes[:n]
	var touched uint64
	for i := range hashes {
		h := hashValues(rows[i*r.arity : (i+1)*r.arity])
		hashes[i] = h
		touched += r.set.slots[r.set.home(h)]
	}
	r.touched = touched
	added := 0
	for i, h := range hashes {
		if r.addHashed(rows[i*r.arity:(i+1)*r.arity], h) {
			added++
		}
	}
	return added
}

// stamp says that the rows from Row on were added at time At (see
// Relation.Stamp).
type stamp struct{ Row, At uint32 }

// Stamp records that the rows added from now on are added at time at,
// until the next Stamp: an evaluator stamps each round, and the rows of a
// fact's premises then carry earlier times than the fact (see StampOf).
// Rows added before any Stamp have time 0. Consecutive stamps with no row
// between them keep only the later.
func (r *Relation) Stamp(at uint32) {
	if k := len(r.stamps); k > 0 && r.stamps[k-1].Row == uint32(r.n) {
		r.stamps[k-1].At = at
		return
	}
	r.stamps = append(r.stamps, stamp{uint32(r.n), at})
}

// StampOf returns the time row id was added at: the time of the last
// Stamp before it, or 0.
func (r *Relation) StampOf(id uint32) uint32 {
	i := sort.Search(len(r.stamps), func(i int) bool { return r.stamps[i].Row > id })
	if i == 0 {
		return 0
	}
	return r.stamps[i-1].At
}
