package ir

import (
	"strconv"
	"strings"
)

var floatTypeNames = map[string]bool{
	"f16": true, "bf16": true, "f32": true, "f64": true, "f80": true, "f128": true, "tf32": true,
	"f8E5M2": true, "f8E4M3": true, "f8E4M3FN": true, "f8E5M2FNUZ": true, "f8E4M3FNUZ": true,
	"f8E4M3B11FNUZ": true, "f8E3M4": true, "f8E8M0FNU": true, "f6E2M3FN": true, "f6E3M2FN": true,
	"f4E2M1FN": true,
}

// isTypeStart reports whether the current token can begin a type.
func (p *parser) isTypeStart() bool {
	switch p.tok.kind {
	case tBang:
		return true
	case tPunct:
		return p.is("(")
	case tBare:
		s := p.text()
		switch s {
		case "index", "none", "complex", "tensor", "memref", "vector", "tuple":
			return true
		}
		return floatTypeNames[s] || integerTypeWidth(s) >= 0
	}
	return false
}

// integerTypeWidth returns N for iN, siN, uiN (i0 included), and -1
// otherwise.
func integerTypeWidth(s string) int {
	switch {
	case strings.HasPrefix(s, "si"), strings.HasPrefix(s, "ui"):
		s = s[2:]
	case strings.HasPrefix(s, "i"):
		s = s[1:]
	default:
		return -1
	}
	if s == "0" {
		return 0 // i0 is a type, of no bits
	}
	if s == "" || s[0] == '0' {
		return -1
	}
	n, err := strconv.Atoi(s)
	if err != nil || n > 1<<24 {
		return -1
	}
	return n
}

// parseType parses a type, sharing one instance per spelling. Most types
// in a file are repeats, so the text is first scanned for its extent and
// looked up; only new spellings are parsed.
func (p *parser) parseType() Type {
	start := p.tok.start
	if end := p.scanType(start); end > start {
		if t, ok := p.types[string(p.src[start:end])]; ok {
			p.skipTo(end)
			return t
		}
	}
	t := p.parseTypeUncached()
	end := p.lastEnd()
	if shared, ok := p.types[string(p.src[start:end])]; ok {
		return shared
	}
	p.types[string(p.src[start:end])] = t
	return t
}

// scanType returns the end of the type text starting at i, or -1. It only
// has to agree with the parser on well-formed repeats: a wrong extent just
// misses the cache.
func (p *parser) scanType(i int) int {
	src := p.src
	if i >= len(src) {
		return -1
	}
	switch c := src[i]; {
	case c == '(':
		i = scanBalanced(src, i)
		if i < 0 {
			return -1
		}
		for i < len(src) && src[i] == ' ' {
			i++
		}
		if i+1 >= len(src) || src[i] != '-' || src[i+1] != '>' {
			return -1
		}
		i += 2
		for i < len(src) && src[i] == ' ' {
			i++
		}
		if i < len(src) && src[i] == '(' {
			return scanBalanced(src, i)
		}
		return p.scanType(i)
	case isLetter(c) || c == '!':
		i++
		for i < len(src) && (isSuffixChar(src[i]) && src[i] != '-') {
			i++
		}
		if i < len(src) && src[i] == '<' {
			return scanBalanced(src, i)
		}
		return i
	}
	return -1
}

// scanBalanced returns the offset just past the bracket group opening at i,
// or -1. Like skipBalanced, it lets `->` and comparison signs inside
// parentheses pass.
func scanBalanced(src []byte, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '(', '[', '{', '<':
			depth++
		case ')', ']', '}':
			depth--
		case '>':
			if src[i-1] != '-' {
				depth--
			}
		case '\n':
			return -1
		}
		if depth == 0 {
			return i + 1
		}
	}
	return -1
}

