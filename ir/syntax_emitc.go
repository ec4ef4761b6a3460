package ir

// Custom syntax of the emitc ops that carry C names as strings: includes
// and opaque calls.

func init() {
	register("emitc.include", &opSyntax{Inherent: []string{"include", "is_standard_include"}, Parse: parseInclude, Print: printInclude})
	register("emitc.call_opaque", &opSyntax{Inherent: []string{"callee", "args", "template_args"}, Parse: parseCallOpaque, Print: printCallOpaque})
}

// stringLiteral parses a string literal into a StringAttr.
func (p *parser) stringLiteral() *StringAttr {
	if p.tok.kind != tString {
		p.fail("expected string literal, found %s", p.describe())
	}
	s, _ := p.parseAttrNoType().(*StringAttr)
	return s
}

// emitc.include <"stdio.h"> | emitc.include "local.h"
func parseInclude(p *parser, st *OpState) {
	if p.accept("<") {
		st.AddProp("include", p.stringLiteral())
		st.AddProp("is_standard_include", UnitAttr{})
		p.expect(">")
		return
	}
	st.AddProp("include", p.stringLiteral())
}

func printInclude(p *printer, op *Operation) bool {
	inc, ok := op.Prop("include").(*StringAttr)
	std := op.Prop("is_standard_include")
	if _, unit := std.(UnitAttr); !ok || inc.Type != nil || (std != nil && !unit) || len(op.operands) != 0 || len(op.results) != 0 || len(otherAttrs(op, []string{"include", "is_standard_include"})) > 0 {
		return false
	}
	p.w("emitc.include ")
	if std != nil {
		p.w("<")
		p.attr(inc)
		p.w(">")
		return true
	}
	p.attr(inc)
	return true
}

// emitc.call_opaque "f"(%a, %b) attr-dict : (T, U) -> V
func parseCallOpaque(p *parser, st *OpState) {
	st.AddProp("callee", p.stringLiteral())
	p.callTail(st)
}

func printCallOpaque(p *printer, op *Operation) bool {
	callee, ok := op.Prop("callee").(*StringAttr)
	if !ok || callee.Type != nil {
		return false
	}
	p.call("emitc.call_opaque", callee, op)
	return true
}
