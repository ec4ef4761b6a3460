package ir

import (
	"encoding/binary"
	"fmt"
	"strings"
)

// Error is a diagnostic located in a source file, printed in MLIR's format.
type Error struct {
	File      string
	Line, Col int
	Msg       string
	// Note, if set, is a hint at the same location, printed as MLIR
	// prints notes.
	Note string
}

func (e *Error) Error() string {
	msg := fmt.Sprintf("%s:%d:%d: error: %s", e.File, e.Line, e.Col, e.Msg)
	if e.Note != "" {
		msg += fmt.Sprintf("\n%s:%d:%d: note: %s", e.File, e.Line, e.Col, e.Note)
	}
	return msg
}

// Parse reads an MLIR file. The name is used in diagnostics only. Syntax
// errors and undefined or redefined names are reported as *Error; Parse does
// not run the structural verifier (see Verify).
func Parse(name string, src []byte) (*Module, error) {
	return ParseWith(name, src, ParseOptions{})
}

// ParseOptions tune how a file is parsed, not what it parses to.
type ParseOptions struct {
	// Workers is how many goroutines may parse the ops of a long block
	// at once (see parse_chunks.go); 0 or 1 parses on the calling
	// goroutine only.
	Workers int
}

// ParseWith is Parse with options.
func ParseWith(name string, src []byte, opts ParseOptions) (*Module, error) {
	m, _, err := parse(name, src, opts)
	return m, err
}

// parse is ParseWith that also counts the blocks parsed in chunks.
func parse(name string, src []byte, opts ParseOptions) (m *Module, chunked int, err error) {
	p := &parser{
		lexer:       lexer{src: src},
		file:        name,
		typeAliases: map[string]Type{},
		attrAliases: map[string]Attribute{},
		types:       map[string]Type{},
		workers:     opts.Workers,
	}
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			m, err = nil, e
		}
	}()
	p.advance()
	return p.parseModule(), p.chunked, nil
}

// parser is a recursive-descent parser over the lexer. Errors unwind with a
// panic of *Error, recovered in Parse: it keeps the grammar code free of
// error plumbing, and the first error is the one MLIR would report too.
type parser struct {
	lexer
	tok         token
	file        string
	mod         *Module
	typeAliases map[string]Type
	attrAliases map[string]Attribute
	types       map[string]Type // spelling -> shared instance
	scope       *valueScope
	curOp       string // name of the op whose body is being parsed
	prevEnd     int    // end offset of the last consumed token
	depth       int    // nesting of regions, types and attributes being parsed
	freeStates  []*OpState
	freeScopes  []*valueScope
	// arrays interns the dense arrays custom syntaxes build, keyed by
	// arrayKey: attributes are immutable, and the same few (segment
	// sizes, static offsets) recur on op after op.
	arrays   map[string]*DenseArrayAttr
	arrayKey []byte
	flags    map[flagKey]Attribute // interned by flagAttr
	strs     map[string]string     // interned by internTok
	workers  int                   // ParseOptions.Workers; 0 in the parser of a chunk
	chunked  int                   // blocks parsed in chunks
}

// internTok returns the current token's text, unquoted if it is a string,
// as one string shared by all its occurrences: op names and attribute
// names come from a small vocabulary and would otherwise cost an
// allocation at every use. ok is false for an invalid string.
func (p *parser) internTok() (s string, ok bool) {
	raw := p.src[p.tok.start:p.tok.end]
	if s, ok := p.strs[string(raw)]; ok {
		return s, true
	}
	key := string(raw)
	s = key
	if p.tok.kind == tString {
		if s, ok = unquote(raw); !ok {
			return "", false
		}
	}
	if p.strs == nil {
		p.strs = map[string]string{}
	}
	p.strs[key] = s
	return s, true
}

// i64Array is I64Array, interned.
func (p *parser) i64Array(vs []int64) *DenseArrayAttr {
	if a := p.internedArray(64, len(vs), func(i int) int64 { return vs[i] }); a != nil {
		return a
	}
	return p.internArray(I64Array(vs))
}

