package rewrite

import (
	"cmp"
	"fmt"
	"slices"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/ir"
	"bufferlog/rules/contract"
)

// OutParam is a function result that became an argument each call
// allocates: result Result (its number before the change) of Func.
type OutParam struct {
	Func   string
	Result int
	Calls  int // the calls that now allocate it
	// Copied is set when the returns copy their buffer into the argument;
	// otherwise the one allocation that every return handed over became
	// the argument.
	Copied bool
}

// ResultsToOutParams turns the function results of db's out_param(F, J)
// facts into arguments, appended after F's own in the order of J: each
// call of F allocates a buffer of the result's type (aligned as o says)
// just before the call and passes it there, and its uses of result J use
// that buffer instead; each return of F copies what it returned into the
// argument, unless every return returned the same memref.alloc, which
// the argument then replaces. Calls are rewritten before returns, so in
// a chain of such functions a callee's argument is its caller's. A fact
// naming no result of a function's type is an error.
func (o Options) ResultsToOutParams(names *extract.Names, db *facts.DB) ([]OutParam, error) {
	pairs := contract.Pairs(db, contract.OutParam)
	if len(pairs) == 0 {
		return nil, nil
	}
	slices.SortFunc(pairs, func(a, b [2]int64) int { return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1])) })
	// A function's results to change, and where out holds the first:
	// pairs come sorted by function, so each function's are together.
	type change struct {
		results []int
		types   []ir.Type
		first   int
	}
	changes := map[*ir.Operation]*change{}
	var order []*ir.Operation
	var out []OutParam
	for _, p := range pairs {
		fn, j := names.Op(int(p[0])), int(p[1])
		ft := ir.FuncType(fn)
		if fn.Name != "func.func" || ft == nil || j >= len(ft.Results) || len(fn.Regions) == 0 || fn.Regions[0].Entry() == nil {
			return nil, fmt.Errorf("internal error: the deallocation rules ask to pass result %d of %s (%s) as an argument, which it does not have",
				j, fn.Name, names.Location(int(p[0])))
		}
		if _, ok := ft.Results[j].(*ir.MemRefType); !ok {
			return nil, fmt.Errorf("internal error: the deallocation rules ask to pass result %d of @%s, of type %s, as an argument: no ranked memref",
				j, ir.SymbolName(fn), ft.Results[j])
		}
		c := changes[fn]
		if c == nil {
			c = &change{first: len(out)}
			changes[fn] = c
			order = append(order, fn)
		}
		c.results = append(c.results, j)
		c.types = append(c.types, ft.Results[j])
		out = append(out, OutParam{Func: ir.SymbolName(fn), Result: j})
	}
	byName := map[string]*ir.Operation{}
	for _, fn := range order {
		byName[ir.SymbolName(fn)] = fn
	}
	var calls []*ir.Operation
	ir.Walk(moduleOf(order[0]), func(op *ir.Operation) bool {
		if fn := byName[calleeName(op)]; op.Name == "func.call" && fn != nil && moduleOf(op) == moduleOf(fn) {
			calls = append(calls, op)
		}
		return true
	})
	for _, call := range calls {
		fn := byName[calleeName(call)]
		c := changes[fn]
		o.passOutParams(call, c.results, c.types)
		for i := range c.results {
			out[c.first+i].Calls++
		}
	}
	for _, fn := range order {
		c := changes[fn]
		for i, copied := range takeOutParams(fn, c.results, c.types) {
			out[c.first+i].Copied = copied
		}
	}
	return out, nil
}

// moduleOf is the builtin.module nearest op, or op's outermost ancestor.
func moduleOf(op *ir.Operation) *ir.Operation {
	for ; op.ParentOp() != nil; op = op.ParentOp() {
		if op.Name == "builtin.module" {
			return op
		}
	}
	return op
}

