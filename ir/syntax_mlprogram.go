package ir

// Custom syntax of the ml_program dialect: its functions and graph
// subgraphs (function syntax, as func.func), globals and their loads and
// stores, and the tokens that order the graph forms.

func init() {
	for _, name := range []string{"ml_program.func", "ml_program.subgraph"} {
		register(name, &opSyntax{
			Inherent: funcInherent,
			Parse:    parseFunc,
			Print:    functionPrinter(name),
			// A subgraph's body is a graph: values may be used above their
			// definitions.
			Graph: name == "ml_program.subgraph",
		})
	}
	register("ml_program.return", yieldSyntax("ml_program.return"))
	register("ml_program.output", yieldSyntax("ml_program.output"))
	register("ml_program.token", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			p.optionalAttrDict(st)
			st.ResultTypes = []Type{mlProgramToken}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) != 0 || !singleResultOfType(op, mlProgramToken) {
				return false
			}
			p.w("ml_program.token")
			p.attrDict(op)
			return true
		},
	})
	register("ml_program.global", &opSyntax{Inherent: []string{"sym_name", "sym_visibility", "type", "is_mutable", "value"}, Parse: parseMLGlobal, Print: printMLGlobal})
	for _, a := range []globalAccess{
		{name: "ml_program.global_load"}, {name: "ml_program.global_load_const"}, {name: "ml_program.global_store", store: true},
		{name: "ml_program.global_load_graph", graph: true}, {name: "ml_program.global_store_graph", store: true, graph: true},
	} {
		register(a.name, &opSyntax{Inherent: []string{"global"}, Parse: a.parse, Print: a.print})
	}
}

var mlProgramToken = &OpaqueType{Text: "!ml_program.token"}

// ml_program.global (public|private|nested) mutable? @name ((value))? :
// type attr-dict
func parseMLGlobal(p *parser, st *OpState) {
	if !p.isKeyword("public") && !p.isKeyword("private") && !p.isKeyword("nested") {
		p.fail("expected 'public', 'private', or 'nested', found %s", p.describe())
	}
	st.AddProp("sym_visibility", Str(p.keyword()))
	if p.acceptKeyword("mutable") {
		st.AddProp("is_mutable", UnitAttr{})
	}
	st.AddProp("sym_name", Str(p.symbolName()))
	if p.accept("(") {
		st.AddProp("value", p.parseAttr())
		p.expect(")")
	}
	p.expect(":")
	st.AddProp("type", &TypeAttr{Type: p.parseType()})
	p.optionalAttrDict(st)
}

func printMLGlobal(p *printer, op *Operation) bool {
	vis, ok1 := op.Prop("sym_visibility").(*StringAttr)
	name, ok2 := op.Prop("sym_name").(*StringAttr)
	t, ok3 := op.Prop("type").(*TypeAttr)
	mutable := op.Prop("is_mutable")
	if _, unit := mutable.(UnitAttr); !ok1 || !ok2 || !ok3 || mutable != nil && !unit || len(op.operands) != 0 || len(op.results) != 0 || len(op.Regions) != 0 {
		return false
	}
	if vis.Value != "public" && vis.Value != "private" && vis.Value != "nested" {
		return false
	}
	p.w("ml_program.global " + vis.Value + " ")
	if mutable != nil {
		p.w("mutable ")
	}
	p.symbol(name.Value)
	if v := op.Prop("value"); v != nil {
		p.w("(")
		p.attr(v)
		p.w(")")
	}
	p.w(" : ")
	p.typ(t.Type)
	p.attrDict(op, "sym_name", "sym_visibility", "type", "is_mutable", "value")
	return true
}

// globalAccess is the syntax of a load or store of a global:
// name @global (= %value)? (ordering(...))? : type attr-dict, where a
// store names the value it stores and a graph form the tokens it waits
// for and the type of the token it produces (see tokenOrdering).
type globalAccess struct {
	name         string
	store, graph bool
}

func (a globalAccess) parse(p *parser, st *OpState) {
	st.AddProp("global", p.parseSymbolRef())
	var v operandRef
	if a.store {
		p.expect("=")
		v = p.operandRef()
	}
	var tokens []*Value
	var produced Type
	if a.graph {
		tokens, produced = p.tokenOrdering()
	}
	p.expect(":")
	t := p.parseType()
	if a.store {
		st.Operands = []*Value{p.resolve(v, t)}
	} else {
		st.ResultTypes = []Type{t}
	}
	if a.graph {
		st.Operands = append(st.Operands, tokens...)
		st.ResultTypes = append(st.ResultTypes, produced)
	}
	p.optionalAttrDict(st)
}

func (a globalAccess) print(p *printer, op *Operation) bool {
	g, ok := op.Prop("global").(*SymbolRefAttr)
	if !ok || len(g.Nested) != 0 {
		return false
	}
	tokens, results := op.operands, op.results
	if a.graph {
		if len(results) == 0 {
			return false
		}
		results = results[:len(results)-1]
	}
	// value is the one stored or loaded.
	var value *Value
	if a.store {
		if len(tokens) == 0 || len(results) != 0 {
			return false
		}
		value, tokens = tokens[0], tokens[1:]
	} else {
		if len(results) != 1 {
			return false
		}
		value = results[0]
	}
	if !a.graph && len(tokens) != 0 || !allOfType(tokens, mlProgramToken) {
		return false
	}
	p.w(a.name + " ")
	p.attr(g)
	if a.store {
		p.w(" = ")
		p.value(value)
	}
	if a.graph {
		p.tokenOrdering(tokens, op.results[len(op.results)-1].typ)
	}
	p.w(" : ")
	p.typ(value.typ)
	p.attrDict(op, "global")
	return true
}

// tokenOrdering parses `ordering((%token, ...)? -> type)`: the tokens an
// op waits for, written `()` when there are none, and the type of the
// token it produces.
func (p *parser) tokenOrdering() ([]*Value, Type) {
	p.expectKeyword("ordering")
	p.expect("(")
	var refs []operandRef
	if !p.accept("(") {
		refs = p.operandRefs()
	} else {
		p.expect(")")
	}
	p.expect("->")
	t := p.parseType()
	p.expect(")")
	return p.resolveAllAs(refs, mlProgramToken), t
}

func (p *printer) tokenOrdering(tokens []*Value, produced Type) {
	p.w(" ordering(")
	if len(tokens) == 0 {
		p.w("()")
	} else {
		p.values(tokens)
	}
	p.w(" -> ")
	p.typ(produced)
	p.w(")")
}
