package extract

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"bufferlog/facts"
	"bufferlog/ir"
)

// Names maps the ids in a module's facts back to the module: the IR
// objects themselves, printer-style names, and source positions. It is
// read-only once Module returns and safe for concurrent use.
type Names struct {
	module  *ir.Module
	ops     []*ir.Operation
	values  []*ir.Value
	blocks  []*ir.Block
	regions []*ir.Region

	// Built on first use: they are for diagnostics and tools, not for
	// extraction.
	nameOnce   sync.Once
	valueNames []string
	// valueScope is the function (@name) each value is named in, and
	// scopes the functions each name is used in.
	valueScope []string
	scopes     map[string]map[string]bool
	idOnce     sync.Once
	opIDs      map[*ir.Operation]int
	valueIDs   map[*ir.Value]int
}

func newNames(m *ir.Module) *Names { return &Names{module: m} }

// grow sizes the tables for the given number of ids of each kind.
func (n *Names) grow(c counts) {
	n.ops = make([]*ir.Operation, c.ops)
	n.values = make([]*ir.Value, c.values)
	n.blocks = make([]*ir.Block, c.blocks)
	n.regions = make([]*ir.Region, c.regions)
}

// Op, Value, Block and Region return the IR object with the given id.
func (n *Names) Op(id int) *ir.Operation  { return n.ops[id] }
func (n *Names) Value(id int) *ir.Value   { return n.values[id] }
func (n *Names) Block(id int) *ir.Block   { return n.blocks[id] }
func (n *Names) Region(id int) *ir.Region { return n.regions[id] }

// Ops returns how many ops have ids.
func (n *Names) Ops() int { return len(n.ops) }

// OpID returns the id of op.
func (n *Names) OpID(op *ir.Operation) (int, bool) {
	n.idOnce.Do(n.indexIDs)
	id, ok := n.opIDs[op]
	return id, ok
}

// ValueID returns the id of v.
func (n *Names) ValueID(v *ir.Value) (int, bool) {
	n.idOnce.Do(n.indexIDs)
	id, ok := n.valueIDs[v]
	return id, ok
}

func (n *Names) indexIDs() {
	n.opIDs = make(map[*ir.Operation]int, len(n.ops))
	for id, op := range n.ops {
		n.opIDs[op] = id
	}
	n.valueIDs = make(map[*ir.Value]int, len(n.values))
	for id, v := range n.values {
		n.valueIDs[v] = id
	}
}

// ValueName returns the SSA name of a value as the printer would write
// it: its source name (made unique in its function), else %N for results
// and %argN for block arguments.
func (n *Names) ValueName(id int) string {
	n.nameOnce.Do(n.nameValues)
	return "%" + n.valueNames[id]
}

// valueRef is ValueName qualified by its function, %x@f, when functions
// share the name, so that a rendered fact names one value.
func (n *Names) valueRef(id int) string {
	name := n.ValueName(id)
	if len(n.scopes[name]) > 1 {
		return name + n.valueScope[id]
	}
	return name
}

// OpName describes an op: @name for a function, else `op#3 tensor.insert`.
func (n *Names) OpName(id int) string {
	op := n.ops[id]
	if op.Name == "func.func" {
		if sym := ir.SymbolName(op); sym != "" {
			return "@" + sym
		}
	}
	return "op#" + strconv.Itoa(id) + " " + op.Name
}

// RegionName describes a region by its op and index: `op#3.r0`.
func (n *Names) RegionName(id int) string {
	r := n.regions[id]
	return n.ownerName(r.ParentOp()) + ".r" + strconv.Itoa(slices.Index(r.ParentOp().Regions, r))
}

// BlockName describes a block by its label and region: `^bb1(op#3.r0)`.
func (n *Names) BlockName(id int) string {
	b := n.blocks[id]
	r := b.Region()
	return "^bb" + strconv.Itoa(slices.Index(r.Blocks(), b)) + "(" + n.ownerName(r.ParentOp()) + ".r" +
		strconv.Itoa(slices.Index(r.ParentOp().Regions, r)) + ")"
}

// ownerName is op#N, the short form that qualifies blocks and regions.
func (n *Names) ownerName(op *ir.Operation) string {
	id, _ := n.OpID(op)
	return "op#" + strconv.Itoa(id)
}

