// Memref IR for the queries of the checker's rules (rules/check*.mg): the
// programs of testdata/check (their symbols prefixed by their file's), and
// memory used in a linalg.generic's payload, a buffer given to a function
// without a body that reads it, a select of two buffers freed,
// a buffer handed to a tensor, and an scf.if region lending its block's
// buffer to the result, freed under the scf.if's condition; a stack
// buffer returned, and a free of a buffer picked from two, then of one of
// the two again.
module {
  // From testdata/check/readonly.txtar.
  memref.global "private" constant @read_cst : memref<4xf32> = dense<1.0>
  func.func @read_direct(%f: f32) {
    %c0 = arith.constant 0 : index
    %g = memref.get_global @read_cst : memref<4xf32>
    memref.store %f, %g[%c0] : memref<4xf32>
    return
  }
  func.func @read_subview(%f: f32) {
    %c0 = arith.constant 0 : index
    %g = memref.get_global @read_cst : memref<4xf32>
    %s = memref.subview %g[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    memref.store %f, %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
    return
  }
  func.func @read_get() -> memref<4xf32> {
    %g = memref.get_global @read_cst : memref<4xf32>
    return %g : memref<4xf32>
  }
  func.func @read_call_result(%f: f32) {
    %c0 = arith.constant 0 : index
    %r = func.call @read_get() : () -> memref<4xf32>
    memref.store %f, %r[%c0] : memref<4xf32>
    return
  }
  func.func @read_iter_arg(%f: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g = memref.get_global @read_cst : memref<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %g) -> (memref<4xf32>) {
      memref.store %f, %a[%i] : memref<4xf32>
      scf.yield %a : memref<4xf32>
    }
    return
  }
  func.func @read_copy_and_fill(%f: f32, %x: memref<4xf32>) {
    %g = memref.get_global @read_cst : memref<4xf32>
    memref.copy %x, %g : memref<4xf32> to memref<4xf32>
    linalg.fill ins(%f : f32) outs(%g : memref<4xf32>)
    return
  }
  func.func @read_writes(%t: memref<4xf32>, %f: f32) {
    %c0 = arith.constant 0 : index
    memref.store %f, %t[%c0] : memref<4xf32>
    return
  }
  func.func @read_callee_writes(%f: f32) {
    %g = memref.get_global @read_cst : memref<4xf32>
    func.call @read_writes(%g, %f) : (memref<4xf32>, f32) -> ()
    return
  }
  func.func @read_not_writable(%a: memref<4xf32> {bufferization.writable = false}, %f: f32) {
    %c0 = arith.constant 0 : index
    memref.store %f, %a[%c0] : memref<4xf32>
    return
  }

  // From testdata/check/use_after_free.txtar.
  func.func private @use_use(memref<4xf32>)
  func.func @use_same_block(%f: f32) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    memref.store %f, %a[%c0] : memref<4xf32>
    return
  }
  func.func @use_view(%f: f32) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    %s = memref.subview %a[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    memref.dealloc %a : memref<4xf32>
    %x = memref.load %s[%c0] : memref<2xf32, strided<[1], offset: 1>>
    return
  }
  func.func @use_after_if(%c: i1) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    scf.if %c {
      memref.dealloc %a : memref<4xf32>
    }
    %x = memref.load %a[%c0] : memref<4xf32>
    return %x : f32
  }
  func.func @use_next_iteration(%f: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<4xf32>
    scf.for %i = %c0 to %n step %c1 {
      memref.store %f, %a[%c0] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
    }
    return
  }
  func.func @use_call() {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    func.call @use_use(%a) : (memref<4xf32>) -> ()
    return
  }
  func.func @use_returned() -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    return %a : memref<4xf32>
  }

  // From testdata/check/frees.txtar.
  memref.global "private" @free_var : memref<4xf32> = dense<0.0>
  func.func @free_double() {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.cast %a : memref<4xf32> to memref<?xf32>
    memref.dealloc %b : memref<?xf32>
    memref.dealloc %a : memref<4xf32>
    return
  }
  func.func @free_argument(%arg: memref<4xf32>) {
    memref.dealloc %arg : memref<4xf32>
    return
  }
  func.func @free_global() {
    %g = memref.get_global @free_var : memref<4xf32>
    memref.dealloc %g : memref<4xf32>
    return
  }
  func.func @free_alloca() {
    %s = memref.alloca() : memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    return
  }
  func.func @free_get() -> memref<4xf32> {
    %g = memref.get_global @free_var : memref<4xf32>
    return %g : memref<4xf32>
  }
  func.func @free_borrowed() {
    %r = func.call @free_get() : () -> memref<4xf32>
    memref.dealloc %r : memref<4xf32>
    return
  }

  // From testdata/check/leaks.txtar.
  func.func @leak_scf_branch(%c: i1) {
    %a = memref.alloc() : memref<4xf32>
    scf.if %c {
      memref.dealloc %a : memref<4xf32>
    }
    return
  }
  func.func @leak_cf_branch(%c: i1) {
    %a = memref.alloc() : memref<4xf32>
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    memref.dealloc %a : memref<4xf32>
    cf.br ^bb2
  ^bb2:
    return
  }
  func.func @leak_loop(%n: index, %f: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<4xf32>
      memref.store %f, %a[%c0] : memref<4xf32>
    }
    return
  }
  func.func @leak_unused() {
    %a = memref.alloc() : memref<4xf32>
    return
  }
  func.func @leak_not_always_fresh(%c: i1, %arg: memref<4xf32>) -> memref<4xf32> {
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = memref.alloc() : memref<4xf32>
    return %a : memref<4xf32>
  ^bb2:
    return %arg : memref<4xf32>
  }

  // From testdata/check/warnings.txtar.
  memref.global "private" constant @warn_cst : memref<4xf32> = dense<1.0>
  func.func private @warn_ext(memref<4xf32>)
  func.func private @warn_make() -> memref<4xf32>
  func.func @warn_zero_trip(%f: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g = memref.get_global @warn_cst : memref<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %g) -> (memref<4xf32>) {
      %b = memref.alloca() : memref<4xf32>
      memref.copy %a, %b : memref<4xf32> to memref<4xf32>
      scf.yield %b : memref<4xf32>
    }
    memref.store %f, %r[%c0] : memref<4xf32>
    return
  }
  func.func @warn_unknown_op() {
    %g = memref.get_global @warn_cst : memref<4xf32>
    "test.touch"(%g) : (memref<4xf32>) -> ()
    func.call @warn_ext(%g) : (memref<4xf32>) -> ()
    return
  }
  func.func @warn_unknown_origin() {
    %m = func.call @warn_make() : () -> memref<4xf32>
    memref.dealloc %m : memref<4xf32>
    return
  }

  // From testdata/check/safe.txtar.
    // A loop that frees the buffer it carries and allocates the next one
    // each iteration; the last one is freed after the loop.
    func.func @safe_realloc_each_iteration(%n: index, %f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %init = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%init : memref<4xf32>)
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %init) -> (memref<4xf32>) {
        %next = memref.alloc() : memref<4xf32>
        memref.copy %a, %next : memref<4xf32> to memref<4xf32>
        memref.dealloc %a : memref<4xf32>
        memref.store %f, %next[%c0] : memref<4xf32>
        scf.yield %next : memref<4xf32>
      }
      %x = memref.load %r[%c0] : memref<4xf32>
      memref.dealloc %r : memref<4xf32>
      return %x : f32
    }
    // Two buffers swapped each iteration: neither is ever both.
    func.func @safe_swap(%n: index, %f: f32) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.alloc() : memref<4xf32>
      %b = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      linalg.fill ins(%f : f32) outs(%b : memref<4xf32>)
      %ra, %rb = scf.for %i = %c0 to %n step %c1 iter_args(%p = %a, %q = %b) -> (memref<4xf32>, memref<4xf32>) {
        memref.copy %p, %q : memref<4xf32> to memref<4xf32>
        scf.yield %q, %p : memref<4xf32>, memref<4xf32>
      }
      memref.dealloc %ra : memref<4xf32>
      memref.store %f, %rb[%c0] : memref<4xf32>
      memref.dealloc %rb : memref<4xf32>
      return
    }
    // A fresh buffer returned to the caller, which frees it; a callee that
    // writes its argument in place and returns it.
    func.func @safe_make(%f: f32) -> memref<4xf32> {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      return %a : memref<4xf32>
    }
    func.func @safe_bump(%t: memref<4xf32>, %f: f32) -> memref<4xf32> {
      %c0 = arith.constant 0 : index
      memref.store %f, %t[%c0] : memref<4xf32>
      return %t : memref<4xf32>
    }
    func.func @safe_caller(%f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %a = func.call @safe_make(%f) : (f32) -> memref<4xf32>
      %b = func.call @safe_bump(%a, %f) : (memref<4xf32>, f32) -> memref<4xf32>
      %x = memref.load %b[%c0] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      return %x : f32
    }
    // Ownership through an scf.if result that owns its buffer only when the
    // then-region ran: freed under the same condition.
    memref.global "private" constant @safe_cst : memref<4xf32> = dense<1.0>
    func.func @safe_owned_when(%c: i1, %f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %r = scf.if %c -> (memref<4xf32>) {
        %a = memref.alloc() : memref<4xf32>
        linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
        scf.yield %a : memref<4xf32>
      } else {
        %g = memref.get_global @safe_cst : memref<4xf32>
        scf.yield %g : memref<4xf32>
      }
      %x = memref.load %r[%c0] : memref<4xf32>
      scf.if %c {
        memref.dealloc %r : memref<4xf32>
      }
      return %x : f32
    }
    // Both regions yield a fresh buffer: the result owns it.
    func.func @safe_owned_result(%c: i1, %f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %r = scf.if %c -> (memref<4xf32>) {
        %a = memref.alloc() : memref<4xf32>
        scf.yield %a : memref<4xf32>
      } else {
        %b = memref.alloc() : memref<4xf32>
        scf.yield %b : memref<4xf32>
      }
      memref.store %f, %r[%c0] : memref<4xf32>
      %x = memref.load %r[%c0] : memref<4xf32>
      memref.dealloc %r : memref<4xf32>
      return %x : f32
    }
    // A cf loop carrying one buffer, freed at the exit.
    func.func @safe_cf_loop(%n: index, %f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      cf.br ^bb1(%c0, %a : index, memref<4xf32>)
    ^bb1(%i: index, %t: memref<4xf32>):
      %done = arith.cmpi sge, %i, %n : index
      cf.cond_br %done, ^bb3, ^bb2
    ^bb2:
      memref.store %f, %t[%c1] : memref<4xf32>
      %i2 = arith.addi %i, %c1 : index
      cf.br ^bb1(%i2, %t : index, memref<4xf32>)
    ^bb3:
      %x = memref.load %t[%c1] : memref<4xf32>
      memref.dealloc %t : memref<4xf32>
      return %x : f32
    }
    // A recursive function returning a fresh buffer from every path.
    func.func @safe_rec(%n: index, %f: f32) -> memref<4xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %base = arith.cmpi eq, %n, %c0 : index
      %r = scf.if %base -> (memref<4xf32>) {
        %a = memref.alloc() : memref<4xf32>
        linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
        scf.yield %a : memref<4xf32>
      } else {
        %m = arith.subi %n, %c1 : index
        %b = func.call @safe_rec(%m, %f) : (index, f32) -> memref<4xf32>
        scf.yield %b : memref<4xf32>
      }
      return %r : memref<4xf32>
    }
    func.func @safe_rec_caller(%n: index, %f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %r = func.call @safe_rec(%n, %f) : (index, f32) -> memref<4xf32>
      %x = memref.load %r[%c0] : memref<4xf32>
      memref.dealloc %r : memref<4xf32>
      return %x : f32
    }
    // Reading a constant global, and copying it before writing.
    func.func @safe_read_global(%f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %g = memref.get_global @safe_cst : memref<4xf32>
      %a = memref.alloc() : memref<4xf32>
      memref.copy %g, %a : memref<4xf32> to memref<4xf32>
      memref.store %f, %a[%c0] : memref<4xf32>
      %x = memref.load %a[%c0] : memref<4xf32>
      %y = memref.load %g[%c0] : memref<4xf32>
      memref.dealloc %a : memref<4xf32>
      %z = arith.addf %x, %y : f32
      return %z : f32
    }
    // scf.while carrying a buffer that the after-region replaces.
    func.func @safe_while(%f: f32) -> f32 {
      %c0 = arith.constant 0 : index
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%f : f32) outs(%a : memref<4xf32>)
      %r = scf.while (%p = %a) : (memref<4xf32>) -> memref<4xf32> {
        %v = memref.load %p[%c0] : memref<4xf32>
        %go = arith.cmpf olt, %v, %f : f32
        scf.condition(%go) %p : memref<4xf32>
      } do {
      ^bb0(%q: memref<4xf32>):
        %n = memref.alloc() : memref<4xf32>
        memref.copy %q, %n : memref<4xf32> to memref<4xf32>
        memref.dealloc %q : memref<4xf32>
        scf.yield %n : memref<4xf32>
      }
      %x = memref.load %r[%c0] : memref<4xf32>
      memref.dealloc %r : memref<4xf32>
      return %x : f32
    }

  // Memory used inside a linalg.generic's payload, a select of two buffers
  // freed, and a buffer handed to a tensor.
  func.func private @print(memref<4xf32> {bufferization.access = "read"})
  func.func @extra(%c: i1, %x: f32) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    %o = memref.alloc() : memref<4xf32>
    linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%o : memref<4xf32>) {
    ^bb0(%out: f32):
      %v = memref.load %a[%c0] : memref<4xf32>
      linalg.yield %v : f32
    }
    func.call @print(%b) : (memref<4xf32>) -> ()
    %s = arith.select %c, %a, %b : memref<4xf32>
    memref.dealloc %s : memref<4xf32>
    %t = bufferization.to_tensor %o restrict : memref<4xf32> to tensor<4xf32>
    return %t : tensor<4xf32>
  }
  func.func @lend(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %r = scf.if %c -> (memref<4xf32>) {
      %b = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
      scf.yield %b : memref<4xf32>
    } else {
      scf.yield %a : memref<4xf32>
    }
    %x = memref.load %a[%c0] : memref<4xf32>
    %y = memref.load %r[%c0] : memref<4xf32>
    memref.dealloc %a : memref<4xf32>
    scf.if %c {
      memref.dealloc %r : memref<4xf32>
    }
    %z = arith.addf %x, %y : f32
    return %z : f32
  }
  // From testdata/check/stack_return.txtar and picked.txtar.
  func.func @stack_return(%c: i1, %g: memref<4xf32>) -> memref<4xf32> {
    %r = scf.if %c -> (memref<4xf32>) {
      %a = memref.alloca() : memref<4xf32>
      scf.yield %a : memref<4xf32>
    } else {
      scf.yield %g : memref<4xf32>
    }
    return %r : memref<4xf32>
  }
  func.func @picked(%c: i1) {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    %r = arith.select %c, %a, %b : memref<4xf32>
    memref.dealloc %r : memref<4xf32>
    return
  }
  func.func @picked_twice(%c: i1) {
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    %r = arith.select %c, %a, %b : memref<4xf32>
    memref.dealloc %r : memref<4xf32>
    memref.dealloc %b : memref<4xf32>
    return
  }
}
