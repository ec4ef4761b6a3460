package rewrite

import (
	"fmt"
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/parallel"
	"bufferlog/ir"
)

// Annotation names of One-Shot Bufferize's test-analysis-only mode, which
// Annotate reproduces so that its output can be compared with mlir-opt's.
const (
	InPlaceAttr    = "__inplace_operands_attr__"
	EquivalentAttr = "__equivalent_func_args__"
	AccessAttr     = "bufferization.access"
)

// Summary is what the rules derived about each function's boundary after
// the decisions, for the annotations on function arguments and returns.
type Summary struct {
	// Access maps a function op id and argument index to "read",
	// "write", "read-write" or "none".
	Access map[[2]int64]string
	// Equivalent maps a func.return op id and operand index to the
	// function argument its value is equivalent to.
	Equivalent map[[2]int64]int64
}

// Annotation is what Annotate marks the IR with: the decisions on the
// ops that Names numbers, and what the rules derived about the function
// boundaries (Summary, which may be nil: no function annotations).
type Annotation struct {
	Names     *extract.Names
	Decisions *Decisions
	Summary   *Summary
}

// Annotate marks the IR that a.Names numbers with the decisions as
// One-Shot Bufferize's test-analysis-only mode does: every op with tensor
// operands gets
// __inplace_operands_attr__ ("true", "false", or "none" for other
// operands), every tensor function argument bufferization.access, every
// func.return __equivalent_func_args__ (the equivalent argument of each
// operand, -1 for none), and with printConflicts each out-of-place
// decision marks its conflict: C_n[READ: i] on the reading op,
// C_n[CONFL-WRITE: i] on the writing op, C_n[DEF: result i] or
// C_n[DEF: bbArg i] on the op defining the definition, and
// W_n[NOT-WRITABLE: ...] for a read-only buffer. The ops are annotated
// on up to workers goroutines, each taking a range of ids: an op's
// annotations are its own.
func Annotate(a Annotation, printConflicts bool, workers int) {
	AnnotateOps(a, 0, a.Names.Len(facts.OpKind), workers)
	if printConflicts {
		annotateConflicts(a.Names, a.Decisions)
	}
}

// annotateRangeOps is the least number of ops worth a goroutine.
const annotateRangeOps = 4096

// AnnotateOps is Annotate without the conflicts, on the ops with ids
// from lo to hi alone: a's decisions and summary need hold only theirs (a
// function's, as soon as it is decided).
func AnnotateOps(a Annotation, lo, hi, workers int) {
	n := hi - lo
	ranges := max(1, min(workers, n/annotateRangeOps))
	parallel.For(ranges, ranges, func(r int) { annotateRange(a, lo+n*r/ranges, lo+n*(r+1)/ranges) })
}

// The marks of __inplace_operands_attr__, by index into inPlaceMarks.
const (
	markNone = iota
	markFalse
	markTrue
)

var inPlaceMarks = [...]string{markNone: "none", markFalse: "false", markTrue: "true"}

// annotateRange annotates the ops with ids from lo to hi. Ids number
// every op of the IR, in walk order, and the in-place operands ascend by
// op id and index: a cursor into them answers each operand in turn.
func annotateRange(a Annotation, lo, hi int) {
	names, sum, inPlace := a.Names, a.Summary, a.Decisions.InPlaceOperands
	next, _ := slices.BinarySearchFunc(inPlace, Operand{Op: int64(lo)}, Operand.Compare)
	// Ops share the attribute of each sequence of marks: a large function
	// has few, and one per op held 135 bytes an op (100k-op function).
	shared := map[string]*ir.ArrayAttr{}
	var key []byte
	for id := lo; id < hi; id++ {
		op := names.Op(id)
		key = key[:0]
		tensors := false
		for i, v := range op.Operands() {
			mark := markNone
			if ir.IsTensor(v.Type()) {
				tensors = true
				mark = markFalse
				o := Operand{Op: int64(id), Index: int64(i)}
				for next < len(inPlace) && inPlace[next].Compare(o) < 0 {
					next++
				}
				if next < len(inPlace) && inPlace[next] == o {
					mark = markTrue
				}
			}
			key = append(key, byte(mark))
		}
		if tensors {
			marks, ok := shared[string(key)]
			if !ok {
				marks = &ir.ArrayAttr{Elems: make([]ir.Attribute, len(key))}
				for i, m := range key {
					marks.Elems[i] = &ir.StringAttr{Value: inPlaceMarks[m]}
				}
				shared[string(key)] = marks
			}
			op.SetAttr(InPlaceAttr, marks)
		}
		if op.Name == "func.return" && sum != nil {
			annotateReturn(op, int64(id), sum)
		}
		if op.Name == "func.func" && sum != nil {
			annotateArgs(op, int64(id), sum)
		}
	}
}

