package ir

import (
	"slices"
	"strings"
)

// Custom syntax of the arith dialect, and the pieces its elementwise forms
// share with math, complex and vector: flag modifiers such as
// `fastmath<nnan,ninf>` and the `%a, %b flags attr-dict : type` form.

// modifier is an optional piece of custom syntax between an op's operands
// and its attribute dictionary that sets one property.
type modifier interface {
	parse(p *parser, st *OpState)
	// print writes the modifier and reports whether the property needs no
	// entry in the attribute dictionary. A value the modifier cannot spell
	// stays in the dictionary, from which the parser moves it back.
	print(p *printer, op *Operation) (elided bool)
	prop() string
}

// bitFlags is an MLIR bit-enum property spelled `keyword<flag, ...>`.
type bitFlags struct {
	keyword  string // "" when only the attribute dictionary can set it
	property string
	mnemonic string   // the attribute's full prefix, `#arith.fastmath`
	names    []string // flag names in bit order
	all      string   // name of the value with every bit set, or ""
	sep      string   // separator MLIR prints between flag names
	// defaulted flags are stored as `<none>` when absent, as MLIR's
	// DefaultValuedAttr does; the others are left out.
	defaulted bool
}

var fastmathNames = []string{"reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"}

var (
	fastmathFlags         = &bitFlags{keyword: "fastmath", property: "fastmath", mnemonic: "#arith.fastmath", names: fastmathNames, all: "fast", sep: ",", defaulted: true}
	optionalFastmathFlags = &bitFlags{keyword: "fastmath", property: "fastmath", mnemonic: "#arith.fastmath", names: fastmathNames, all: "fast", sep: ","}
	// dictFastmathFlags is the fastmath of math.isnan and its kin, which
	// have no keyword for it but still store the default.
	dictFastmathFlags = &bitFlags{property: "fastmath", mnemonic: "#arith.fastmath", names: fastmathNames, all: "fast", sep: ",", defaulted: true}
	overflowFlags     = &bitFlags{keyword: "overflow", property: "overflowFlags", mnemonic: "#arith.overflow", names: []string{"nsw", "nuw"}, sep: ", ", defaulted: true}
)

func (f *bitFlags) prop() string { return f.property }

func (f *bitFlags) parse(p *parser, st *OpState) {
	if f.keyword != "" && p.acceptKeyword(f.keyword) {
		st.AddProp(f.property, p.flagAttr(f, p.flagList(f)))
	} else if f.defaulted {
		st.AddProp(f.property, p.flagAttr(f, 0))
	}
}

// flagKey identifies one value of one flag kind.
type flagKey struct {
	f    *bitFlags
	mask int
}

// flagAttr returns the attribute for the flags in mask, interned: nearly
// every arith op carries one, and nearly all are the same.
func (p *parser) flagAttr(f *bitFlags, mask int) Attribute {
	k := flagKey{f, mask}
	if a, ok := p.flags[k]; ok {
		return a
	}
	if p.flags == nil {
		p.flags = map[flagKey]Attribute{}
	}
	a := &OpaqueAttr{Text: f.mnemonic + "<" + f.text(mask) + ">"}
	p.flags[k] = a
	return a
}

// flagList parses `<flag, ...>` and returns the mask of the flags.
func (p *parser) flagList(f *bitFlags) int {
	var names []string
	p.delimited("<", ">", func() {
		at := p.pos()
		name := p.keyword()
		if _, ok := f.mask([]string{name}); !ok {
			p.failAt(at, "expected one of [%s] for %s flags", strings.Join(f.names, ", "), f.keyword)
		}
		names = append(names, name)
	})
	mask, _ := f.mask(names)
	return mask
}

// mask returns the bits the flag names set; ok is false for an unknown
// name.
func (f *bitFlags) mask(names []string) (mask int, ok bool) {
	for _, name := range names {
		switch i := slices.Index(f.names, name); {
		case name == "none":
		case name == f.all && f.all != "":
			mask = 1<<len(f.names) - 1
		case i >= 0:
			mask |= 1 << i
		default:
			return 0, false
		}
	}
	return mask, true
}