// i32Array is I32Array, interned.
func (p *parser) i32Array(vs ...int) *DenseArrayAttr {
	if a := p.internedArray(32, len(vs), func(i int) int64 { return int64(vs[i]) }); a != nil {
		return a
	}
	return p.internArray(I32Array(vs...))
}

// internedArray computes arrayKey for an array of n values of the given
// bit width and returns the interned array with that key, or nil.
func (p *parser) internedArray(width byte, n int, at func(int) int64) *DenseArrayAttr {
	k := append(p.arrayKey[:0], width)
	for i := range n {
		k = binary.AppendVarint(k, at(i))
	}
	p.arrayKey = k
	return p.arrays[string(k)]
}

// internArray records a under the arrayKey internedArray just computed.
func (p *parser) internArray(a *DenseArrayAttr) *DenseArrayAttr {
	if p.arrays == nil {
		p.arrays = map[string]*DenseArrayAttr{}
	}
	p.arrays[string(p.arrayKey)] = a
	return a
}

func (p *parser) advance() {
	p.prevEnd = p.tok.end
	p.tok = p.next()
	if p.tok.kind == tError {
		p.failAt(Pos(p.tok.start), "unexpected character")
	}
}

func (p *parser) text() string { return string(p.src[p.tok.start:p.tok.end]) }

func (p *parser) is(punct string) bool {
	return p.tok.kind == tPunct && string(p.src[p.tok.start:p.tok.end]) == punct
}

func (p *parser) isKeyword(kw string) bool {
	return p.tok.kind == tBare && string(p.src[p.tok.start:p.tok.end]) == kw
}

func (p *parser) pos() Pos { return Pos(p.tok.start) }

