package ir

import (
	"strconv"
)

// Attribute is an MLIR attribute. Like types, attributes are immutable.
type Attribute interface {
	writeAttr(b *buffer)
	String() string
}

// IntegerAttr is an integer literal with its type (`4 : i32`); Text is the
// literal as written (decimal or hex, possibly negative). A nil Type means
// the default i64, which MLIR prints without a type.
type IntegerAttr struct {
	Text string
	Type Type
}

// FloatAttr is a float literal with its type (`1.5 : f32`, `0x7FC00000 : f32`).
type FloatAttr struct {
	Text string
	Type Type
}

// BoolAttr is `true` or `false`.
type BoolAttr struct{ Value bool }

// StringAttr is a string literal; Value is unescaped. Type is nil unless the
// literal carried one (`"x" : i32`).
type StringAttr struct {
	Value string
	Type  Type
}

// UnitAttr is `unit`, or a dictionary entry with no value.
type UnitAttr struct{}

// ArrayAttr is `[a, b, ...]`.
type ArrayAttr struct{ Elems []Attribute }

// NamedAttr is one entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// DictAttr is `{name = value, ...}`; entries keep their written order.
type DictAttr struct{ Entries []NamedAttr }

// DenseArrayAttr is `array<i64: 1, 2>`; values are kept as written.
type DenseArrayAttr struct {
	Elem   Type
	Values []string
}

// TypeAttr wraps a type used as an attribute value.
type TypeAttr struct{ Type Type }

// SymbolRefAttr is `@root::@nested...`; names are unescaped.
type SymbolRefAttr struct {
	Root   string
	Nested []string
}

// DenseElementsAttr is `dense<body> : type`; Body is the text between the
// angle brackets, as written (splat, nested lists or a hex string).
type DenseElementsAttr struct {
	Body string
	Type Type
}

// OpaqueAttr is any other attribute kept verbatim: dialect attributes
// (`#arith.fastmath<fast>`), affine maps and sets, strided layouts,
// dense_resource and sparse literals, locations. Typed literals such as
// `dense_resource<x> : tensor<4xf32>` include their type in Text.
type OpaqueAttr struct{ Text string }

func (a *IntegerAttr) writeAttr(b *buffer) {
	b.str(a.Text)
	if a.Type != nil {
		b.str(" : ")
		a.Type.writeType(b)
	}
}
func (a *FloatAttr) writeAttr(b *buffer) {
	b.str(a.Text)
	if a.Type != nil {
		b.str(" : ")
		a.Type.writeType(b)
	}
}
func (a BoolAttr) writeAttr(b *buffer) {
	if a.Value {
		b.str("true")
	} else {
		b.str("false")
	}
}
func (a *StringAttr) writeAttr(b *buffer) {
	writeQuoted(b, a.Value)
	if a.Type != nil {
		b.str(" : ")
		a.Type.writeType(b)
	}
}
func (UnitAttr) writeAttr(b *buffer) { b.str("unit") }
func (a *ArrayAttr) writeAttr(b *buffer) {
	b.ch('[')
	for i, e := range a.Elems {
		if i > 0 {
			b.str(", ")
		}
		e.writeAttr(b)
	}
	b.ch(']')
}
func (a *DictAttr) writeAttr(b *buffer) {
	b.ch('{')
	writeNamedAttrs(b, a.Entries)
	b.ch('}')
}
func (a *DenseArrayAttr) writeAttr(b *buffer) {
	b.str("array<")
	a.Elem.writeType(b)
	for i, v := range a.Values {
		if i == 0 {
			b.str(": ")
		} else {
			b.str(", ")
		}
		b.str(v)
	}
	b.ch('>')
}
func (a *TypeAttr) writeAttr(b *buffer) { a.Type.writeType(b) }
func (a *SymbolRefAttr) writeAttr(b *buffer) {
	writeSymbol(b, a.Root)
	for _, n := range a.Nested {
		b.str("::")
		writeSymbol(b, n)
	}
}
func (a *DenseElementsAttr) writeAttr(b *buffer) {
	b.str("dense<")
	b.str(a.Body)
	b.str("> : ")
	a.Type.writeType(b)
}
func (a *OpaqueAttr) writeAttr(b *buffer) { b.str(a.Text) }

func (a *IntegerAttr) String() string       { return attrString(a) }
func (a *FloatAttr) String() string         { return attrString(a) }
func (a BoolAttr) String() string           { return attrString(a) }
func (a *StringAttr) String() string        { return attrString(a) }
func (UnitAttr) String() string             { return "unit" }
func (a *ArrayAttr) String() string         { return attrString(a) }
func (a *DictAttr) String() string          { return attrString(a) }
func (a *DenseArrayAttr) String() string    { return attrString(a) }
func (a *TypeAttr) String() string          { return attrString(a) }
func (a *SymbolRefAttr) String() string     { return attrString(a) }
func (a *DenseElementsAttr) String() string { return attrString(a) }
func (a *OpaqueAttr) String() string        { return a.Text }

