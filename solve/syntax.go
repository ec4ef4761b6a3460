package solve

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/google/mangle/ast"
	"github.com/google/mangle/parse"
)

// Syntax trees stored ahead of time. Mangle's parser takes most of the
// time of a compile (about 60 of the built-in files' 90 ms here), and the
// built-in files are the same on every run: a generator (package rules)
// parses them when the project is built and stores their trees, which
// Parse reads instead of parsing a text again. A tree is used only for
// the text it was made from, whose SHA-256 it keeps: a file edited since
// is parsed as any other.

// Syntax is the stored syntax tree of one rule file (Source.Syntax).
type Syntax struct {
	sum  [sha256.Size]byte
	tree []byte // its strings table and the tree, as syntaxWriter.bytes writes them
}

// syntaxMagic starts an encoding of trees; its digit changes with the
// encoding.
const syntaxMagic = "bufferlog-syntax-1\n"

// EncodeSyntax parses the sources and returns their trees, by name, in
// the form DecodeSyntax reads.
func EncodeSyntax(srcs ...Source) ([]byte, error) {
	out := []byte(syntaxMagic)
	out = binary.AppendUvarint(out, uint64(len(srcs)))
	for _, src := range srcs {
		unit, err := parse.Unit(strings.NewReader(src.Text))
		if err != nil {
			return nil, parseError(src.Name, err)
		}
		var w syntaxWriter
		if err := w.unit(unit); err != nil {
			return nil, fmt.Errorf("%s: %v", src.Name, err)
		}
		sum := sha256.Sum256([]byte(src.Text))
		out = appendString(out, src.Name)
		out = append(out, sum[:]...)
		out = appendString(out, w.bytes())
	}
	return out, nil
}

// DecodeSyntax returns the trees EncodeSyntax stored, by source name.
// The trees themselves are decoded when Parse reads them.
func DecodeSyntax(data []byte) (map[string]*Syntax, error) {
	r := syntaxReader{data: data}
	if !bytes.HasPrefix(data, []byte(syntaxMagic)) {
		return nil, errors.New("not stored syntax trees (or of another encoding)")
	}
	r.data = r.data[len(syntaxMagic):]
	n := r.uint()
	out := make(map[string]*Syntax, min(n, 1024))
	for range n {
		name := r.text()
		s := &Syntax{}
		copy(s.sum[:], r.bytes(sha256.Size))
		s.tree = r.bytes(r.uint())
		if r.err != nil {
			break
		}
		out[name] = s
	}
	if r.err == nil && len(r.data) > 0 {
		r.err = errors.New("trailing bytes")
	}
	if r.err != nil {
		return nil, fmt.Errorf("stored syntax trees: %v", r.err)
	}
	return out, nil
}

// unit returns the tree of text, if s was made from it and decodes.
func (s *Syntax) unit(text string) (parse.SourceUnit, bool) {
	if s == nil || sha256.Sum256([]byte(text)) != s.sum {
		return parse.SourceUnit{}, false
	}
	r := syntaxReader{data: s.tree}
	if n, ok := r.length(); ok {
		r.strings = make([]string, n)
		for i := range r.strings {
			r.strings[i] = r.text()
		}
	}
	unit := r.unit()
	if r.err != nil || len(r.data) > 0 {
		return parse.SourceUnit{}, false
	}
	return unit, true
}

// The encoding: unsigned varints, strings as a length and bytes, a slice
// as its length plus one (zero for nil: the trees must be equal to the
// parser's, nil slices included), a term as a kind byte and its fields.

const (
	kindConstant byte = iota + 1
	kindVariable
	kindApply
	kindAtom
	kindNegAtom
	kindEq
	kindIneq
)

// syntaxWriter writes a tree; each string is written once, in a table
// ahead of the tree, which refers to it by its number.
type syntaxWriter struct {
	buf     []byte
	strings []string
	number  map[string]int
}

// appendString appends s with its length ahead.
func appendString[S string | []byte](b []byte, s S) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func (w *syntaxWriter) uint(n int) { w.buf = binary.AppendUvarint(w.buf, uint64(n)) }

func (w *syntaxWriter) string(s string) {
	n, ok := w.number[s]
	if !ok {
		if w.number == nil {
			w.number = map[string]int{}
		}
		n = len(w.strings)
		w.number[s] = n
		w.strings = append(w.strings, s)
	}
	w.uint(n)
}

// bytes returns the strings table, written as a slice, and the tree.
func (w *syntaxWriter) bytes() []byte {
	out := binary.AppendUvarint(nil, uint64(len(w.strings)+1))
	for _, s := range w.strings {
		out = appendString(out, s)
	}
	return append(out, w.buf...)
}

// length writes the length of a slice that is nil or not.
func (w *syntaxWriter) length(n int, isNil bool) {
	if isNil {
		w.uint(0)
		return
	}
	w.uint(n + 1)
}