// passOutParams replaces call by a call that passes, after its operands,
// a new buffer of each of types for its results numbered results, which
// it no longer has; their uses use the buffers.
func (o Options) passOutParams(call *ir.Operation, results []int, types []ir.Type) {
	blk, at := call.Block(), call.Index()
	operands := slices.Clone(call.Operands())
	outs := map[int]*ir.Value{}
	for i, j := range results {
		alloc := ir.NewOperation("memref.alloc", nil, []ir.Type{types[i]})
		setAllocProps(alloc, 0, o.Alignment)
		alloc.Result(0).Name = "out"
		alloc.Pos = call.Pos
		blk.InsertBefore(at, alloc)
		at++
		operands = append(operands, alloc.Result(0))
		outs[j] = alloc.Result(0)
	}
	var kept []ir.Type
	for j, r := range call.Results() {
		if outs[j] == nil {
			kept = append(kept, r.Type())
		}
	}
	next := ir.NewOperation("func.call", operands, kept)
	next.Properties, next.Attrs, next.Pos = call.Properties, call.Attrs, call.Pos
	next.SetLoc(call.Loc())
	moveAttrArrays(next, len(call.Operands()), results, len(types))
	n := 0
	for j, r := range call.Results() {
		if w := outs[j]; w != nil {
			r.ReplaceAllUsesWith(w)
			continue
		}
		next.Result(n).Name = r.Name
		r.ReplaceAllUsesWith(next.Result(n))
		n++
	}
	blk.InsertBefore(at, next)
	call.Erase()
}

// takeOutParams gives fn an argument of each of types for its results
// numbered results, which it no longer returns, and reports for each
// whether its returns copy into the argument.
func takeOutParams(fn *ir.Operation, results []int, types []ir.Type) []bool {
	entry := fn.Regions[0].Entry()
	var returns []*ir.Operation
	for _, blk := range fn.Regions[0].Blocks() {
		if t := blk.Terminator(); t != nil && t.Name == "func.return" {
			returns = append(returns, t)
		}
	}
	copied := make([]bool, len(results))
	for i, j := range results {
		arg := entry.AddArg(types[i])
		arg.Name = "out"
		if a := soleAllocation(returns, j, types[i]); a != nil {
			a.ReplaceAllUsesWith(arg)
			a.DefiningOp().Erase()
			continue
		}
		copied[i] = true
		for _, ret := range returns {
			cp := ir.NewOperation("memref.copy", []*ir.Value{ret.Operand(j), arg}, nil)
			cp.Pos = ret.Pos
			ret.Block().InsertBefore(ret.Index(), cp)
		}
	}
	for _, ret := range returns {
		var kept []*ir.Value
		for j, v := range ret.Operands() {
			if !slices.Contains(results, j) {
				kept = append(kept, v)
			}
		}
		ret.SetOperands(kept)
	}
	ft := ir.FuncType(fn)
	sig := &ir.FunctionType{Inputs: append(slices.Clone(ft.Inputs), types...)}
	for j, t := range ft.Results {
		if !slices.Contains(results, j) {
			sig.Results = append(sig.Results, t)
		}
	}
	fn.SetProp("function_type", &ir.TypeAttr{Type: sig})
	moveAttrArrays(fn, len(ft.Inputs), results, len(types))
	return copied
}

// soleAllocation returns the result of a memref.alloc of type t, without
// operands, that every one of returns returns as operand j and as no
// other; nil if there is none.
func soleAllocation(returns []*ir.Operation, j int, t ir.Type) *ir.Value {
	if len(returns) == 0 {
		return nil
	}
	a := returns[0].Operand(j)
	def := a.DefiningOp()
	if def == nil || def.Name != "memref.alloc" || def.NumOperands() != 0 || !ir.TypesEqual(a.Type(), t) {
		return nil
	}
	for _, ret := range returns {
		for i, v := range ret.Operands() {
			if (i == j) != (v == a) {
				return nil
			}
		}
	}
	return a
}

// moveAttrArrays keeps op's arg_attrs and res_attrs (a func.func's or a
// func.call's) in step with its operands: the entries of the results
// numbered results go, and added arguments after the first args get
// empty dictionaries.
func moveAttrArrays(op *ir.Operation, args int, results []int, added int) {
	if res, ok := op.Inherent("res_attrs").(*ir.ArrayAttr); ok {
		var kept []ir.Attribute
		for j, e := range res.Elems {
			if !slices.Contains(results, j) {
				kept = append(kept, e)
			}
		}
		op.SetProp("res_attrs", &ir.ArrayAttr{Elems: kept})
	}
	if arg, ok := op.Inherent("arg_attrs").(*ir.ArrayAttr); ok && len(arg.Elems) == args {
		elems := slices.Clone(arg.Elems)
		for range added {
			elems = append(elems, &ir.DictAttr{})
		}
		op.SetProp("arg_attrs", &ir.ArrayAttr{Elems: elems})
	}
}
