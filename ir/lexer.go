package ir

// tokKind classifies a token of MLIR's textual syntax.
type tokKind uint8

const (
	tEOF     tokKind = iota
	tBare            // bare identifier or keyword: func.func, tensor, x
	tPercent         // %name or %name#3 (value use)
	tCaret           // ^bb0
	tHash            // #alias or #dialect.attr
	tBang            // !alias or !dialect.type
	tAt              // @symbol or @"quoted symbol"
	tInt             // 42, 0x2A
	tFloat           // 1.5, 1e3
	tString          // "..."
	tPunct           // ( ) [ ] { } < > , : = -> ? * + - {-# #-} ...
	tError           // a character that starts no token
)

// token is a span of the source; its text is src[start:end].
type token struct {
	kind       tokKind
	start, end int
}

// lexer turns source bytes into tokens on demand. Parsers that need
// MLIR's context-sensitive lexing (dimension lists such as `4x?xf32`, or the
// verbatim bodies of dialect attributes) read bytes directly from pos.
type lexer struct {
	src []byte
	pos int
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// isSuffixChar reports whether c may continue a bare or prefixed identifier.
func isSuffixChar(c byte) bool {
	return isLetter(c) || isDigit(c) || c == '_' || c == '$' || c == '.' || c == '-'
}

// skipSpace skips white space and `//` comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			l.pos++
		case c == '/' && l.pos+1 < len(l.src) && l.src[l.pos+1] == '/':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				l.pos++
			}
		default:
			return
		}
	}
}

func (l *lexer) next() token {
	l.skipSpace()
	start := l.pos
	if l.pos >= len(l.src) {
		return token{tEOF, start, start}
	}
	c := l.src[l.pos]
	tok := func(k tokKind) token { return token{k, start, l.pos} }
	switch {
	case isLetter(c) || c == '_':
		l.pos++
		for l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos]) || l.src[l.pos] == '_' || l.src[l.pos] == '$' || l.src[l.pos] == '.') {
			l.pos++
		}
		return tok(tBare)
	case isDigit(c):
		return l.number()
	case c == '"':
		return l.str()
	case c == '%' || c == '^':
		l.pos++
		if !l.suffixID() {
			return tok(tError)
		}
		if c == '%' && l.pos+1 < len(l.src) && l.src[l.pos] == '#' && isDigit(l.src[l.pos+1]) {
			l.pos++
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
		if c == '%' {
			return tok(tPercent)
		}
		return tok(tCaret)
	case c == '#':
		if l.pos+2 < len(l.src) && l.src[l.pos+1] == '-' && l.src[l.pos+2] == '}' {
			l.pos += 3
			return tok(tPunct)
		}
		l.pos++
		if !l.suffixID() {
			return tok(tError)
		}
		return tok(tHash)
	case c == '!':
		l.pos++
		if !l.suffixID() {
			return tok(tError)
		}
		return tok(tBang)
	case c == '@':
		l.pos++
		if l.pos < len(l.src) && l.src[l.pos] == '"' {
			if t := l.str(); t.kind == tError {
				return t
			}
			return tok(tAt)
		}
		if l.pos >= len(l.src) || !(isLetter(l.src[l.pos]) || l.src[l.pos] == '_') {
			return tok(tError)
		}
		for l.pos < len(l.src) && (isLetter(l.src[l.pos]) || isDigit(l.src[l.pos]) || l.src[l.pos] == '_' || l.src[l.pos] == '$' || l.src[l.pos] == '.') {
			l.pos++
		}
		return tok(tAt)
	case c == '-':
		l.pos++
		if l.pos < len(l.src) && l.src[l.pos] == '>' {
			l.pos++
		}
		return tok(tPunct)
	case c == '{':
		l.pos++
		if l.pos+1 < len(l.src) && l.src[l.pos] == '-' && l.src[l.pos+1] == '#' {
			l.pos += 2
		}
		return tok(tPunct)
	case c == '.':
		if l.pos+2 < len(l.src) && l.src[l.pos+1] == '.' && l.src[l.pos+2] == '.' {
			l.pos += 3
			return tok(tPunct)
		}
		l.pos++
		return tok(tError)
	case c == '(' || c == ')' || c == '[' || c == ']' || c == '}' || c == '<' || c == '>' ||
		c == ',' || c == ':' || c == '=' || c == '?' || c == '*' || c == '+' || c == '|':
		l.pos++
		return tok(tPunct)
	}
	l.pos++
	return tok(tError)
}

// suffixID consumes the identifier after a %, ^, # or ! sigil.
func (l *lexer) suffixID() bool {
	start := l.pos
	if l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
			l.pos++
		}
		return true
	}
	for l.pos < len(l.src) && isSuffixChar(l.src[l.pos]) {
		l.pos++
	}
	return l.pos > start
}

func (l *lexer) number() token {
	start := l.pos
	if l.src[l.pos] == '0' && l.pos+2 < len(l.src) && l.src[l.pos+1] == 'x' && isHex(l.src[l.pos+2]) {
		l.pos += 2
		for l.pos < len(l.src) && isHex(l.src[l.pos]) {
			l.pos++
		}
		return token{tInt, start, l.pos}
	}
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos >= len(l.src) || l.src[l.pos] != '.' {
		return token{tInt, start, l.pos}
	}
	l.pos++
	for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
		l.pos++
	}
	if l.pos < len(l.src) && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
		p := l.pos + 1
		if p < len(l.src) && (l.src[p] == '+' || l.src[p] == '-') {
			p++
		}
		if p < len(l.src) && isDigit(l.src[p]) {
			l.pos = p
			for l.pos < len(l.src) && isDigit(l.src[l.pos]) {
				l.pos++
			}
		}
	}
	return token{tFloat, start, l.pos}
}

// str consumes a string literal; an unterminated one is an error token.
func (l *lexer) str() token {
	start := l.pos
	l.pos++
	for l.pos < len(l.src) {
		switch l.src[l.pos] {
		case '"':
			l.pos++
			return token{tString, start, l.pos}
		case '\\':
			l.pos += 2
		case '\n':
			return token{tError, start, l.pos}
		default:
			l.pos++
		}
	}
	l.pos = len(l.src)
	return token{tError, start, l.pos}
}

// unquote decodes the body of a string literal token (quotes included).
func unquote(s []byte) (string, bool) {
	s = s[1 : len(s)-1]
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		i++
		if i >= len(s) {
			return "", false
		}
		switch s[i] {
		case '"', '\\':
			out = append(out, s[i])
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		default:
			if i+1 >= len(s) || !isHex(s[i]) || !isHex(s[i+1]) {
				return "", false
			}
			out = append(out, hexVal(s[i])<<4|hexVal(s[i+1]))
			i++
		}
	}
	return string(out), true
}

func hexVal(c byte) byte {
	switch {
	case isDigit(c):
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