func (w *syntaxWriter) unit(u parse.SourceUnit) error {
	w.length(len(u.Decls), u.Decls == nil)
	for _, d := range u.Decls {
		if err := w.decl(d); err != nil {
			return err
		}
	}
	w.length(len(u.Clauses), u.Clauses == nil)
	for _, c := range u.Clauses {
		if err := w.clause(c); err != nil {
			return err
		}
	}
	return nil
}

func (w *syntaxWriter) decl(d ast.Decl) error {
	if err := w.atom(d.DeclaredAtom); err != nil {
		return err
	}
	if err := w.atoms(d.Descr); err != nil {
		return err
	}
	w.length(len(d.Bounds), d.Bounds == nil)
	for _, b := range d.Bounds {
		if err := w.baseTerms(b.Bounds); err != nil {
			return err
		}
	}
	if d.Constraints == nil {
		w.uint(0)
		return nil
	}
	w.uint(1)
	if err := w.atoms(d.Constraints.Consequences); err != nil {
		return err
	}
	w.length(len(d.Constraints.Alternatives), d.Constraints.Alternatives == nil)
	for _, alt := range d.Constraints.Alternatives {
		if err := w.atoms(alt); err != nil {
			return err
		}
	}
	return nil
}

func (w *syntaxWriter) clause(c ast.Clause) error {
	if err := w.atom(c.Head); err != nil {
		return err
	}
	w.length(len(c.Premises), c.Premises == nil)
	for _, p := range c.Premises {
		if err := w.term(p); err != nil {
			return err
		}
	}
	for t := c.Transform; ; t = t.Next {
		if t == nil {
			w.uint(0)
			return nil
		}
		w.uint(1)
		w.length(len(t.Statements), t.Statements == nil)
		for _, st := range t.Statements {
			if st.Var == nil {
				w.uint(0)
			} else {
				w.uint(1)
				w.string(st.Var.Symbol)
			}
			if err := w.apply(st.Fn); err != nil {
				return err
			}
		}
	}
}

func (w *syntaxWriter) atoms(as []ast.Atom) error {
	w.length(len(as), as == nil)
	for _, a := range as {
		if err := w.atom(a); err != nil {
			return err
		}
	}
	return nil
}

func (w *syntaxWriter) atom(a ast.Atom) error {
	w.string(a.Predicate.Symbol)
	w.uint(a.Predicate.Arity)
	return w.baseTerms(a.Args)
}

func (w *syntaxWriter) baseTerms(ts []ast.BaseTerm) error {
	w.length(len(ts), ts == nil)
	for _, t := range ts {
		if err := w.term(t); err != nil {
			return err
		}
	}
	return nil
}

func (w *syntaxWriter) apply(f ast.ApplyFn) error {
	w.string(f.Function.Symbol)
	w.uint(f.Function.Arity)
	return w.baseTerms(f.Args)
}

func (w *syntaxWriter) term(t ast.Term) error {
	switch t := t.(type) {
	case ast.Constant:
		switch t.Type {
		case ast.NameType, ast.StringType, ast.BytesType, ast.NumberType, ast.Float64Type:
		default:
			// Pairs, lists, maps and structs keep their parts in fields
			// only Mangle can set.
			return fmt.Errorf("constant %v: only scalar constants are stored", t)
		}
		w.buf = append(w.buf, kindConstant)
		w.uint(int(t.Type))
		w.string(t.Symbol)
		w.buf = binary.AppendVarint(w.buf, t.NumValue)
	case ast.Variable:
		w.buf = append(w.buf, kindVariable)
		w.string(t.Symbol)
	case ast.ApplyFn:
		w.buf = append(w.buf, kindApply)
		return w.apply(t)
	case ast.Atom:
		w.buf = append(w.buf, kindAtom)
		return w.atom(t)
	case ast.NegAtom:
		w.buf = append(w.buf, kindNegAtom)
		return w.atom(t.Atom)
	case ast.Eq:
		w.buf = append(w.buf, kindEq)
		return w.pair(t.Left, t.Right)
	case ast.Ineq:
		w.buf = append(w.buf, kindIneq)
		return w.pair(t.Left, t.Right)
	default:
		return fmt.Errorf("term %v (%T) is not stored", t, t)
	}
	return nil
}

func (w *syntaxWriter) pair(l, r ast.BaseTerm) error {
	if err := w.term(l); err != nil {
		return err
	}
	return w.term(r)
}

// syntaxReader decodes what syntaxWriter wrote; the first malformed
// field sets err, and every read after it returns zero values.
type syntaxReader struct {
	data    []byte
	strings []string // of the tree being read
	err     error
}

func (r *syntaxReader) fail(what string) {
	if r.err == nil {
		r.err = fmt.Errorf("malformed %s", what)
	}
	r.data = nil
}

func (r *syntaxReader) uint() int {
	v, n := binary.Uvarint(r.data)
	if n <= 0 || v > math.MaxInt32 {
		r.fail("number")
		return 0
	}
	r.data = r.data[n:]
	return int(v)
}

