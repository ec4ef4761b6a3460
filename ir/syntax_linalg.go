package ir

import (
	"slices"
	"strconv"
	"strings"
)

// Custom syntax of the linalg dialect.
//
// Structured ops keep their scalar payload in a region. linalg.generic, map
// and reduce spell it out. The named ops (matmul, conv_2d_nhwc_hwcf, add,
// fill, transpose, ...) leave it implicit: when MLIR parses their custom form
// it builds the body from the op definition and the operand element types,
// and their custom form prints only ins/outs and attributes. So parsing a
// named op here builds that body op for op as MLIR's region builders do
// (casts, arith/math ops by element type, default properties such as
// `fastmath = #arith.fastmath<none>`), and printing a named op in its custom
// form, which drops the region, is done only when the op's region is exactly
// the one the custom form rebuilds. Any other body (say, from a hand-written
// generic form) makes the op print in the generic form, which keeps it as
// is. Both round trips are thus faithful whatever the input.

func init() {
	register("linalg.generic", &opSyntax{
		Inherent: genericInherent,
		Parse:    parseLinalgGeneric,
		Print:    printLinalgGeneric,
	})
	register("linalg.yield", &opSyntax{
		Terminator: true,
		Parse: func(p *parser, st *OpState) {
			at := p.pos()
			refs := p.operandRefs()
			p.optionalAttrDict(st)
			var types []Type
			if len(refs) > 0 {
				p.expect(":")
				types = p.parseTypeList()
			}
			st.Operands = p.resolveAll(refs, types, at)
		},
		Print: func(p *printer, op *Operation) bool {
			p.w("linalg.yield")
			if len(op.operands) > 0 {
				p.w(" ")
				p.values(op.operands)
			}
			p.attrDict(op)
			if len(op.operands) > 0 {
				p.w(" : ")
				p.valueTypes(op.operands)
			}
			return true
		},
	})
	register("linalg.index", &opSyntax{
		Inherent: []string{"dim"},
		Parse: func(p *parser, st *OpState) {
			st.AddProp("dim", IntAttr(p.integer(), I64))
			st.ResultTypes = []Type{p.attrDictColonType(st)}
		},
		Print: func(p *printer, op *Operation) bool {
			dim, ok := op.Prop("dim").(*IntegerAttr)
			if !ok || !TypesEqual(dim.Type, I64) || len(op.results) != 1 || len(op.operands) != 0 {
				return false
			}
			p.w("linalg.index " + dim.Text)
			p.attrDictColonType(op, op.results[0].typ, "dim")
			return true
		},
	})
	register("linalg.map", &opSyntax{
		HidesRegions: true,
		Parse:        func(p *parser, st *OpState) { parseMapReduce(p, st, "") },
		Print:        func(p *printer, op *Operation) bool { return printMapReduce(p, op, "linalg.map", "") },
	})
	register("linalg.reduce", &opSyntax{
		HidesRegions: true,
		Inherent:     []string{"dimensions"},
		Parse:        func(p *parser, st *OpState) { parseMapReduce(p, st, "dimensions") },
		Print:        func(p *printer, op *Operation) bool { return printMapReduce(p, op, "linalg.reduce", "dimensions") },
	})
	for name, attr := range map[string]string{"linalg.transpose": "permutation", "linalg.broadcast": "dimensions"} {
		register(name, identityOpSyntax(name, attr))
	}
	register("linalg.elementwise", &opSyntax{
		HidesRegions: true,
		Inherent:     []string{"kind", "indexing_maps"},
		Parse:        parseElementwise,
		Print:        printElementwise,
	})
	for name, def := range namedOps() {
		register("linalg."+name, namedOpSyntax("linalg."+name, def))
	}
	register("linalg.softmax", &opSyntax{
		Inherent: []string{"dimension"},
		Parse:    parseSoftmax,
		Print:    printSoftmax,
	})
	for _, name := range []string{"linalg.winograd_filter_transform", "linalg.winograd_input_transform", "linalg.winograd_output_transform"} {
		register(name, winogradSyntax(name))
	}
	register("linalg.pack", &opSyntax{
		Inherent: packInherent,
		Parse:    func(p *parser, st *OpState) { parsePack(p, st, true) },
		Print:    func(p *printer, op *Operation) bool { return printPack(p, op, "linalg.pack") },
	})
	register("linalg.unpack", &opSyntax{
		Inherent: packInherent,
		Parse:    func(p *parser, st *OpState) { parsePack(p, st, false) },
		Print:    func(p *printer, op *Operation) bool { return printPack(p, op, "linalg.unpack") },
	})
}

// --- ins/outs, shared by all structured ops ---

// linalgInsOuts parses the common part of structured ops:
// `[<{props}>] [{attrs}] [ins(%a : t)] [outs(%b : t)]`. It sets the operands
// and returns the two groups.
func (p *parser) linalgInsOuts(st *OpState) (ins, outs []*Value) {
	p.optionalPropDict(st)
	p.linalgAttrDict(st)
	ins = p.linalgOperandGroup("ins")
	outs = p.linalgOperandGroup("outs")
	st.Operands = append(append([]*Value{}, ins...), outs...)
	return ins, outs
}

func (p *parser) linalgOperandGroup(keyword string) []*Value {
	if !p.acceptKeyword(keyword) {
		return nil
	}
	return p.parenTypedOperands()
}

// linalgAttrDict parses an optional `{...}` into the discardable attributes,
// adding to those already read: structured ops accept a dictionary both
// before `ins` and after `outs`.
func (p *parser) linalgAttrDict(st *OpState) {
	if !p.is("{") {
		return
	}
	d := p.parseDict()
	if st.Attrs == nil {
		st.Attrs = d
		return
	}
	for _, e := range d.Entries {
		st.Attrs.Set(e.Name, e.Value)
	}
}

// linalgOptionalMaps parses `indexing_maps = [affine_map<...>, ...]`, or
// returns nil when the keyword is absent.
func (p *parser) linalgOptionalMaps() *ArrayAttr {
	if !p.acceptKeyword("indexing_maps") {
		return nil
	}
	p.expect("=")
	at := p.pos()
	maps, ok := p.parseAttr().(*ArrayAttr)
	if !ok || len(maps.Elems) == 0 {
		p.failAt(at, "expected a non-empty list of affine maps")
	}
	for _, m := range maps.Elems {
		if o, ok := m.(*OpaqueAttr); !ok || !strings.HasPrefix(o.Text, "affine_map<") {
			p.failAt(at, "expected affine map attribute")
		}
	}
	return maps
}

func (p *printer) linalgInsOuts(ins, outs []*Value) {
	p.linalgOperandGroup("ins", ins)
	p.linalgOperandGroup("outs", outs)
}

func (p *printer) linalgOperandGroup(keyword string, vs []*Value) {
	if len(vs) == 0 {
		return
	}
	p.w(" " + keyword)
	p.parenTypedValues(vs)
}