// text spells a mask as MLIR prints it.
func (f *bitFlags) text(mask int) string {
	if mask == 0 {
		return "none"
	}
	if mask == 1<<len(f.names)-1 && f.all != "" {
		return f.all
	}
	var set []string
	for i, n := range f.names {
		if mask&(1<<i) != 0 {
			set = append(set, n)
		}
	}
	return strings.Join(set, f.sep)
}

// propMask reads the op's flags property; ok is false when it is absent
// or not an attribute of this kind.
func (f *bitFlags) propMask(op *Operation) (int, bool) {
	a, ok := op.Prop(f.property).(*OpaqueAttr)
	if !ok || !strings.HasPrefix(a.Text, f.mnemonic+"<") || !strings.HasSuffix(a.Text, ">") {
		return 0, false
	}
	var names []string
	for _, n := range strings.Split(a.Text[len(f.mnemonic)+1:len(a.Text)-1], ",") {
		if n = strings.TrimSpace(n); n != "" {
			names = append(names, n)
		}
	}
	return f.mask(names)
}

func (f *bitFlags) print(p *printer, op *Operation) bool {
	if op.Prop(f.property) == nil {
		return true
	}
	mask, ok := f.propMask(op)
	switch {
	case !ok:
		return false
	case f.defaulted && mask == 0:
		return true
	case f.keyword == "":
		return false
	}
	p.w(" " + f.keyword + "<" + f.text(mask) + ">")
	return true
}

var exactFlag = &unitFlag{keyword: "exact", property: "isExact"}

// enumKeyword is an optional integer-enum property spelled as one of a set
// of keywords, such as the rounding mode of arith.truncf.
type enumKeyword struct {
	property string
	names    []string // keyword of each value
	typ      Type     // the integer type MLIR stores the value with
}

var roundingMode = &enumKeyword{
	property: "roundingmode",
	names:    []string{"to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away"},
	typ:      I32,
}

func (e *enumKeyword) prop() string { return e.property }

func (e *enumKeyword) parse(p *parser, st *OpState) {
	if p.tok.kind == tBare {
		if i := slices.Index(e.names, p.text()); i >= 0 {
			p.advance()
			st.AddProp(e.property, IntAttr(int64(i), e.typ))
		}
	}
}

func (e *enumKeyword) print(p *printer, op *Operation) bool {
	a := op.Prop(e.property)
	if a == nil {
		return true
	}
	i, ok := enumValue(a, e.typ)
	if !ok || i < 0 || i >= int64(len(e.names)) {
		return false
	}
	p.w(" " + e.names[i])
	return true
}

// enumValue reads an integer enum property stored with type t (a missing
// type means i64).
func enumValue(a Attribute, t Type) (int64, bool) {
	n, ok := a.(*IntegerAttr)
	if !ok {
		return 0, false
	}
	nt := n.Type
	if nt == nil {
		nt = I64
	}
	if !TypesEqual(nt, t) {
		return 0, false
	}
	return n.Int64()
}

func modifierProps(mods []modifier) []string {
	names := make([]string, len(mods))
	for i, m := range mods {
		names[i] = m.prop()
	}
	return names
}

func (p *parser) modifiers(st *OpState, mods []modifier) {
	for _, m := range mods {
		m.parse(p, st)
	}
}

// modifiers prints mods and then the attribute dictionary without the
// properties they cover.
func (p *printer) modifiers(op *Operation, mods []modifier, elided ...string) {
	for _, m := range mods {
		if m.print(p, op) {
			elided = append(elided, m.prop())
		}
	}
	p.attrDict(op, elided...)
}

// operandsWithTypes prints `name %a, %b mods attr-dict : T1, T2`: the
// operands, the modifiers and the attribute dictionary, then the operand
// types.
func (p *printer) operandsWithTypes(op *Operation, mods []modifier) {
	p.w(op.Name + " ")
	p.values(op.operands)
	p.modifiers(op, mods)
	p.w(" : ")
	p.valueTypes(op.operands)
}

