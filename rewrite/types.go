package rewrite

import (
	"fmt"
	"strconv"
	"strings"

	"bufferlog/ir"
)

// Layout is how the memref types of function arguments and results are
// chosen, with the meaning of One-Shot Bufferize's
// function-boundary-type-conversion option.
type Layout int

const (
	// InferLayout gives arguments a fully dynamic layout and each result
	// the type of the buffers its returns return (fully dynamic if they
	// differ).
	InferLayout Layout = iota
	// IdentityLayout gives arguments and results the identity layout.
	IdentityLayout
	// FullyDynamicLayout gives arguments and results a fully dynamic
	// strided layout.
	FullyDynamicLayout
)

// ParseLayout reads a function-boundary-type-conversion value.
func ParseLayout(s string) (Layout, error) {
	switch s {
	case "infer-layout-map":
		return InferLayout, nil
	case "identity-layout-map":
		return IdentityLayout, nil
	case "fully-dynamic-layout-map":
		return FullyDynamicLayout, nil
	}
	return 0, fmt.Errorf("unknown function boundary layout %q (infer-layout-map, identity-layout-map or fully-dynamic-layout-map)", s)
}

// strided is a strided layout: element offset and per-dimension strides,
// ir.Dynamic where not known statically.
type strided struct {
	offset  int64
	strides []int64
}

// layoutOf returns the strided form of a memref's layout: the identity
// layout's strides follow from the shape (dynamic after a dynamic size).
// Layouts that are not strided (affine maps) report false.
func layoutOf(t *ir.MemRefType) (strided, bool) {
	if t.Layout == nil {
		s := strided{strides: make([]int64, len(t.Shape))}
		acc := int64(1)
		for i := len(t.Shape) - 1; i >= 0; i-- {
			s.strides[i] = acc
			if acc != ir.Dynamic && t.Shape[i] != ir.Dynamic {
				acc *= t.Shape[i]
			} else {
				acc = ir.Dynamic
			}
		}
		return s, true
	}
	text := t.Layout.String()
	body, ok := strings.CutPrefix(text, "strided<[")
	if !ok {
		return strided{}, false
	}
	list, rest, ok := strings.Cut(body, "]")
	if !ok {
		return strided{}, false
	}
	var s strided
	for _, f := range strings.Split(list, ",") {
		if f = strings.TrimSpace(f); f == "" {
			continue
		}
		v, ok := layoutNumber(f)
		if !ok {
			return strided{}, false
		}
		s.strides = append(s.strides, v)
	}
	if off, found := strings.CutPrefix(strings.TrimSpace(rest), ", offset:"); found {
		v, ok := layoutNumber(strings.TrimSuffix(strings.TrimSpace(off), ">"))
		if !ok {
			return strided{}, false
		}
		s.offset = v
	}
	return s, len(s.strides) == len(t.Shape)
}

