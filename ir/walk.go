package ir

import (
	"slices"
	"strings"
)

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

// SetArgAttr sets attribute name of argument i of the function fn, in its
// arg_attrs property, creating the property (an empty dictionary per
// argument) if fn has none.
func SetArgAttr(fn *Operation, i int, name string, v Attribute) {
	ft := FuncType(fn)
	if ft == nil || i >= len(ft.Inputs) {
		return
	}
	arr, ok := fn.Prop("arg_attrs").(*ArrayAttr)
	if !ok || len(arr.Elems) != len(ft.Inputs) {
		arr = &ArrayAttr{}
		for range ft.Inputs {
			arr.Elems = append(arr.Elems, &DictAttr{})
		}
		fn.SetProp("arg_attrs", arr)
	}
	d, ok := arr.Elems[i].(*DictAttr)
	if !ok {
		d = &DictAttr{}
		arr.Elems[i] = d
	}
	d.Set(name, v)
	// MLIR keeps dictionary attributes sorted by name.
	slices.SortStableFunc(d.Entries, func(a, b NamedAttr) int { return strings.Compare(a.Name, b.Name) })
}

// ArgAttr returns attribute name of argument i of the function fn, or nil.
func ArgAttr(fn *Operation, i int, name string) Attribute {
	arr, ok := fn.Prop("arg_attrs").(*ArrayAttr)
	if !ok || i >= len(arr.Elems) {
		return nil
	}
	if d, ok := arr.Elems[i].(*DictAttr); ok {
		return d.Get(name)
	}
	return nil
}