// annotateReturn lists, for each operand of a func.return, the function
// argument it is equivalent to, or -1; like MLIR, only returns with at
// least one equivalent operand are annotated.
func annotateReturn(op *ir.Operation, id int64, sum *Summary) {
	var eq []ir.Attribute
	found := false
	for i := range op.Operands() {
		arg, ok := sum.Equivalent[[2]int64{id, int64(i)}]
		if !ok {
			arg = -1
		}
		found = found || ok
		eq = append(eq, &ir.IntegerAttr{Text: fmt.Sprint(arg)})
	}
	if found {
		op.SetAttr(EquivalentAttr, &ir.ArrayAttr{Elems: eq})
	}
}

// annotateArgs sets bufferization.access on the tensor arguments of fn.
// A declaration has no argument facts: the rules treat it as reading and
// writing every argument it has no annotation for (inplace.mg), which is
// what it is annotated with.
func annotateArgs(fn *ir.Operation, id int64, sum *Summary) {
	ft := ir.FuncType(fn)
	if ft == nil {
		return
	}
	external := len(fn.Regions) == 0 || len(fn.Regions[0].Blocks()) == 0
	for i, t := range ft.Inputs {
		if !ir.IsTensor(t) {
			continue
		}
		access, ok := sum.Access[[2]int64{id, int64(i)}]
		if external {
			if ir.ArgAttr(fn, i, AccessAttr) != nil {
				continue
			}
			access, ok = "read-write", true
		}
		if ok {
			ir.SetArgAttr(fn, i, AccessAttr, &ir.StringAttr{Value: access})
		}
	}
}

func annotateConflicts(names *extract.Names, dec *Decisions) {
	c, w := 0, 0
	unit := func(op *ir.Operation, name string) { op.SetAttr(name, ir.UnitAttr{}) }
	for _, d := range dec.List {
		switch {
		case d.InPlace:
		case d.ReadOnly >= 0:
			v := names.Value(int(d.ReadOnly))
			owner, what := ValueSite(v)
			unit(owner, fmt.Sprintf("W_%d[NOT-WRITABLE: %s]", w, what))
			w++
		case d.Conflict != nil && !d.Conflict.Parallel:
			id := fmt.Sprintf("C_%d", c)
			c++
			unit(names.Op(int(d.Conflict.Write.Op)), fmt.Sprintf("%s[CONFL-WRITE: %d]", id, d.Conflict.Write.Index))
			unit(names.Op(int(d.Conflict.Read.Op)), fmt.Sprintf("%s[READ: %d]", id, d.Conflict.Read.Index))
			owner, what := ValueSite(names.Value(int(d.Conflict.Definition)))
			unit(owner, fmt.Sprintf("%s[DEF: %s]", id, what))
		}
	}
}

// ValueSite returns the op to annotate for a value and how to name the
// value there: its defining op and "result i", or for a block argument
// the op holding the block and "bbArg i".
func ValueSite(v *ir.Value) (*ir.Operation, string) {
	if op := v.DefiningOp(); op != nil {
		return op, fmt.Sprintf("result %d", v.Index())
	}
	return v.Block().ParentOp(), fmt.Sprintf("bbArg %d", v.Index())
}
