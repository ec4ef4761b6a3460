package ir

import (
	"bytes"
	"slices"
	"unsafe"
)

// Pos is a byte offset into the source file an IR object was parsed from;
// NoPos marks objects created by a transformation.
type Pos int32

// NoPos is the position of objects that do not come from source text.
const NoPos Pos = -1

// Value is an SSA value: an operation result or a block argument.
//
// Large files hold one Value per result and argument, so the struct is kept
// at 96 bytes, a malloc size class: the rare block-argument location lives
// on the Block (see Block.ArgLoc) and the numbers are int32.
type Value struct {
	typ   Type
	def   *Operation // defining op; nil for block arguments
	block *Block     // owning block of a block argument
	uses  []Use
	// printName is the name the printer assigned, `x` or `x#1` (without %).
	printName string
	// Name is the SSA name the value had in the source (without `%`), used
	// as a hint when printing; empty when unnamed.
	Name  string
	index int32 // result number or argument number
	Pos   Pos
}

// Use is one operand slot that reads a value.
type Use struct {
	Op    *Operation
	Index int
}

// Type returns the value's type.
func (v *Value) Type() Type { return v.typ }

// SetType changes the value's type (used when rewriting tensors to memrefs).
func (v *Value) SetType(t Type) { v.typ = t }

// DefiningOp returns the operation producing v, or nil for a block argument.
func (v *Value) DefiningOp() *Operation { return v.def }

// Block returns the block that owns v: the block of its defining op, or the
// block it is an argument of.
func (v *Value) Block() *Block {
	if v.def != nil {
		return v.def.block
	}
	return v.block
}

// IsBlockArg reports whether v is a block argument.
func (v *Value) IsBlockArg() bool { return v.def == nil }

// Index returns the result number or the argument number.
func (v *Value) Index() int { return int(v.index) }

// Uses returns the operand slots that read v. The slice must not be modified.
func (v *Value) Uses() []Use { return v.uses }

// ReplaceAllUsesWith makes every use of v read w instead.
func (v *Value) ReplaceAllUsesWith(w *Value) {
	if v == w {
		return
	}
	for _, u := range v.uses {
		u.Op.operands[u.Index] = w
		w.addUse(u)
	}
	v.uses = nil
}

func (v *Value) addUse(u Use) {
	u.Op.useSlots()[u.Index] = int32(len(v.uses))
	v.uses = append(v.uses, u)
}

// removeUse drops operand index of op from v's uses in constant time: a
// value read by a million ops loses them one by one when they are
// rewritten.
func (v *Value) removeUse(op *Operation, index int) {
	i, last := op.useSlots()[index], len(v.uses)-1
	if moved := v.uses[last]; int(i) != last {
		v.uses[i] = moved
		moved.Op.useSlots()[moved.Index] = i
	}
	v.uses = v.uses[:last]
}

// Operation is one MLIR operation, in the generic model that every dialect
// shares: operands, results, successors, properties, discardable attributes
// and regions.
type Operation struct {
	Name     string
	operands []*Value
	// useAt points to n int32s, n the number of operands: the position of
	// operand i's use in its value's uses is useAt[i] (useSlots). A
	// pointer, not a slice, as its length is the operands': the struct
	// is kept at 144 bytes, a malloc size class.
	useAt   *int32
	results []*Value
	// Properties holds the inherent attributes (`<{...}>` in generic form);
	// nil when the op has none.
	Properties *DictAttr
	// Attrs holds the discardable attributes (`{...}`); nil when empty.
	Attrs   *DictAttr
	Regions []*Region
	// rare holds the successors and the location, which few ops have.
	rare  *opRare
	block *Block
	Pos   Pos
	// order is the op's position in its block, as last numbered by
	// NewDominance; it makes "a before b" a comparison.
	order int32
	// Stamp is free for a pass that numbers ops (extract keeps there the
	// id of the op's first result, and checks it before trusting it);
	// the IR neither sets nor reads it.
	Stamp int32
}

// opRare is what an Operation holds out of line because few ops have it.
type opRare struct {
	successors []*Block
	loc        Attribute // `loc(...)`
}