// operandList parses exactly n comma-separated operand references.
func (p *parser) operandList(n int) []operandRef {
	refs := make([]operandRef, n)
	for i := range refs {
		if i > 0 {
			p.expect(",")
		}
		refs[i] = p.operandRef()
	}
	return refs
}

// elementwise is the form `%a, %b mods attr-dict : T` of ops whose operands
// all have type T; results derives the result types from T (nil: one
// result of type T) and reports types the op does not accept.
type elementwise struct {
	arity   int
	mods    []modifier
	results func(Type) ([]Type, bool)
}

func (e *elementwise) syntax() *opSyntax {
	return &opSyntax{Parse: e.parse, Print: e.print, Inherent: modifierProps(e.mods)}
}

func (e *elementwise) resultTypes(t Type) ([]Type, bool) {
	if e.results == nil {
		return []Type{t}, true
	}
	return e.results(t)
}

func (e *elementwise) parse(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(e.arity)
	p.modifiers(st, e.mods)
	p.optionalAttrDict(st)
	p.expect(":")
	typeAt := p.pos()
	t := p.parseType()
	st.Operands = p.resolveAll(refs, repeatType(t, e.arity), at)
	results, ok := e.resultTypes(t)
	if !ok {
		p.failAt(typeAt, "unsupported operand type '%s'", t)
	}
	st.ResultTypes = results
}

func (e *elementwise) print(p *printer, op *Operation) bool {
	if len(op.operands) != e.arity {
		return false
	}
	t := op.operands[0].typ
	if !allOfType(op.operands[1:], t) {
		return false
	}
	want, ok := e.resultTypes(t)
	if !ok || !sameTypes(op.results, want) {
		return false
	}
	p.w(op.Name + " ")
	p.values(op.operands)
	p.modifiers(op, e.mods)
	p.w(" : ")
	p.typ(t)
	return true
}

// i1Like returns the type of a comparison's result on operands of type t:
// i1, or i1 elements in t's shape.
func i1Like(t Type) Type {
	switch t := t.(type) {
	case *VectorType:
		return &VectorType{Shape: t.Shape, Scalable: t.Scalable, Elem: I1}
	case *TensorType:
		return &TensorType{Shape: t.Shape, Elem: I1, Encoding: t.Encoding}
	case *UnrankedTensorType:
		return &UnrankedTensorType{Elem: I1}
	}
	return I1
}

func i1Results(t Type) ([]Type, bool) { return []Type{i1Like(t)}, true }

// twoResults is the result list of ops such as arith.mulsi_extended.
func twoResults(t Type) ([]Type, bool) { return []Type{t, t}, true }

// castOp is the form `%in mods attr-dict : T1 to T2`, and with scaled
// set `%in, %scale mods attr-dict : T1, T2 to T3`, of the casts of arith,
// vector, complex, tensor and memref and of bufferization's conversions.
type castOp struct {
	scaled bool
	mods   []modifier
}

func (c *castOp) syntax() *opSyntax {
	return &opSyntax{Parse: c.parse, Print: c.print, Inherent: modifierProps(c.mods)}
}

func (c *castOp) arity() int {
	if c.scaled {
		return 2
	}
	return 1
}

func (c *castOp) parse(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(c.arity())
	p.modifiers(st, c.mods)
	in := p.attrDictColonTypeList(st)
	p.expectKeyword("to")
	st.ResultTypes = []Type{p.parseType()}
	st.Operands = p.resolveAll(refs, in, at)
}

func (c *castOp) print(p *printer, op *Operation) bool {
	if len(op.operands) != c.arity() || len(op.results) != 1 {
		return false
	}
	p.operandsWithTypes(op, c.mods)
	p.w(" to ")
	p.typ(op.results[0].typ)
	return true
}

// compareOp is `predicate, %a, %b mods attr-dict : T` (arith.cmpi/cmpf);
// the predicate keyword is stored as its index in preds, an i64.
type compareOp struct {
	preds []string
	mods  []modifier
	body  *elementwise // the part after the predicate
}

var (
	cmpiPredicates = []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	cmpfPredicates = []string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule", "une", "uno", "true"}
)

