package ir

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// valueScope holds the SSA names visible in one region while it is parsed.
// Uses may come before definitions (across blocks, or anywhere in graph
// regions), so unknown names get a placeholder value that the definition
// later replaces.
type valueScope struct {
	parent   *valueScope
	isolated bool // names of enclosing scopes are not visible
	values   map[string]boundName
	forward  map[valueRef]*Value
	blocks   map[string]*blockDef
	// dialect is the default dialect of the op owning the region.
	dialect string
}

// boundName is what one name defines: n values from first on, which are
// consecutive results of one op (or a single block argument). Keeping the
// first value and the count, not a slice, keeps the scope maps small.
type boundName struct {
	first *Value
	n     int32
}

// at returns the i-th value bound to the name.
func (b boundName) at(i int) *Value {
	if i == 0 {
		return b.first
	}
	return b.first.def.results[int(b.first.index)+i]
}

type valueRef struct {
	name string
	num  int
}

type blockDef struct {
	block   *Block
	defined bool
	usePos  Pos
}

func (p *parser) pushScope(isolated bool) {
	var s *valueScope
	if n := len(p.freeScopes); n > 0 {
		s = p.freeScopes[n-1]
		p.freeScopes = p.freeScopes[:n-1]
	} else {
		s = &valueScope{}
	}
	s.parent, s.isolated = p.scope, isolated
	p.scope = s
}

// recycleScope keeps a closed scope for reuse: most regions define a
// handful of names, and reusing their maps saves allocating new ones for
// every region. Large maps are dropped, as clearing them costs more than
// they would save; so are forward maps, which are rare and shrink by
// deletion.
func (p *parser) recycleScope(s *valueScope) {
	const keep = 64
	if len(s.values) > keep {
		s.values = nil
	}
	if len(s.blocks) > keep {
		s.blocks = nil
	}
	clear(s.values)
	clear(s.blocks)
	s.parent, s.forward, s.dialect = nil, nil, ""
	p.freeScopes = append(p.freeScopes, s)
}

// popScope closes a region's scope. Forward references still unresolved
// move to the enclosing scope (a nested region may use a value the parent
// region defines later); at an isolation boundary they are errors.
func (p *parser) popScope() {
	s := p.scope
	p.scope = s.parent
	var undefined *blockDef // the first in the text
	for _, bd := range s.blocks {
		if !bd.defined && (undefined == nil || bd.usePos < undefined.usePos) {
			undefined = bd
		}
	}
	if undefined != nil {
		p.failAt(undefined.usePos, "reference to an undefined block")
	}
	if len(s.forward) > 0 && (s.isolated || p.scope == nil) {
		// The first in the text, not the first the map gives.
		var first valueRef
		for ref, ph := range s.forward {
			if first.name == "" || ph.Pos < s.forward[first].Pos {
				first = ref
			}
		}
		p.failAt(s.forward[first].Pos, "use of undeclared SSA value name '%%%s'", first.String())
	}
	for ref, ph := range s.forward {
		if p.scope.forward == nil {
			p.scope.forward = map[valueRef]*Value{}
		}
		if prev, ok := p.scope.forward[ref]; ok {
			p.checkSameType(ref, prev, ph.typ, ph.Pos)
			ph.ReplaceAllUsesWith(prev)
			continue
		}
		p.scope.forward[ref] = ph
	}
	p.recycleScope(s)
}

func (r valueRef) String() string {
	if r.num == 0 {
		return r.name
	}
	return r.name + "#" + strconv.Itoa(r.num)
}