// linalgAttrsFit reports whether op's properties and attributes survive a
// trip through a custom form: that form writes the properties into the
// attribute dictionary, from which only the inherent names return to the
// properties, so every property must be inherent and no discardable
// attribute may carry an inherent name.
func linalgAttrsFit(op *Operation, inherent []string) bool {
	isInherent := func(name string) bool {
		return name == "operandSegmentSizes" || slices.Contains(inherent, name)
	}
	if op.Properties != nil {
		for _, e := range op.Properties.Entries {
			if !isInherent(e.Name) {
				return false
			}
		}
	}
	if op.Attrs != nil {
		for _, e := range op.Attrs.Entries {
			if isInherent(e.Name) {
				return false
			}
		}
	}
	return true
}

// structuredGroups returns the ins and outs of an op with
// operandSegmentSizes, and whether the op has the single region and the
// attributes its custom form needs.
func structuredGroups(op *Operation, inherent []string) (ins, outs []*Value, ok bool) {
	segs := segments(op)
	if len(segs) != 2 || len(op.Regions) != 1 || !linalgAttrsFit(op, inherent) {
		return nil, nil, false
	}
	return segs[0], segs[1], true
}

// --- linalg.generic ---

var genericInherent = []string{"indexing_maps", "iterator_types", "doc", "library_call"}

func parseLinalgGeneric(p *parser, st *OpState) {
	at := p.pos()
	traits, ok := p.parseAttr().(*DictAttr)
	if !ok {
		p.failAt(at, "expected attribute dictionary")
	}
	// The dictionary may be an alias's, shared: copy it before editing.
	st.Attrs = &DictAttr{Entries: slices.Clone(traits.Entries)}
	st.Attrs.Set("iterator_types", p.iteratorEnums(at, st.Attrs.Get("iterator_types"), iteratorTypePrefix))
	ins, outs := p.linalgInsOuts(st)
	if p.acceptKeyword("attrs") {
		p.expect("=")
		p.linalgAttrDict(st)
	}
	st.Regions = []*Region{p.parseRegion(nil)}
	st.ResultTypes = p.optionalArrowTypes()
	p.setSegments(st, len(ins), len(outs))
}

const iteratorTypePrefix = "#linalg.iterator_type<"

// iteratorEnums turns the iterator types of a custom form, strings, into
// the enums prefix<NAME> that MLIR stores (linalg.generic,
// vector.contract).
func (p *parser) iteratorEnums(at Pos, a Attribute, prefix string) *ArrayAttr {
	iters, ok := a.(*ArrayAttr)
	if !ok {
		p.failAt(at, "expected iterator_types array attribute")
	}
	enums := &ArrayAttr{Elems: []Attribute{}}
	for _, e := range iters.Elems {
		s, ok := e.(*StringAttr)
		if !ok || s.Value != "parallel" && s.Value != "reduction" {
			p.failAt(at, "unexpected iterator_type (%s)", e)
		}
		enums.Elems = append(enums.Elems, &OpaqueAttr{Text: prefix + s.Value + ">"})
	}
	return enums
}

// traitsOf returns the dictionary that the custom forms of linalg.generic
// and vector.contract write before their operands: op's indexing_maps, and
// its iterator types as strings. It reports false when op lacks them or
// has an iterator type the form cannot spell.
func traitsOf(op *Operation, prefix string) (*DictAttr, bool) {
	maps := op.Prop("indexing_maps")
	iters, ok := op.Prop("iterator_types").(*ArrayAttr)
	if maps == nil || !ok {
		return nil, false
	}
	names, ok := iteratorNames(iters, prefix)
	if !ok {
		return nil, false
	}
	traits := &DictAttr{}
	traits.Set("indexing_maps", maps)
	traits.Set("iterator_types", names)
	return traits, true
}

// iteratorNames is the reverse of iteratorEnums; it reports false for an
// iterator type the custom form cannot spell.
func iteratorNames(iters *ArrayAttr, prefix string) (*ArrayAttr, bool) {
	names := &ArrayAttr{Elems: []Attribute{}}
	for _, e := range iters.Elems {
		o, ok := e.(*OpaqueAttr)
		if !ok || !strings.HasPrefix(o.Text, prefix) || !strings.HasSuffix(o.Text, ">") {
			return nil, false
		}
		kind := o.Text[len(prefix) : len(o.Text)-1]
		if kind != "parallel" && kind != "reduction" {
			return nil, false
		}
		names.Elems = append(names.Elems, Str(kind))
	}
	return names, true
}

func printLinalgGeneric(p *printer, op *Operation) bool {
	ins, outs, ok := structuredGroups(op, genericInherent)
	traits, hasTraits := traitsOf(op, iteratorTypePrefix)
	if !ok || !hasTraits || len(op.Regions) != 1 || len(op.Regions[0].blocks) == 0 || len(ins)+len(outs) == 0 {
		return false // the custom form needs the payload block, and operands to tell it from a dictionary
	}
	for _, name := range []string{"doc", "library_call"} {
		if a := op.Prop(name); a != nil {
			traits.Set(name, a)
		}
	}
	p.w("linalg.generic ")
	p.attr(traits)
	p.linalgInsOuts(ins, outs)
	if op.Attrs.Len() > 0 {
		p.w(" attrs = ")
		p.attr(op.Attrs)
	}
	p.w(" ")
	p.region(op.Regions[0], true)
	p.arrowTypes(resultTypes(op))
	return true
}

// --- destination-style ops without operand segments ---

// linalgDstStyle parses `ins(...) outs(...) [attr = [..]] [{attrs}]` of
// map, reduce, transpose and broadcast, whose results are their ranked
// tensor outputs.
func (p *parser) linalgDstStyle(st *OpState, attrName string) {
	_, outs := p.linalgInsOuts(st)
	st.ResultTypes = rankedTensorTypes(outs)
	if attrName != "" {
		p.expectKeyword(attrName)
		p.expect("=")
		st.AddProp(attrName, p.i64Array(p.integerList()))
	}
	p.linalgAttrDict(st)
}

// rankedTensorTypes returns the ranked tensor types among vs.
func rankedTensorTypes(vs []*Value) []Type {
	var ts []Type
	for _, v := range vs {
		if _, ok := v.typ.(*TensorType); ok {
			ts = append(ts, v.typ)
		}
	}
	return ts
}

// dstStyleFits checks what the custom form of map, reduce, transpose and
// broadcast implies: results are the ranked tensor outputs, the named array
// attribute is present, and the other attributes survive the trip.
func dstStyleFits(op *Operation, outs []*Value, attrName string) bool {
	var inherent []string
	if attrName != "" {
		if _, ok := op.Prop(attrName).(*DenseArrayAttr); !ok {
			return false
		}
		inherent = []string{attrName}
	}
	want := rankedTensorTypes(outs)
	if len(want) != len(op.results) || len(op.Regions) != 1 || op.Prop("operandSegmentSizes") != nil {
		return false
	}
	for i, t := range want {
		if !TypesEqual(t, op.results[i].typ) {
			return false
		}
	}
	return linalgAttrsFit(op, inherent)
}

