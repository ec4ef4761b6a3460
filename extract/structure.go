package extract

import (
	"bufferlog/facts"
	"bufferlog/ir"
)

// structure emits the facts about op's place in the program that do not
// depend on a memory model: functions, calls and returns, and the
// region-branch edges of its family and, for a terminator, of its parent's.
func (x *extractor) structure(op *ir.Operation, id int32, fam *family, at site) {
	O := num(id)
	switch op.Name {
	case "func.func":
		x.function(op, O)
	case "func.call":
		if f, ok := x.callee(op); ok {
			x.out.add(facts.Call, O, num(f))
		}
	case "func.constant":
		if f, ok := x.symbolFunc(op, "value"); ok {
			x.out.add(facts.FuncReferenced, num(f))
		}
	case "func.return":
		if at.parentOp != nil && at.parentOp.Name == "func.func" {
			x.out.add(facts.ReturnOp, O, num(at.parent))
		}
	case "memref.alloc", "memref.alloca":
		if a, ok := op.Inherent("alignment").(*ir.IntegerAttr); ok {
			if n, ok := a.Int64(); ok {
				x.out.add(facts.AllocAlignment, O, num(n))
			}
		}
	}
	if fam != nil && fam.flow != noFlow {
		x.regionBranches(op, O, fam.flow)
		for i := range op.NumOperands() {
			if arg := entryArg(op, fam.layout, i); arg != nil {
				x.out.add(facts.RegionEntry, O, num(i), x.valueID(arg))
			}
		}
	}
	if at.parentOp != nil && len(op.Successors()) == 0 && op == op.Block().Terminator() {
		if pf := families[at.parentOp.Name]; pf != nil && pf.flow != noFlow {
			x.exits(op, O, at.parentOp, pf)
		}
	}
}

// exits emits where the operands of term, a terminator in a region of
// parent, go: to block arguments of parent's regions, or to its results.
func (x *extractor) exits(term *ir.Operation, T facts.Value, parent *ir.Operation, pf *family) {
	toArgs := func(first int, region int, argBase int) {
		if region >= len(parent.Regions) || parent.Regions[region].Entry() == nil {
			return
		}
		args := parent.Regions[region].Entry().Args()
		for i := first; i < term.NumOperands(); i++ {
			if k := argBase + i - first; k < len(args) {
				x.out.add(facts.YieldToArg, T, num(i), x.valueID(args[k]))
			}
		}
	}
	toResults := func(first int) {
		for i := first; i < term.NumOperands(); i++ {
			if k := i - first; k < parent.NumResults() {
				x.out.add(facts.YieldToResult, T, num(i), x.valueID(parent.Result(k)))
			}
		}
	}
	switch pf.flow {
	case loopFlow:
		if _, firstArg := pf.layout(parent); firstArg >= 0 {
			toArgs(0, 0, firstArg)
		}
		toResults(0)
	case whileFlow:
		if term.Block().Region() == parent.Regions[0] {
			// scf.condition(%cond) %args...: the arguments continue into
			// the after-region, or leave as the results.
			toArgs(1, 1, 0)
			toResults(1)
		} else {
			toArgs(0, 0, 0)
		}
	case exitFlow:
		toResults(0)
	}
}

// regionBranches emits the edges between op, a region op of the given
// flow, and its regions (RegionBranchOpInterface::getSuccessorRegions),
// without those a loop's constant bounds rule out.
func (x *extractor) regionBranches(op *ir.Operation, O facts.Value, f flow) {
	edge := func(from, to int) { x.out.add(facts.RegionBranch, O, num(from), num(to)) }
	switch f {
	case loopFlow, forallFlow:
		zero, more := loopTrips(op)
		if zero != always {
			edge(-1, 0)
			edge(0, -1)
		}
		if zero != never {
			edge(-1, -1)
		}
		if more != never && zero != always {
			edge(0, 0)
		}
		if zero == sometimes {
			x.out.add(facts.TripCountUnknown, O)
		}
	case whileFlow:
		edge(-1, 0)
		edge(0, 1)
		edge(0, -1)
		edge(1, 0)
	case exitFlow:
		for k, r := range op.Regions {
			if r.Entry() == nil {
				edge(-1, -1)
				continue
			}
			edge(-1, k)
			edge(k, -1)
		}
	}
}

// tripsKnown says whether something holds of a loop on every execution,
// on none, or on some only.
type tripsKnown uint8

const (
	sometimes tripsKnown = iota
	always
	never
)

// loopTrips says whether the loop op runs no iteration, and whether it
// runs more than one, as far as its constant bounds tell: an scf.for
// with constant bounds and step, or an scf.forall with static ones.
func loopTrips(op *ir.Operation) (zero, more tripsKnown) {
	switch op.Name {
	case "scf.for":
		if op.NumOperands() < 3 {
			return sometimes, sometimes
		}
		lb, lok := constantInt(op.Operand(0))
		ub, uok := constantInt(op.Operand(1))
		step, sok := constantInt(op.Operand(2))
		if !lok || !uok || !sok || step <= 0 {
			return sometimes, sometimes
		}
		return known(ub <= lb), known(lb+step < ub)
	case "scf.forall":
		if forallMayRunZeroTimes(op, 0) {
			// Static dimensions that all run say nothing of dynamic ones.
			return sometimes, sometimes
		}
		return never, known(forallRepeats(op, 0))
	}
	return sometimes, sometimes
}

func known(b bool) tripsKnown {
	if b {
		return always
	}
	return never
}

// function emits a func.func's symbol, arguments and their attributes.
func (x *extractor) function(op *ir.Operation, F facts.Value) {
	x.out.add(facts.Func, F, x.str(ir.SymbolName(op)))
	if vis, ok := op.Inherent("sym_visibility").(*ir.StringAttr); ok && vis.Value == "private" {
		x.out.add(facts.FuncPrivate, F)
	}
	var args []*ir.Value
	if len(op.Regions) > 0 && op.Regions[0].Entry() != nil {
		args = op.Regions[0].Entry().Args()
	} else {
		x.out.add(facts.FuncExternal, F)
	}
	for i, a := range args {
		x.out.add(facts.FuncArg, F, num(i), x.valueID(a))
	}
	argAttrs, _ := op.Inherent("arg_attrs").(*ir.ArrayAttr)
	if argAttrs == nil {
		return
	}
	for i, e := range argAttrs.Elems {
		d, ok := e.(*ir.DictAttr)
		if !ok {
			continue
		}
		// FuncOpInterface::isWritable: an explicit false makes the argument
		// read-only; arguments are writable otherwise.
		if w, ok := d.Get("bufferization.writable").(ir.BoolAttr); ok && !w.Value {
			x.out.add(facts.ArgNotWritable, F, num(i))
			if i < len(args) && ir.IsTensor(args[i].Type()) {
				x.out.add(facts.NotWritable, x.valueID(args[i]))
			}
		}
		if s, ok := d.Get("bufferization.access").(*ir.StringAttr); ok {
			if access, known := accessNames[s.Value]; known {
				x.out.add(facts.ArgAccess, F, num(i), x.name(access))
			}
		}
	}
}

var accessNames = map[string]string{"read": "/read", "write": "/write", "read-write": "/read_write", "none": "/none"}
