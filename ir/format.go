package ir

import (
	"fmt"
	"slices"
	"strings"
)

// Declarative assembly formats. MLIR declares the custom syntax of most
// ops in ODS as an assemblyFormat string, from which mlir-tblgen generates
// a parser and a printer. declOp interprets such a string together with
// the op's signature, so that a dialect whose ops are declared that way is
// a table of signatures and formats (see syntax_shape.go) instead of a
// parser and a printer per op. The formats read are a subset of ODS's:
//
//	$name             an operand group or an attribute
//	type($name)       the types of an operand or result group
//	`literal`         punctuation or a keyword
//	attr-dict         the attributes that are not inherent
//	operands          every operand, in signature order
//	functional-type(operands, results)
//	                  the types of every operand and result ($x in place
//	                  of operands when x is the only operand group)
//	$region           a region, its entry block's arguments written out
//	( ... )?          an optional group, present when its anchor ($x^ or
//	                  type($x)^) is: a non-empty group or a set attribute
//
// A malformed table entry panics when the package initializes, so no
// build with one passes a test.

// declOp is an op's signature and format.
type declOp struct {
	name       string
	terminator bool
	regions    []string
	// implied is the terminator the parser adds to a region that leaves
	// it out, if any.
	implied  *impliedTerminator
	operands []declValue
	results  []declValue
	attrs    []declAttr
	elems    []declElem
	// written names the attributes the format writes, which attr-dict
	// leaves out (set by check).
	written []string
}

// declValue is an operand or result group: arity '1' (one value), '?'
// (zero or one) or '*' (any number). fixed is its type where the format
// does not give it: a type the constraint allows alone (I1, Index, ...).
type declValue struct {
	name  string
	arity byte
	fixed Type
}

// declAttr is an inherent attribute and how the format writes it: kind
// "index" is an integer of index type written without it, "str" a string,
// "any" an attribute as written anywhere.
type declAttr struct {
	name     string
	kind     string
	optional bool
	// inFormat is false for an attribute the format does not write:
	// attr-dict then does, and reads it back as the property it is.
	inFormat bool
}

type declElemKind uint8

const (
	elemLiteral declElemKind = iota
	elemOperand
	elemAttr
	elemType
	elemAttrDict
	elemOperands
	elemFunctionalType
	elemRegion
	elemGroup
)

type declElem struct {
	kind   declElemKind
	name   string // the literal, or the operand, result or attribute named
	anchor bool
	group  []declElem
}

// fixedTypes are the types a signature may fix by name.
var fixedTypes = map[string]Type{
	"i1": I1, "index": Index, "!shape.shape": shapeType, "!shape.size": sizeType,
	"!shape.value_shape": valueShapeType, "!shape.witness": witnessType,
}

// declare builds the declOp of name from its signature and format. The
// signature lists operands, then `->` and results, comma-separated: a
// name, with `?` or `*` for its arity and `:type` for a fixed type;
// attributes are `@name:kind`, optional with `?` after the name; regions
// `^name`.
func declare(name, signature, format string) *declOp {
	d := &declOp{name: name}
	ins, outs, _ := strings.Cut(signature, "->")
	for _, side := range []struct {
		text string
		out  *[]declValue
	}{{ins, &d.operands}, {outs, &d.results}} {
		for item := range strings.SplitSeq(side.text, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			item, fixed, hasFixed := strings.Cut(item, ":")
			optional := strings.HasSuffix(item, "?")
			if region, ok := strings.CutPrefix(item, "^"); ok {
				d.regions = append(d.regions, region)
				continue
			}
			if attr, ok := strings.CutPrefix(item, "@"); ok {
				d.attrs = append(d.attrs, declAttr{name: strings.TrimSuffix(attr, "?"), kind: fixed, optional: optional})
				continue
			}
			v := declValue{name: strings.TrimRight(item, "?*"), arity: '1'}
			if n := len(item); item[n-1] == '?' || item[n-1] == '*' {
				v.arity = item[n-1]
			}
			if hasFixed {
				if v.fixed = fixedTypes[fixed]; v.fixed == nil {
					panic(fmt.Sprintf("ir: %s: unknown fixed type %s", name, fixed))
				}
			}
			*side.out = append(*side.out, v)
		}
	}
	var rest []string
	d.elems, rest = d.elemList(strings.Fields(spaceFormat(format)))
	if len(rest) > 0 {
		panic(fmt.Sprintf("ir: %s: unbalanced %q in its format", name, rest[0]))
	}
	d.check()
	return d
}