func (r *syntaxReader) int64() int64 {
	v, n := binary.Varint(r.data)
	if n <= 0 {
		r.fail("number")
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *syntaxReader) bytes(n int) []byte {
	if n > len(r.data) {
		r.fail("string")
		return nil
	}
	b := r.data[:n]
	r.data = r.data[n:]
	return b
}

// text reads a string written whole (appendString).
func (r *syntaxReader) text() string { return string(r.bytes(r.uint())) }

// string reads a string of the tree's table.
func (r *syntaxReader) string() string {
	n := r.uint()
	if n >= len(r.strings) {
		r.fail("string number")
		return ""
	}
	return r.strings[n]
}

func (r *syntaxReader) byte() byte {
	if len(r.data) == 0 {
		r.fail("term")
		return 0
	}
	b := r.data[0]
	r.data = r.data[1:]
	return b
}

// length reads a slice's length; ok is false for a nil slice. A length
// longer than the bytes left is malformed (every element takes one).
func (r *syntaxReader) length() (n int, ok bool) {
	n = r.uint() - 1
	if n > len(r.data) {
		r.fail("length")
		return 0, false
	}
	return n, n >= 0
}

func (r *syntaxReader) unit() parse.SourceUnit {
	var u parse.SourceUnit
	if n, ok := r.length(); ok {
		u.Decls = make([]ast.Decl, n)
		for i := range u.Decls {
			u.Decls[i] = r.decl()
		}
	}
	if n, ok := r.length(); ok {
		u.Clauses = make([]ast.Clause, n)
		for i := range u.Clauses {
			u.Clauses[i] = r.clause()
		}
	}
	return u
}

func (r *syntaxReader) decl() ast.Decl {
	d := ast.Decl{DeclaredAtom: r.atom(), Descr: r.atoms()}
	if n, ok := r.length(); ok {
		d.Bounds = make([]ast.BoundDecl, n)
		for i := range d.Bounds {
			d.Bounds[i].Bounds = r.baseTerms()
		}
	}
	if r.uint() == 1 {
		c := &ast.InclusionConstraint{Consequences: r.atoms()}
		if n, ok := r.length(); ok {
			c.Alternatives = make([][]ast.Atom, n)
			for i := range c.Alternatives {
				c.Alternatives[i] = r.atoms()
			}
		}
		d.Constraints = c
	}
	return d
}

func (r *syntaxReader) clause() ast.Clause {
	c := ast.Clause{Head: r.atom()}
	if n, ok := r.length(); ok {
		c.Premises = make([]ast.Term, n)
		for i := range c.Premises {
			c.Premises[i] = r.term()
		}
	}
	for next := &c.Transform; r.uint() == 1 && r.err == nil; next = &(*next).Next {
		t := &ast.Transform{}
		if n, ok := r.length(); ok {
			t.Statements = make([]ast.TransformStmt, n)
			for i := range t.Statements {
				if r.uint() == 1 {
					t.Statements[i].Var = &ast.Variable{Symbol: r.string()}
				}
				t.Statements[i].Fn = r.apply()
			}
		}
		*next = t
	}
	return c
}

func (r *syntaxReader) atoms() []ast.Atom {
	n, ok := r.length()
	if !ok {
		return nil
	}
	as := make([]ast.Atom, n)
	for i := range as {
		as[i] = r.atom()
	}
	return as
}

func (r *syntaxReader) atom() ast.Atom {
	return ast.Atom{Predicate: ast.PredicateSym{Symbol: r.string(), Arity: r.uint()}, Args: r.baseTerms()}
}

func (r *syntaxReader) baseTerms() []ast.BaseTerm {
	n, ok := r.length()
	if !ok {
		return nil
	}
	ts := make([]ast.BaseTerm, n)
	for i := range ts {
		t, isBase := r.term().(ast.BaseTerm)
		if !isBase {
			r.fail("argument")
			return nil
		}
		ts[i] = t
	}
	return ts
}

func (r *syntaxReader) apply() ast.ApplyFn {
	return ast.ApplyFn{Function: ast.FunctionSym{Symbol: r.string(), Arity: r.uint()}, Args: r.baseTerms()}
}

func (r *syntaxReader) term() ast.Term {
	switch r.byte() {
	case kindConstant:
		return ast.Constant{Type: ast.ConstantType(r.uint()), Symbol: r.string(), NumValue: r.int64()}
	case kindVariable:
		return ast.Variable{Symbol: r.string()}
	case kindApply:
		return r.apply()
	case kindAtom:
		return r.atom()
	case kindNegAtom:
		return ast.NegAtom{Atom: r.atom()}
	case kindEq:
		return ast.Eq{Left: r.baseTerm(), Right: r.baseTerm()}
	case kindIneq:
		return ast.Ineq{Left: r.baseTerm(), Right: r.baseTerm()}
	}
	r.fail("term")
	return ast.Variable{}
}

func (r *syntaxReader) baseTerm() ast.BaseTerm {
	if t, ok := r.term().(ast.BaseTerm); ok {
		return t
	}
	r.fail("argument")
	return ast.Variable{}
}
