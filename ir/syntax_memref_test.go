package ir_test

import "testing"

// TestMemrefSyntax round-trips the memref dialect's custom forms through
// mlir-opt-22.
func TestMemrefSyntax(t *testing.T) {
	testRoundTrips(t, []roundTripCase{
		{name: "alloc dealloc", src: `#sym = affine_map<(d0)[s0] -> (d0 + s0)>
func.func @f(%n: index, %s: index) {
  %0 = memref.alloc(%n) {alignment = 64 : i64} : memref<?x4xf32>
  %1 = memref.alloc()[%s] : memref<8xf32, #sym>
  %2 = memref.alloca(%n, %n)[%s] {tag} : memref<?x?xf32, affine_map<(d0, d1)[s0] -> (d0 + d1 + s0)>>
  %4 = memref.alloc() : memref<4xi8, 1>
  %3 = memref.realloc %4 : memref<4xi8, 1> to memref<8xi8, 1>
  %5 = memref.realloc %4(%n) {alignment = 8} : memref<4xi8, 1> to memref<?xi8, 1>
  memref.dealloc %1 {tag} : memref<8xf32, #sym>
  return
}`},
		// An integer memory space is an i64 unless it says otherwise:
		// mlir-opt prints `1 : i64` as `1` and keeps `1 : i32`.
		{name: "memory spaces", src: `func.func @f(%a: memref<4xf32, 1 : i64>, %b: memref<*xf32, 2 : i64>, %c: memref<4xf32, 1 : i32>) {
  return
}`, printed: []string{"%a: memref<4xf32, 1>", "%b: memref<*xf32, 2>", "%c: memref<4xf32, 1 : i32>"}},
		{name: "alloca scope", src: `func.func @f(%v: f32) -> f32 {
  %r = memref.alloca_scope -> (f32) {
    memref.alloca_scope.return %v : f32
  }
  memref.alloca_scope {
    %a = memref.alloca() : memref<4xf32>
  } {tag}
  return %r : f32
}`},
		{name: "load store", src: `func.func @f(%m: memref<4x?xf32>, %z: memref<i32>, %i: index) {
  %v = memref.load %m[%i, %i] {nontemporal = true} : memref<4x?xf32>
  memref.store %v, %m[%i, %i] {alignment = 4 : i64, nontemporal = false} : memref<4x?xf32>
  %x = memref.load %z[] : memref<i32>
  memref.store %x, %z[] : memref<i32>
  memref.prefetch %m[%i, %i], write, locality<1>, instr : memref<4x?xf32>
  memref.prefetch %z[], read, locality<3>, data : memref<i32>
  return
}`},
		{name: "atomics", src: `func.func @f(%m: memref<10xi32>, %i: index, %v: i32) -> (i32, i32, i32) {
  %0 = memref.atomic_rmw addi %v, %m[%i] : (i32, memref<10xi32>) -> i32
  %1 = memref.atomic_rmw "xori" %v, %m[%i] {tag} : (i32, memref<10xi32>) -> i32
  %2 = memref.generic_atomic_rmw %m[%i] : memref<10xi32> {
  ^bb0(%cur: i32):
    memref.atomic_yield %cur : i32
  } {tag}
  return %0, %1, %2 : i32, i32, i32
}`},
		{name: "copy cast dim rank", src: `func.func @f(%a: memref<8xf32>, %u: memref<*xf32>, %k: index) -> (index, index) {
  memref.copy %a, %u {tag} : memref<8xf32> to memref<*xf32>
  %0 = memref.cast %a : memref<8xf32> to memref<?xf32>
  %1 = memref.memory_space_cast %a : memref<8xf32> to memref<8xf32, 3>
  %2 = memref.dim {tag} %u, %k : memref<*xf32>
  %3 = memref.rank %u : memref<*xf32>
  %4 = memref.extract_aligned_pointer_as_index %a : memref<8xf32> -> index {tag}
  return %2, %3 : index, index
}`},
		{name: "views", src: `func.func @f(%m: memref<8x16xf32>, %u: memref<*xf32>, %b: memref<64xi8>, %o: index, %n: index, %s: memref<2xi64>) {
  %0 = memref.subview %m[%o, 4] [4, %n] [1, 1] {tag} : memref<8x16xf32> to memref<4x?xf32, strided<[16, 1], offset: ?>>
  %1 = memref.reinterpret_cast %u to offset: [%o], sizes: [4, %n], strides: [%n, 1] : memref<*xf32> to memref<4x?xf32, strided<[?, 1], offset: ?>>
  %2 = memref.view %b[%o][%n] : memref<64xi8> to memref<?x4xf32>
  %3 = memref.transpose %m (d0, d1) -> (d1, d0) : memref<8x16xf32> to memref<16x8xf32, strided<[1, 16]>>
  %4 = memref.reshape %m(%s) : (memref<8x16xf32>, memref<2xi64>) -> memref<16x8xf32>
  %5 = memref.assume_alignment %m, 16 : memref<8x16xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m : memref<8x16xf32> -> memref<f32>, index, index, index, index, index
  return
}`},
		{name: "reshapes", src: `func.func @f(%m: memref<2x3x4xf32>, %d: memref<?x32xf32>, %n: index) {
  %0 = memref.collapse_shape %m [[0, 1], [2]] {tag} : memref<2x3x4xf32> into memref<6x4xf32>
  %1 = memref.expand_shape %d [[0], [1, 2]] output_shape [%n, 4, 8] : memref<?x32xf32> into memref<?x4x8xf32>
  return
}`},
		{name: "globals", src: `memref.global "private" constant @lut : memref<4xi32> = dense<[1, 2, 4, 8]> {alignment = 64 : i64}
memref.global @state : memref<2x2xf32, 1> = dense<0.0>
memref.global "private" @scratch : memref<16xf32> = uninitialized
memref.global @ext : memref<8xi8>
memref.global "private" @blob : memref<2xi32> = dense_resource<b>
func.func @f() -> memref<4xi32> {
  %0 = memref.get_global @lut : memref<4xi32> {tag}
  return %0 : memref<4xi32>
}
{-#
  dialect_resources: {
    builtin: {
      b: "0x040000000100000002000000"
    }
  }
#-}`},
		// MLIR's memref types drop an identity layout and memory space 0:
		// a value so typed fits a use written without them.
		{name: "default layout and space", src: `func.func @f(%a: memref<4xf32, affine_map<(d0) -> (d0)>, 0>, %b: memref<4x5xf32, affine_map<(i, j)[s0] -> (i, j)>>, %c: memref<f32, affine_map<() -> ()>>, %d: memref<4xf32, 0 : i32>, %u: memref<*xf32, 0>, %p: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, %i: index) {
  %v = memref.load %a[%i] : memref<4xf32>
  memref.store %v, %d[%i] : memref<4xf32>
  return
}`, printed: []string{
			"func.func @f(%a: memref<4xf32>, %b: memref<4x5xf32>, %c: memref<f32>, %d: memref<4xf32>, %u: memref<*xf32>, %p: memref<4xf32, affine_map<(d0) -> (d0 + 1)>>, %i: index)",
		}},
		{name: "dma", src: `func.func @f(%a: memref<256xf32>, %h: memref<256xf32, 1>, %b: memref<4x8xf32>, %tag: memref<1xf32>, %tag2: memref<2x2xi32>, %n: index, %s: index, %e: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  memref.dma_start %a[%c0], %h[%c0], %n, %tag[%c0] : memref<256xf32>, memref<256xf32, 1>, memref<1xf32>
  memref.dma_start %a[%c0], %h[%c0], %n, %tag[%c0], %s, %e : memref<256xf32>, memref<256xf32, 1>, memref<1xf32>
  memref.dma_start %b[%c0, %c1], %h[%c1], %n, %tag2[%c0, %c1] : memref<4x8xf32>, memref<256xf32, 1>, memref<2x2xi32>
  "memref.dma_start"(%a, %c0, %h, %c0, %n, %tag, %c0) {note} : (memref<256xf32>, index, memref<256xf32, 1>, index, index, memref<1xf32>, index) -> ()
  memref.dma_wait %tag[%c0], %n : memref<1xf32>
  memref.dma_wait %tag2[%c0, %c1], %n {note} : memref<2x2xi32>
  return
}`, printed: []string{
			"memref.dma_start %a[%c0], %h[%c0], %n, %tag[%c0] : memref<256xf32>, memref<256xf32, 1>, memref<1xf32>\n",
			"memref.dma_start %a[%c0], %h[%c0], %n, %tag[%c0], %s, %e : memref<256xf32>, memref<256xf32, 1>, memref<1xf32>\n",
			"memref.dma_start %b[%c0, %c1], %h[%c1], %n, %tag2[%c0, %c1] : memref<4x8xf32>, memref<256xf32, 1>, memref<2x2xi32>\n",
			// MLIR prints these attributes but does not read them back.
			"\"memref.dma_start\"(%a, %c0, %h, %c0, %n, %tag, %c0) {note} :",
			"memref.dma_wait %tag[%c0], %n : memref<1xf32>\n",
			"memref.dma_wait %tag2[%c0, %c1], %n {note} : memref<2x2xi32>\n",
		}},
	}, "memref.")
}