// spaceFormat separates a format's tokens by blanks.
func spaceFormat(format string) string {
	return strings.NewReplacer("(", " ( ", ")", " ) ", "?", " ? ", "^", " ^ ", "`", " ` ").Replace(format)
}

// elemList reads elements up to a closing `)` and returns the tokens
// after it.
func (d *declOp) elemList(toks []string) ([]declElem, []string) {
	var elems []declElem
	for len(toks) > 0 {
		t := toks[0]
		switch {
		case t == ")":
			return elems, toks
		case t == "`":
			if len(toks) < 3 || toks[2] != "`" {
				panic(fmt.Sprintf("ir: %s: unterminated literal in its format", d.name))
			}
			elems = append(elems, declElem{kind: elemLiteral, name: toks[1]})
			toks = toks[3:]
		case t == "^":
			if len(elems) == 0 {
				panic(fmt.Sprintf("ir: %s: anchor without element", d.name))
			}
			elems[len(elems)-1].anchor = true
			toks = toks[1:]
		case t == "attr-dict":
			elems = append(elems, declElem{kind: elemAttrDict})
			toks = toks[1:]
		case t == "operands":
			elems = append(elems, declElem{kind: elemOperands})
			toks = toks[1:]
		case t == "functional-type":
			end := slices.Index(toks, ")")
			inputs := "operands,results"
			if len(d.operands) == 1 {
				inputs = "$" + d.operands[0].name + ",results"
			}
			if len(toks) < 2 || toks[1] != "(" || end < 0 || strings.Join(toks[2:end], "") != "operands,results" && strings.Join(toks[2:end], "") != inputs {
				panic(fmt.Sprintf("ir: %s: functional-type reads only (operands, results), or ($x, results) of an op with one operand group", d.name))
			}
			elems = append(elems, declElem{kind: elemFunctionalType})
			toks = toks[end+1:]
		case t == "type":
			if len(toks) < 4 || toks[1] != "(" || toks[3] != ")" || !strings.HasPrefix(toks[2], "$") {
				panic(fmt.Sprintf("ir: %s: malformed type directive", d.name))
			}
			elems = append(elems, declElem{kind: elemType, name: toks[2][1:]})
			toks = toks[4:]
		case t == "(":
			group, after := d.elemList(toks[1:])
			if len(after) < 2 || after[0] != ")" || after[1] != "?" {
				panic(fmt.Sprintf("ir: %s: optional group without `)?`", d.name))
			}
			elems = append(elems, declElem{kind: elemGroup, group: group})
			toks = after[2:]
		case strings.HasPrefix(t, "$"):
			kind := elemOperand
			if d.attr(t[1:]) != nil {
				kind = elemAttr
			} else if slices.Contains(d.regions, t[1:]) {
				kind = elemRegion
			}
			elems = append(elems, declElem{kind: kind, name: t[1:]})
			toks = toks[1:]
		default:
			panic(fmt.Sprintf("ir: %s: unknown format element %q", d.name, t))
		}
	}
	return elems, nil
}