func attrString(a Attribute) string {
	var b buffer
	a.writeAttr(&b)
	return b.String()
}

func writeNamedAttrs(b *buffer, entries []NamedAttr) {
	for i, e := range entries {
		if i > 0 {
			b.str(", ")
		}
		writeAttrName(b, e.Name)
		if _, unit := e.Value.(UnitAttr); unit {
			continue
		}
		b.str(" = ")
		e.Value.writeAttr(b)
	}
}

// writeAttrName prints a dictionary key bare when it is a valid bare
// identifier and quoted otherwise.
func writeAttrName(b *buffer, name string) {
	if isBareIdent(name) {
		b.str(name)
	} else {
		writeQuoted(b, name)
	}
}

func writeSymbol(b *buffer, name string) {
	b.ch('@')
	if isBareIdent(name) {
		b.str(name)
	} else {
		writeQuoted(b, name)
	}
}

func isBareIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if isLetter(c) || c == '_' || (i > 0 && (isDigit(c) || c == '$' || c == '.')) {
			continue
		}
		return false
	}
	return true
}

// writeQuoted prints s as an MLIR string literal: printable ASCII as is,
// quotes and backslashes escaped, everything else as \XX hex.
func writeQuoted(b *buffer, s string) {
	const hex = "0123456789ABCDEF"
	b.ch('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.ch('\\')
			b.ch(c)
		case c == '\n':
			b.str(`\n`)
		case c == '\t':
			b.str(`\t`)
		case c >= 0x20 && c < 0x7f:
			b.ch(c)
		default:
			b.ch('\\')
			b.ch(hex[c>>4])
			b.ch(hex[c&15])
		}
	}
	b.ch('"')
}

// Get returns the value of the named entry, or nil.
func (a *DictAttr) Get(name string) Attribute {
	if a == nil {
		return nil
	}
	for _, e := range a.Entries {
		if e.Name == name {
			return e.Value
		}
	}
	return nil
}

// Set replaces the named entry or appends it.
func (a *DictAttr) Set(name string, v Attribute) {
	for i := range a.Entries {
		if a.Entries[i].Name == name {
			a.Entries[i].Value = v
			return
		}
	}
	a.Entries = append(a.Entries, NamedAttr{name, v})
}

// Delete removes the named entry if present.
func (a *DictAttr) Delete(name string) {
	for i := range a.Entries {
		if a.Entries[i].Name == name {
			a.Entries = append(a.Entries[:i], a.Entries[i+1:]...)
			return
		}
	}
}

// Len returns the number of entries; a nil dictionary is empty.
func (a *DictAttr) Len() int {
	if a == nil {
		return 0
	}
	return len(a.Entries)
}

// Int64 returns the attribute's value as an int64 when it is a decimal or
// hex integer literal that fits.
func (a *IntegerAttr) Int64() (int64, bool) {
	v, err := strconv.ParseInt(a.Text, 0, 64)
	if err != nil {
		u, uerr := strconv.ParseUint(a.Text, 0, 64)
		if uerr != nil {
			return 0, false
		}
		return int64(u), true
	}
	return v, true
}

// Int64s returns the values of an integer dense array, such as the
// static_offsets property of a slice op.
func (a *DenseArrayAttr) Int64s() ([]int64, bool) {
	out := make([]int64, len(a.Values))
	for i, s := range a.Values {
		v, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return nil, false
		}
		out[i] = v
	}
	return out, true
}

// I64Array builds `array<i64: ...>`.
func I64Array(vs []int64) *DenseArrayAttr {
	a := &DenseArrayAttr{Elem: I64, Values: make([]string, len(vs))}
	for i, v := range vs {
		a.Values[i] = strconv.FormatInt(v, 10)
	}
	return a
}

// I32Array builds `array<i32: ...>`, the form of operandSegmentSizes.
func I32Array(vs ...int) *DenseArrayAttr {
	a := &DenseArrayAttr{Elem: I32, Values: make([]string, len(vs))}
	for i, v := range vs {
		a.Values[i] = strconv.Itoa(v)
	}
	return a
}

// IntAttr builds an integer attribute of the given type.
func IntAttr(v int64, t Type) *IntegerAttr {
	return &IntegerAttr{Text: strconv.FormatInt(v, 10), Type: t}
}

// Str builds a string attribute.
func Str(s string) *StringAttr { return &StringAttr{Value: s} }
