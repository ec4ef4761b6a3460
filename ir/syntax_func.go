package ir

import "slices"

// Custom syntax of the builtin and func dialects.

func init() {
	register("builtin.module", &opSyntax{
		Inherent: []string{"sym_name", "sym_visibility"},
		Parse: func(p *parser, st *OpState) {
			if p.tok.kind == tAt {
				st.AddProp("sym_name", Str(p.symbolName()))
			}
			p.optionalAttrDictWithKeyword(st)
			st.Regions = []*Region{p.parseRegion(nil)}
			if len(st.Regions[0].blocks) == 0 {
				st.Regions[0].AddBlock()
			}
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.Regions) != 1 || len(op.Regions[0].blocks) != 1 || len(op.Regions[0].blocks[0].args) != 0 ||
				len(op.operands) != 0 || len(op.results) != 0 {
				return false
			}
			p.commit()
			p.w("module")
			if name, ok := op.Prop("sym_name").(*StringAttr); ok {
				p.w(" ")
				p.symbol(name.Value)
			}
			p.attrDictWithKeyword(op, "sym_name")
			p.w(" ")
			p.region(op.Regions[0], false)
			return true
		},
	})
	register("builtin.unrealized_conversion_cast", &opSyntax{
		Parse: func(p *parser, st *OpState) {
			st.Operands = p.typedOperands()
			p.expectKeyword("to")
			st.ResultTypes = p.parseTypeList()
			p.optionalAttrDict(st)
		},
		Print: func(p *printer, op *Operation) bool {
			p.w("builtin.unrealized_conversion_cast")
			p.typedValues(op.operands)
			p.w(" to ")
			p.types(resultTypes(op))
			p.attrDict(op)
			return true
		},
	})
	register("func.func", &opSyntax{
		Inherent: funcInherent,
		Parse:    parseFunc,
		Print:    functionPrinter("func.func"),
	})
	register("func.return", yieldSyntax("func.return"))
	register("func.call", &opSyntax{
		Inherent: []string{"callee", "arg_attrs", "res_attrs", "no_inline"},
		Parse: func(p *parser, st *OpState) {
			st.AddProp("callee", p.parseSymbolRef())
			p.callTail(st)
		},
		Print: func(p *printer, op *Operation) bool {
			callee, ok := op.Prop("callee").(*SymbolRefAttr)
			if ok {
				p.call("func.call", callee, op)
			}
			return ok
		},
	})
	register("func.call_indirect", &opSyntax{
		Inherent: []string{"arg_attrs", "res_attrs"},
		Parse: func(p *parser, st *OpState) {
			calleeRef := p.operandRef()
			p.expect("(")
			at := p.pos()
			refs := p.operandRefs()
			p.expect(")")
			p.optionalAttrDict(st)
			p.expect(":")
			fn := p.functionTypeAt()
			st.Operands = append([]*Value{p.resolve(calleeRef, fn)}, p.resolveAll(refs, fn.Inputs, at)...)
			st.ResultTypes = fn.Results
		},
		Print: func(p *printer, op *Operation) bool {
			if len(op.operands) == 0 {
				return false
			}
			if _, ok := op.operands[0].typ.(*FunctionType); !ok {
				return false
			}
			p.w("func.call_indirect ")
			p.value(op.operands[0])
			p.w("(")
			p.values(op.operands[1:])
			p.w(")")
			p.attrDictColonType(op, op.operands[0].typ)
			return true
		},
	})
	register("func.constant", &opSyntax{
		Inherent: []string{"value"},
		Parse: func(p *parser, st *OpState) {
			st.AddProp("value", p.parseSymbolRef())
			st.ResultTypes = []Type{p.attrDictColonType(st)}
		},
		Print: func(p *printer, op *Operation) bool {
			v, ok := op.Prop("value").(*SymbolRefAttr)
			if !ok || len(op.results) != 1 {
				return false
			}
			p.w("func.constant ")
			p.attr(v)
			p.attrDictColonType(op, op.results[0].typ, "value")
			return true
		},
	})
}

// functionInherent are the inherent attributes of the function ops
// (FunctionOpInterface) written in func.func's syntax; funcInherent adds
// func.func's no_inline.
var (
	functionInherent = []string{"sym_name", "function_type", "sym_visibility", "arg_attrs", "res_attrs"}
	funcInherent     = append(slices.Clip(functionInherent), "no_inline")
)

// parseFunc parses the syntax of func.func and of the functions of other
// dialects: visibility? @name(args) (-> results)? attr-dict-with-keyword
// region?
func parseFunc(p *parser, st *OpState) { parseFuncWith(p, st, nil) }