func (c *compareOp) syntax() *opSyntax {
	c.body = &elementwise{arity: 2, mods: c.mods, results: i1Results}
	return &opSyntax{Parse: c.parse, Print: c.print, Inherent: append([]string{"predicate"}, modifierProps(c.mods)...)}
}

func (c *compareOp) parse(p *parser, st *OpState) {
	at := p.pos()
	var name string
	switch p.tok.kind {
	case tString:
		name = p.parseAttrNoType().(*StringAttr).Value
	case tBare:
		name = p.keyword()
	default:
		p.fail("expected string or keyword containing one of the following enum values for attribute 'predicate' [%s]", strings.Join(c.preds, ", "))
	}
	i := slices.Index(c.preds, name)
	if i < 0 {
		p.failAt(at, "invalid predicate '%s', expected one of [%s]", name, strings.Join(c.preds, ", "))
	}
	st.AddProp("predicate", IntAttr(int64(i), I64))
	p.expect(",")
	c.body.parse(p, st)
}

func (c *compareOp) print(p *printer, op *Operation) bool {
	a := op.Prop("predicate")
	if a == nil || len(op.operands) != 2 {
		return false
	}
	i, ok := enumValue(a, I64)
	if !ok || i < 0 || i >= int64(len(c.preds)) {
		return false
	}
	t := op.operands[0].typ
	if !TypesEqual(op.operands[1].typ, t) || !singleResultOfType(op, i1Like(t)) {
		return false
	}
	p.w(op.Name + " " + c.preds[i] + ", ")
	p.values(op.operands)
	p.modifiers(op, c.mods, "predicate")
	p.w(" : ")
	p.typ(t)
	return true
}

func init() {
	fastmath := []modifier{fastmathFlags}
	overflow := []modifier{overflowFlags}
	exact := []modifier{exactFlag}
	for _, name := range []string{"ceildivsi", "ceildivui", "floordivsi", "remsi", "remui", "andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui"} {
		register("arith."+name, (&elementwise{arity: 2}).syntax())
	}
	for _, name := range []string{"addi", "subi", "muli", "shli"} {
		register("arith."+name, (&elementwise{arity: 2, mods: overflow}).syntax())
	}
	for _, name := range []string{"divsi", "divui", "shrsi", "shrui"} {
		register("arith."+name, (&elementwise{arity: 2, mods: exact}).syntax())
	}
	for _, name := range []string{"addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf"} {
		register("arith."+name, (&elementwise{arity: 2, mods: fastmath}).syntax())
	}
	register("arith.negf", (&elementwise{arity: 1, mods: fastmath}).syntax())
	register("arith.mulsi_extended", (&elementwise{arity: 2, results: twoResults}).syntax())
	register("arith.mului_extended", (&elementwise{arity: 2, results: twoResults}).syntax())
	register("arith.addui_extended", &opSyntax{Parse: parseAddUIExtended, Print: printAddUIExtended})

	for _, name := range []string{"extsi", "extui", "sitofp", "uitofp", "fptosi", "fptoui", "index_cast", "index_castui", "bitcast"} {
		register("arith."+name, (&castOp{}).syntax())
	}
	register("arith.trunci", (&castOp{mods: overflow}).syntax())
	register("arith.extf", (&castOp{mods: []modifier{optionalFastmathFlags}}).syntax())
	register("arith.truncf", (&castOp{mods: []modifier{roundingMode, optionalFastmathFlags}}).syntax())
	register("arith.scaling_extf", (&castOp{scaled: true, mods: []modifier{optionalFastmathFlags}}).syntax())
	register("arith.scaling_truncf", (&castOp{scaled: true, mods: []modifier{roundingMode, optionalFastmathFlags}}).syntax())

	register("arith.cmpi", (&compareOp{preds: cmpiPredicates}).syntax())
	register("arith.cmpf", (&compareOp{preds: cmpfPredicates, mods: fastmath}).syntax())
	register("arith.select", &opSyntax{Parse: parseSelect, Print: printSelect})
	register("arith.constant", &opSyntax{Inherent: []string{"value"}, Parse: parseConstant, Print: printConstant})
}