func layoutNumber(s string) (int64, bool) {
	s = strings.TrimSpace(s)
	if s == "?" {
		return ir.Dynamic, true
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}

// attr spells the layout as MLIR prints a strided layout.
func (s strided) attr() ir.Attribute {
	var b strings.Builder
	b.WriteString("strided<[")
	for i, v := range s.strides {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(layoutText(v))
	}
	b.WriteString("]")
	if s.offset != 0 {
		b.WriteString(", offset: " + layoutText(s.offset))
	}
	b.WriteString(">")
	return &ir.OpaqueAttr{Text: b.String()}
}

func layoutText(v int64) string {
	if v == ir.Dynamic {
		return "?"
	}
	return strconv.FormatInt(v, 10)
}

// isIdentity reports whether t has the identity layout.
func isIdentity(t ir.Type) bool {
	m, ok := t.(*ir.MemRefType)
	return ok && m.Layout == nil
}

// identityLike is the identity-layout memref of m's shape and element
// type, in m's memory space: what a copy of m is allocated as.
func identityLike(m *ir.MemRefType) *ir.MemRefType {
	return inSpace(identityOf(m.Shape, m.Elem), m.MemorySpace)
}

// identityOf is the identity-layout memref of a tensor's shape.
func identityOf(shape []int64, elem ir.Type) *ir.MemRefType {
	return &ir.MemRefType{Shape: shape, Elem: elem}
}

// dynamicOf is the memref of the shape with a fully dynamic strided
// layout: every memref of that shape casts to it.
func dynamicOf(shape []int64, elem ir.Type) *ir.MemRefType {
	s := strided{offset: ir.Dynamic, strides: make([]int64, len(shape))}
	for i := range s.strides {
		s.strides[i] = ir.Dynamic
	}
	return &ir.MemRefType{Shape: shape, Elem: elem, Layout: s.attr()}
}

// bufferType is the memref type a tensor type becomes under a layout
// choice: unranked tensors become unranked memrefs.
func bufferType(t ir.Type, dynamic bool) ir.Type {
	switch t := t.(type) {
	case *ir.TensorType:
		if dynamic {
			return dynamicOf(t.Shape, t.Elem)
		}
		return identityOf(t.Shape, t.Elem)
	case *ir.UnrankedTensorType:
		return &ir.UnrankedMemRefType{Elem: t.Elem}
	}
	return t
}

// generalize is the fully dynamic form of a buffer type, in its memory
// space.
func generalize(t ir.Type) ir.Type {
	if m, ok := t.(*ir.MemRefType); ok {
		return inSpace(dynamicOf(m.Shape, m.Elem), m.MemorySpace)
	}
	return t
}

// carrierType is the type of a buffer that carries tensors of type t
// (an iter_arg, a loop or scf.if result): the fully dynamic layout, so
// that any buffer of t's shape fits, in the memory space of held, a
// buffer it carries.
func carrierType(t ir.Type, held ir.Type) ir.Type {
	return generalize(inSpace(bufferType(t, false), spaceOf(held)))
}

// spaceOf is the memory space of a buffer type; nil is the default one.
func spaceOf(t ir.Type) ir.Attribute {
	switch t := t.(type) {
	case *ir.MemRefType:
		return t.MemorySpace
	case *ir.UnrankedMemRefType:
		return t.MemorySpace
	}
	return nil
}

// inSpace is buffer type t in memory space s: a buffer copied, viewed or
// carried stays in the space it was allocated in.
func inSpace[T ir.Type](t T, s ir.Attribute) T {
	switch m := any(t).(type) {
	case *ir.MemRefType:
		c := *m
		c.MemorySpace = s
		return any(&c).(T)
	case *ir.UnrankedMemRefType:
		c := *m
		c.MemorySpace = s
		return any(&c).(T)
	}
	return t
}

// subviewType infers the type of a subview of src with the given static
// offsets, sizes and strides (ir.Dynamic where given by operands), reduced
// to the shape want (a rank-reducing slice drops unit dimensions, matched
// from the left as MLIR does). It reports false for a layout that is not
// strided.
func subviewType(src *ir.MemRefType, offsets, sizes, steps []int64, want []int64) (*ir.MemRefType, bool) {
	l, ok := layoutOf(src)
	if !ok || len(offsets) != len(l.strides) {
		return nil, false
	}
	out := strided{offset: l.offset}
	strides := make([]int64, len(sizes))
	for i := range sizes {
		out.offset = addDyn(out.offset, mulDyn(offsets[i], l.strides[i]))
		strides[i] = mulDyn(l.strides[i], steps[i])
	}
	var shape []int64
	if len(want) == len(sizes) {
		shape, out.strides = sizes, strides
	} else {
		j := 0
		for i, n := range sizes {
			if j < len(want) && (n == want[j] || want[j] == ir.Dynamic && n == ir.Dynamic) {
				shape = append(shape, n)
				out.strides = append(out.strides, strides[i])
				j++
				continue
			}
			if n != 1 {
				return nil, false
			}
		}
		if j != len(want) {
			return nil, false
		}
	}
	return &ir.MemRefType{Shape: shape, Elem: src.Elem, Layout: out.attr(), MemorySpace: src.MemorySpace}, true
}

func mulDyn(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0 // an offset of 0 adds nothing, whatever the stride
	}
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a * b
}

func addDyn(a, b int64) int64 {
	if a == ir.Dynamic || b == ir.Dynamic {
		return ir.Dynamic
	}
	return a + b
}

func isUnranked(t ir.Type) bool {
	_, ok := t.(*ir.UnrankedMemRefType)
	return ok
}

// hasBufferType reports whether a tensor type has a memref counterpart:
// memrefs hold builtin numbers, vectors and memrefs, not dialect types.
func hasBufferType(t ir.Type) bool {
	var elem ir.Type
	switch t := t.(type) {
	case *ir.TensorType:
		elem = t.Elem
	case *ir.UnrankedTensorType:
		elem = t.Elem
	default:
		return true
	}
	switch elem.(type) {
	case *ir.IntegerType, *ir.FloatType, ir.IndexType, *ir.ComplexType, *ir.VectorType, *ir.MemRefType:
		return true
	}
	return false
}