// parseFuncWith is parseFunc with clauses between the results and the
// attributes, parsed by clauses, which returns the entry block's
// arguments they declare (gpu.func's attributions).
func parseFuncWith(p *parser, st *OpState, clauses func() []RegionArg) {
	if p.tok.kind == tString {
		st.AddProp("sym_visibility", p.parseAttr())
	} else if p.isKeyword("private") || p.isKeyword("public") || p.isKeyword("nested") {
		st.AddProp("sym_visibility", Str(p.keyword()))
	}
	st.AddProp("sym_name", Str(p.symbolName()))
	sig := p.funcSignature(false)
	st.AddProp("function_type", &TypeAttr{Type: &FunctionType{Inputs: sig.inputs, Results: sig.results}})
	sig.addEntryAttrs(st)
	if clauses != nil {
		sig.args = append(sig.args, clauses()...)
	}
	p.optionalAttrDictWithKeyword(st)
	p.funcBody(st, sig)
}

// funcSignature is a function's signature as written: its arguments
// (named when the function has a body), their attributes, the results
// and theirs, and whether it takes variadic arguments (`...`).
type funcSignature struct {
	args               []RegionArg
	inputs, results    []Type
	argAttrs, resAttrs []Attribute
	named, variadic    bool
}

// funcSignature parses `(args) (-> results)?`; variadic allows a last
// `...` among the arguments.
func (p *parser) funcSignature(variadic bool) *funcSignature {
	s := &funcSignature{}
	p.delimited("(", ")", func() {
		if variadic && p.accept("...") {
			s.variadic = true
			return
		}
		if s.variadic {
			p.fail("expected ')' after '...'")
		}
		var a RegionArg
		if p.tok.kind == tPercent {
			s.named = true
			a.Name, a.Pos = p.text()[1:], p.pos()
			p.advance()
			p.expect(":")
		} else if s.named {
			p.fail("expected SSA identifier")
		}
		a.Type = p.parseType()
		s.inputs = append(s.inputs, a.Type)
		a.Attrs = &DictAttr{}
		if p.is("{") {
			a.Attrs = p.parseDict()
		}
		s.argAttrs = append(s.argAttrs, a.Attrs)
		if p.isKeyword("loc") {
			a.Loc = p.parseLocation()
		}
		s.args = append(s.args, a)
	})
	if p.accept("->") {
		if p.is("(") {
			p.delimited("(", ")", func() {
				s.results = append(s.results, p.parseType())
				var d Attribute = &DictAttr{}
				if p.is("{") {
					d = p.parseDict()
				}
				s.resAttrs = append(s.resAttrs, d)
			})
		} else {
			s.results = []Type{p.parseType()}
			s.resAttrs = []Attribute{&DictAttr{}}
		}
	}
	return s
}

// addEntryAttrs sets arg_attrs and res_attrs where any is not empty.
func (s *funcSignature) addEntryAttrs(st *OpState) {
	if anyNonEmpty(s.argAttrs) {
		st.AddProp("arg_attrs", &ArrayAttr{Elems: s.argAttrs})
	}
	if anyNonEmpty(s.resAttrs) {
		st.AddProp("res_attrs", &ArrayAttr{Elems: s.resAttrs})
	}
}

// funcBody parses a function's body, if it has one (a declaration has an
// empty region), whose entry block takes the signature's arguments.
func (p *parser) funcBody(st *OpState, s *funcSignature) {
	if !p.is("{") {
		st.Regions = []*Region{{}}
		return
	}
	if !s.named && len(s.inputs) > 0 {
		// The older form: unnamed argument types, and an entry block that
		// names the arguments in its header.
		at := p.pos()
		body := p.parseRegion(nil)
		if len(body.blocks) == 0 || !sameTypes(body.blocks[0].args, s.inputs) {
			p.failAt(at, "expected named arguments for a function with a body, or an entry block whose arguments have the function's argument types")
		}
		st.Regions = []*Region{body}
		return
	}
	args := s.args
	if args == nil {
		args = []RegionArg{}
	}
	st.Regions = []*Region{p.parseRegion(args)}
}

// propOrAttr returns op's property name, or else its discardable
// attribute name.
func propOrAttr(op *Operation, name string) Attribute {
	if a := op.Prop(name); a != nil {
		return a
	}
	return op.Attr(name)
}

// discardable makes st's property name a discardable attribute, for the
// function ops that share func.func's parser but not its properties.
func (st *OpState) discardable(name string) {
	if a := st.Properties.Get(name); a != nil {
		st.AddAttr(name, a)
		st.Properties.Delete(name)
	}
}

func anyNonEmpty(dicts []Attribute) bool {
	for _, d := range dicts {
		if d.(*DictAttr).Len() > 0 {
			return true
		}
	}
	return false
}

// functionPrinter prints the function op name in func.func's syntax.
func functionPrinter(name string) func(p *printer, op *Operation) bool {
	return func(p *printer, op *Operation) bool { return printFunction(p, name, op, funcClauses{}) }
}