// check panics unless the format sets every operand, every attribute and
// every type the signature does not fix, and each group has one anchor.
func (d *declOp) check() {
	set := map[string]bool{}
	var walk func(elems []declElem, inGroup bool)
	walk = func(elems []declElem, inGroup bool) {
		anchors := 0
		for _, e := range elems {
			if e.anchor {
				anchors++
			}
			switch e.kind {
			case elemOperand:
				if d.value(e.name) == nil || slices.ContainsFunc(d.results, func(v declValue) bool { return v.name == e.name }) {
					panic(fmt.Sprintf("ir: %s: $%s is no operand or attribute", d.name, e.name))
				}
				set[e.name] = true
			case elemAttr:
				set["@"+e.name] = true
			case elemRegion:
				set["^"+e.name] = true
			case elemType:
				if d.value(e.name) == nil {
					panic(fmt.Sprintf("ir: %s: type($%s) names no operand or result", d.name, e.name))
				}
				set["type "+e.name] = true
			case elemOperands:
				for _, o := range d.operands {
					set[o.name] = true
				}
			case elemFunctionalType:
				for _, v := range append(slices.Clone(d.operands), d.results...) {
					set["type "+v.name] = true
				}
			case elemGroup:
				walk(e.group, true)
			}
		}
		if inGroup && anchors != 1 || !inGroup && anchors != 0 {
			panic(fmt.Sprintf("ir: %s: an optional group needs one anchor, and only it", d.name))
		}
	}
	walk(d.elems, false)
	for _, o := range d.operands {
		if !set[o.name] || o.fixed == nil && !set["type "+o.name] {
			panic(fmt.Sprintf("ir: %s: the format does not give operand %s or its type", d.name, o.name))
		}
	}
	for _, r := range d.results {
		if r.fixed == nil && !set["type "+r.name] || r.arity != '1' && r.fixed != nil {
			panic(fmt.Sprintf("ir: %s: the format does not give the type of result %s", d.name, r.name))
		}
	}
	for i, a := range d.attrs {
		d.attrs[i].inFormat = set["@"+a.name]
		if set["@"+a.name] {
			d.written = append(d.written, a.name)
		}
		if a.kind != "index" && a.kind != "str" && a.kind != "any" {
			panic(fmt.Sprintf("ir: %s: attribute %s is of no known kind", d.name, a.name))
		}
	}
	for _, r := range d.regions {
		if !set["^"+r] {
			panic(fmt.Sprintf("ir: %s: region %s is not in the format", d.name, r))
		}
	}
	variable := 0
	for _, o := range d.operands {
		if o.arity != '1' {
			variable++
		}
	}
	if variable > 1 {
		panic(fmt.Sprintf("ir: %s: several variadic operand groups need segment sizes, which declOp does not write", d.name))
	}
}

func (d *declOp) value(name string) *declValue {
	for _, vs := range [][]declValue{d.operands, d.results} {
		for i := range vs {
			if vs[i].name == name {
				return &vs[i]
			}
		}
	}
	return nil
}

func (d *declOp) attr(name string) *declAttr {
	for i := range d.attrs {
		if d.attrs[i].name == name {
			return &d.attrs[i]
		}
	}
	return nil
}

func (d *declOp) syntax() *opSyntax {
	inherent := make([]string, len(d.attrs))
	for i, a := range d.attrs {
		inherent[i] = a.name
	}
	return &opSyntax{Inherent: inherent, Parse: d.parse, Print: d.print, Terminator: d.terminator}
}

// impliesTerminator says that d's regions may leave out their
// terminator, name, which the parser then adds.
func (d *declOp) impliesTerminator(name string) *declOp {
	d.implied = &impliedTerminator{name, 0}
	return d
}

// endsBlock marks d as a terminator.
func (d *declOp) endsBlock() *declOp {
	d.terminator = true
	return d
}

// groupSizes splits n values among the groups of sig in order: one
// value to each single group, one or none to an optional group, and what
// the others leave to the variadic one (check allows one per side); ok
// is false when n does not fit.
func groupSizes(sig []declValue, n int) (sizes []int, ok bool) {
	sizes = make([]int, len(sig))
	left := n
	for i, v := range sig {
		k := 1
		switch v.arity {
		case '*':
			k = left - (len(sig) - 1 - i)
		case '?':
			k = min(1, left-(len(sig)-1-i))
		}
		if k < 0 || k > left {
			return nil, false
		}
		sizes[i], left = k, left-k
	}
	return sizes, left == 0
}

// --- parsing ---

// declParse holds what the format has read of an op so far.
type declParse struct {
	refs  map[string][]operandRef
	types map[string][]Type
}

func (d *declOp) parse(p *parser, st *OpState) {
	s := declParse{refs: map[string][]operandRef{}, types: map[string][]Type{}}
	d.parseElems(p, st, d.elems, &s)
	for _, o := range d.operands {
		refs, ts := s.refs[o.name], s.types[o.name]
		if ts == nil && o.fixed != nil {
			ts = slices.Repeat([]Type{o.fixed}, len(refs))
		}
		if len(ts) != len(refs) {
			p.fail("%d operands present, but expected %d", len(refs), len(ts))
		}
		for i, r := range refs {
			st.Operands = append(st.Operands, p.resolve(r, ts[i]))
		}
	}
	for _, r := range d.results {
		ts, ok := s.types[r.name]
		switch {
		case ok:
			st.ResultTypes = append(st.ResultTypes, ts...)
		case r.fixed != nil:
			st.ResultTypes = append(st.ResultTypes, r.fixed)
		case r.arity == '1':
			p.fail("expected the type of result %s", r.name)
		}
		// A variadic or optional group left out has no results.
	}
}