func (p *parser) failAt(pos Pos, format string, args ...any) {
	line, col := lineCol(p.src, int(pos))
	panic(&Error{File: p.file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) fail(format string, args ...any) { p.failAt(p.pos(), format, args...) }

func (p *parser) describe() string {
	if p.tok.kind == tEOF {
		return "end of file"
	}
	return "'" + p.text() + "'"
}

// maxNesting bounds how deeply regions, types and attributes may nest: the
// parser recurses on nesting, and a deep enough input would otherwise
// exhaust the stack, which Go cannot recover from.
const maxNesting = 4096

// nest enters one level of nesting and returns the function that leaves it.
func (p *parser) nest() func() {
	p.depth++
	if p.depth > maxNesting {
		p.fail("nesting deeper than %d levels", maxNesting)
	}
	return p.unnest
}

func (p *parser) unnest() { p.depth-- }

// accept consumes the punctuation if it is next.
func (p *parser) accept(punct string) bool {
	if p.is(punct) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expect(punct string) {
	if !p.accept(punct) {
		p.fail("expected '%s', found %s", punct, p.describe())
	}
}

// acceptKeyword consumes the bare keyword if it is next.
func (p *parser) acceptKeyword(kw string) bool {
	if p.isKeyword(kw) {
		p.advance()
		return true
	}
	return false
}

func (p *parser) expectKeyword(kw string) {
	if !p.acceptKeyword(kw) {
		p.fail("expected '%s', found %s", kw, p.describe())
	}
}

// keyword consumes and returns any bare identifier.
func (p *parser) keyword() string {
	if p.tok.kind != tBare {
		p.fail("expected keyword, found %s", p.describe())
	}
	s := p.text()
	p.advance()
	return s
}

// commaList parses `elem (, elem)*`.
func (p *parser) commaList(elem func()) {
	elem()
	for p.accept(",") {
		elem()
	}
}

// delimited parses open [elem (, elem)*] close, allowing an empty list.
func (p *parser) delimited(open, close string, elem func()) {
	p.expect(open)
	if p.accept(close) {
		return
	}
	p.commaList(elem)
	p.expect(close)
}

// --- module level ---

func (p *parser) parseModule() *Module {
	m := &Module{File: p.file, lines: lineStarts(p.src)}
	p.mod = m
	top := &Region{}
	block := top.AddBlock()
	block.Pos = 0
	p.pushScope(true)
	chunk := p.workers > 1 // the ops after the aliases, once
	for p.tok.kind != tEOF {
		switch {
		case p.tok.kind == tHash:
			p.parseAliasDef(true)
		case p.tok.kind == tBang:
			p.parseAliasDef(false)
		case p.is("{-#"):
			p.parseResources()
		case chunk:
			chunk = false
			if ops, ok := p.parseChunked(); ok {
				for _, op := range ops {
					block.Append(op)
				}
			}
		default:
			block.Append(p.parseOperation())
		}
	}
	p.popScope()
	ops := block.Ops()
	if len(ops) == 1 && ops[0].Name == "builtin.module" {
		if len(ops[0].Regions) != 1 || len(ops[0].Regions[0].blocks) != 1 {
			// "builtin.module"() : () -> (): MLIR wants one region of one
			// block, which Module.Body is.
			p.failAt(ops[0].Pos, "'builtin.module' op requires one region with one block")
		}
		m.Op = ops[0]
		m.Op.block = nil
		return m
	}
	m.Implicit = true
	m.Op = NewOperation("builtin.module", nil, nil)
	m.Op.Regions = []*Region{top}
	top.parent = m.Op
	m.Op.Pos = 0
	return m
}

func (p *parser) parseAliasDef(isAttr bool) {
	name := p.text()
	pos := p.pos()
	p.advance()
	p.expect("=")
	start := p.tok.start
	def := AliasDef{Name: name}
	if isAttr {
		if _, dup := p.attrAliases[name[1:]]; dup {
			p.failAt(pos, "redefinition of attribute alias id '%s'", name[1:])
		}
		def.Attr = p.parseAttr()
		p.attrAliases[name[1:]] = def.Attr
	} else {
		if _, dup := p.typeAliases[name[1:]]; dup {
			p.failAt(pos, "redefinition of type alias id '%s'", name[1:])
		}
		def.Type = p.parseType()
		p.typeAliases[name[1:]] = def.Type
	}
	def.Source = strings.TrimSpace(string(p.src[start:p.lastEnd()]))
	p.mod.Aliases = append(p.mod.Aliases, def)
}

// lastEnd returns the offset just past the previous token, so that the text
// of a construct is src[start:lastEnd()] without trailing space or comments.
func (p *parser) lastEnd() int { return p.prevEnd }

// skipTo moves the lexer to offset end, treating everything from the current
// token up to end as consumed, and lexes the next token.
func (p *parser) skipTo(end int) {
	p.tok.end = end
	p.lexer.pos = end
	p.advance()
}

// parseResources keeps a `{-# ... #-}` block verbatim.
func (p *parser) parseResources() {
	start := p.tok.end
	for !p.is("#-}") {
		if p.tok.kind == tEOF {
			p.fail("expected '#-}' to close the resource block")
		}
		p.advance()
	}
	if p.mod.Resources != "" {
		p.mod.Resources += "\n"
	}
	p.mod.Resources += strings.TrimSpace(string(p.src[start:p.tok.start]))
	p.advance()
}

// typeFromText parses text as one type, with p's aliases: the spelling
// of a type nested in a dialect type that is kept verbatim.
func (p *parser) typeFromText(text string) (t Type, ok bool) {
	sub := &parser{lexer: lexer{src: []byte(text)}, file: p.file, typeAliases: p.typeAliases, attrAliases: p.attrAliases, types: p.types}
	defer func() {
		if r := recover(); r != nil {
			if _, isErr := r.(*Error); !isErr {
				panic(r)
			}
			t, ok = nil, false
		}
	}()
	sub.advance()
	t = sub.parseType()
	return t, sub.tok.kind == tEOF
}