// shapedElementOrSelf is MLIR's getElementTypeOrSelf.
func shapedElementOrSelf(t Type) Type {
	switch t := t.(type) {
	case *TensorType:
		return t.Elem
	case *UnrankedTensorType:
		return t.Elem
	case *MemRefType:
		return t.Elem
	case *UnrankedMemRefType:
		return t.Elem
	case *VectorType:
		return t.Elem
	}
	return t
}

// identityOpSyntax is the syntax of transpose and broadcast:
// `ins(%in : t) outs(%init : t) attr = [..] {attrs}`, with a body that
// yields the input element.
func identityOpSyntax(name, attrName string) *opSyntax {
	return &opSyntax{
		HidesRegions: true,
		Inherent:     []string{attrName},
		Parse: func(p *parser, st *OpState) {
			p.linalgDstStyle(st, attrName)
			st.Regions = []*Region{identityBody(valueTypes(st.Operands))}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 2 {
				return false
			}
			ins, outs := op.operands[:1], op.operands[1:]
			if !dstStyleFits(op, outs, attrName) || !sameBody(identityBody(valueTypes(op.operands)), op.Regions[0]) {
				return false
			}
			p.w(name)
			p.linalgInsOuts(ins, outs)
			p.w(" " + attrName + " = ")
			p.integerList(op.Prop(attrName).(*DenseArrayAttr))
			p.attrDict(op, attrName)
			return true
		},
	}
}

// identityBody is MLIR's buildIdentityRegion over all operands.
func identityBody(operandTypes []Type) *Region {
	r, b := newBodyBuilder(operandTypes, shapedElementOrSelf)
	if args := b.block.args; len(args) > 0 {
		b.yield(args[0])
	}
	return r
}

// --- linalg.map and linalg.reduce ---

// parseMapReduce parses map (attrName "") and reduce ("dimensions"): an
// optional short form `{ payload.op {attrs} }`, the operands, and, without
// the short form, `(%arg: t, ...) { region }`.
func parseMapReduce(p *parser, st *OpState, attrName string) {
	var payload string
	var payloadAttrs *DictAttr
	if p.accept("{") {
		payload = p.keyword()
		payloadAttrs = &DictAttr{}
		if p.is("{") {
			payloadAttrs = p.parseDict()
		}
		p.expect("}")
	}
	p.linalgDstStyle(st, attrName)
	if payload == "" {
		st.Regions = []*Region{p.parseRegion(p.linalgRegionArgs())}
		return
	}
	if len(st.Operands) == 0 {
		st.Regions = []*Region{{}}
		return
	}
	r, err := payloadBody(payload, payloadAttrs, valueTypes(st.Operands), attrName != "")
	if err != "" {
		p.failAt(st.Pos, "%s", err)
	}
	st.Regions = []*Region{r}
}

// linalgRegionArgs parses `(%a: t, %b: t loc(...))`.
func (p *parser) linalgRegionArgs() []RegionArg {
	args := []RegionArg{}
	p.delimited("(", ")", func() {
		if p.tok.kind != tPercent {
			p.fail("expected SSA value name, found %s", p.describe())
		}
		a := RegionArg{Name: p.text()[1:], Pos: p.pos()}
		p.advance()
		p.expect(":")
		a.Type = p.parseType()
		if p.isKeyword("loc") {
			a.Loc = p.parseLocation()
		}
		args = append(args, a)
	})
	return args
}

// payloadBody builds the body of the short form: one block with an argument
// per operand element, the payload op applied to the inputs (for reduce:
// the init first, then the inputs) and yielding its result, typed as the
// last operand's element.
func payloadBody(name string, attrs *DictAttr, operandTypes []Type, initFirst bool) (*Region, string) {
	for _, t := range operandTypes {
		if shapedElementOrSelf(t) == t {
			return nil, "expected shaped operands for the short form"
		}
	}
	r, b := newBodyBuilder(operandTypes, shapedElementOrSelf)
	args := b.block.args
	last := len(args) - 1
	operands := args[:last]
	if initFirst {
		operands = append([]*Value{args[last]}, args[:last]...)
	}
	op := b.op(name, args[last].typ, operands...)
	inherent := payloadInherent(name)
	for _, e := range attrs.Entries {
		if slices.Contains(inherent, e.Name) {
			op.SetProp(e.Name, e.Value)
		} else {
			op.SetAttr(e.Name, e.Value)
		}
	}
	b.yield(op.results[0])
	return r, ""
}

// payloadInherent lists the attribute names the short form stores as
// properties of the payload op.
func payloadInherent(name string) []string {
	var names []string
	for _, e := range payloadDefaults(name) {
		names = append(names, e.Name)
	}
	if s := syntaxes[name]; s != nil {
		names = append(names, s.Inherent...)
	}
	return names
}

func printMapReduce(p *printer, op *Operation, name, attrName string) bool {
	n := len(op.operands)
	split := n - 1 // map: one init after the inputs
	if attrName != "" {
		split = n / 2 // reduce: as many inits as inputs
		if n%2 != 0 {
			return false
		}
	}
	if n == 0 || !dstStyleFits(op, op.operands[split:], attrName) {
		return false
	}
	body := op.Regions[0]
	payload, payloadAttrs := shortFormPayload(op, attrName != "")
	if payload == "" && len(body.blocks) == 0 {
		return false
	}
	p.w(name)
	if payload != "" {
		p.w(" { " + payload)
		if payloadAttrs.Len() > 0 {
			p.w(" ")
			p.attr(payloadAttrs)
		}
		p.w(" }")
	}
	p.linalgInsOuts(op.operands[:split], op.operands[split:])
	if attrName != "" {
		p.w(" " + attrName + " = ")
		p.integerList(op.Prop(attrName).(*DenseArrayAttr))
	}
	p.attrDict(op, attrName)
	if payload == "" {
		p.w(" (")
		for i, a := range body.blocks[0].args {
			if i > 0 {
				p.w(", ")
			}
			p.blockArgDecl(a)
		}
		p.w(") ")
		p.region(body, false)
	}
	return true
}

