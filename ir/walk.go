package ir

// Walk calls fn on op and every operation nested in its regions, parents
// before children, in block order. When fn returns false the op's regions
// are skipped.
func Walk(op *Operation, fn func(*Operation) bool) {
	if !fn(op) {
		return
	}
	for _, r := range op.Regions {
		for _, b := range r.blocks {
			for _, o := range b.ops {
				Walk(o, fn)
			}
		}
	}
}

// WalkPost calls fn on every operation nested in op's regions and then on
// op itself: children before parents.
func WalkPost(op *Operation, fn func(*Operation)) {
	for _, r := range op.Regions {
		for _, b := range r.blocks {
			for _, o := range b.ops {
				WalkPost(o, fn)
			}
		}
	}
	fn(op)
}

// IsAncestor reports whether anc is op or contains op in one of its regions.
func IsAncestor(anc, op *Operation) bool {
	for o := op; o != nil; o = o.ParentOp() {
		if o == anc {
			return true
		}
	}
	return false
}

// AncestorInRegion returns op, or the ancestor of op, whose block belongs
// to region r; nil when op is not inside r.
func AncestorInRegion(r *Region, op *Operation) *Operation {
	for o := op; o != nil; o = o.ParentOp() {
		if o.block != nil && o.block.region == r {
			return o
		}
	}
	return nil
}

// SymbolName returns the op's `sym_name`, or "" when it defines no symbol.
func SymbolName(op *Operation) string {
	if s, ok := op.Inherent("sym_name").(*StringAttr); ok {
		return s.Value
	}
	return ""
}

// SymbolTable maps the symbol names defined directly in a symbol-table op
// (a builtin.module) to their defining ops.
type SymbolTable struct {
	syms map[string]*Operation
}

// NewSymbolTable indexes the symbols defined in the first block of op's
// first region. The returned error reports a symbol defined twice.
func NewSymbolTable(op *Operation, m *Module) (*SymbolTable, error) {
	t := &SymbolTable{syms: map[string]*Operation{}}
	if len(op.Regions) == 0 || len(op.Regions[0].blocks) == 0 {
		return t, nil
	}
	for _, o := range op.Regions[0].blocks[0].ops {
		name := SymbolName(o)
		if name == "" {
			continue
		}
		if _, dup := t.syms[name]; dup {
			return nil, m.errorf(o.Pos, "redefinition of symbol named '%s'", name)
		}
		t.syms[name] = o
	}
	return t, nil
}

// Lookup returns the op defining name, or nil.
func (t *SymbolTable) Lookup(name string) *Operation { return t.syms[name] }

// Funcs returns the func.func ops of the module body in order.
func (m *Module) Funcs() []*Operation {
	var fns []*Operation
	for _, o := range m.Body().ops {
		if o.Name == "func.func" {
			fns = append(fns, o)
		}
	}
	return fns
}

// FuncType returns the function type of a func.func op, or nil.
func FuncType(fn *Operation) *FunctionType {
	if ta, ok := fn.Inherent("function_type").(*TypeAttr); ok {
		if ft, ok := ta.Type.(*FunctionType); ok {
			return ft
		}
	}
	return nil
}
