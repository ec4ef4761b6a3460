package ir

import "fmt"

// Verify checks the structural invariants MLIR's verifier checks before any
// pass runs, and reports the first violation as an *Error located at the
// offending op:
//   - symbols are defined once per module, and func.call names a function
//     whose type matches the call;
//   - in regions with SSA dominance (those of known ops other than
//     builtin.module), every block ends with a terminator, terminators are
//     last, the entry block has no predecessors, successors are blocks of
//     the same region and receive one value of the right type per block
//     argument, and every operand's definition dominates its use;
//   - a func.func's entry block matches its signature and its returns match
//     its results.
func Verify(m *Module) error {
	v := &verifier{m: m, dom: NewDominance(m.Op), tables: map[*Operation]*SymbolTable{}}
	return v.op(m.Op)
}

type verifier struct {
	m      *Module
	dom    *Dominance
	tables map[*Operation]*SymbolTable // by symbol-table op, built on demand
}

func (m *Module) errorf(pos Pos, format string, args ...any) *Error {
	line, col := m.Position(pos)
	return &Error{File: m.File, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
}

// hasSSADominance reports whether the regions of op follow SSA dominance.
// Unknown ops may hold graph regions, as MLIR assumes for unregistered ops.
func hasSSADominance(op *Operation) bool {
	s := syntaxes[op.Name]
	return op.Name != "builtin.module" && s != nil && !s.Graph
}

func (v *verifier) op(op *Operation) error {
	if op.Name == "builtin.module" {
		if _, err := v.table(op); err != nil {
			return err
		}
	}
	if op.Name == "func.call" {
		if err := v.call(op); err != nil {
			return err
		}
	}
	for _, r := range op.Regions {
		if err := v.region(op, r); err != nil {
			return err
		}
	}
	switch op.Name {
	case "func.func":
		return v.funcSignature(op)
	case "func.return":
		return v.funcReturn(op)
	}
	return nil
}

func (v *verifier) region(op *Operation, r *Region) error {
	ssa := hasSSADominance(op)
	for _, b := range r.blocks {
		if ssa && !implicitTerminator(op) {
			if len(b.ops) == 0 {
				return v.m.errorf(blockPos(b, op), "empty block: expect at least a terminator")
			}
			if last := b.ops[len(b.ops)-1]; !IsTerminator(last) && syntaxes[last.Name] != nil {
				return v.m.errorf(last.Pos, "block with no terminator, has '%s'", last.Name)
			}
		}
		for i, o := range b.ops {
			if IsTerminator(o) && i != len(b.ops)-1 {
				return v.m.errorf(o.Pos, "'%s' op must be the last operation in the parent block", o.Name)
			}
			for si, s := range o.Successors() {
				if s.region != r {
					return v.m.errorf(o.Pos, "reference to block defined in another region")
				}
				if s == r.blocks[0] {
					return v.m.errorf(o.Pos, "entry block of region may not have predecessors (successor #%d of '%s')", si, o.Name)
				}
				if err := v.successorArgs(o, si, s); err != nil {
					return err
				}
			}
			if ssa {
				for k, x := range o.operands {
					if !v.dom.ValueDominates(x, o) && v.dom.Reachable(b) {
						return v.m.errorf(o.Pos, "operand #%d does not dominate this use", k)
					}
				}
			}
			if err := v.op(o); err != nil {
				return err
			}
		}
	}
	return nil
}

// successorArgs checks that a known branch forwards one value of the right
// type to each argument of successor si.
func (v *verifier) successorArgs(br *Operation, si int, s *Block) error {
	if syntaxes[br.Name] == nil {
		return nil // an unknown op's operand-to-successor mapping is unknown
	}
	args := SuccessorOperands(br, si)
	if len(args) != len(s.args) {
		return v.m.errorf(br.Pos, "branch has %d operands for successor #%d, but target block has %d", len(args), si, len(s.args))
	}
	for k, a := range args {
		if !TypesEqual(a.typ, s.args[k].typ) {
			return v.m.errorf(br.Pos, "type mismatch for bb argument #%d of successor #%d", k, si)
		}
	}
	return nil
}

// implicitTerminator reports whether op's regions may end without a
// terminator op: the module's body, and the list of parallel inserts of
// scf.forall's terminator.
func implicitTerminator(op *Operation) bool {
	if s := syntaxes[op.Name]; s != nil && s.NoTerminator {
		return true
	}
	return op.Name == "builtin.module" || op.Name == "scf.forall.in_parallel"
}

func blockPos(b *Block, parent *Operation) Pos {
	if b.Pos != NoPos && b.Pos != 0 {
		return b.Pos
	}
	return parent.Pos
}

// symbolScope returns the symbol table func.call ops inside op resolve
// their callee in, and the op owning it: the nearest enclosing
// builtin.module, or an unknown op holding the caller's function, which may
// define a symbol table of its own.
func (v *verifier) symbolScope(op *Operation) (*SymbolTable, *Operation, error) {
	p := op.ParentOp()
	for p != nil && p.Name != "builtin.module" && syntaxes[p.Name] != nil {
		p = p.ParentOp()
	}
	if p == nil {
		return nil, nil, nil
	}
	st, err := v.table(p)
	return st, p, err
}

// table builds, once, the symbol table of the symbols defined in op.
func (v *verifier) table(op *Operation) (*SymbolTable, error) {
	if st, ok := v.tables[op]; ok {
		return st, nil
	}
	st, err := NewSymbolTable(op, v.m)
	v.tables[op] = st
	return st, err
}

func (v *verifier) call(call *Operation) error {
	st, scope, err := v.symbolScope(call)
	if err != nil || st == nil {
		return err
	}
	ref, ok := call.Inherent("callee").(*SymbolRefAttr)
	if !ok {
		return v.m.errorf(call.Pos, "'func.call' op requires attribute 'callee'")
	}
	if len(ref.Nested) > 0 {
		return nil
	}
	fn := st.Lookup(ref.Root)
	if fn == nil && scope.Name != "builtin.module" {
		return nil // the unknown op's symbol table may not be the callee's
	}
	if fn == nil || fn.Name != "func.func" {
		return v.m.errorf(call.Pos, "'func.call' op '%s' does not reference a valid function", ref.Root)
	}
	ft := FuncType(fn)
	if ft == nil {
		return nil
	}
	if len(ft.Inputs) != len(call.operands) {
		return v.m.errorf(call.Pos, "'func.call' op incorrect number of operands for callee")
	}
	for i, x := range call.operands {
		if !TypesEqual(x.typ, ft.Inputs[i]) {
			return v.m.errorf(call.Pos, "'func.call' op operand type mismatch: expected operand type '%s', but provided '%s' for operand number %d", ft.Inputs[i], x.typ, i)
		}
	}
	if len(ft.Results) != len(call.results) {
		return v.m.errorf(call.Pos, "'func.call' op incorrect number of results for callee")
	}
	for i, r := range call.results {
		if !TypesEqual(r.typ, ft.Results[i]) {
			return v.m.errorf(call.Pos, "'func.call' op result type mismatch at index %d", i)
		}
	}
	return nil
}

func (v *verifier) funcSignature(fn *Operation) error {
	ft := FuncType(fn)
	if ft == nil {
		return v.m.errorf(fn.Pos, "'func.func' op requires attribute 'function_type'")
	}
	if len(fn.Regions) != 1 || len(fn.Regions[0].blocks) == 0 {
		if vis, _ := fn.Inherent("sym_visibility").(*StringAttr); vis == nil || vis.Value == "public" {
			return v.m.errorf(fn.Pos, "'func.func' op symbol declaration cannot have public visibility")
		}
		return nil
	}
	entry := fn.Regions[0].blocks[0]
	if len(entry.args) != len(ft.Inputs) {
		return v.m.errorf(fn.Pos, "'func.func' op entry block must have %d arguments to match function signature", len(ft.Inputs))
	}
	for i, a := range entry.args {
		if !TypesEqual(a.typ, ft.Inputs[i]) {
			return v.m.errorf(fn.Pos, "'func.func' op type of entry block argument #%d('%s') must match the type of the corresponding argument in function signature('%s')", i, a.typ, ft.Inputs[i])
		}
	}
	return nil
}

func (v *verifier) funcReturn(ret *Operation) error {
	fn := ret.ParentOp()
	if fn == nil || fn.Name != "func.func" {
		return v.m.errorf(ret.Pos, "'func.return' op expects parent op 'func.func'")
	}
	ft := FuncType(fn)
	if ft == nil {
		return nil
	}
	name := SymbolName(fn)
	if len(ret.operands) != len(ft.Results) {
		return v.m.errorf(ret.Pos, "'func.return' op has %d operands, but enclosing function (@%s) returns %d", len(ret.operands), name, len(ft.Results))
	}
	for i, x := range ret.operands {
		if !TypesEqual(x.typ, ft.Results[i]) {
			return v.m.errorf(ret.Pos, "'func.return' op type of return operand %d ('%s') doesn't match function result type ('%s') in function @%s", i, x.typ, ft.Results[i], name)
		}
	}
	return nil
}