// shortFormPayload returns the payload op name and attributes to print when
// the short form rebuilds op's body exactly, and "" otherwise.
func shortFormPayload(op *Operation, initFirst bool) (string, *DictAttr) {
	body := op.Regions[0]
	if len(body.blocks) != 1 || len(body.blocks[0].ops) != 2 {
		return "", nil
	}
	payload := body.blocks[0].ops[0]
	if !isBareIdent(payload.Name) || syntaxes[payload.Name] == nil && payloadDefaults(payload.Name) == nil {
		return "", nil
	}
	attrs := &DictAttr{}
	defaults := &DictAttr{Entries: payloadDefaults(payload.Name)}
	if payload.Properties != nil {
		for _, e := range payload.Properties.Entries {
			if d := defaults.Get(e.Name); d == nil || d.String() != e.Value.String() {
				attrs.Entries = append(attrs.Entries, e)
			}
		}
	}
	if payload.Attrs != nil {
		attrs.Entries = append(attrs.Entries, payload.Attrs.Entries...)
	}
	r, err := payloadBody(payload.Name, attrs, valueTypes(op.operands), initFirst)
	if err != "" || !sameBody(r, body) {
		return "", nil
	}
	return payload.Name, attrs
}

// --- ops without a region: softmax, winograd transforms, pack, unpack ---

// parseSoftmax parses `{attrs} dimension(d) ins(%in : t) outs(%out : t) [-> t]`.
func parseSoftmax(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	p.expectKeyword("dimension")
	p.expect("(")
	st.AddProp("dimension", IntAttr(p.integer(), I64))
	p.expect(")")
	p.linalgSingleOperands(st)
	st.ResultTypes = p.optionalArrowTypes()
}

func printSoftmax(p *printer, op *Operation) bool {
	dim, ok := op.Prop("dimension").(*IntegerAttr)
	if !ok || !TypesEqual(dim.Type, I64) || len(op.operands) != 2 || len(op.Regions) != 0 ||
		op.Prop("operandSegmentSizes") != nil || !linalgAttrsFit(op, []string{"dimension"}) {
		return false
	}
	p.w("linalg.softmax")
	p.attrDict(op, "dimension")
	p.w(" dimension(" + dim.Text + ")")
	p.linalgInsOuts(op.operands[:1], op.operands[1:])
	p.arrowTypes(resultTypes(op))
	return true
}

// linalgSingleOperands parses `ins(%a : t) outs(%b : t)` with one operand
// each, as declared by the ODS formats of softmax and the winograd ops.
func (p *parser) linalgSingleOperands(st *OpState) {
	for _, keyword := range []string{"ins", "outs"} {
		p.expectKeyword(keyword)
		p.expect("(")
		ref := p.operandRef()
		p.expect(":")
		st.Operands = append(st.Operands, p.resolve(ref, p.parseType()))
		p.expect(")")
	}
}

// winogradFmrs are the WinogradConv2DFmr enum cases, in value order.
var winogradFmrs = []string{"F_2_3", "F_4_3", "F_2_5"}

// winogradSyntax is `{attrs} fmr(F_m_r) ins(%in : t) outs(%out : t) -> t`.
func winogradSyntax(name string) *opSyntax {
	return &opSyntax{
		Inherent: []string{"fmr"},
		Parse: func(p *parser, st *OpState) {
			p.optionalAttrDict(st)
			p.expectKeyword("fmr")
			p.expect("(")
			at := p.pos()
			fmr := slices.Index(winogradFmrs, p.keyword())
			if fmr < 0 {
				p.failAt(at, "expected one of %s for fmr", strings.Join(winogradFmrs, ", "))
			}
			st.AddProp("fmr", IntAttr(int64(fmr), I32))
			p.expect(")")
			p.linalgSingleOperands(st)
			p.expect("->")
			st.ResultTypes = []Type{p.parseType()}
		},
		Print: func(p *printer, op *Operation) bool {
			fmr, ok := op.Prop("fmr").(*IntegerAttr)
			if !ok || !TypesEqual(fmr.Type, I32) || len(op.operands) != 2 || len(op.results) != 1 || len(op.Regions) != 0 ||
				op.Prop("operandSegmentSizes") != nil || !linalgAttrsFit(op, []string{"fmr"}) {
				return false
			}
			n, ok := fmr.Int64()
			if !ok || n < 0 || n >= int64(len(winogradFmrs)) {
				return false
			}
			p.w(name)
			p.attrDict(op, "fmr")
			p.w(" fmr(" + winogradFmrs[n] + ")")
			p.linalgInsOuts(op.operands[:1], op.operands[1:])
			p.arrowTypes(resultTypes(op))
			return true
		},
	}
}

var packInherent = []string{"outer_dims_perm", "inner_dims_pos", "static_inner_tiles"}

// parsePack parses `%src [padding_value(%p : t)] [outer_dims_perm = [..]]
// inner_dims_pos = [..] inner_tiles = [..] into %dest {attrs} : t -> t`;
// unpack has no padding value. Operands are the source, the destination,
// the padding value and the dynamic tiles; the result has the destination
// type.
func parsePack(p *parser, st *OpState, isPack bool) {
	src := p.operandRef()
	var pad []*Value
	if isPack && p.acceptKeyword("padding_value") {
		p.expect("(")
		ref := p.operandRef()
		p.expect(":")
		pad = []*Value{p.resolve(ref, p.parseType())}
		p.expect(")")
	}
	if p.acceptKeyword("outer_dims_perm") {
		p.expect("=")
		st.AddProp("outer_dims_perm", p.i64Array(p.integerList()))
	}
	p.expectKeyword("inner_dims_pos")
	p.expect("=")
	st.AddProp("inner_dims_pos", p.i64Array(p.integerList()))
	p.expectKeyword("inner_tiles")
	p.expect("=")
	tiles, dynTiles := p.dynamicIndexList()
	st.AddProp("static_inner_tiles", p.i64Array(tiles))
	p.expectKeyword("into")
	dest := p.operandRef()
	srcType, destType := p.attrDictTypePair(st, "->")
	st.Operands = append([]*Value{p.resolve(src, srcType), p.resolve(dest, destType)}, pad...)
	st.Operands = append(st.Operands, dynTiles...)
	st.ResultTypes = []Type{destType}
	if isPack {
		p.setSegments(st, 1, 1, len(pad), len(dynTiles))
	}
}