// arith.addui_extended %a, %b : T, T1 has results (T, T1).
func parseAddUIExtended(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(2)
	sum := p.attrDictColonType(st)
	p.expect(",")
	st.ResultTypes = []Type{sum, p.parseType()}
	st.Operands = p.resolveAll(refs, []Type{sum, sum}, at)
}

func printAddUIExtended(p *printer, op *Operation) bool {
	if len(op.operands) != 2 || len(op.results) != 2 {
		return false
	}
	sum := op.results[0].typ
	if !TypesEqual(op.operands[0].typ, sum) || !TypesEqual(op.operands[1].typ, sum) {
		return false
	}
	p.w(op.Name + " ")
	p.values(op.operands)
	p.attrDict(op)
	p.w(" : ")
	p.types(resultTypes(op))
	return true
}

// arith.select %c, %a, %b : T, or `: C, T` with a vector or tensor
// condition C (the condition is i1 otherwise).
func parseSelect(p *parser, st *OpState) {
	at := p.pos()
	refs := p.operandList(3)
	cond, t := I1, p.attrDictColonType(st)
	if p.accept(",") {
		cond, t = t, p.parseType()
	}
	st.Operands = p.resolveAll(refs, []Type{cond, t, t}, at)
	st.ResultTypes = []Type{t}
}

func printSelect(p *printer, op *Operation) bool {
	if len(op.operands) != 3 || len(op.results) != 1 {
		return false
	}
	t := op.results[0].typ
	if !TypesEqual(op.operands[1].typ, t) || !TypesEqual(op.operands[2].typ, t) {
		return false
	}
	p.w(op.Name + " ")
	p.values(op.operands)
	p.attrDict(op)
	p.w(" : ")
	if cond := op.operands[0].typ; !TypesEqual(cond, I1) {
		p.typ(cond)
		p.w(", ")
	}
	p.typ(t)
	return true
}

// arith.constant attr-dict VALUE: the result has the value's type.
func parseConstant(p *parser, st *OpState) {
	p.optionalAttrDict(st)
	v, t := p.typedAttr()
	st.AddProp("value", v)
	st.ResultTypes = []Type{t}
}

// typedAttr parses an attribute that carries its type, as constants'
// values do, and returns both.
func (p *parser) typedAttr() (Attribute, Type) {
	at := p.pos()
	if p.isKeyword("dense_resource") || p.isKeyword("sparse") || p.isKeyword("opaque") {
		a := p.parseAttrNoType().(*OpaqueAttr)
		p.expect(":")
		t := p.parseType()
		return &OpaqueAttr{Text: a.Text + " : " + t.String()}, t
	}
	a := p.parseAttr()
	t := attrType(a)
	if t == nil {
		p.failAt(at, "expected a typed attribute")
	}
	return a, t
}

// attrType returns the type of a typed attribute, or nil. Literals without
// a type have MLIR's defaults: i64 for integers, f64 for floats.
func attrType(a Attribute) Type {
	switch a := a.(type) {
	case *IntegerAttr:
		if a.Type == nil {
			return I64
		}
		return a.Type
	case *FloatAttr:
		if a.Type == nil {
			return &FloatType{Name: "f64"}
		}
		return a.Type
	case BoolAttr:
		return I1
	case *DenseElementsAttr:
		return a.Type
	case *StringAttr:
		return a.Type
	}
	return nil
}

func printConstant(p *printer, op *Operation) bool {
	v := op.Prop("value")
	if v == nil || len(op.results) != 1 || len(op.operands) != 0 {
		return false
	}
	if !constantTypeMatches(v, op.results[0].typ) {
		return false
	}
	p.w(op.Name)
	p.attrDict(op, "value")
	p.w(" ")
	p.attr(v)
	return true
}

// constantTypeMatches reports whether the value of a constant op has the
// type of its result, so that the custom form, which writes only the
// value, keeps the result type.
func constantTypeMatches(v Attribute, t Type) bool {
	if o, ok := v.(*OpaqueAttr); ok {
		return strings.HasSuffix(noSpaces(o.Text), ":"+noSpaces(t.String()))
	}
	at := attrType(v)
	return at != nil && TypesEqual(at, t)
}
