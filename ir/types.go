package ir

import (
	"math"
	"strconv"
	"strings"
)

// Dynamic marks a dimension size, offset or stride that is not known
// statically; it prints as `?`. It is the same sentinel MLIR stores in its
// static_* array properties, so those arrays can be read directly.
const Dynamic int64 = math.MinInt64

// Type is an MLIR type. Types are immutable values; the parser shares one
// instance among all identical spellings of a type in a file.
type Type interface {
	// writeType appends the type's MLIR spelling.
	writeType(b *buffer)
	String() string
}

// IntegerType is iN, siN or uiN.
type IntegerType struct {
	Width int
	// Signedness is 0 for signless, 's' for signed, 'u' for unsigned.
	Signedness byte
}

// IndexType is the target-sized `index` type.
type IndexType struct{}

// FloatType is a floating-point type named by its MLIR keyword (f32, bf16, f8E4M3FN, ...).
type FloatType struct{ Name string }

// NoneType is the unit type `none`.
type NoneType struct{}

// ComplexType is complex<elem>.
type ComplexType struct{ Elem Type }

// TensorType is a ranked tensor; Encoding is nil when absent.
type TensorType struct {
	Shape    []int64
	Elem     Type
	Encoding Attribute
}

// UnrankedTensorType is tensor<*xelem>.
type UnrankedTensorType struct{ Elem Type }

// MemRefType is a ranked memref. Layout and MemorySpace are nil when absent
// (identity layout, default memory space).
type MemRefType struct {
	Shape       []int64
	Elem        Type
	Layout      Attribute
	MemorySpace Attribute
}

// UnrankedMemRefType is memref<*xelem[, space]>.
type UnrankedMemRefType struct {
	Elem        Type
	MemorySpace Attribute
}

// VectorType is vector<shape x elem>; Scalable marks `[n]` dimensions and is
// nil when no dimension is scalable.
type VectorType struct {
	Shape    []int64
	Scalable []bool
	Elem     Type
}

// TupleType is tuple<...>.
type TupleType struct{ Elems []Type }

// FunctionType is (inputs) -> results.
type FunctionType struct{ Inputs, Results []Type }

// OpaqueType is a dialect type (`!llvm.ptr`, `!foo.bar<...>`) kept verbatim:
// bufferlog does not need to look inside it.
type OpaqueType struct{ Text string }

func (t *IntegerType) writeType(b *buffer) {
	switch t.Signedness {
	case 's':
		b.str("si")
	case 'u':
		b.str("ui")
	default:
		b.ch('i')
	}
	b.str(strconv.Itoa(t.Width))
}
func (IndexType) writeType(b *buffer)    { b.str("index") }
func (t *FloatType) writeType(b *buffer) { b.str(t.Name) }
func (NoneType) writeType(b *buffer)     { b.str("none") }
func (t *ComplexType) writeType(b *buffer) {
	b.str("complex<")
	writeElemAndAttrs(b, t.Elem)
}
func (t *TensorType) writeType(b *buffer) {
	b.str("tensor<")
	writeShape(b, t.Shape, nil)
	writeElemAndAttrs(b, t.Elem, t.Encoding)
}
func (t *UnrankedTensorType) writeType(b *buffer) {
	b.str("tensor<*x")
	writeElemAndAttrs(b, t.Elem)
}
func (t *MemRefType) writeType(b *buffer) {
	b.str("memref<")
	writeShape(b, t.Shape, nil)
	writeElemAndAttrs(b, t.Elem, t.Layout, t.MemorySpace)
}
func (t *UnrankedMemRefType) writeType(b *buffer) {
	b.str("memref<*x")
	writeElemAndAttrs(b, t.Elem, t.MemorySpace)
}
func (t *VectorType) writeType(b *buffer) {
	b.str("vector<")
	writeShape(b, t.Shape, t.Scalable)
	writeElemAndAttrs(b, t.Elem)
}
func (t *TupleType) writeType(b *buffer) {
	b.str("tuple<")
	writeTypeList(b, t.Elems)
	b.ch('>')
}
func (t *FunctionType) writeType(b *buffer) {
	b.ch('(')
	writeTypeList(b, t.Inputs)
	b.str(") -> ")
	writeResultTypes(b, t.Results)
}
func (t *OpaqueType) writeType(b *buffer) { b.str(t.Text) }