func printPack(p *printer, op *Operation, name string) bool {
	isPack := name == "linalg.pack"
	tiles, ok := staticArray(op, "static_inner_tiles")
	pos, hasPos := op.Prop("inner_dims_pos").(*DenseArrayAttr)
	if !ok || !hasPos || len(op.operands) < 2 || len(op.results) != 1 || len(op.Regions) != 0 ||
		!TypesEqual(op.results[0].typ, op.operands[1].typ) || !linalgAttrsFit(op, packInherent) {
		return false
	}
	var pad, dynTiles []*Value
	if isPack {
		segs := segments(op)
		if len(segs) != 4 || len(segs[0]) != 1 || len(segs[1]) != 1 || len(segs[2]) > 1 {
			return false
		}
		pad, dynTiles = segs[2], segs[3]
	} else {
		if op.Prop("operandSegmentSizes") != nil {
			return false
		}
		dynTiles = op.operands[2:]
	}
	perm, hasPerm := op.Prop("outer_dims_perm").(*DenseArrayAttr)
	if countDynamic(tiles) != len(dynTiles) || op.Prop("outer_dims_perm") != nil && !hasPerm {
		return false
	}
	p.w(name + " ")
	p.value(op.operands[0])
	if len(pad) == 1 {
		p.w(" padding_value(")
		p.value(pad[0])
		p.w(" : ")
		p.typ(pad[0].typ)
		p.w(")")
	}
	if hasPerm {
		p.w(" outer_dims_perm = ")
		p.integerList(perm)
	}
	p.w(" inner_dims_pos = ")
	p.integerList(pos)
	p.w(" inner_tiles = ")
	p.dynamicIndexList(tiles, dynTiles)
	p.w(" into ")
	p.value(op.operands[1])
	p.attrDictTypePair(op, op.operands[0].typ, "->", op.operands[1].typ, packInherent...)
	return true
}

// --- named ops ---

// namedOp describes a named structured op: how many operands its body is
// built for and how.
type namedOp struct {
	args int
	body bodyFunc
	// inherent lists its inherent attributes (besides operandSegmentSizes).
	inherent []string
	// castAttr: the body honors a `cast = #linalg.type_fn<...>` attribute.
	castAttr bool
	// maps are the default indexing_maps of the contractions defined in
	// ODS, nil for the others; contract has no default and needs them
	// written.
	maps     []string
	needMaps bool
}

// bodyFunc appends a named op's payload, ending with linalg.yield, to a
// block whose arguments are the operand elements. unsigned selects
// cast_unsigned for ops with a cast attribute.
type bodyFunc func(b *bodyBuilder, args []*Value, unsigned bool)

func namedOps() map[string]*namedOp {
	ops := map[string]*namedOp{
		"fill":        {args: 2, body: yieldFirst},
		"copy":        {args: 2, body: copyBody, castAttr: true, inherent: []string{"cast"}},
		"fill_rng_2d": {args: 4, body: fillRngBody},
	}
	contraction := func(maps ...string) *namedOp {
		return &namedOp{args: 3, body: mulAddBody, castAttr: true, inherent: []string{"indexing_maps", "cast"},
			maps: maps, needMaps: maps == nil}
	}
	ops["matmul"] = contraction("(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d0, d1)")
	batch := "(d0, d1, d2, d3) -> "
	ops["batch_matmul"] = contraction(batch+"(d0, d1, d3)", batch+"(d0, d3, d2)", batch+"(d0, d1, d2)")
	ops["batch_reduce_matmul"] = contraction(batch+"(d0, d1, d3)", batch+"(d0, d3, d2)", batch+"(d1, d2)")
	ops["batch_reduce_matmul"].castAttr = false // MLIR stores it but casts signed regardless
	ops["contract"] = contraction()

	strided := []string{"strides", "dilations"}
	for _, name := range strings.Fields(`matvec vecmat batch_matvec batch_vecmat dot mmt4d batch_mmt4d
		conv_1d conv_2d conv_3d`) {
		ops[name] = &namedOp{args: 3, body: mulAddBody}
	}
	for _, name := range strings.Fields(`conv_1d_nwc_wcf conv_1d_ncw_fcw conv_2d_nhwc_hwcf conv_2d_nhwc_fhwc
		conv_2d_nchw_fchw conv_2d_ngchw_fgchw conv_2d_ngchw_gfchw conv_2d_nhwgc_gfhwc conv_3d_ndhwc_dhwcf
		conv_3d_ncdhw_fcdhw depthwise_conv_1d_ncw_cw depthwise_conv_1d_nwc_wc depthwise_conv_1d_nwc_wcm
		depthwise_conv_2d_nchw_chw depthwise_conv_2d_nhwc_hwc depthwise_conv_2d_nhwc_hwcm
		depthwise_conv_3d_ncdhw_cdhw depthwise_conv_3d_ndhwc_dhwc depthwise_conv_3d_ndhwc_dhwcm`) {
		ops[name] = &namedOp{args: 3, body: mulAddBody, inherent: strided}
	}
	for _, name := range strings.Fields("quantized_matmul quantized_batch_matmul") {
		ops[name] = &namedOp{args: 5, body: quantizedBody}
	}
	for _, name := range strings.Fields(`conv_2d_nhwc_hwcf_q conv_2d_nhwc_fhwc_q conv_2d_nchw_fchw_q
		conv_2d_ngchw_gfchw_q conv_2d_nhwgc_gfhwc_q conv_3d_ndhwc_dhwcf_q depthwise_conv_2d_nhwc_hwc_q
		depthwise_conv_2d_nhwc_hwcm_q`) {
		ops[name] = &namedOp{args: 5, body: quantizedBody, inherent: strided}
	}
	// Pooling accumulates the cast input into the output; the kernel
	// operand only gives the window shape.
	pools := map[string]struct {
		fn       string
		unsigned bool
	}{"sum": {"add", false}, "max": {"max_signed", false}, "min": {"min_signed", false},
		"max_unsigned": {"max_unsigned", true}, "min_unsigned": {"min_unsigned", true}}
	for _, name := range strings.Fields(`pooling_nchw_max pooling_nchw_sum pooling_ncw_max pooling_ncw_sum
		pooling_ndhwc_max pooling_ndhwc_min pooling_ndhwc_sum pooling_nhwc_max pooling_nhwc_max_unsigned
		pooling_nhwc_min pooling_nhwc_min_unsigned pooling_nhwc_sum pooling_nwc_max pooling_nwc_max_unsigned
		pooling_nwc_min pooling_nwc_min_unsigned pooling_nwc_sum`) {
		_, kind, _ := strings.Cut(strings.TrimPrefix(name, "pooling_"), "_")
		pool := pools[kind]
		ops[name] = &namedOp{args: 3, inherent: strided, body: func(b *bodyBuilder, a []*Value, _ bool) {
			b.yield(b.binary(pool.fn, a[2], b.cast(a[2].typ, a[0], pool.unsigned)))
		}}
	}
	// Elementwise ops apply their function without casts.
	for _, fn := range strings.Fields(`exp log abs ceil floor negf reciprocal round sqrt rsqrt square tanh erf
		add sub mul div div_unsigned powf select`) {
		ops[fn] = &namedOp{args: elementwiseArity[fn] + 1, body: elementwiseBody(fn)}
	}
	ops["max"] = &namedOp{args: 3, body: elementwiseBody("max_signed")}
	ops["min"] = &namedOp{args: 3, body: elementwiseBody("min_signed")}
	return ops
}

