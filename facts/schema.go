package facts

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Kind says what a column holds. Ids are dense numbers per kind (ops,
// values, blocks and regions are each numbered from 0 in walk order), so
// every id kind is stored as a number; the kind tells readers which table
// to look the number up in.
type Kind uint8

const (
	OpKind     Kind = iota // an operation id; functions are their func.func op
	ValueKind              // an SSA value id: op result or block argument
	BlockKind              // a block id
	RegionKind             // a region id
	NumberKind             // a plain integer: an index, a position, a size
	StringKind             // a string: an op name, a symbol, a subset key
	NameKind               // a Mangle name constant such as /tensor
)

var kindNames = [...]string{OpKind: "op", ValueKind: "value", BlockKind: "block", RegionKind: "region",
	NumberKind: "number", StringKind: "string", NameKind: "name"}

func (k Kind) String() string { return kindNames[k] }

// bound is the Mangle type of the column.
func (k Kind) bound() string {
	switch k {
	case StringKind:
		return "/string"
	case NameKind:
		return "/name"
	}
	return "/number"
}

// Column is one argument of a predicate.
type Column struct {
	Name string // Mangle variable name, e.g. "Op"
	Kind Kind
}

// Predicate declares one relation: its name, its columns and what a fact
// of it means.
type Predicate struct {
	Name    string
	Columns []Column
	Doc     string
	// CrossFunction marks a predicate whose facts may hold ids of two
	// top-level ops (functions, usually), or of one and of the module op,
	// its region or its body block: a call and its callee, a function and
	// its place in the module. Every other fact holds the ids of one
	// top-level op and what it nests, or of the module level only (a use of
	// another top-level op's result is the exception, and extract.Functions
	// keeps such ops together). That is what lets rules that read no
	// CrossFunction predicate be evaluated one function at a time (see
	// extract.Functions and solve's Program.FunctionLocal). Decls marks
	// these predicates with the descriptor cross_function().
	CrossFunction bool
	// Keys are column sets on which no two facts that extract gives one DB
	// agree: an op's id, a block and a position in it. A join planner
	// takes a lookup on a key's columns for one row without measuring
	// them (Relation.DeclareKeys). None for the other predicates.
	Keys [][]int
}

// Arity returns the number of columns.
func (p *Predicate) Arity() int { return len(p.Columns) }

// ColumnIndex returns the position of the column named name, or -1.
func (p *Predicate) ColumnIndex(name string) int {
	return slices.IndexFunc(p.Columns, func(c Column) bool { return c.Name == name })
}

// Pred identifies one extensional predicate of the IR schema, the
// relations extract fills and the rules read.
type Pred uint8

// The extensional predicates, grouped as in the schema table.
const (
	// Structure.
	Op Pred = iota
	OpInBlock
	BlockInRegion
	RegionOf
	ParentOp
	OpLast
	Func
	FuncArg
	FuncExternal
	FuncPrivate
	FuncReferenced
	ArgAccess
	// Values.
	ValueType
	Unranked
	MemRefType
	MemRefSpace
	AllocAlignment
	Result
	BlockArg
	Use
	// Control flow.
	Successor
	Forward
	RegionEntry
	YieldToArg
	YieldToResult
	Call
	ReturnOp
	RegionBranch
	TripCountUnknown
	// Dominance.
	BlockDom
	BlockPostdom
	// Memory model.
	Reads
	Writes
	MustInplace
	ReadThrough
	Aliases
	MaybeAlias
	Allocates
	Uninitialized
	NotWritable
	Repetitive
	Parallel
	UnknownOp
	Elementwise
	Subset
	SliceDim
	// Memory of memref IR.
	MemrefEffect
	MemrefView
	GlobalRef
	ConstantGlobal
	ArgNotWritable

	NumPreds // the number of predicates, not one of them
)

// NewPredicate declares a predicate from its signature, written as
// WriteTable prints it, `name(Col:kind, ...)` with the kinds of Kind's
// String, and a sentence saying what one fact means. It panics on a
// malformed signature, which is a programming error.
func NewPredicate(signature, doc string) *Predicate {
	name, cols, ok := strings.Cut(strings.TrimSuffix(signature, ")"), "(")
	p := &Predicate{Name: name, Doc: doc}
	for _, c := range strings.Split(cols, ", ") {
		col, kind, _ := strings.Cut(c, ":")
		k := slices.Index(kindNames[:], kind)
		if !ok || k < 0 {
			panic("facts: bad predicate signature " + signature)
		}
		p.Columns = append(p.Columns, Column{col, Kind(k)})
	}
	return p
}

// keyed gives p the keys named, each the names of its columns separated
// by spaces, in the schema table. It panics on a column p lacks.
func keyed(p *Predicate, keys ...string) *Predicate {
	for _, k := range keys {
		var cols []int
		for _, name := range strings.Fields(k) {
			c := p.ColumnIndex(name)
			if c < 0 {
				panic("facts: " + p.Name + " has no column " + name)
			}
			cols = append(cols, c)
		}
		p.Keys = append(p.Keys, cols)
	}
	return p
}

// crossFunction marks p as CrossFunction, in the schema table.
func crossFunction(p *Predicate) *Predicate {
	p.CrossFunction = true
	return p
}

// schema is indexed by Pred. Docs say what one fact means; the rules rely
// on exactly that, so change them together.
var schema = [NumPreds]*Predicate{
	Op: keyed(NewPredicate("op(Op:op, Name:string)",
		`Op is an operation named Name, such as "tensor.insert".`), "Op"),
	// A top-level op is in the module's body block, which every other
	// top-level op is in too.
	OpInBlock: keyed(crossFunction(NewPredicate("op_in_block(Op:op, Block:block, Pos:number)",
		"Op is operation number Pos (from 0) of Block.")), "Op", "Block Pos"),
	BlockInRegion: keyed(NewPredicate("block_in_region(Block:block, Region:region, Index:number)",
		"Block is block number Index of Region; block 0 is the entry block."), "Block", "Region Index"),
	RegionOf: keyed(NewPredicate("region_of(Region:region, Op:op, Index:number)",
		"Region is region number Index of Op."), "Region", "Op Index"),
	// The parent of a top-level op is the module op.
	ParentOp: keyed(crossFunction(NewPredicate("parent_op(Op:op, Parent:op)",
		"Parent is the op whose region holds Op; the top-level module has none.")), "Op"),
	// A pre-order interval, as block_dom's are: whether Op holds X, at any
	// depth, is Op < X <= Last, a comparison instead of a walk up parent_op.
	OpLast: keyed(NewPredicate("op_last(Op:op, Last:op)",
		"Last is the largest id among Op and the ops nested in it, at any depth: ids are given in pre-order, so those ops are the ids from Op to Last. The module op has none."), "Op"),
	Func: NewPredicate("func(Func:op, Name:string)",
		"Func is a func.func op defining the symbol Name."),
	FuncArg: NewPredicate("func_arg(Func:op, Index:number, Arg:value)",
		"Arg is argument number Index of Func (an entry-block argument)."),
	FuncExternal: NewPredicate("func_external(Func:op)",
		"Func is a declaration without a body."),
	FuncPrivate: NewPredicate("func_private(Func:op)",
		"Func is private (sym_visibility = \"private\"): only the module uses its symbol."),
	// Emitted where the reference is, which may be another function.
	FuncReferenced: crossFunction(NewPredicate("func_referenced(Func:op)",
		"An op other than func.call names Func's symbol (func.constant): the function may be called where the module does not say.")),
	ArgAccess: NewPredicate("arg_access(Func:op, Index:number, Access:name)",
		"Argument Index of Func is annotated bufferization.access = Access: /read, /write, /read_write or /none."),

	ValueType: keyed(NewPredicate("value_type(Value:value, Class:name, Bytes:number)",
		"Value has a type of Class (/tensor, /memref, /scalar or /other) whose static size is Bytes bytes, or -1 when it is dynamic or unknown."), "Value"),
	Unranked: NewPredicate("unranked(Value:value)",
		"Value is an unranked tensor (tensor<*xf32>): its rank is known only at run time."),
	MemRefType: NewPredicate("memref_type(Value:value, Shape:string, Layout:name)",
		"Value is a ranked memref; Shape is its type without the layout (\"memref<3x?xf32>\", the memory space included), and Layout is /identity when the type has none (offset 0, rows stored one after the other: so it is at run time too), else /other."),
	MemRefSpace: NewPredicate("memref_space(Value:value, Space:string)",
		"Value is a memref in a memory space other than the default one, written Space (\"1\", \"#gpu.address_space<workgroup>\")."),
	AllocAlignment: NewPredicate("alloc_alignment(Op:op, Bytes:number)",
		"The memref.alloc or memref.alloca Op asks for memory aligned to Bytes bytes (its alignment attribute)."),
	Result: keyed(NewPredicate("result(Value:value, Op:op, Index:number)",
		"Value is result number Index of Op."), "Value", "Op Index"),
	BlockArg: keyed(NewPredicate("block_arg(Value:value, Block:block, Index:number)",
		"Value is argument number Index of Block."), "Value", "Block Index"),
	Use: keyed(NewPredicate("use(Op:op, Index:number, Value:value)",
		"Operand number Index of Op is Value."), "Op Index"),

	Successor: NewPredicate("successor(Op:op, Index:number, Block:block)",
		"Successor number Index of the branch Op is Block."),
	Forward: NewPredicate("forward(Op:op, Index:number, Arg:value)",
		"Operand Index of the branch Op is passed to Arg, an argument of a successor block."),
	RegionEntry: NewPredicate("region_entry(Op:op, Index:number, Arg:value)",
		"Operand Index of the region op Op initializes its entry-block argument Arg: an scf.for or affine.for init to its iter_arg, an scf.while init to its before-argument, an scf.forall shared_out to its block argument."),
	YieldToArg: NewPredicate("yield_to_arg(Yield:op, Index:number, Arg:value)",
		"Operand Index of the terminator Yield becomes Arg, an entry-block argument of a region of the same parent op, when control stays in the op: an iteration's yield to the next iter_arg, scf.condition to the after-region argument, the after-region yield to the before-region argument."),
	YieldToResult: NewPredicate("yield_to_result(Yield:op, Index:number, Result:value)",
		"Operand Index of the terminator Yield becomes Result, a result of the parent op, when control leaves the op."),
	Call: crossFunction(NewPredicate("call(Call:op, Func:op)",
		"The func.call op Call calls Func. Its reads, writes and aliases follow from the callee and are left to the rules.")),
	ReturnOp: NewPredicate("return_op(Return:op, Func:op)",
		"Return is a func.return of Func."),
	// MLIR's RegionBranchOpInterface, pruned where the IR shows an edge is
	// never taken (a loop with constant bounds).
	RegionBranch: NewPredicate("region_branch(Op:op, From:number, To:number)",
		"Control may pass from region From of the region op Op to its region To: From -1 is Op itself, entering a region; To -1 leaves Op, to the op after it. An scf.for that may run no iteration has the edge -1 to -1, one that may run more than once the edge 0 to 0; an scf.if with an empty else region has the edge -1 to -1."),
	TripCountUnknown: NewPredicate("trip_count_unknown(Op:op)",
		"Whether the loop Op runs any iteration depends on values known only at run time: it has both the edge into its body and the edge past it (region_branch from -1)."),

	BlockDom: keyed(NewPredicate("block_dom(Block:block, In:number, Out:number)",
		"Block's interval in the dominator tree of its region: A dominates B iff both are in one region and In(A) <= In(B) and Out(B) <= Out(A). Blocks unreachable from the entry have no fact."), "Block"),
	BlockPostdom: keyed(NewPredicate("block_postdom(Block:block, In:number, Out:number)",
		"Block's interval in the post-dominator tree of its region, compared as in block_dom. Blocks that reach no exit have no fact."), "Block"),

	Reads: NewPredicate("reads(Op:op, Index:number)",
		"Tensor operand Index of Op is read from memory once bufferized (bufferizesToMemoryRead)."),
	Writes: NewPredicate("writes(Op:op, Index:number)",
		"Tensor operand Index of Op is written in place if it bufferizes in place (bufferizesToMemoryWrite)."),
	MustInplace: NewPredicate("must_inplace(Op:op, Index:number)",
		"Tensor operand Index of Op must bufferize in place (mustBufferizeInPlace)."),
	ReadThrough: NewPredicate("read_through(Op:op, Index:number, Arg:value)",
		"Tensor operand Index of the loop Op is read exactly when Arg, the block argument it initializes, is read (MLIR's isValueRead); loops that may run zero times read their inits outright instead."),
	Aliases: NewPredicate("aliases(Op:op, Index:number, Value:value, Rel:name)",
		"If tensor operand Index of Op bufferizes in place, its buffer aliases Value (a result, or a block argument): /equivalent means the same buffer, /unknown a possibly overlapping one (getAliasingValues)."),
	MaybeAlias: NewPredicate("maybe_alias(Op:op, Index:number, Value:value)",
		"The /equivalent alias of operand Index of Op with Value holds on some executions only (isDefinite = false): arith.select, scf.if and scf.index_switch yields, branches."),
	Allocates: NewPredicate("allocates(Value:value)",
		"The tensor Value bufferizes to a new allocation (bufferizesToAllocation)."),
	Uninitialized: NewPredicate("uninitialized(Value:value)",
		"The tensor Value has undefined contents, so it defines no data that a read could depend on (resultBufferizesToMemoryWrite is false): tensor.empty, alloc_tensor without copy."),
	NotWritable: NewPredicate("not_writable(Value:value)",
		"The buffer of the tensor Value must not be written: constants, read-only function arguments, to_tensor without writable, values of unknown ops."),
	Repetitive: NewPredicate("repetitive(Region:region)",
		"Region may run more than once per execution of its op: loop bodies."),
	Parallel: NewPredicate("parallel(Region:region)",
		"Region's iterations may run in parallel: scf.forall bodies."),
	UnknownOp: NewPredicate("unknown_op(Op:op)",
		"Op has tensor semantics but no memory model; its facts are MLIR's conservative default: it reads and writes every tensor operand, each aliases every tensor result and entry-block argument (/unknown), and those values are not writable."),
	Elementwise: NewPredicate("elementwise(Op:op, Index:number)",
		"Op accesses tensor operand Index element by element, in step with its other operands that have this fact: an element of one is read before the same element of another is written, never after (bufferizesToElementwiseAccess)."),
	Subset: NewPredicate("subset(Op:op, Key:string)",
		"The slice op Op extracts or inserts the subset Key of its source or destination: offsets, sizes and strides, static numbers or value ids (v12); equal keys on equivalent tensors are equal subsets."),
	SliceDim: NewPredicate("slice_dim(Op:op, Dim:number, Offset:number, Size:number, Stride:number)",
		"Dimension Dim of the subset that the slice op Op extracts or inserts starts at Offset and takes Size elements Stride apart, all three static (or constants); a dimension with a dynamic entry has no fact."),

	// The memory model of memref IR, as MLIR's MemoryEffectOpInterface
	// gives it. Calls, returns, branches, region ops and their
	// terminators, and arith.select pass memrefs on without an effect of
	// their own: the rules follow them.
	MemrefEffect: NewPredicate("memref_effect(Op:op, Index:number, Effect:name)",
		"Op accesses the memory of its memref operand Index: Effect is /read, /write, /free (memref.dealloc, memref.realloc), or /unknown for an op with no memory model, which may read and write it. Ops that only make views or read metadata (memref.dim) have no fact."),
	MemrefView: NewPredicate("memref_view(View:value, Source:value)",
		"View, the memref result of a view op (memref.subview, memref.cast, memref.reshape...), is a view of the memory of Source, its memref operand: the same buffer or part of it, with no memory of its own."),
	GlobalRef: NewPredicate("global_ref(Value:value, Name:string)",
		"Value is the result of memref.get_global of the global named Name."),
	ConstantGlobal: NewPredicate("constant_global(Name:string)",
		"The memref.global named Name is constant: its memory must not be written."),
	ArgNotWritable: NewPredicate("arg_not_writable(Func:op, Index:number)",
		"Argument Index of Func is marked bufferization.writable = false: the memory it is given must not be written."),
}

// schemaIDs numbers the extensional predicates' relations (Pred.In).
var schemaIDs = func() (ids [NumPreds]PredID) {
	for p, d := range schema {
		ids[p] = Intern(d.Name, d.Arity())
	}
	return ids
}()

// Info returns the declaration of p.
func (p Pred) Info() *Predicate { return schema[p] }

// Name returns the predicate name.
func (p Pred) Name() string { return schema[p].Name }

// Arity returns the number of columns.
func (p Pred) Arity() int { return len(schema[p].Columns) }

// In returns p's relation in db, creating it with its column names.
func (p Pred) In(db *DB) *Relation {
	r := db.RelationOf(schemaIDs[p])
	if r.Columns() == nil {
		names := make([]string, p.Arity())
		for i, c := range schema[p].Columns {
			names[i] = c.Name
		}
		r.SetColumns(names...)
	}
	return r
}

// Schema returns the declarations of the extensional predicates, in Pred
// order.
func Schema() []*Predicate {
	return slices.Clone(schema[:])
}

// Lookup returns the extensional predicate named name.
func Lookup(name string) (Pred, bool) {
	for p := range NumPreds {
		if schema[p].Name == name {
			return p, true
		}
	}
	return 0, false
}

// DescrCrossFunction is the descriptor atom, cross_function(), that marks
// a CrossFunction predicate in its declaration. Mangle ignores descriptors
// it does not know.
const DescrCrossFunction = "cross_function"

// DescrKey is the descriptor atom, key(Col, ...), that declares one of a
// predicate's Keys by its columns' variables.
const DescrKey = "key"

// WriteDecls writes preds as Mangle declarations, one per predicate, with
// their documentation and bounds, so that a rule file can be compiled
// together with them:
//
//	Decl reads(Op, Index)
//	  descr [doc("..."), arg(Op, "op id"), arg(Index, "number"), extensional()]
//	  bound [/number, /number].
//	Decl call(Call, Func)
//	  descr [doc("..."), arg(Call, "op id"), arg(Func, "op id"), extensional(), cross_function()]
//	  bound [/number, /number].
//	Decl result(Value, Op, Index)
//	  descr [doc("..."), arg(Value, "value id"), ..., extensional(), key(Value), key(Op, Index)]
//	  bound [/number, /number, /number].
func WriteDecls(w io.Writer, preds []*Predicate) error {
	var b strings.Builder
	for _, p := range preds {
		vars := make([]string, len(p.Columns))
		args := make([]string, len(p.Columns))
		bounds := make([]string, len(p.Columns))
		for i, c := range p.Columns {
			vars[i] = c.Name
			args[i] = fmt.Sprintf("arg(%s, %s)", c.Name, strconv.Quote(c.Kind.Describe()))
			bounds[i] = c.Kind.bound()
		}
		descr := "extensional()"
		if p.CrossFunction {
			descr += ", " + DescrCrossFunction + "()"
		}
		for _, k := range p.Keys {
			cols := make([]string, len(k))
			for i, c := range k {
				cols[i] = vars[c]
			}
			descr += fmt.Sprintf(", %s(%s)", DescrKey, strings.Join(cols, ", "))
		}
		fmt.Fprintf(&b, "Decl %s(%s)\n  descr [doc(%s), %s, %s]\n  bound [%s].\n",
			p.Name, strings.Join(vars, ", "), strconv.Quote(p.Doc), strings.Join(args, ", "), descr, strings.Join(bounds, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// describe is a column's kind in words, for arg(...) descriptors.
// Describe is the arg(...) descriptor that declares a column of kind k
// in a rule file, such as "value id" or "number" (see KindOfArg).
func (k Kind) Describe() string {
	if k <= RegionKind {
		return k.String() + " id"
	}
	return k.String()
}

// KindOfArg returns the kind an arg(...) descriptor names, such as "value
// id" or "number", so that rule files declare their columns' kinds the way
// WriteDecls does.
func KindOfArg(descr string) (Kind, bool) {
	for k := range Kind(len(kindNames)) {
		if k.Describe() == descr {
			return k, true
		}
	}
	return 0, false
}

// Decls returns the Mangle declarations of the IR schema (see WriteDecls).
func Decls() string {
	var b strings.Builder
	WriteDecls(&b, Schema()) // a strings.Builder does not fail
	return b.String()
}

// WriteTable writes preds as a table for people: one line per predicate
// with its columns and their kinds, then its meaning.
func WriteTable(w io.Writer, preds []*Predicate) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, p := range preds {
		cols := make([]string, len(p.Columns))
		for i, c := range p.Columns {
			cols[i] = c.Name + ":" + c.Kind.String()
		}
		fmt.Fprintf(tw, "%s(%s)\t%s\n", p.Name, strings.Join(cols, ", "), p.Doc)
	}
	return tw.Flush()
}