// Successors returns the blocks op branches to. The slice must not be
// modified.
func (op *Operation) Successors() []*Block {
	if op.rare == nil {
		return nil
	}
	return op.rare.successors
}

// SetSuccessors makes bs the blocks op branches to.
func (op *Operation) SetSuccessors(bs []*Block) {
	if op.rare == nil {
		if len(bs) == 0 {
			return
		}
		op.rare = &opRare{}
	}
	op.rare.successors = bs
}

// SetSuccessor makes block b successor i of op.
func (op *Operation) SetSuccessor(i int, b *Block) { op.rare.successors[i] = b }

// Loc returns op's location attribute (`loc(...)`), or nil.
func (op *Operation) Loc() Attribute {
	if op.rare == nil {
		return nil
	}
	return op.rare.loc
}

// SetLoc sets op's location attribute; nil removes it.
func (op *Operation) SetLoc(loc Attribute) {
	if op.rare == nil {
		if loc == nil {
			return
		}
		op.rare = &opRare{}
	}
	op.rare.loc = loc
}

// NewOperation creates a detached operation with results of the given types.
func NewOperation(name string, operands []*Value, resultTypes []Type) *Operation {
	op := newOperation(name, resultTypes)
	op.SetOperands(operands)
	return op
}

// newOperation creates a detached operation with results and no operands.
func newOperation(name string, resultTypes []Type) *Operation {
	op := &Operation{Name: name, Pos: NoPos}
	op.results = make([]*Value, len(resultTypes))
	vals := make([]Value, len(resultTypes)) // one allocation for all results
	for i, t := range resultTypes {
		vals[i] = Value{typ: t, def: op, index: int32(i), Pos: NoPos}
		op.results[i] = &vals[i]
	}
	return op
}

// useSlots returns the positions of op's operands in their values' use
// lists.
func (op *Operation) useSlots() []int32 { return unsafe.Slice(op.useAt, len(op.operands)) }

// NumOperands returns the number of operands.
func (op *Operation) NumOperands() int { return len(op.operands) }

// Operand returns operand i.
func (op *Operation) Operand(i int) *Value { return op.operands[i] }

// Operands returns the operand list. The slice must not be modified.
func (op *Operation) Operands() []*Value { return op.operands }

// SetOperand makes operand i read v, keeping use lists current.
func (op *Operation) SetOperand(i int, v *Value) {
	if old := op.operands[i]; old != nil {
		old.removeUse(op, i)
	}
	op.operands[i] = v
	v.addUse(Use{op, i})
}

// SetOperands replaces the whole operand list.
func (op *Operation) SetOperands(vs []*Value) {
	for i, old := range op.operands {
		old.removeUse(op, i)
	}
	own := make([]*Value, len(vs))
	copy(own, vs)
	op.adoptOperands(own)
}

// adoptOperands makes vs, which nothing else refers to, the operand list
// of an op that has none.
func (op *Operation) adoptOperands(vs []*Value) {
	op.operands = vs
	op.useAt = unsafe.SliceData(make([]int32, len(vs)))
	for i, v := range vs {
		v.addUse(Use{op, i})
	}
}

// NumResults returns the number of results.
func (op *Operation) NumResults() int { return len(op.results) }

// Result returns result i.
func (op *Operation) Result(i int) *Value { return op.results[i] }

// Results returns the result list. The slice must not be modified.
func (op *Operation) Results() []*Value { return op.results }

// Block returns the block containing op, or nil when detached.
func (op *Operation) Block() *Block { return op.block }

// ParentOp returns the operation whose region contains op, or nil.
func (op *Operation) ParentOp() *Operation {
	if op.block == nil || op.block.region == nil {
		return nil
	}
	return op.block.region.parent
}

// Prop returns the named property, or nil.
func (op *Operation) Prop(name string) Attribute { return op.Properties.Get(name) }

// Attr returns the named discardable attribute, or nil.
func (op *Operation) Attr(name string) Attribute { return op.Attrs.Get(name) }

// SetProp sets an inherent attribute.
func (op *Operation) SetProp(name string, v Attribute) {
	if op.Properties == nil {
		op.Properties = &DictAttr{}
	}
	op.Properties.Set(name, v)
}

