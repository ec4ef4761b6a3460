package solve

import (
	"fmt"

	"github.com/google/mangle/ast"
)

// Site is where a declaration or a clause of parsed rule files is, for
// drivers that check what the rules declare and derive.
type Site struct {
	File string // the name of its source
	p    *Program
	ref  clauseRef
	decl bool
}

// Errorf returns an error at the site: its file, line and column.
func (s Site) Errorf(format string, args ...any) *Error {
	at, _ := s.p.clauseStart(s.ref.src, s.ref.index)
	if s.decl {
		at = s.p.declStart(s.ref.src, s.ref.index)
	}
	return &Error{File: s.File, Line: at.line, Col: at.col, Msg: fmt.Sprintf(format, args...)}
}

// Declaration is a Decl of a parsed rule file.
type Declaration struct {
	ast.Decl
	Site
}

// Clause is a clause of a parsed rule file, a fact or a rule.
type Clause struct {
	ast.Clause
	Site
}

// Declarations returns the declarations of the parsed files, in source
// order.
func (p *Parsed) Declarations() []Declaration {
	out := make([]Declaration, len(p.c.decls))
	for i, d := range p.c.decls {
		out[i] = Declaration{d, p.site(p.c.declRefs[i], true)}
	}
	return out
}

// Clauses returns the clauses of the parsed files, in source order.
func (p *Parsed) Clauses() []Clause {
	out := make([]Clause, len(p.c.clauses))
	for i, cl := range p.c.clauses {
		out[i] = Clause{cl, p.site(p.c.refs[i], false)}
	}
	return out
}

func (p *Parsed) site(ref clauseRef, decl bool) Site {
	return Site{File: p.c.prog.sources[ref.src].Name, p: p.c.prog, ref: ref, decl: decl}
}
