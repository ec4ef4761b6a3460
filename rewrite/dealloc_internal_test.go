package rewrite

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"bufferlog/ir"
)

// TestCloneOf copies a function argument of each kind of layout before
// the function's return and checks the ops cloneOf makes: an identity
// buffer, cast back where the layout differs; for a static layout no
// cast reaches, a 1-D buffer spanning it, reinterpreted at it; nothing
// for a layout with dynamic strides or offset that no cast reaches. The
// new buffer has the alignment asked for, unless it is of static size
// smaller than that.
func TestCloneOf(t *testing.T) {
	for _, tc := range []struct {
		typ   string
		align int64
		want  []string // substrings of the printed function, in order
	}{
		{"memref<4xf32>", 0, []string{"%clone = memref.alloc() : memref<4xf32>", "memref.copy %a, %clone"}},
		{"memref<4xf32>", 64, []string{"%clone = memref.alloc() : memref<4xf32>", "memref.copy %a, %clone"}},
		{"memref<16xf32>", 64, []string{"%clone = memref.alloc() {alignment = 64 : i64} : memref<16xf32>", "memref.copy %a, %clone"}},
		{"memref<4xf32, strided<[?], offset: ?>>", 0, []string{"memref.alloc() : memref<4xf32>", "memref.copy %a, %clone", "memref.cast %clone : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>"}},
		{"memref<?xf32>", 64, []string{"memref.dim %a, %c", "memref.alloc(%dim) {alignment = 64 : i64} : memref<?xf32>"}},
		{"memref<4xf32, strided<[1], offset: 1>>", 0, []string{"%clone = memref.alloc() : memref<5xf32>",
			"memref.reinterpret_cast %clone to offset: [1], sizes: [4], strides: [1] : memref<5xf32> to memref<4xf32, strided<[1], offset: 1>>",
			"memref.copy %a, %view"}},
		{"memref<2x3xf32, strided<[6, 2], offset: 3>>", 16, []string{"memref.alloc() {alignment = 16 : i64} : memref<14xf32>",
			"memref.reinterpret_cast %clone to offset: [3], sizes: [2, 3], strides: [6, 2]"}},
		{"memref<2x3xf32, strided<[6, 2], offset: 3>>", 64, []string{"%clone = memref.alloc() : memref<14xf32>"}},
		{"memref<4xf32, strided<[2], offset: ?>>", 0, nil},
		// A copy stays in its source's memory space.
		{"memref<4xf32, 1>", 0, []string{"%clone = memref.alloc() : memref<4xf32, 1>", "memref.copy %a, %clone"}},
		{"memref<4xf32, strided<[?], offset: ?>, 1>", 0, []string{"memref.alloc() : memref<4xf32, 1>",
			"memref.cast %clone : memref<4xf32, 1> to memref<4xf32, strided<[?], offset: ?>, 1>"}},
		{"memref<4xf32, strided<[1], offset: 1>, 2>", 0, []string{"%clone = memref.alloc() : memref<5xf32, 2>",
			"memref.reinterpret_cast %clone to offset: [1], sizes: [4], strides: [1] : memref<5xf32, 2> to memref<4xf32, strided<[1], offset: 1>, 2>"}},
	} {
		t.Run(fmt.Sprint(tc.typ, "/", tc.align), func(t *testing.T) {
			src := "func.func @f(%a: " + tc.typ + ") {\n  return\n}\n"
			m, err := ir.Parse("in.mlir", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			body := m.Funcs()[0].Regions[0].Entry()
			var ops []*ir.Operation
			buf, w := cloneOf(body.Arg(0), &ops, tc.align)
			if Clonable(body.Arg(0).Type()) != (tc.want != nil) || (w == nil) != (tc.want == nil) {
				t.Fatalf("clonable %v, copy %v; want a copy: %v", Clonable(body.Arg(0).Type()), w, tc.want != nil)
			}
			if w == nil {
				return
			}
			if !ir.TypesEqual(w.Type(), body.Arg(0).Type()) || buf == nil {
				t.Errorf("the copy handed on has type %s, want %s", w.Type(), body.Arg(0).Type())
			}
			for i, op := range ops {
				body.InsertBefore(i, op)
			}
			var b bytes.Buffer
			if err := ir.Print(&b, m, ir.PrintOptions{}); err != nil {
				t.Fatal(err)
			}
			text := b.String()
			at := 0
			for _, w := range tc.want {
				k := strings.Index(text[at:], w)
				if k < 0 {
					t.Fatalf("lacks %q after offset %d:\n%s", w, at, text)
				}
				at += k + len(w)
			}
		})
	}
}