// SetAttr sets a discardable attribute.
func (op *Operation) SetAttr(name string, v Attribute) {
	if op.Attrs == nil {
		op.Attrs = &DictAttr{}
	}
	op.Attrs.Set(name, v)
}

// Inherent returns the named attribute from the properties, falling back to
// the discardable attributes where MLIR's older generic form put it.
func (op *Operation) Inherent(name string) Attribute {
	if a := op.Properties.Get(name); a != nil {
		return a
	}
	return op.Attrs.Get(name)
}

// Index returns op's position in its block. It is linear in the block size;
// passes that need it often use Block.Number.
func (op *Operation) Index() int {
	for i, o := range op.block.ops {
		if o == op {
			return i
		}
	}
	return -1
}

// Erase removes op from its block and drops its operand uses. Its results
// must be unused.
func (op *Operation) Erase() {
	for i, v := range op.operands {
		v.removeUse(op, i)
	}
	op.operands, op.useAt = nil, nil
	if b := op.block; b != nil {
		b.ops = append(b.ops[:op.Index()], b.ops[op.Index()+1:]...)
		op.block = nil
	}
}

// Discard drops op's operand uses and detaches it from its block without
// editing the block's op list: for rewriters that rebuild a block's list
// themselves with SetOps, where removing ops one at a time would cost
// quadratic time.
func (op *Operation) Discard() {
	for i, v := range op.operands {
		v.removeUse(op, i)
	}
	op.operands, op.useAt = nil, nil
	op.block = nil
}

// MoveRegionsTo appends op's regions to dst's, leaving op without regions:
// a rewrite that replaces an op by one of another shape keeps its bodies.
func (op *Operation) MoveRegionsTo(dst *Operation) {
	for _, r := range op.Regions {
		r.parent = dst
	}
	dst.Regions = append(dst.Regions, op.Regions...)
	op.Regions = nil
}

// AddRegion appends a region to op and returns it.
func (op *Operation) AddRegion() *Region {
	r := &Region{parent: op}
	op.Regions = append(op.Regions, r)
	return r
}

// Region is an ordered list of blocks owned by an operation.
type Region struct {
	blocks []*Block
	parent *Operation
}

// Blocks returns the region's blocks. The slice must not be modified.
func (r *Region) Blocks() []*Block { return r.blocks }

// ParentOp returns the operation owning r.
func (r *Region) ParentOp() *Operation { return r.parent }

// Entry returns the first block, or nil for an empty region.
func (r *Region) Entry() *Block {
	if len(r.blocks) == 0 {
		return nil
	}
	return r.blocks[0]
}

// AddBlock appends a new empty block.
func (r *Region) AddBlock() *Block {
	b := &Block{region: r}
	r.blocks = append(r.blocks, b)
	return b
}

// InsertBlockAfter inserts a new empty block right after b, which must
// be one of r's blocks.
func (r *Region) InsertBlockAfter(b *Block) *Block {
	i := slices.Index(r.blocks, b)
	nb := &Block{region: r}
	r.blocks = slices.Insert(r.blocks, i+1, nb)
	return nb
}

// Block is a list of operations with arguments; the last op of a block in a
// control-flow region is its terminator.
type Block struct {
	args []*Value
	// argLocs holds the arguments' location attributes, indexed like args;
	// nil when none has one, which is almost always.
	argLocs []Attribute
	ops     []*Operation
	region  *Region
	// label is the number in the printer's name for the block (`^bb1`)
	// plus one; 0 when never named. A number, not the string, keeps
	// blocks small.
	label int32
	// index is the block's position in its region, as last numbered by
	// NewDominance.
	index int32
	// Pos is where the block label (or the first op) appears in the source.
	Pos Pos
}

// Args returns the block arguments. The slice must not be modified.
func (b *Block) Args() []*Value { return b.args }

// Arg returns argument i.
func (b *Block) Arg(i int) *Value { return b.args[i] }

// AddArg appends an argument of type t.
func (b *Block) AddArg(t Type) *Value {
	v := &Value{typ: t, block: b, index: int32(len(b.args)), Pos: NoPos}
	b.args = append(b.args, v)
	return v
}