func (d *declOp) parseElems(p *parser, st *OpState, elems []declElem, s *declParse) {
	for _, e := range elems {
		switch e.kind {
		case elemLiteral:
			if isBareWord(e.name) {
				p.expectKeyword(e.name)
			} else {
				p.expect(e.name)
			}
		case elemOperand:
			s.refs[e.name] = p.declOperands(d.value(e.name).arity)
		case elemOperands:
			refs := p.declOperands('*')
			sizes, ok := groupSizes(d.operands, len(refs))
			if !ok {
				p.fail("expected %d operands", len(d.operands))
			}
			for i, o := range d.operands {
				s.refs[o.name], refs = refs[:sizes[i]], refs[sizes[i]:]
			}
		case elemAttr:
			st.AddProp(e.name, p.declAttr(d.attr(e.name)))
		case elemType:
			v := d.value(e.name)
			n := -1 // as many as are written
			if refs, ok := s.refs[e.name]; ok {
				n = len(refs)
			} else if v.arity == '1' {
				n = 1
			}
			var ts []Type
			switch {
			case n < 0 && p.isTypeStart():
				ts = p.parseTypeList()
			case n >= 0:
				for i := range n {
					if i > 0 {
						p.expect(",")
					}
					ts = append(ts, p.parseType())
				}
			}
			s.types[e.name] = ts
		case elemAttrDict:
			p.optionalAttrDict(st)
		case elemRegion:
			r := p.parseRegion(nil)
			if d.implied != nil {
				d.implied.ensureIn(r)
			}
			st.Regions = append(st.Regions, r)
		case elemFunctionalType:
			at := p.pos()
			fn := p.functionTypeAt()
			inputs := fn.Inputs
			for _, o := range d.operands {
				n := len(s.refs[o.name])
				if n > len(inputs) {
					break
				}
				s.types[o.name], inputs = inputs[:n], inputs[n:]
			}
			if len(inputs) > 0 {
				p.failAt(at, "%d operands present, but expected %d", len(fn.Inputs)-len(inputs), len(fn.Inputs))
			}
			sizes, ok := groupSizes(d.results, len(fn.Results))
			if !ok {
				p.failAt(at, "the function type gives %d results, which the op does not have", len(fn.Results))
			}
			results := fn.Results
			for i, r := range d.results {
				s.types[r.name], results = results[:sizes[i]], results[sizes[i]:]
			}
		case elemGroup:
			if d.groupStarts(p, e.group[0]) {
				d.parseElems(p, st, e.group, s)
			}
		}
	}
}

// groupStarts reports whether the next tokens begin an optional group
// whose first element is first.
func (d *declOp) groupStarts(p *parser, first declElem) bool {
	switch first.kind {
	case elemLiteral:
		if isBareWord(first.name) {
			return p.isKeyword(first.name)
		}
		return p.is(first.name)
	case elemOperand, elemOperands:
		return p.isOperand()
	case elemType:
		return p.isTypeStart()
	case elemAttrDict:
		return p.is("{")
	}
	return false
}

func (p *parser) declOperands(arity byte) []operandRef {
	switch {
	case arity == '1':
		return []operandRef{p.operandRef()}
	case !p.isOperand():
		return nil
	case arity == '?':
		return []operandRef{p.operandRef()}
	}
	return p.operandRefs()
}

func (p *parser) declAttr(a *declAttr) Attribute {
	switch a.kind {
	case "index":
		return IntAttr(p.integer(), Index)
	case "str":
		at := p.pos()
		s, ok := p.parseAttrNoType().(*StringAttr)
		if !ok {
			p.failAt(at, "expected string for attribute '%s'", a.name)
		}
		return s
	}
	return p.parseAttr()
}

func isBareWord(s string) bool {
	return s != "" && (s[0] == '_' || s[0] >= 'a' && s[0] <= 'z' || s[0] >= 'A' && s[0] <= 'Z')
}