func (p *parser) parseTypeUncached() Type {
	defer p.nest()()
	switch p.tok.kind {
	case tBang:
		return p.parseBangType()
	case tPunct:
		if p.is("(") {
			return p.parseFunctionType()
		}
	case tBare:
		s := p.text()
		switch s {
		case "index":
			p.advance()
			return Index
		case "none":
			p.advance()
			return NoneType{}
		case "complex":
			p.advance()
			p.expect("<")
			el := p.parseType()
			p.expect(">")
			return &ComplexType{Elem: el}
		case "tensor", "memref", "vector":
			return p.parseShapedType(s)
		case "tuple":
			p.advance()
			t := &TupleType{}
			p.delimited("<", ">", func() { t.Elems = append(t.Elems, p.parseType()) })
			return t
		}
		if floatTypeNames[s] {
			p.advance()
			return &FloatType{Name: s}
		}
		if w := integerTypeWidth(s); w >= 0 {
			p.advance()
			switch s[0] {
			case 's':
				return &IntegerType{Width: w, Signedness: 's'}
			case 'u':
				return &IntegerType{Width: w, Signedness: 'u'}
			}
			switch w {
			case 1:
				return I1
			case 32:
				return I32
			case 64:
				return I64
			}
			return &IntegerType{Width: w}
		}
	}
	p.fail("expected type, found %s", p.describe())
	return nil
}

// parseBangType parses an alias use `!name` or a dialect type kept verbatim.
func (p *parser) parseBangType() Type {
	if t, ok := p.typeAliases[p.text()[1:]]; ok {
		p.advance()
		return t
	}
	return &OpaqueType{Text: canonicalSparseLevels(canonicalQuant(p.dialectSymbolText()))}
}

// dialectSymbolText reads a dialect type `!dialect.name<...>` or attribute
// `#dialect.name<...>` and returns its text; a name without a dialect must
// have a body, or it is an undefined alias.
func (p *parser) dialectSymbolText() string {
	name := p.text()[1:]
	if strings.IndexByte(name, '.') < 0 && !p.nextByteIs('<') {
		p.fail("undefined symbol alias id '%s'", name)
	}
	start := p.tok.start
	p.advance()
	if p.is("<") && p.tok.start == p.lastEnd() {
		p.skipBalanced()
	}
	return string(p.src[start:p.lastEnd()])
}

// nextByteIs reports whether the byte right after the current token is c.
func (p *parser) nextByteIs(c byte) bool {
	return p.tok.end < len(p.src) && p.src[p.tok.end] == c
}

func (p *parser) parseFunctionType() *FunctionType {
	t := &FunctionType{}
	p.delimited("(", ")", func() { t.Inputs = append(t.Inputs, p.parseType()) })
	p.expect("->")
	t.Results = p.parseResultTypes()
	return t
}

// parseResultTypes parses a function result list: a bare type or a
// parenthesized, possibly empty list.
func (p *parser) parseResultTypes() []Type {
	if !p.is("(") {
		return []Type{p.parseType()}
	}
	// `(i32) -> i32` as a single result is a function type, not a list:
	// the list just read becomes its inputs (re-parsing it instead would
	// take time exponential in the nesting depth).
	var ts []Type
	p.delimited("(", ")", func() { ts = append(ts, p.parseType()) })
	if p.accept("->") {
		return []Type{&FunctionType{Inputs: ts, Results: p.parseResultTypes()}}
	}
	if ts == nil {
		ts = []Type{}
	}
	return ts
}

// parseTypeList parses `t (, t)*`.
func (p *parser) parseTypeList() []Type {
	var ts []Type
	p.commaList(func() { ts = append(ts, p.parseType()) })
	return ts
}