// EraseArg removes argument i, which must have no uses; later arguments
// move down one place.
func (b *Block) EraseArg(i int) {
	b.args = append(b.args[:i], b.args[i+1:]...)
	for j := i; j < len(b.args); j++ {
		b.args[j].index = int32(j)
	}
	if i < len(b.argLocs) {
		b.argLocs = append(b.argLocs[:i], b.argLocs[i+1:]...)
	}
}

// ArgLoc returns the location attribute of argument i, or nil.
func (b *Block) ArgLoc(i int) Attribute {
	if i < len(b.argLocs) {
		return b.argLocs[i]
	}
	return nil
}

// SetArgLoc sets the location attribute of argument i.
func (b *Block) SetArgLoc(i int, loc Attribute) {
	if loc == nil && i >= len(b.argLocs) {
		return
	}
	if i >= len(b.argLocs) {
		b.argLocs = append(b.argLocs, make([]Attribute, i+1-len(b.argLocs))...)
	}
	b.argLocs[i] = loc
}

// Ops returns the operations in order. The slice must not be modified.
func (b *Block) Ops() []*Operation { return b.ops }

// Region returns the region containing b.
func (b *Block) Region() *Region { return b.region }

// ParentOp returns the operation whose region contains b.
func (b *Block) ParentOp() *Operation {
	if b.region == nil {
		return nil
	}
	return b.region.parent
}

// Terminator returns the last operation, or nil for an empty block.
func (b *Block) Terminator() *Operation {
	if len(b.ops) == 0 {
		return nil
	}
	return b.ops[len(b.ops)-1]
}

// Append adds op at the end of b.
func (b *Block) Append(op *Operation) {
	op.block = b
	b.ops = append(b.ops, op)
}

// SetOps replaces b's operations by ops, in order. Ops left out must be
// detached by the caller (Discard) or kept elsewhere.
func (b *Block) SetOps(ops []*Operation) {
	for _, op := range ops {
		op.block = b
	}
	b.ops = ops
}

// InsertBefore inserts op before the op at position i (i == len appends).
func (b *Block) InsertBefore(i int, op *Operation) {
	op.block = b
	b.ops = append(b.ops, nil)
	copy(b.ops[i+1:], b.ops[i:])
	b.ops[i] = op
}

// Module is a parsed MLIR file: its top-level operation (a builtin.module,
// explicit or implicit) plus the file-level text that is not operations.
type Module struct {
	// Op is the top-level builtin.module.
	Op *Operation
	// Implicit is true when the file's ops were not wrapped in a module.
	Implicit bool
	// Aliases are the file's `#name = ...` and `!name = ...` definitions in
	// source order, kept so verbatim attribute text that refers to them
	// still resolves when printed.
	Aliases []AliasDef
	// Resources is the verbatim body of a `{-# ... #-}` block, or "".
	Resources string
	// File is the source name used in diagnostics.
	File string
	// lines holds the offset of every line start, for Position; the
	// source text itself is not kept.
	lines []int32
}

// AliasDef is one type or attribute alias definition.
type AliasDef struct {
	Name   string // including the leading `#` or `!`
	Type   Type   // set for `!` aliases
	Attr   Attribute
	Source string // the definition's right-hand side as written
}

// Body returns the block holding the top-level operations (functions,
// globals, nested modules).
func (m *Module) Body() *Block { return m.Op.Regions[0].blocks[0] }

// Position converts a Pos of this module into a line and column (1-based).
func (m *Module) Position(p Pos) (line, col int) {
	if p < 0 || len(m.lines) == 0 {
		return 0, 0
	}
	i, found := slices.BinarySearch(m.lines, int32(p))
	if !found {
		i--
	}
	return i + 1, int(p) - int(m.lines[i]) + 1
}

// lineStarts returns the offset of the start of every line of src.
func lineStarts(src []byte) []int32 {
	// Counting first allocates the table once, at its final size.
	starts := make([]int32, 1, 1+bytes.Count(src, []byte{'\n'}))
	for i, c := range src {
		if c == '\n' {
			starts = append(starts, int32(i+1))
		}
	}
	return starts
}

func lineCol(src []byte, off int) (line, col int) {
	if off < 0 {
		return 0, 0
	}
	if off > len(src) {
		off = len(src)
	}
	line, col = 1, 1
	for i := 0; i < off; i++ {
		if src[i] == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}