// --- printing ---

// declPrint is an op being printed by its format: its operand groups,
// and whether the next token needs a blank before it.
type declPrint struct {
	p      *printer
	op     *Operation
	groups map[string][]*Value
	space  bool
}

func (d *declOp) print(p *printer, op *Operation) bool {
	groups, ok := d.groups(op)
	if !ok || len(op.Regions) != len(d.regions) || len(op.Successors) != 0 {
		return false
	}
	for _, a := range d.attrs {
		v := op.Prop(a.name)
		if a.inFormat && (v == nil && !a.optional || v != nil && !declAttrFits(a, v)) {
			return false
		}
	}
	for _, e := range d.elems {
		// An empty type list would leave `:` before nothing, which MLIR
		// does not read back.
		if e.kind == elemType && len(groups[e.name]) == 0 {
			return false
		}
	}
	p.w(d.name)
	dp := &declPrint{p: p, op: op, groups: groups, space: true}
	dp.elems(d, d.elems)
	return true
}

// groups splits op's operands and results by the signature; ok is false
// when they do not fit it, fixed types included.
func (d *declOp) groups(op *Operation) (map[string][]*Value, bool) {
	groups := map[string][]*Value{}
	split := func(sig []declValue, vs []*Value) bool {
		sizes, ok := groupSizes(sig, len(vs))
		if !ok {
			return false
		}
		for i, v := range sig {
			if v.fixed != nil && !allOfType(vs[:sizes[i]], v.fixed) {
				return false
			}
			groups[v.name], vs = vs[:sizes[i]], vs[sizes[i]:]
		}
		return true
	}
	return groups, split(d.operands, op.operands) && split(d.results, op.results)
}

func declAttrFits(a declAttr, v Attribute) bool {
	switch a.kind {
	case "index":
		i, ok := v.(*IntegerAttr)
		if !ok || !TypesEqual(i.Type, Index) {
			return false
		}
		_, ok = i.Int64()
		return ok
	case "str":
		_, ok := v.(*StringAttr)
		return ok
	}
	return true
}

// token writes the literal t with the blanks MLIR puts around it.
func (dp *declPrint) token(t string) {
	switch t {
	case ",", ")", "]", ">", "}":
	default:
		dp.blank()
	}
	dp.p.w(t)
	dp.space = t != "(" && t != "[" && t != "<" && t != "{"
}

// blank writes the blank the next element needs, if any; the element
// then needs one after it.
func (dp *declPrint) blank() {
	if dp.space {
		dp.p.w(" ")
	}
	dp.space = true
}

func (dp *declPrint) elems(d *declOp, elems []declElem) {
	for _, e := range elems {
		switch e.kind {
		case elemLiteral:
			dp.token(e.name)
		case elemOperand:
			dp.values(dp.groups[e.name])
		case elemOperands:
			dp.values(dp.op.operands)
		case elemAttr:
			if a := dp.op.Prop(e.name); a != nil {
				dp.blank()
				if i, ok := a.(*IntegerAttr); ok && d.attr(e.name).kind == "index" {
					dp.p.w(i.Text)
				} else {
					dp.p.attr(a)
				}
			}
		case elemType:
			if vs := dp.groups[e.name]; len(vs) > 0 {
				dp.blank()
				dp.p.valueTypes(vs)
			}
		case elemAttrDict:
			dp.p.attrDict(dp.op, d.written...)
		case elemFunctionalType:
			dp.blank()
			dp.p.functionType(dp.op)
		case elemRegion:
			dp.blank()
			dp.p.region(dp.op.Regions[slices.Index(d.regions, e.name)], true)
		case elemGroup:
			if dp.present(e.group) {
				dp.elems(d, e.group)
			}
		}
	}
}

func (dp *declPrint) values(vs []*Value) {
	if len(vs) > 0 {
		dp.blank()
		dp.p.values(vs)
	}
}

// present reports whether the anchor of an optional group is set.
func (dp *declPrint) present(group []declElem) bool {
	for _, e := range group {
		if !e.anchor {
			continue
		}
		if e.kind == elemAttr {
			return dp.op.Prop(e.name) != nil
		}
		return len(dp.groups[e.name]) > 0
	}
	return false
}
