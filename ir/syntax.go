package ir

import "strings"

// opSyntax is the custom (pretty) assembly form of one operation. Parse
// reads the text after the op name into st, reporting errors through the
// parser's fail methods; Print writes the text after `%results = ` and
// returns false when the op does not fit its custom form (a missing
// property, an unexpected operand count), in which case the generic form is
// printed instead. Parse and Print of one op live side by side so that
// they cannot drift apart.
type opSyntax struct {
	Parse func(p *parser, st *OpState)
	Print func(p *printer, op *Operation) bool
	// Inherent lists the op's inherent attributes: written in the custom
	// form's attribute dictionary, they are stored as properties.
	Inherent []string
	// Terminator marks ops that end a block (used by the verifier).
	Terminator bool
	// Branch marks ops whose custom form prints successors.
	Branch bool
	// NoTerminator marks ops whose blocks end without a terminator.
	NoTerminator bool
	// Graph marks ops whose regions are graph regions, where uses may come
	// before definitions: the verifier checks them as it checks the
	// regions of unknown ops.
	Graph bool
	// HidesRegions marks ops whose custom form may leave their regions
	// implicit (linalg's named ops rebuild their bodies when parsed).
	HidesRegions bool
}

var syntaxes = map[string]*opSyntax{}

// register adds the custom syntax of an op; each dialect file registers its
// ops from an init function.
func register(name string, s *opSyntax) {
	if _, dup := syntaxes[name]; dup {
		panic("ir: duplicate syntax for " + name)
	}
	syntaxes[name] = s
}

// lookupSyntax resolves a custom op name, trying the default dialect of the
// enclosing region for names without a dialect prefix.
func lookupSyntax(name, dialect string) (*opSyntax, string) {
	if s := syntaxes[name]; s != nil {
		return s, name
	}
	if strings.IndexByte(name, '.') < 0 {
		for _, d := range []string{dialect, "builtin"} {
			if d == "" {
				continue
			}
			if s := syntaxes[d+"."+name]; s != nil {
				return s, d + "." + name
			}
		}
	}
	return nil, ""
}

// IsTerminator reports whether op is known to end its block.
func IsTerminator(op *Operation) bool {
	s := syntaxes[op.Name]
	return s != nil && s.Terminator
}

// --- parsing helpers shared by the dialect syntaxes ---

// optionalAttrDict parses an optional `{...}` into the discardable
// attributes.
func (p *parser) optionalAttrDict(st *OpState) {
	if p.is("{") {
		st.Attrs = p.parseDict()
	}
}

// optionalAttrDictWithKeyword parses an optional `attributes {...}`.
func (p *parser) optionalAttrDictWithKeyword(st *OpState) {
	if p.acceptKeyword("attributes") {
		if !p.is("{") {
			p.fail("expected '{' after 'attributes'")
		}
		st.Attrs = p.parseDict()
	}
}

// typedOperands parses `%a, %b : t1, t2` style operand lists where the types
// follow a colon; it returns the resolved values.
func (p *parser) typedOperands() []*Value {
	at := p.pos()
	refs := p.operandRefs()
	var types []Type
	if len(refs) > 0 || p.is(":") {
		p.expect(":")
		types = p.parseTypeList()
	}
	return p.resolveAll(refs, types, at)
}

// parenTypedOperands parses `(%a, %b : t1, t2)`, possibly empty.
func (p *parser) parenTypedOperands() []*Value {
	p.expect("(")
	if p.accept(")") {
		return nil
	}
	vals := p.typedOperands()
	p.expect(")")
	return vals
}

// repeatType returns n copies of t, for operand lists of one type.
func repeatType(t Type, n int) []Type {
	ts := make([]Type, n)
	for i := range ts {
		ts[i] = t
	}
	return ts
}

// resultTypes returns the types of op's results.
func resultTypes(op *Operation) []Type {
	ts := make([]Type, len(op.results))
	for i, v := range op.results {
		ts[i] = v.typ
	}
	return ts
}

// valueTypes returns the types of vs.
func valueTypes(vs []*Value) []Type {
	ts := make([]Type, len(vs))
	for i, v := range vs {
		ts[i] = v.typ
	}
	return ts
}

// segments splits operands by an operandSegmentSizes property; it returns
// nil when the property is missing or does not add up.
func segments(op *Operation) [][]*Value {
	return splitSegments(op, op.operands, "operandSegmentSizes")
}
