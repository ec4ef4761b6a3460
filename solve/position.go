package solve

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	antlr "github.com/antlr4-go/antlr/v4"
	"github.com/google/mangle/parse/gen"
)

// Error is a problem in a rule file, or a failure while evaluating one of
// its clauses. Line and Col are 1-based; Line is 0 when no position is
// known (then only File is meaningful, and may be empty).
type Error struct {
	File      string
	Line, Col int
	Msg       string
	Err       error // the cause, e.g. ErrBudget or context.DeadlineExceeded
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

func (e *Error) Error() string {
	switch {
	case e.Line > 0:
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
	case e.File != "":
		return fmt.Sprintf("%s: %s", e.File, e.Msg)
	default:
		return e.Msg
	}
}

// pos is a 1-based line and column.
type pos struct{ line, col int }

// clausePositions holds where a clause and its parts start.
type clausePositions struct {
	start      pos
	premises   []pos // in source order, like ast.Clause.Premises
	transforms []pos // the do/let statements, in order
}

// unitPositions locates the top-level items of one source. Mangle's AST
// carries no positions, so this re-parses the text with Mangle's generated
// ANTLR parser, whose tree lists clauses and declarations in the same
// order as parse.Unit returns them. It is only called to report errors.
type unitPositions struct {
	pkg     pos // zero if the unit has no Package declaration
	uses    []pos
	decls   []pos
	clauses []clausePositions
}

func locate(text string) unitPositions {
	lexer := gen.NewMangleLexer(antlr.NewInputStream(text))
	lexer.RemoveErrorListeners()
	parser := gen.NewMangleParser(antlr.NewCommonTokenStream(lexer, 0))
	parser.RemoveErrorListeners()
	prog := parser.Start_().Program()
	var up unitPositions
	if prog == nil {
		return up
	}
	if p := prog.PackageDecl(); p != nil {
		up.pkg = startOf(p)
	}
	for _, u := range prog.AllUseDecl() {
		up.uses = append(up.uses, startOf(u))
	}
	for _, d := range prog.AllDecl() {
		up.decls = append(up.decls, startOf(d))
	}
	for _, c := range prog.AllClause() {
		cp := clausePositions{start: startOf(c)}
		if body := c.ClauseBody(); body != nil {
			for _, l := range body.AllLiteralOrFml() {
				cp.premises = append(cp.premises, startOf(l))
			}
			for _, t := range body.AllTransform() {
				if t.Term() != nil { // "do fn:group_by(...)"
					cp.transforms = append(cp.transforms, startOf(t.Term()))
				}
				for _, l := range t.AllLetStmt() {
					cp.transforms = append(cp.transforms, startOf(l))
				}
			}
		}
		up.clauses = append(up.clauses, cp)
	}
	return up
}

// sourcePositions are the unitPositions of a Program's sources, each
// located once: derivations and errors name the line of many clauses.
type sourcePositions struct {
	once  []sync.Once
	units []unitPositions
}

// unit returns the positions of source src's items.
func (p *Program) unit(src int) unitPositions {
	sp := p.positions
	sp.once[src].Do(func() { sp.units[src] = locate(p.sources[src].Text) })
	return sp.units[src]
}

// declStart returns where declaration index of source src starts, or the
// zero pos if unknown.
func (p *Program) declStart(src, index int) pos {
	if d := p.unit(src).decls; index < len(d) {
		return d[index]
	}
	return pos{}
}

// clauseStart returns where clause index of source src starts, if known.
func (p *Program) clauseStart(src, index int) (pos, bool) {
	if cps := p.unit(src).clauses; index < len(cps) {
		return cps[index].start, true
	}
	return pos{}, false
}

func startOf(ctx antlr.ParserRuleContext) pos {
	tok := ctx.GetStart()
	return pos{tok.GetLine(), tok.GetColumn() + 1} // ANTLR columns are 0-based
}

// parseErrorLine matches one line of a Mangle parse error: "line:col msg".
var parseErrorLine = regexp.MustCompile(`^(\d+):(\d+) (.*)$`)

// parseError turns an error of Mangle's parse package on the text of file
// into an *Error at the first problem, counting the rest.
func parseError(file string, err error) error {
	lines := strings.Split(strings.TrimSpace(err.Error()), "\n")
	m := parseErrorLine.FindStringSubmatch(lines[0])
	if m == nil {
		return &Error{File: file, Msg: "syntax error: " + lines[0]}
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	msg := "syntax error: " + m[3]
	if len(lines) > 1 {
		msg += fmt.Sprintf(" (and %d more)", len(lines)-1)
	}
	return &Error{File: file, Line: line, Col: col + 1, Msg: msg}
}