// TestMemrefSyntaxErrors checks that malformed memref ops give a located
// diagnostic rather than a panic.
func TestMemrefSyntaxErrors(t *testing.T) {
	testSyntaxErrors(t, []errorCase{
		{"load from tensor", "func.func @f(%t: tensor<4xf32>, %i: index) {\n  %v = memref.load %t[%i] : tensor<4xf32>\n  return\n}\n"},
		{"alloc without parens", "func.func @f() {\n  %0 = memref.alloc : memref<4xf32>\n  return\n}\n"},
		{"unknown atomic kind", "func.func @f(%m: memref<4xf32>, %i: index, %v: f32) {\n  %0 = memref.atomic_rmw addz %v, %m[%i] : (f32, memref<4xf32>) -> f32\n  return\n}\n"},
		{"global of tensor type", "memref.global @g : tensor<4xf32>\n"},
		{"global with bad initializer", "memref.global @g : memref<4xf32> = 3\n"},
		{"subview missing list", "func.func @f(%m: memref<4xf32>) {\n  %0 = memref.subview %m[0] [2] : memref<4xf32> to memref<2xf32>\n  return\n}\n"},
		{"reinterpret_cast missing keyword", "func.func @f(%m: memref<4xf32>) {\n  %0 = memref.reinterpret_cast %m to offset: [0], [2], strides: [1] : memref<4xf32> to memref<2xf32>\n  return\n}\n"},
		{"prefetch bad specifier", "func.func @f(%m: memref<4xf32>, %i: index) {\n  memref.prefetch %m[%i], modify, locality<1>, data : memref<4xf32>\n  return\n}\n"},
		{"dma_start without tag", "func.func @f(%m: memref<4xf32>, %i: index) {\n  memref.dma_start %m[%i], %m[%i], %i : memref<4xf32>, memref<4xf32>\n  return\n}\n"},
		{"dma_wait without count", "func.func @f(%m: memref<4xf32>, %i: index) {\n  memref.dma_wait %m[%i] : memref<4xf32>\n  return\n}\n"},
		{"transpose without map", "func.func @f(%m: memref<4xf32>) {\n  %0 = memref.transpose %m : memref<4xf32> to memref<4xf32>\n  return\n}\n"},
	})
}