// namedOpSyntax is the syntax shared by the named ops:
// `[indexing_maps = [..]] [{attrs}] ins(...) outs(...) [{attrs}] [-> types]`.
func namedOpSyntax(name string, def *namedOp) *opSyntax {
	return &opSyntax{
		HidesRegions: true,
		Inherent:     def.inherent,
		Parse: func(p *parser, st *OpState) {
			if def.maps != nil || def.needMaps {
				at := p.pos()
				maps := p.linalgOptionalMaps()
				if maps == nil {
					if def.needMaps {
						p.failAt(at, "expected 'indexing_maps'")
					}
					maps = mapsAttr(def.maps)
				}
				st.AddProp("indexing_maps", maps)
			}
			// The body sees the cast written in the attribute dictionaries,
			// as MLIR's region builder does.
			p.linalgNamedTail(st, def.args, func(b *bodyBuilder) {
				def.body(b, b.block.args, def.castAttr && isCastUnsigned(st.Attrs.Get("cast")))
			})
		},
		Print: func(p *printer, op *Operation) bool {
			ins, outs, ok := structuredGroups(op, def.inherent)
			if !ok || len(op.operands) != def.args {
				return false
			}
			maps := op.Prop("indexing_maps")
			if (def.maps != nil || def.needMaps) && maps == nil {
				return false
			}
			unsigned := def.castAttr && isCastUnsigned(op.Prop("cast"))
			want, err := namedBody(valueTypes(op.operands), func(b *bodyBuilder) { def.body(b, b.block.args, unsigned) })
			if err != "" || !sameBody(want, op.Regions[0]) {
				return false
			}
			p.w(name)
			if maps != nil && (def.needMaps || noSpaces(maps.String()) != noSpaces(mapsAttr(def.maps).String())) {
				p.w(" indexing_maps = ")
				p.attr(maps)
			}
			p.attrDict(op, "indexing_maps")
			p.linalgInsOuts(ins, outs)
			p.arrowTypes(resultTypes(op))
			return true
		},
	}
}

// linalgNamedTail parses the operands, attributes and result types of a
// named op and builds its body, which MLIR builds for exactly args
// operands.
func (p *parser) linalgNamedTail(st *OpState, args int, build func(b *bodyBuilder)) {
	ins, outs := p.linalgInsOuts(st)
	p.linalgAttrDict(st)
	st.ResultTypes = p.optionalArrowTypes()
	p.setSegments(st, len(ins), len(outs))
	if len(st.Operands) != args {
		p.failAt(st.Pos, "expects %d operands for its region, got %d", args, len(st.Operands))
	}
	r, err := namedBody(valueTypes(st.Operands), build)
	if err != "" {
		p.failAt(st.Pos, "%s", err)
	}
	st.Regions = []*Region{r}
}

// namedBody builds the region of a named op over operands of the given
// types: ranked tensors and memrefs contribute their element type, other
// operands their own type.
func namedBody(operandTypes []Type, build func(b *bodyBuilder)) (*Region, string) {
	r, b := newBodyBuilder(operandTypes, func(t Type) Type {
		switch t := t.(type) {
		case *TensorType:
			return t.Elem
		case *MemRefType:
			return t.Elem
		}
		return t
	})
	build(b)
	return r, b.err
}

// mapsAttr builds an array of affine maps from their bodies.
func mapsAttr(maps []string) *ArrayAttr {
	a := &ArrayAttr{}
	for _, m := range maps {
		a.Elems = append(a.Elems, &OpaqueAttr{Text: "affine_map<" + m + ">"})
	}
	return a
}

// isCastUnsigned reads a `#linalg.type_fn<...>` cast attribute; anything
// but cast_unsigned means the default, cast_signed.
func isCastUnsigned(a Attribute) bool {
	return a != nil && noSpaces(a.String()) == "#linalg.type_fn<cast_unsigned>"
}

// --- linalg.elementwise ---

// elementwiseArity maps the ElementwiseKind names to their operand count.
var elementwiseArity = map[string]int{
	"exp": 1, "log": 1, "abs": 1, "ceil": 1, "floor": 1, "negf": 1, "reciprocal": 1, "round": 1,
	"sqrt": 1, "rsqrt": 1, "square": 1, "tanh": 1, "erf": 1,
	"add": 2, "sub": 2, "mul": 2, "div": 2, "div_unsigned": 2, "max_signed": 2, "min_signed": 2,
	"max_unsigned": 2, "min_unsigned": 2, "powf": 2,
	"select": 3,
}

const elementwiseKindPrefix = "#linalg.elementwise_kind<"

// elementwiseKind returns the function named by a kind attribute.
func elementwiseKind(a Attribute) (string, bool) {
	text := noSpaces(a.String())
	if !strings.HasPrefix(text, elementwiseKindPrefix) || !strings.HasSuffix(text, ">") {
		return "", false
	}
	kind := text[len(elementwiseKindPrefix) : len(text)-1]
	_, ok := elementwiseArity[kind]
	return kind, ok
}

// identityMaps returns n identity maps of the given rank, the default
// indexing maps of linalg.elementwise.
func identityMaps(n, rank int) *ArrayAttr {
	dims := make([]string, rank)
	for i := range dims {
		dims[i] = "d" + strconv.Itoa(i)
	}
	list := "(" + strings.Join(dims, ", ") + ")"
	maps := make([]string, n)
	for i := range maps {
		maps[i] = list + " -> " + list
	}
	return mapsAttr(maps)
}

// shapedRank returns the rank of a ranked tensor or memref type.
func shapedRank(t Type) (int, bool) {
	switch t := t.(type) {
	case *TensorType:
		return len(t.Shape), true
	case *MemRefType:
		return len(t.Shape), true
	}
	return 0, false
}

func parseElementwise(p *parser, st *OpState) {
	p.expectKeyword("kind")
	p.expect("=")
	at := p.pos()
	kindAttr := p.parseAttr()
	kind, ok := elementwiseKind(kindAttr)
	if !ok {
		p.failAt(at, "expected ElementwiseKind attribute, found %s", kindAttr)
	}
	st.AddProp("kind", kindAttr)
	maps := p.linalgOptionalMaps()
	arity := elementwiseArity[kind]
	p.linalgNamedTail(st, arity+1, func(b *bodyBuilder) { elementwiseBody(kind)(b, b.block.args, false) })
	if maps == nil {
		rank, ok := shapedRank(st.Operands[len(st.Operands)-1].typ)
		if !ok {
			p.failAt(st.Pos, "return type needs to be shaped type")
		}
		maps = identityMaps(arity+1, rank)
	}
	st.AddProp("indexing_maps", maps)
}