func (p *parser) checkSameType(ref valueRef, v *Value, t Type, pos Pos) {
	if !TypesEqual(v.typ, t) {
		p.failAt(pos, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", ref.String(), t, v.typ)
	}
}

// define binds a name to n values from first on (see boundName) in the
// current scope, resolving earlier forward references.
func (p *parser) define(name string, first *Value, n int, pos Pos) {
	s := p.scope
	if s.values == nil {
		s.values = map[string]boundName{}
	}
	if _, dup := s.values[name]; dup {
		p.failAt(pos, "redefinition of SSA value '%%%s'", name)
	}
	b := boundName{first, int32(n)}
	s.values[name] = b
	if len(s.forward) == 0 {
		return
	}
	for i := range n {
		ref := valueRef{name, i}
		if ph, ok := s.forward[ref]; ok {
			v := b.at(i)
			p.checkSameType(ref, v, ph.typ, ph.Pos)
			ph.ReplaceAllUsesWith(v)
			delete(s.forward, ref)
		}
	}
}

// operandRef is a parsed but not yet resolved value use: the type needed to
// resolve it often comes later in the custom syntax.
type operandRef struct {
	name string
	num  int
	pos  Pos
}

func (p *parser) isOperand() bool { return p.tok.kind == tPercent }

func (p *parser) operandRef() operandRef {
	if p.tok.kind != tPercent {
		p.fail("expected SSA operand, found %s", p.describe())
	}
	text := p.text()[1:]
	ref := operandRef{name: text, pos: p.pos()}
	if i := strings.IndexByte(text, '#'); i >= 0 {
		n, err := strconv.Atoi(text[i+1:])
		if err != nil {
			p.fail("invalid SSA value result number")
		}
		ref.name, ref.num = text[:i], n
	}
	p.advance()
	return ref
}

// operandRefs parses a possibly empty comma-separated list of value uses.
func (p *parser) operandRefs() []operandRef {
	var refs []operandRef
	if !p.isOperand() {
		return nil
	}
	p.commaList(func() { refs = append(refs, p.operandRef()) })
	return refs
}

// resolve finds the value a use refers to, creating a typed placeholder for
// forward references.
func (p *parser) resolve(ref operandRef, t Type) *Value {
	for s := p.scope; s != nil; s = s.parent {
		if b, ok := s.values[ref.name]; ok {
			if ref.num >= int(b.n) {
				p.failAt(ref.pos, "reference to invalid result number")
			}
			v := b.at(ref.num)
			if !TypesEqual(v.typ, t) {
				p.failAt(ref.pos, "use of value '%%%s' expects different type than prior uses: '%s' vs '%s'", valueRef{ref.name, ref.num}, t, v.typ)
			}
			return v
		}
		if s.isolated {
			break
		}
	}
	key := valueRef{ref.name, ref.num}
	for s := p.scope; s != nil; s = s.parent {
		if ph, ok := s.forward[key]; ok {
			p.checkSameType(key, ph, t, ref.pos)
			return ph
		}
		if s.isolated {
			break
		}
	}
	ph := &Value{typ: t, Name: ref.name, Pos: ref.pos, index: -1}
	if p.scope.forward == nil {
		p.scope.forward = map[valueRef]*Value{}
	}
	p.scope.forward[key] = ph
	return ph
}

func (p *parser) resolveAll(refs []operandRef, types []Type, at Pos) []*Value {
	if len(refs) != len(types) {
		p.failAt(at, "%d operands present, but expected %d", len(refs), len(types))
	}
	vals := make([]*Value, len(refs))
	for i, r := range refs {
		vals[i] = p.resolve(r, types[i])
	}
	return vals
}

// resultDef is one `%name` or `%name:N` on the left of an op.
type resultDef struct {
	name  string
	count int
	pos   Pos
}

// OpState collects what a custom-syntax parser reads before the operation
// is created.
type OpState struct {
	Name        string
	Operands    []*Value
	ResultTypes []Type
	Successors  []*Block
	Properties  *DictAttr
	Attrs       *DictAttr
	Regions     []*Region
	// NumResults is how many results the text binds on its left-hand side;
	// parsers of ops with a variable result count read it.
	NumResults int
	// Pos is the position of the op name.
	Pos Pos
	// props is scratch space for the entries AddProp collects, kept from
	// op to op; scratchProps says Properties.Entries lives in it, to be
	// copied out at its final size when the op is built.
	props        []NamedAttr
	scratchProps bool
}

// given returns the inherent attribute name if the text gave it, as
// a property or in the attribute dictionary.
func (st *OpState) given(name string) Attribute {
	if a := st.Properties.Get(name); a != nil {
		return a
	}
	return st.Attrs.Get(name)
}

// defaultProp sets the inherent attribute name to v unless the text gave
// it.
func (st *OpState) defaultProp(name string, v Attribute) {
	if st.given(name) == nil {
		st.AddProp(name, v)
	}
}

// AddProp records an inherent attribute.
func (st *OpState) AddProp(name string, v Attribute) {
	if st.Properties == nil {
		st.Properties = &DictAttr{Entries: st.props[:0]}
		st.scratchProps = true
	}
	st.Properties.Set(name, v)
}

// AddAttr records a discardable attribute.
func (st *OpState) AddAttr(name string, v Attribute) {
	if st.Attrs == nil {
		st.Attrs = &DictAttr{}
	}
	st.Attrs.Set(name, v)
}

// parseOperation parses one op with its results and trailing location.
func (p *parser) parseOperation() *Operation {
	var defs []resultDef
	numResults := 0
	if p.tok.kind == tPercent {
		p.commaList(func() {
			if p.tok.kind != tPercent {
				p.fail("expected SSA value name, found %s", p.describe())
			}
			d := resultDef{name: p.text()[1:], count: 1, pos: p.pos()}
			if strings.IndexByte(d.name, '#') >= 0 {
				p.fail("expected SSA value name without result number")
			}
			p.advance()
			if p.accept(":") {
				if p.tok.kind != tInt {
					p.fail("expected integer number of results")
				}
				n, err := strconv.Atoi(p.text())
				if err != nil || n < 1 {
					p.fail("expected named operation to have at least 1 result")
				}
				d.count = n
				p.advance()
			}
			numResults += d.count
			defs = append(defs, d)
		})
		p.expect("=")
	}
	st := p.newOpState()
	st.NumResults, st.Pos = numResults, p.pos()
	outer := p.curOp
	defer func() { p.curOp = outer }()
	switch p.tok.kind {
	case tString:
		p.parseGenericOp(st)
	case tBare:
		p.parseCustomOp(st)
	default:
		p.fail("expected operation name in quotes")
	}
	op := p.buildOp(st)
	*st = OpState{props: st.props}
	p.freeStates = append(p.freeStates, st)
	if p.isKeyword("loc") {
		op.SetLoc(p.parseLocation())
	}
	if defs != nil {
		if len(op.results) != numResults {
			p.failAt(defs[0].pos, "operation defines %d results but was provided %d to bind", len(op.results), numResults)
		}
		i := 0
		for _, d := range defs {
			for _, v := range op.results[i : i+d.count] {
				v.Name, v.Pos = d.name, d.pos
			}
			p.define(d.name, op.results[i], d.count, d.pos)
			i += d.count
		}
	}
	return op
}

// newOpState returns an empty OpState, reusing one parseOperation is done
// with: one per op would be a large share of what parsing allocates.
func (p *parser) newOpState() *OpState {
	if n := len(p.freeStates); n > 0 {
		st := p.freeStates[n-1]
		p.freeStates = p.freeStates[:n-1]
		return st
	}
	return &OpState{}
}

func (p *parser) buildOp(st *OpState) *Operation {
	op := newOperation(st.Name, st.ResultTypes)
	if len(st.Operands) == cap(st.Operands) {
		// The parser built the list for this op alone and at its size:
		// keep it rather than copy it.
		op.adoptOperands(st.Operands)
	} else {
		op.SetOperands(st.Operands)
	}
	op.SetSuccessors(st.Successors)
	if st.scratchProps {
		st.props = st.Properties.Entries[:0]
		st.Properties.Entries = slices.Clone(st.Properties.Entries)
	}
	op.Properties = st.Properties
	if st.Attrs.Len() > 0 {
		op.Attrs = st.Attrs
	}
	op.Regions = st.Regions
	for _, r := range op.Regions {
		r.parent = op
	}
	op.Pos = st.Pos
	return op
}

// parseGenericOp parses `"name"(operands) [succ] <{props}> (regions) {attrs} : type`.
func (p *parser) parseGenericOp(st *OpState) {
	name, ok := p.internTok()
	if !ok || name == "" {
		p.fail("invalid operation name")
	}
	st.Name = name
	p.curOp = name
	p.advance()
	p.expect("(")
	refs := p.operandRefs()
	p.expect(")")
	if p.is("[") {
		p.delimited("[", "]", func() { st.Successors = append(st.Successors, p.successor()) })
	}
	if p.accept("<") {
		if !p.is("{") {
			p.fail("expected '{' to start the properties dictionary")
		}
		st.Properties = p.parseDict()
		p.expect(">")
	}
	if p.is("(") {
		p.delimited("(", ")", func() {
			st.Regions = append(st.Regions, p.parseRegion(nil))
		})
	}
	if p.is("{") {
		st.Attrs = p.parseDict()
	}
	if syn := syntaxes[name]; syn != nil && st.Properties == nil {
		// The older generic form wrote inherent attributes in the
		// dictionary; MLIR stores them as properties, and so do we.
		moveInherent(st, syn.Inherent)
	}
	p.expect(":")
	fnPos := p.pos()
	fn, isFn := p.parseType().(*FunctionType)
	if !isFn {
		p.failAt(fnPos, "expected function type")
	}
	st.Operands = p.resolveAll(refs, fn.Inputs, fnPos)
	st.ResultTypes = fn.Results
}

// isolatedOp lists the ops whose regions cannot see enclosing values; their
// regions get a fresh name scope.
func isolatedOp(name string) bool {
	switch name {
	case "builtin.module", "func.func", "memref.global", "ml_program.func", "ml_program.subgraph",
		"emitc.func", "emitc.class", "gpu.func", "gpu.module",
		"transform.named_sequence", "transform.alternatives", "transform.structured.replace":
		return true
	}
	return false
}

// regionDialect is the dialect whose ops may be written without prefix
// inside the regions of the named op.
func regionDialect(name string) string {
	switch {
	case name == "func.func":
		return "func"
	case name == "emitc.func" || name == "emitc.if" || name == "emitc.for" || name == "emitc.switch" || name == "emitc.expression":
		return "emitc"
	case name == "transform.sequence" || name == "transform.with_pdl_patterns":
		// These, and no other transform op, name the dialect default
		// (OpAsmOpInterface's getDefaultDialect): the bodies of named
		// sequences, and of ops within these, write the prefix.
		return "transform"
	}
	return ""
}

// parseCustomOp dispatches to the op's registered custom syntax.
func (p *parser) parseCustomOp(st *OpState) {
	name, _ := p.internTok()
	namePos := p.pos()
	syn, full := lookupSyntax(name, p.defaultDialect())
	if syn == nil {
		msg := fmt.Sprintf("custom op '%s' is unknown", name)
		if strings.IndexByte(name, '.') < 0 && p.defaultDialect() != "" {
			msg = fmt.Sprintf("custom op '%s' is unknown (tried '%s.%s' as well)", name, p.defaultDialect(), name)
		}
		line, col := lineCol(p.src, int(namePos))
		panic(&Error{File: p.file, Line: line, Col: col, Msg: msg,
			Note: "bufferlog reads every op in the generic form: `mlir-opt --mlir-print-op-generic` prints the input so"})
	}
	st.Name = full
	p.curOp = full
	p.advance()
	syn.Parse(p, st)
	moveInherent(st, syn.Inherent)
}

// moveInherent moves inherent attributes written in a custom form's
// attribute dictionary into the properties, where MLIR stores them.
func moveInherent(st *OpState, inherent []string) {
	if st.Attrs == nil || len(inherent) == 0 {
		return
	}
	for _, name := range inherent {
		if v := st.Attrs.Get(name); v != nil {
			st.AddProp(name, v)
			st.Attrs.Delete(name)
		}
	}
}

// defaultDialect is the dialect whose op names may be written without prefix
// in the current region (`return` in a func.func body).
func (p *parser) defaultDialect() string {
	if p.scope != nil {
		return p.scope.dialect
	}
	return ""
}

// successor parses a block reference `^bb1`.
func (p *parser) successor() *Block {
	if p.tok.kind != tCaret {
		p.fail("expected block name, found %s", p.describe())
	}
	name := p.text()
	pos := p.pos()
	p.advance()
	return p.blockRef(name, pos, false)
}

// successorWithArgs parses `^bb1` or `^bb1(%a, %b : t1, t2)`.
func (p *parser) successorWithArgs() (*Block, []*Value) {
	b := p.successor()
	if !p.is("(") {
		return b, nil
	}
	p.advance()
	refs, types, at := p.typedOperandRefs()
	return b, p.resolveAll(refs, types, at)
}

// typedOperandRefs parses `%a, %b : t1, t2)` (or only `)`) after an
// opening parenthesis: the references, their types, and where they
// began.
func (p *parser) typedOperandRefs() ([]operandRef, []Type, Pos) {
	at := p.pos()
	refs := p.operandRefs()
	var types []Type
	if len(refs) > 0 {
		p.expect(":")
		types = p.parseTypeList()
	}
	p.expect(")")
	return refs, types, at
}

// blockRef finds or creates the block named in the current region.
func (p *parser) blockRef(name string, pos Pos, define bool) *Block {
	s := p.scope
	if s.blocks == nil {
		s.blocks = map[string]*blockDef{}
	}
	bd := s.blocks[name]
	if bd == nil {
		bd = &blockDef{block: &Block{Pos: pos}, usePos: pos}
		s.blocks[name] = bd
	}
	if define {
		if bd.defined {
			p.failAt(pos, "redefinition of block '%s'", name)
		}
		bd.defined = true
		bd.block.Pos = pos
	}
	return bd.block
}

// RegionArg is an entry-block argument that a custom syntax declares
// outside the region's braces (function arguments, loop variables).
type RegionArg struct {
	Name  string
	Type  Type
	Loc   Attribute
	Attrs *DictAttr
	Pos   Pos
}

// parseRegion parses `{ blocks }`. entryArgs, when non-nil, become the
// entry block's arguments, as declared by the enclosing custom syntax.
func (p *parser) parseRegion(entryArgs []RegionArg) *Region {
	defer p.nest()()
	r := &Region{}
	p.expect("{")
	p.pushScope(isolatedOp(p.curOp))
	p.scope.dialect = regionDialect(p.curOp)
	if entryArgs != nil || !p.is("}") {
		// With no arguments to declare, a labelled entry block declares
		// its own (none, for a function without arguments), as MLIR allows.
		if len(entryArgs) > 0 || p.tok.kind != tCaret {
			entry := r.AddBlock()
			entry.Pos = p.pos()
			for _, a := range entryArgs {
				v := entry.AddArg(a.Type)
				v.Name, v.Pos = a.Name, a.Pos
				entry.SetArgLoc(int(v.index), a.Loc)
				if a.Name != "" {
					p.define(a.Name, v, 1, a.Pos)
				}
			}
			if p.tok.kind == tCaret {
				p.fail("invalid block name in region with named arguments")
			}
			p.parseBlockBody(entry)
		}
		for p.tok.kind == tCaret {
			p.parseBlock(r)
		}
	}
	p.expect("}")
	p.popScope()
	return r
}

// parseBlock parses `^name(args):` and the ops after it.
func (p *parser) parseBlock(r *Region) {
	name := p.text()
	pos := p.pos()
	p.advance()
	b := p.blockRef(name, pos, true)
	b.region = r
	r.blocks = append(r.blocks, b)
	if p.is("(") {
		p.delimited("(", ")", func() {
			if p.tok.kind != tPercent {
				p.fail("expected SSA value name, found %s", p.describe())
			}
			argName := p.text()[1:]
			argPos := p.pos()
			p.advance()
			p.expect(":")
			v := b.AddArg(p.parseType())
			v.Name, v.Pos = argName, argPos
			if p.isKeyword("loc") {
				b.SetArgLoc(int(v.index), p.parseLocation())
			}
			p.define(argName, v, 1, argPos)
		})
	}
	p.expect(":")
	p.parseBlockBody(b)
}

func (p *parser) parseBlockBody(b *Block) {
	if p.workers > 1 && p.scope.isolated && len(p.scope.forward) == 0 && len(p.scope.blocks) == 0 {
		if ops, ok := p.parseChunked(); ok {
			for _, op := range ops {
				b.Append(op)
			}
		}
	}
	for p.tok.kind != tCaret && !p.is("}") {
		if p.tok.kind == tEOF {
			p.fail("expected '}' to end the region")
		}
		b.Append(p.parseOperation())
	}
}

// parseLocation parses `loc(...)` verbatim.
func (p *parser) parseLocation() Attribute {
	start := p.tok.start
	p.advance()
	if !p.is("(") {
		p.fail("expected '(' after 'loc'")
	}
	p.skipBalanced()
	return &OpaqueAttr{Text: string(p.src[start:p.lastEnd()])}
}