// parseShapedType parses tensor<...>, memref<...> and vector<...>. The
// dimension list is lexed by hand: `4x?xf32` is not a sequence of tokens.
func (p *parser) parseShapedType(kind string) Type {
	p.advance()
	if !p.is("<") {
		p.fail("expected '<' in %s type", kind)
	}
	p.lexer.pos = p.tok.end
	unranked := false
	var shape []int64
	var scalable []bool
	for {
		p.skipSpace()
		at := p.lexer.pos
		if at >= len(p.src) {
			break
		}
		c := p.src[at]
		dim, isScalable := int64(0), false
		switch {
		case c == '*' && kind != "vector":
			unranked = true
			p.lexer.pos++
		case c == '?' && kind != "vector":
			dim = Dynamic
			p.lexer.pos++
		case c == '[' && kind == "vector":
			isScalable = true
			p.lexer.pos++
			dim = p.rawInt()
			if p.lexer.pos >= len(p.src) || p.src[p.lexer.pos] != ']' {
				p.failAt(Pos(p.lexer.pos), "missing ']' closing scalable dimension")
			}
			p.lexer.pos++
		case isDigit(c):
			dim = p.rawInt()
		default:
			goto elem
		}
		p.skipSpace()
		if p.lexer.pos >= len(p.src) || p.src[p.lexer.pos] != 'x' {
			p.failAt(Pos(p.lexer.pos), "expected 'x' in dimension list")
		}
		p.lexer.pos++
		if unranked {
			goto elem
		}
		shape = append(shape, dim)
		scalable = append(scalable, isScalable)
	}
elem:
	p.skipTo(p.lexer.pos)
	el := p.parseType()
	if kind == "vector" {
		p.expect(">")
		t := &VectorType{Shape: shape, Elem: el}
		for _, s := range scalable {
			if s {
				t.Scalable = scalable
				break
			}
		}
		return t
	}
	var extra []Attribute
	for p.accept(",") {
		extra = append(extra, p.parseAttr())
	}
	p.expect(">")
	if kind == "tensor" {
		if unranked {
			if len(extra) > 0 {
				p.fail("unranked tensor has no encoding")
			}
			return &UnrankedTensorType{Elem: el}
		}
		t := &TensorType{Shape: shape, Elem: el}
		if len(extra) > 1 {
			p.fail("tensor type takes at most one encoding")
		}
		if len(extra) == 1 {
			t.Encoding = extra[0]
		}
		return t
	}
	if unranked {
		if len(extra) > 1 {
			p.fail("unranked memref takes at most a memory space")
		}
		t := &UnrankedMemRefType{Elem: el}
		if len(extra) == 1 {
			t.MemorySpace = typeSpace(extra[0])
		}
		return t
	}
	t := &MemRefType{Shape: shape, Elem: el}
	switch len(extra) {
	case 0:
	case 1:
		if isLayout(extra[0]) {
			t.Layout = typeLayout(extra[0])
		} else {
			t.MemorySpace = typeSpace(extra[0])
		}
	case 2:
		t.Layout, t.MemorySpace = typeLayout(extra[0]), typeSpace(extra[1])
	default:
		p.fail("memref type takes at most a layout and a memory space")
	}
	return t
}

// typeSpace is a as a memref type's memory space, nil for the integer 0:
// MLIR's memref types drop that default, so that memref<4xf32, 0> is
// memref<4xf32>.
func typeSpace(a Attribute) Attribute {
	if i, ok := a.(*IntegerAttr); ok && i.Text == "0" {
		return nil
	}
	return MemorySpace(a)
}

// typeLayout is a as a memref type's layout, nil for an identity affine
// map, which MLIR's memref types drop too.
func typeLayout(a Attribute) Attribute {
	if o, ok := a.(*OpaqueAttr); ok && isIdentityMap(o.Text) {
		return nil
	}
	return a
}

// isIdentityMap reports whether text is an affine map whose results are
// its dimensions in order: affine_map<(d0, d1)[s0] -> (d0, d1)>.
func isIdentityMap(text string) bool {
	body, ok := strings.CutPrefix(text, "affine_map<(")
	if !ok {
		return false
	}
	dims, rest, ok := strings.Cut(body, ")")
	if !ok {
		return false
	}
	if strings.HasPrefix(rest, "[") {
		if _, rest, ok = strings.Cut(rest, "]"); !ok {
			return false
		}
	}
	results, ok := strings.CutPrefix(strings.TrimSpace(rest), "-> (")
	if !ok || !strings.HasSuffix(results, ")>") {
		return false
	}
	results = strings.TrimSuffix(results, ")>")
	if strings.TrimSpace(dims) == "" {
		return strings.TrimSpace(results) == "" // affine_map<() -> ()>
	}
	ds, rs := strings.Split(dims, ","), strings.Split(results, ",")
	if len(ds) != len(rs) {
		return false
	}
	for i := range ds {
		if strings.TrimSpace(ds[i]) != strings.TrimSpace(rs[i]) {
			return false
		}
	}
	return true
}

// MemorySpace is attribute a as a memref type's memory space: an integer
// is an i64 there unless it says otherwise, so `1 : i64` is `1`, as
// MLIR prints it.
func MemorySpace(a Attribute) Attribute {
	if i, ok := a.(*IntegerAttr); ok && i.Type != nil && TypesEqual(i.Type, I64) {
		return &IntegerAttr{Text: i.Text}
	}
	return a
}

func isLayout(a Attribute) bool {
	o, ok := a.(*OpaqueAttr)
	return ok && (strings.HasPrefix(o.Text, "strided<") || strings.HasPrefix(o.Text, "affine_map<"))
}