func printElementwise(p *printer, op *Operation) bool {
	inherent := []string{"kind", "indexing_maps"}
	ins, outs, ok := structuredGroups(op, inherent)
	kindAttr, maps := op.Prop("kind"), op.Prop("indexing_maps")
	if !ok || kindAttr == nil || maps == nil || len(outs) == 0 {
		return false
	}
	kind, ok := elementwiseKind(kindAttr)
	rank, shaped := shapedRank(outs[len(outs)-1].typ)
	if !ok || !shaped || len(op.operands) != elementwiseArity[kind]+1 {
		return false
	}
	want, err := namedBody(valueTypes(op.operands), func(b *bodyBuilder) { elementwiseBody(kind)(b, b.block.args, false) })
	if err != "" || !sameBody(want, op.Regions[0]) {
		return false
	}
	p.w("linalg.elementwise kind=")
	p.attr(kindAttr)
	if noSpaces(maps.String()) != noSpaces(identityMaps(len(op.operands), rank).String()) {
		p.w(" indexing_maps = ")
		p.attr(maps)
	}
	p.attrDict(op, inherent...)
	p.linalgInsOuts(ins, outs)
	p.arrowTypes(resultTypes(op))
	return true
}

// --- building bodies ---

// bodyBuilder appends ops to a block the way MLIR's RegionBuilderHelper
// does, choosing arith/math/complex ops by operand types. The first
// problem, which MLIR would report as an error, is kept in err.
type bodyBuilder struct {
	block *Block
	err   string
}

// newBodyBuilder creates a region with one block whose arguments are
// argType of each operand type.
func newBodyBuilder(operandTypes []Type, argType func(Type) Type) (*Region, *bodyBuilder) {
	r := &Region{}
	b := r.AddBlock()
	for _, t := range operandTypes {
		b.AddArg(argType(t))
	}
	return r, &bodyBuilder{block: b}
}

func (b *bodyBuilder) fail(msg string) {
	if b.err == "" {
		b.err = msg
	}
}

// op appends an op with one result of type t, or none when t is nil, and
// the properties MLIR gives it by default.
func (b *bodyBuilder) op(name string, t Type, operands ...*Value) *Operation {
	var types []Type
	if t != nil {
		types = []Type{t}
	}
	op := NewOperation(name, operands, types)
	for _, e := range payloadDefaults(name) {
		op.SetProp(e.Name, e.Value)
	}
	b.block.Append(op)
	return op
}

func (b *bodyBuilder) value(name string, t Type, operands ...*Value) *Value {
	return b.op(name, t, operands...).results[0]
}

func (b *bodyBuilder) yield(vs ...*Value) { b.op("linalg.yield", nil, vs...) }

func (b *bodyBuilder) constant(value Attribute, t Type) *Value {
	op := b.op("arith.constant", t)
	op.SetProp("value", value)
	return op.results[0]
}

func (b *bodyBuilder) index(dim int64) *Value {
	op := b.op("linalg.index", Index)
	op.SetProp("dim", IntAttr(dim, I64))
	return op.results[0]
}

// cast converts v to type to, as MLIR's convertScalarToDtype: int/float
// conversions, extensions and truncations by bit width, index casts. Values
// it cannot convert are returned unchanged (MLIR warns, and its verifier
// then decides).
func (b *bodyBuilder) cast(to Type, v *Value, unsigned bool) *Value {
	if TypesEqual(v.typ, to) {
		return v
	}
	pick := func(u, s string) string {
		if unsigned {
			return u
		}
		return s
	}
	switch to := to.(type) {
	case *IntegerType:
		switch from := v.typ.(type) {
		case *FloatType:
			return b.value(pick("arith.fptoui", "arith.fptosi"), to, v)
		case IndexType:
			return b.value("arith.index_cast", to, v)
		case *IntegerType:
			if to.Width > from.Width {
				return b.value(pick("arith.extui", "arith.extsi"), to, v)
			}
			if to.Width < from.Width {
				return b.value("arith.trunci", to, v)
			}
		}
	case *FloatType:
		switch from := v.typ.(type) {
		case *IntegerType:
			return b.value(pick("arith.uitofp", "arith.sitofp"), to, v)
		case *FloatType:
			if castFloatWidth(to) > castFloatWidth(from) {
				return b.value("arith.extf", to, v)
			}
			if castFloatWidth(to) < castFloatWidth(from) {
				return b.value("arith.truncf", to, v)
			}
		}
	case *ComplexType:
		b.fail("casts to complex types are not supported")
	}
	return v
}

// castFloatWidth is the bit width MLIR compares when casting floats; tf32 is
// 19 bits wide.
func castFloatWidth(t *FloatType) int {
	if t.Name == "tf32" {
		return 19
	}
	return ElementBits(t)
}

// binaryFnOps gives the op for each binary function by operand class:
// complex, float, i1, other integers; "" where MLIR rejects the
// combination.
var binaryFnOps = map[string][4]string{
	"add":          {"complex.add", "arith.addf", "arith.ori", "arith.addi"},
	"sub":          {"complex.sub", "arith.subf", "", "arith.subi"},
	"mul":          {"complex.mul", "arith.mulf", "arith.andi", "arith.muli"},
	"div":          {"complex.div", "arith.divf", "", "arith.divsi"},
	"div_unsigned": {"", "", "", "arith.divui"},
	"max_signed":   {"", "arith.maximumf", "arith.maxsi", "arith.maxsi"},
	"min_signed":   {"", "arith.minimumf", "arith.minsi", "arith.minsi"},
	"max_unsigned": {"", "", "", "arith.maxui"},
	"min_unsigned": {"", "", "", "arith.minui"},
	"powf":         {"", "math.powf", "", ""},
}

func (b *bodyBuilder) binary(fn string, x, y *Value) *Value {
	xi, xInt := x.typ.(*IntegerType)
	yi, yInt := y.typ.(*IntegerType)
	_, xc := x.typ.(*ComplexType)
	_, yc := y.typ.(*ComplexType)
	_, xf := x.typ.(*FloatType)
	_, yf := y.typ.(*FloatType)
	class := -1
	switch {
	case xc && yc:
		class = 0
	case xf && yf:
		class = 1
	case xInt && yInt && xi.Width == 1 && yi.Width == 1:
		class = 2
	case xInt && yInt:
		class = 3
	}
	if class < 0 || binaryFnOps[fn][class] == "" {
		b.fail("cannot build binary linalg operation " + fn + " on " + x.typ.String() + " and " + y.typ.String())
		return x
	}
	return b.value(binaryFnOps[fn][class], x.typ, x, y)
}

// unaryFnOps gives the op of each unary function; reciprocal and square are
// built from arith ops.
var unaryFnOps = map[string]string{
	"exp": "math.exp", "log": "math.log", "abs": "math.absf", "ceil": "math.ceil",
	"floor": "math.floor", "negf": "arith.negf", "round": "math.round", "sqrt": "math.sqrt",
	"rsqrt": "math.rsqrt", "tanh": "math.tanh", "erf": "math.erf",
}