func (t *IntegerType) String() string        { return typeString(t) }
func (t IndexType) String() string           { return "index" }
func (t *FloatType) String() string          { return t.Name }
func (t NoneType) String() string            { return "none" }
func (t *ComplexType) String() string        { return typeString(t) }
func (t *TensorType) String() string         { return typeString(t) }
func (t *UnrankedTensorType) String() string { return typeString(t) }
func (t *MemRefType) String() string         { return typeString(t) }
func (t *UnrankedMemRefType) String() string { return typeString(t) }
func (t *VectorType) String() string         { return typeString(t) }
func (t *TupleType) String() string          { return typeString(t) }
func (t *FunctionType) String() string       { return typeString(t) }
func (t *OpaqueType) String() string         { return t.Text }

func typeString(t Type) string {
	var b buffer
	t.writeType(&b)
	return b.String()
}

func writeShape(b *buffer, shape []int64, scalable []bool) {
	for i, d := range shape {
		if scalable != nil && scalable[i] {
			b.ch('[')
		}
		if d == Dynamic {
			b.ch('?')
		} else {
			b.str(strconv.FormatInt(d, 10))
		}
		if scalable != nil && scalable[i] {
			b.ch(']')
		}
		b.ch('x')
	}
}

// writeElemAndAttrs ends a container type: `elem, attr, ...>` with the
// attributes that are present.
func writeElemAndAttrs(b *buffer, elem Type, attrs ...Attribute) {
	elem.writeType(b)
	for _, a := range attrs {
		if a != nil {
			b.str(", ")
			a.writeAttr(b)
		}
	}
	b.ch('>')
}

func writeTypeList(b *buffer, ts []Type) {
	for i, t := range ts {
		if i > 0 {
			b.str(", ")
		}
		t.writeType(b)
	}
}

// writeResultTypes prints a function result list: a single non-function
// type bare, anything else in parentheses.
func writeResultTypes(b *buffer, ts []Type) {
	if len(ts) == 1 {
		if _, isFn := ts[0].(*FunctionType); !isFn {
			ts[0].writeType(b)
			return
		}
	}
	b.ch('(')
	writeTypeList(b, ts)
	b.ch(')')
}

// ShapedType is implemented by ranked tensors, memrefs and vectors.
type ShapedType interface {
	Type
	ElementType() Type
	Dims() []int64
}

func (t *TensorType) ElementType() Type { return t.Elem }
func (t *TensorType) Dims() []int64     { return t.Shape }
func (t *MemRefType) ElementType() Type { return t.Elem }
func (t *MemRefType) Dims() []int64     { return t.Shape }
func (t *VectorType) ElementType() Type { return t.Elem }
func (t *VectorType) Dims() []int64     { return t.Shape }

// IsTensor reports whether t is a ranked or unranked tensor type.
func IsTensor(t Type) bool {
	switch t.(type) {
	case *TensorType, *UnrankedTensorType:
		return true
	}
	return false
}

// IsMemRef reports whether t is a ranked or unranked memref type.
func IsMemRef(t Type) bool {
	switch t.(type) {
	case *MemRefType, *UnrankedMemRefType:
		return true
	}
	return false
}

// ElementBits returns the storage size in bits of a scalar type, or 0 when
// it has no fixed size (index, dialect types).
func ElementBits(t Type) int {
	switch t := t.(type) {
	case *IntegerType:
		return t.Width
	case *FloatType:
		switch t.Name {
		case "f16", "bf16":
			return 16
		case "f32", "tf32":
			return 32
		case "f64":
			return 64
		case "f80":
			return 80
		case "f128":
			return 128
		}
		if strings.HasPrefix(t.Name, "f8") {
			return 8
		}
		if strings.HasPrefix(t.Name, "f6") {
			return 6
		}
		if strings.HasPrefix(t.Name, "f4") {
			return 4
		}
	case *ComplexType:
		return 2 * ElementBits(t.Elem)
	case IndexType:
		return 64
	}
	return 0
}

// StaticBytes returns the byte size of a statically shaped tensor or memref,
// and false when a dimension is dynamic or the element has no fixed size.
func StaticBytes(t Type) (int64, bool) {
	s, ok := t.(ShapedType)
	if !ok {
		return 0, false
	}
	n := int64(1)
	for _, d := range s.Dims() {
		if d == Dynamic {
			return 0, false
		}
		n *= d
	}
	bits := ElementBits(s.ElementType())
	if bits == 0 {
		return 0, false
	}
	return n * int64((bits+7)/8), true
}

// Common scalar types, shared so that comparisons by pointer work for the
// most frequent cases.
var (
	I1    Type = &IntegerType{Width: 1}
	I32   Type = &IntegerType{Width: 32}
	I64   Type = &IntegerType{Width: 64}
	Index Type = IndexType{}
	F32   Type = &FloatType{Name: "f32"}
)

// TypesEqual reports whether two types are the same MLIR type.
func TypesEqual(a, b Type) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.String() == b.String()
}