// rawInt reads a decimal integer at the byte cursor.
func (p *parser) rawInt() int64 {
	start := p.lexer.pos
	for p.lexer.pos < len(p.src) && isDigit(p.src[p.lexer.pos]) {
		p.lexer.pos++
	}
	v, err := strconv.ParseInt(string(p.src[start:p.lexer.pos]), 10, 64)
	if err != nil {
		p.failAt(Pos(start), "invalid dimension")
	}
	return v
}

// skipBalanced consumes the bracketed text starting at the current token
// (one of `( [ { <`) up to its matching close, then lexes the next token.
// A `>` that is part of `->`, or that appears inside parentheses or square
// brackets (`d0 >= 0` in an affine set) does not close anything.
func (p *parser) skipBalanced() {
	i := p.tok.start
	var stack []byte
	for i < len(p.src) {
		c := p.src[i]
		switch c {
		case '"':
			j := i + 1
			for j < len(p.src) && p.src[j] != '"' {
				if p.src[j] == '\\' {
					j++
				}
				j++
			}
			i = j
		case '(', '[', '{', '<':
			stack = append(stack, c)
		case ')', ']', '}':
			open := map[byte]byte{')': '(', ']': '[', '}': '{'}[c]
			for len(stack) > 0 && stack[len(stack)-1] == '<' && open != '<' {
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 || stack[len(stack)-1] != open {
				p.failAt(Pos(i), "unbalanced '%c'", c)
			}
			stack = stack[:len(stack)-1]
		case '>':
			if i > 0 && p.src[i-1] == '-' {
				break
			}
			if len(stack) > 0 && stack[len(stack)-1] == '<' {
				stack = stack[:len(stack)-1]
			}
		}
		i++
		if len(stack) == 0 {
			p.skipTo(i)
			return
		}
	}
	p.failAt(Pos(p.tok.start), "unbalanced '%c'", p.src[p.tok.start])
}

// --- attributes ---

// parseAttr parses an attribute; literals take an optional `: type`.
func (p *parser) parseAttr() Attribute { return p.parseAttrWith(true) }

// parseAttrNoType parses an attribute whose type the context supplies, so a
// following `:` belongs to the enclosing syntax.
func (p *parser) parseAttrNoType() Attribute { return p.parseAttrWith(false) }

func (p *parser) parseAttrWith(typed bool) Attribute {
	defer p.nest()()
	switch p.tok.kind {
	case tString:
		s, ok := unquote(p.src[p.tok.start:p.tok.end])
		if !ok {
			p.fail("invalid escape in string literal")
		}
		p.advance()
		a := &StringAttr{Value: s}
		if typed && p.accept(":") {
			a.Type = p.parseType()
		}
		return a
	case tInt, tFloat:
		return p.parseNumberAttr(false, typed)
	case tAt:
		return p.parseSymbolRef()
	case tHash:
		return p.parseHashAttr()
	case tPunct:
		switch {
		case p.is("-"):
			p.advance()
			if p.tok.kind != tInt && p.tok.kind != tFloat {
				p.fail("expected integer or float after '-'")
			}
			return p.parseNumberAttr(true, typed)
		case p.is("["):
			a := &ArrayAttr{}
			p.delimited("[", "]", func() { a.Elems = append(a.Elems, p.parseAttr()) })
			return a
		case p.is("{"):
			return p.parseDict()
		}
	case tBare:
		switch p.text() {
		case "true", "false":
			v := p.text() == "true"
			p.advance()
			return BoolAttr{Value: v}
		case "unit":
			p.advance()
			return UnitAttr{}
		case "array":
			return p.parseDenseArray()
		case "dense":
			p.advance()
			start := p.tok.start
			if !p.is("<") {
				p.fail("expected '<' after 'dense'")
			}
			p.skipBalanced()
			body := strings.TrimSpace(string(p.src[start+1 : p.lastEnd()-1]))
			a := &DenseElementsAttr{Body: body}
			if typed {
				p.expect(":")
				a.Type = p.parseType()
			}
			return a
		case "dense_resource", "sparse", "opaque", "affine_map", "affine_set", "strided", "distinct":
			return p.parseVerbatimAttr(typed)
		case "loc":
			return p.parseLocation()
		}
	}
	if p.isTypeStart() {
		return &TypeAttr{Type: p.parseType()}
	}
	p.fail("expected attribute value, found %s", p.describe())
	return nil
}

// parseVerbatimAttr keeps keyword-introduced literals (`affine_map<...>`,
// `distinct[0]<...>`, `dense_resource<x> : t`) as text.
func (p *parser) parseVerbatimAttr(typed bool) Attribute {
	start := p.tok.start
	kw := p.text()
	p.advance()
	if kw == "distinct" {
		if !p.is("[") {
			p.fail("expected '[' after 'distinct'")
		}
		p.skipBalanced()
	}
	if !p.is("<") {
		p.fail("expected '<' after '%s'", kw)
	}
	p.skipBalanced()
	if typed && (kw == "dense_resource" || kw == "sparse" || kw == "opaque") && p.accept(":") {
		p.parseType()
	}
	return &OpaqueAttr{Text: string(p.src[start:p.lastEnd()])}
}

func (p *parser) parseNumberAttr(neg, typed bool) Attribute {
	text := p.text()
	if neg {
		text = "-" + text
	}
	isFloat := p.tok.kind == tFloat
	p.advance()
	var t Type
	if typed && p.accept(":") {
		t = p.parseType()
	}
	if _, isF := t.(*FloatType); isFloat || isF {
		return &FloatAttr{Text: text, Type: t}
	}
	return &IntegerAttr{Text: text, Type: t}
}

func (p *parser) symbolName() string {
	if p.tok.kind != tAt {
		p.fail("expected symbol name, found %s", p.describe())
	}
	s := p.text()[1:]
	if strings.HasPrefix(s, `"`) {
		var ok bool
		if s, ok = unquote([]byte(s)); !ok {
			p.fail("invalid escape in symbol name")
		}
	}
	p.advance()
	return s
}

func (p *parser) parseSymbolRef() *SymbolRefAttr {
	a := &SymbolRefAttr{Root: p.symbolName()}
	for p.is(":") && p.nextByteIs(':') {
		p.advance()
		p.expect(":")
		a.Nested = append(a.Nested, p.symbolName())
	}
	return a
}

// parseHashAttr parses an alias use `#name` or a dialect attribute, kept
// verbatim.
func (p *parser) parseHashAttr() Attribute {
	if a, ok := p.attrAliases[p.text()[1:]]; ok && !p.nextByteIs('<') {
		p.advance()
		return a
	}
	text := p.dialectSymbolText()
	// As MLIR's attribute parser, take an optional `: type` after a
	// dialect attribute as its type (`#ml_program.extern : i32`); the
	// attributes that have none drop it when MLIR reads them.
	if p.accept(":") {
		text += " : " + p.parseType().String()
	}
	return &OpaqueAttr{Text: text}
}

func (p *parser) parseDenseArray() Attribute {
	p.advance()
	p.expect("<")
	a := &DenseArrayAttr{Elem: p.parseType()}
	if p.accept(":") {
		p.commaList(func() {
			neg := p.accept("-")
			if p.tok.kind != tInt && p.tok.kind != tFloat && !p.isKeyword("true") && !p.isKeyword("false") {
				p.fail("expected integer or float in dense array, found %s", p.describe())
			}
			v := p.text()
			if neg {
				v = "-" + v
			}
			a.Values = append(a.Values, v)
			p.advance()
		})
	}
	p.expect(">")
	return a
}

// parseDict parses `{name = value, flag, "quoted name" = value}`.
func (p *parser) parseDict() *DictAttr { return p.parseDictWith(nil) }

// parseDictWith is parseDict where the entries named in keywords may
// have a bare keyword for a value: the enum attribute keywords[name]<kw>,
// as TOSA's ops write their modes.
func (p *parser) parseDictWith(keywords map[string]string) *DictAttr {
	d := &DictAttr{}
	p.delimited("{", "}", func() {
		var name string
		switch p.tok.kind {
		case tBare:
			name, _ = p.internTok()
		case tString:
			var ok bool
			if name, ok = p.internTok(); !ok {
				p.fail("invalid escape in attribute name")
			}
		default:
			p.fail("expected attribute name, found %s", p.describe())
		}
		namePos := p.pos()
		p.advance()
		if d.Get(name) != nil {
			p.failAt(namePos, "duplicate key '%s' in dictionary attribute", name)
		}
		var v Attribute = UnitAttr{}
		if p.accept("=") {
			if prefix, ok := keywords[name]; ok && p.tok.kind == tBare {
				v = &OpaqueAttr{Text: prefix + "<" + p.keyword() + ">"}
			} else {
				v = p.parseAttr()
			}
		}
		d.Entries = append(d.Entries, NamedAttr{name, v})
	})
	return d
}