func (b *bodyBuilder) unary(fn string, x *Value) *Value {
	t, ok := x.typ.(*FloatType)
	if !ok {
		b.fail("unsupported non numeric type " + x.typ.String())
		return x
	}
	switch fn {
	case "reciprocal":
		one := b.constant(&FloatAttr{Text: "1.000000e+00", Type: t}, t)
		return b.value("arith.divf", t, one, x)
	case "square":
		return b.value("arith.mulf", t, x, x)
	}
	return b.value(unaryFnOps[fn], t, x)
}

// elementwiseBody applies fn to the inputs and yields the result.
func elementwiseBody(fn string) bodyFunc {
	return func(b *bodyBuilder, a []*Value, _ bool) {
		switch elementwiseArity[fn] {
		case 1:
			b.yield(b.unary(fn, a[0]))
		case 2:
			b.yield(b.binary(fn, a[0], a[1]))
		default:
			b.yield(b.value("arith.select", a[1].typ, a[0], a[1], a[2]))
		}
	}
}

func yieldFirst(b *bodyBuilder, a []*Value, _ bool) { b.yield(a[0]) }

func copyBody(b *bodyBuilder, a []*Value, unsigned bool) { b.yield(b.cast(a[1].typ, a[0], unsigned)) }

// mulAddBody is out += cast(in0) * cast(in1), the body of contractions and
// convolutions.
func mulAddBody(b *bodyBuilder, a []*Value, unsigned bool) {
	out := a[2]
	x := b.cast(out.typ, a[0], unsigned)
	y := b.cast(out.typ, a[1], unsigned)
	b.yield(b.binary("add", out, b.binary("mul", x, y)))
}

// quantizedBody is out += (cast(A) - cast(AZp)) * (cast(B) - cast(BZp))
// over operands (A, B, AZp, BZp, out).
func quantizedBody(b *bodyBuilder, a []*Value, _ bool) {
	out := a[4]
	lhs := b.binary("sub", b.cast(out.typ, a[0], false), b.cast(out.typ, a[2], false))
	rhs := b.binary("sub", b.cast(out.typ, a[1], false), b.cast(out.typ, a[3], false))
	b.yield(b.binary("add", out, b.binary("mul", lhs, rhs)))
}

// fillRngBody is the linear congruential generator of linalg.fill_rng_2d
// over operands (min, max, seed, out), in MLIR's op order.
func fillRngBody(b *bodyBuilder, a []*Value, _ bool) {
	f64 := &FloatType{Name: "f64"}
	i64 := func(v int64) *Value { return b.constant(IntAttr(v, I64), I64) }
	step := func(x *Value) *Value { // x * multiplier + increment
		m := b.binary("mul", x, b.cast(I32, i64(1103515245), false))
		return b.binary("add", m, b.cast(I32, i64(12345), false))
	}
	offset := b.cast(f64, i64(2147483647), false)
	j := b.cast(I32, b.index(1), false)
	i := b.cast(I32, b.index(0), false)
	rand1 := step(b.binary("add", i, a[2]))
	rand2 := step(b.binary("add", j, rand1))
	value := b.binary("add", offset, b.cast(f64, rand2, false))
	diff := b.binary("sub", a[1], a[0])
	invRange := b.constant(&FloatAttr{Text: "2.3283063999999999E-10", Type: f64}, f64)
	scaling := b.binary("mul", diff, invRange)
	result := b.binary("add", b.binary("mul", value, scaling), a[0])
	b.yield(b.cast(a[3].typ, result, false))
}

// payloadDefaults lists the properties MLIR gives an op it creates without
// them: the fastmath and overflow flags of arith, math and complex ops.
func payloadDefaults(name string) []NamedAttr {
	fastmath := []NamedAttr{{"fastmath", &OpaqueAttr{Text: "#arith.fastmath<none>"}}}
	dialect, op, _ := strings.Cut(name, ".")
	switch dialect {
	case "arith":
		switch op {
		case "addf", "cmpf", "divf", "maximumf", "maxnumf", "minimumf", "minnumf", "mulf", "negf", "remf", "subf":
			return fastmath
		case "addi", "muli", "shli", "subi", "trunci":
			return []NamedAttr{{"overflowFlags", &OpaqueAttr{Text: "#arith.overflow<none>"}}}
		}
	case "math":
		switch op {
		case "absi", "ctlz", "ctpop", "cttz", "ipowi":
			return nil
		}
		return fastmath
	case "complex":
		switch op {
		case "abs", "add", "angle", "atan2", "conj", "cos", "div", "exp", "expm1", "im", "log", "log1p",
			"mul", "neg", "pow", "re", "rsqrt", "sign", "sin", "sqrt", "sub", "tan", "tanh":
			return fastmath
		}
	}
	return nil
}

// --- comparing regions ---

// sameBody reports whether regions a and b hold the same IR: the same ops
// with the same types, properties and attributes, using values in the same
// places. Values defined outside a must be used by b unchanged.
func sameBody(a, b *Region) bool {
	return sameBodyIn(a, b, map[*Value]*Value{})
}

func sameBodyIn(a, b *Region, m map[*Value]*Value) bool {
	if len(a.blocks) != len(b.blocks) {
		return false
	}
	for i, ba := range a.blocks {
		bb := b.blocks[i]
		if len(ba.ops) != len(bb.ops) || !matchValues(ba.args, bb.args, m) {
			return false
		}
		for j, x := range ba.ops {
			if !sameBodyOp(x, bb.ops[j], m) {
				return false
			}
		}
	}
	return true
}

func sameBodyOp(x, y *Operation, m map[*Value]*Value) bool {
	if x.Name != y.Name || len(x.operands) != len(y.operands) || len(x.results) != len(y.results) ||
		len(x.Regions) != len(y.Regions) || len(x.Successors())+len(y.Successors()) != 0 ||
		!sameAttrDict(x.Properties, y.Properties) || !sameAttrDict(x.Attrs, y.Attrs) {
		return false
	}
	for i, v := range x.operands {
		if mv, ok := m[v]; ok {
			v = mv
		}
		if v != y.operands[i] {
			return false
		}
	}
	if !matchValues(x.results, y.results, m) {
		return false
	}
	for i, r := range x.Regions {
		if !sameBodyIn(r, y.Regions[i], m) {
			return false
		}
	}
	return true
}

// matchValues records in m that each of xs stands for the value of ys in
// the same place; they must have the same types.
func matchValues(xs, ys []*Value, m map[*Value]*Value) bool {
	if len(xs) != len(ys) {
		return false
	}
	for i, x := range xs {
		if !TypesEqual(x.typ, ys[i].typ) {
			return false
		}
		m[x] = ys[i]
	}
	return true
}

// sameAttrDict compares dictionaries regardless of entry order.
func sameAttrDict(a, b *DictAttr) bool {
	if a.Len() != b.Len() {
		return false
	}
	if a == nil {
		return true
	}
	for _, e := range a.Entries {
		v := b.Get(e.Name)
		if v == nil || v.String() != e.Value.String() {
			return false
		}
	}
	return true
}