// Location returns where op id is in the source: file:line:col.
func (n *Names) Location(id int) string { return n.position(n.ops[id].Pos) }

// Len returns the number of ids of kind k: ids run from 0 to Len-1. It is
// 0 for kinds that are not ids.
func (n *Names) Len(k facts.Kind) int {
	switch k {
	case facts.OpKind:
		return len(n.ops)
	case facts.ValueKind:
		return len(n.values)
	case facts.BlockKind:
		return len(n.blocks)
	case facts.RegionKind:
		return len(n.regions)
	}
	return 0
}

// Locate returns where the object with id of kind k is in the source: an
// op, a value's name (else its defining op), a block's label, a region's
// op. It is "" for kinds that are not ids.
func (n *Names) Locate(k facts.Kind, id int) string {
	switch k {
	case facts.OpKind:
		return n.Location(id)
	case facts.ValueKind:
		v := n.values[id]
		if v.Pos == ir.NoPos && !v.IsBlockArg() {
			return n.position(v.DefiningOp().Pos)
		}
		return n.position(v.Pos)
	case facts.BlockKind:
		return n.position(n.blocks[id].Pos)
	case facts.RegionKind:
		return n.position(n.regions[id].ParentOp().Pos)
	}
	return ""
}

func (n *Names) position(p ir.Pos) string {
	if p == ir.NoPos {
		return n.module.File
	}
	line, col := n.module.Position(p)
	return fmt.Sprintf("%s:%d:%d", n.module.File, line, col)
}

// Fact renders one fact of p with its ids as names, such as
// `use(op#3 tensor.insert, 1, %t)`.
func (n *Names) Fact(p facts.Pred, row []facts.Value, syms *facts.Symbols) string {
	return n.Format(p.Info(), row, syms)
}

// Format renders one fact of any predicate, the ids in its columns (by
// their kind) as names.
func (n *Names) Format(p *facts.Predicate, row []facts.Value, syms *facts.Symbols) string {
	var b strings.Builder
	b.WriteString(p.Name)
	b.WriteByte('(')
	for i, c := range p.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		if row[i].IsNumber() && c.Kind < facts.NumberKind {
			b.WriteString(n.Name(c.Kind, int(row[i].Int())))
		} else {
			b.WriteString(syms.Format(row[i]))
		}
	}
	b.WriteByte(')')
	return b.String()
}

// Name names the object with id of kind k: `op#3 tensor.insert` or @f,
// %x (qualified as %x@f when functions share the name), `^bb1(op#3.r0)`,
// `op#3.r0`. Other kinds are not ids: it returns the number.
func (n *Names) Name(k facts.Kind, id int) string {
	switch k {
	case facts.OpKind:
		return n.OpName(id)
	case facts.ValueKind:
		return n.valueRef(id)
	case facts.BlockKind:
		return n.BlockName(id)
	case facts.RegionKind:
		return n.RegionName(id)
	}
	return strconv.Itoa(id)
}

// Facts renders every fact of the IR schema in db, sorted.
func (n *Names) Facts(db *facts.DB) []string {
	var out []string
	for p := range facts.NumPreds {
		r := db.Lookup(p.Name(), p.Arity())
		if r == nil {
			continue
		}
		for id := range r.Len() {
			out = append(out, n.Fact(p, r.Row(uint32(id)), db.Symbols()))
		}
	}
	slices.Sort(out)
	return out
}

// nameValues names every value as ir's printer does, and records the
// function (or module) each name is unique in.
func (n *Names) nameValues() {
	ir.AssignNames(n.module, 1)
	n.valueNames = make([]string, len(n.values))
	n.valueScope = make([]string, len(n.values))
	n.scopes = map[string]map[string]bool{}
	for id, v := range n.values {
		name := v.PrintName()
		n.valueNames[id] = name[1:]
		n.valueScope[id] = "@" + ir.SymbolName(nameScopeOf(v))
		if n.scopes[name] == nil {
			n.scopes[name] = map[string]bool{}
		}
		n.scopes[name][n.valueScope[id]] = true
	}
}

// nameScopeOf returns the function, or module, whose names v's is unique
// among.
func nameScopeOf(v *ir.Value) *ir.Operation {
	op := v.Block().ParentOp()
	for op != nil && op.Name != "func.func" && op.Name != "builtin.module" {
		op = op.ParentOp()
	}
	return op
}