// funcClauses are what a function op adds to func.func's syntax: entry
// block arguments after the inputs, which clauses print after the
// results, and attributes that they (or the parser) give. header, when
// set, prints what comes before the symbol in place of the visibility,
// which attr-dict then prints (the caller checks beforehand that it
// can); signature gives the inputs and results
// of a function type that is not a builtin one, and whether it is
// variadic.
type funcClauses struct {
	args      int
	print     func(p *printer, op *Operation, extra []*Value) bool
	elided    []string
	header    func(p *printer, op *Operation)
	signature func(t Type) (inputs, results []Type, variadic, ok bool)
}

// builtinSignature is the signature of a builtin function type.
func builtinSignature(t Type) (inputs, results []Type, variadic, ok bool) {
	fn, ok := t.(*FunctionType)
	if !ok {
		return nil, nil, false, false
	}
	return fn.Inputs, fn.Results, false, true
}

// printFunction prints a function op. Its name and visibility may be
// discardable attributes (gpu.func's and emitc.func's in LLVM 22) or
// properties.
func printFunction(p *printer, name string, op *Operation, c funcClauses) bool {
	sym, ok1 := propOrAttr(op, "sym_name").(*StringAttr)
	ta, ok2 := op.Prop("function_type").(*TypeAttr)
	if !ok1 || !ok2 || len(op.Regions) != 1 || len(op.operands) != 0 || len(op.results) != 0 {
		return false
	}
	signature := c.signature
	if signature == nil {
		signature = builtinSignature
	}
	inputs, results, variadic, ok := signature(ta.Type)
	if !ok {
		return false
	}
	body := op.Regions[0]
	var entry *Block
	if len(body.blocks) > 0 {
		entry = body.blocks[0]
		if len(entry.args) != len(inputs)+c.args {
			return false
		}
		for i, a := range entry.args[:len(inputs)] {
			if !TypesEqual(a.typ, inputs[i]) {
				return false
			}
		}
	}
	argAttrs, _ := op.Prop("arg_attrs").(*ArrayAttr)
	resAttrs, _ := op.Prop("res_attrs").(*ArrayAttr)
	if argAttrs != nil && len(argAttrs.Elems) != len(inputs) || resAttrs != nil && len(resAttrs.Elems) != len(results) {
		return false
	}
	elided := append([]string{"sym_name", "function_type", "arg_attrs", "res_attrs"}, c.elided...)
	vis, hasVis := propOrAttr(op, "sym_visibility").(*StringAttr)
	if c.header == nil {
		if hasVis && vis.Value != "private" && vis.Value != "public" && vis.Value != "nested" {
			return false
		}
		elided = append(elided, "sym_visibility")
	}
	p.commit()
	p.w(name + " ")
	if c.header != nil {
		c.header(p, op)
	} else if hasVis {
		p.w(vis.Value)
		p.w(" ")
	}
	p.symbol(sym.Value)
	p.w("(")
	for i, t := range inputs {
		if i > 0 {
			p.w(", ")
		}
		if entry != nil {
			p.value(entry.args[i])
			p.w(": ")
		}
		p.typ(t)
		p.entryAttrs(argAttrs, i)
		if entry != nil {
			if loc := entry.ArgLoc(i); loc != nil {
				p.w(" ")
				p.attr(loc)
			}
		}
	}
	if variadic {
		if len(inputs) > 0 {
			p.w(", ")
		}
		p.w("...")
	}
	p.w(")")
	if len(results) > 0 {
		p.w(" -> ")
		if _, isFn := results[0].(*FunctionType); len(results) == 1 && resAttrs == nil && !isFn {
			p.typ(results[0])
		} else {
			p.w("(")
			for i, t := range results {
				if i > 0 {
					p.w(", ")
				}
				p.typ(t)
				p.entryAttrs(resAttrs, i)
			}
			p.w(")")
		}
	}
	if c.print != nil {
		var extra []*Value
		if entry != nil {
			extra = entry.args[len(inputs):]
		}
		if !c.print(p, op, extra) {
			return false
		}
	}
	p.attrDictWithKeyword(op, elided...)
	if entry != nil {
		p.w(" ")
		p.region(body, false)
	}
	return true
}

// entryAttrs prints element i of an arg_attrs/res_attrs array when it is a
// non-empty dictionary.
func (p *printer) entryAttrs(attrs *ArrayAttr, i int) {
	if attrs == nil {
		return
	}
	if d, ok := attrs.Elems[i].(*DictAttr); ok && d.Len() > 0 {
		p.w(" ")
		p.attr(d)
	}
}

// callTail parses `(%a, %b) attr-dict : (T, U) -> V`, what follows the
// callee of a call.
func (p *parser) callTail(st *OpState) {
	p.expect("(")
	at := p.pos()
	refs := p.operandRefs()
	p.expect(")")
	p.attrDictColonFunctionType(st, refs, at)
}

// call prints `name callee(%a, %b) attr-dict : (T, U) -> V`, callee being
// op's callee property.
func (p *printer) call(name string, callee Attribute, op *Operation) {
	p.w(name + " ")
	p.attr(callee)
	p.w("(")
	p.values(op.operands)
	p.w(")")
	p.attrDictColonFunctionType(op, "callee")
}
