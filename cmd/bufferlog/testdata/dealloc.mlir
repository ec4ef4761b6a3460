// Memref IR as bufferize --dealloc=none writes it, for the queries of rules/dealloc.mg: a
// function returning a fresh buffer, its caller owning the result, a view, scf.if yielding
// fresh buffers, a loop swapping two buffers, a write to an argument, branches passing a
// buffer to one successor only and to both, a returned argument, one buffer yielded by both
// branches of an scf.if, a buffer used in another block, an scf.if yielding a fresh buffer
// or an argument (a clone), loops replacing their iter_arg, a buffer used in one arm of a
// diamond (freed before the return); and, written by hand, one buffer handed to two loops,
// scf.if regions yielding buffers made before it (one buffer, twice), a cf loop passing a
// block argument back to itself, a call returning its argument, an scf.if result owning
// its buffer only when its then-region ran, a buffer dying on an edge into a block with two
// predecessors (freed on a block of its own on that edge), a branch handing a buffer to one successor
// while the other reads it, one whose join reads the buffer handed (no hand-over), an scf.if
// region lending a buffer of its block to the result, and one that cannot lend a buffer
// also returned; a cf loop that copies its carried buffer into a new one and frees it (a
// move, through casts), one whose carried buffer is a subview (not moved: maybe_strided),
// and copies into a buffer whose alignment is asserted and into one written before the
// copy (not moved); a cf
// loop whose buffer of each iteration dies on the edge back into its block; a cf loop
// whose carried buffer is returned from the loop's exit block, and one whose early exit
// returns the argument instead (the buffer freed on that edge, the argument copied on
// it), and one whose early exit still reads the carried buffer (no clean hand-over); an
// scf.for trading a fresh buffer and an argument between its iter_args; a function
// returning a constant global or its argument (no caller owns its result); cf loops
// entered from two blocks with two buffers: one carrying its buffer to the return, one
// handing it out by one exit and returning the argument by another, one whose exit
// block still reads it, one handing it out twice by one branch, one returning it on
// one path only; a block argument
// handed a buffer its block still reads; a carrier of subviews of two buffers; a call
// result that may be either of two buffers the caller owns, returned (a copy); a buffer
// stored into memory (not promoted to the stack); a loop allocating a buffer of static
// size and one of a size it computes at each trip (only the first is hoisted out); stack
// buffers of one type, one allocated after the other's last use (one alloca, where the
// budget is short: --max-stack-bytes=0 here), an aligned
// one not taking an unaligned one's slot, and one of another type between; a function
// returning its callee's fresh result; a call's result of another layout moved into a
// new buffer as it is typed.
module {
  func.func @make(%v: f32) -> memref<4xf32> {
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    func.return %alloc : memref<4xf32>
  }
  func.func @pick(%c: i1, %t: memref<4xf32, strided<[?], offset: ?>>, %v: f32, %n: index) -> (f32, f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = func.call @make(%v) : (f32) -> memref<4xf32>
    %subview = memref.subview %m[1] [2] [1] : memref<4xf32> to memref<2xf32, strided<[1], offset: 1>>
    %x = memref.load %subview[%c0] : memref<2xf32, strided<[1], offset: 1>>
    %r = scf.if %c -> (memref<4xf32>) {
      %alloc = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
      scf.yield %alloc : memref<4xf32>
    } else {
      %alloc_0 = memref.alloc() : memref<4xf32>
      linalg.fill ins(%x : f32) outs(%alloc_0 : memref<4xf32>)
      scf.yield %alloc_0 : memref<4xf32>
    }
    %y = memref.load %r[%c1] : memref<4xf32>
    %alloc_1 = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc_1 : memref<4xf32>)
    %alloc_2 = memref.alloc() : memref<4xf32>
    linalg.fill ins(%x : f32) outs(%alloc_2 : memref<4xf32>)
    %cast = memref.cast %alloc_1 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %cast_0 = memref.cast %alloc_2 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %a, %b = scf.for %i = %c0 to %n step %c1 iter_args(%p = %cast, %q = %cast_0) -> (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) {
      memref.store %v, %p[%c0] : memref<4xf32, strided<[?], offset: ?>>
      scf.yield %q, %p : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>
    }
    %z = memref.load %a[%c0] : memref<4xf32, strided<[?], offset: ?>>
    memref.store %z, %t[%c0] : memref<4xf32, strided<[?], offset: ?>>
    %u = memref.load %t[%c1] : memref<4xf32, strided<[?], offset: ?>>
    cf.cond_br %c, ^bb1(%b : memref<4xf32, strided<[?], offset: ?>>), ^bb2
  ^bb1(%k: memref<4xf32, strided<[?], offset: ?>>):
    cf.br ^bb2
  ^bb2:
    func.return %y, %z, %u : f32, f32, f32
  }
  func.func @both(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %cast_0 = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    cf.cond_br %c, ^bb1(%cast : memref<4xf32, strided<[?], offset: ?>>), ^bb2(%cast_0 : memref<4xf32, strided<[?], offset: ?>>)
  ^bb1(%k: memref<4xf32, strided<[?], offset: ?>>):
    %x = memref.load %k[%c0] : memref<4xf32, strided<[?], offset: ?>>
    func.return %x : f32
  ^bb2(%l: memref<4xf32, strided<[?], offset: ?>>):
    func.return %v : f32
  }
  func.func @id(%t: memref<4xf32, strided<[?], offset: ?>>) -> memref<4xf32, strided<[?], offset: ?>> {
    func.return %t : memref<4xf32, strided<[?], offset: ?>>
  }
  func.func @twice(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    %r = scf.if %c -> (memref<4xf32>) {
      scf.yield %alloc : memref<4xf32>
    } else {
      scf.yield %alloc : memref<4xf32>
    }
    %x = memref.load %r[%c0] : memref<4xf32>
    func.return %x : f32
  }
  func.func @elsewhere(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.load %alloc[%c0] : memref<4xf32>
    func.return %x : f32
  ^bb2:
    func.return %v : f32
  }
  func.func @clone_me(%c: i1, %t: memref<4xf32, strided<[?], offset: ?>>, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %r = scf.if %c -> (memref<4xf32, strided<[?], offset: ?>>) {
      %alloc = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
      %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast : memref<4xf32, strided<[?], offset: ?>>
    } else {
      scf.yield %t : memref<4xf32, strided<[?], offset: ?>>
    }
    %x = memref.load %r[%c0] : memref<4xf32, strided<[?], offset: ?>>
    func.return %x : f32
  }
  func.func @two_ways(%v: f32, %n: index) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    %alloc_0 = memref.alloc() : memref<4xf32>
    memref.copy %alloc, %alloc_0 : memref<4xf32> to memref<4xf32>
    %cast = memref.cast %alloc_0 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %cast) -> (memref<4xf32, strided<[?], offset: ?>>) {
      %alloc_1 = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%alloc_1 : memref<4xf32>)
      %cast_0 = memref.cast %alloc_1 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast_0 : memref<4xf32, strided<[?], offset: ?>>
    }
    %cast_1 = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %s = scf.for %i_0 = %c0 to %n step %c1 iter_args(%b = %cast_1) -> (memref<4xf32, strided<[?], offset: ?>>) {
      %alloc_2 = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%alloc_2 : memref<4xf32>)
      %cast_2 = memref.cast %alloc_2 : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
      scf.yield %cast_2 : memref<4xf32, strided<[?], offset: ?>>
    }
    %x = memref.load %r[%c0] : memref<4xf32, strided<[?], offset: ?>>
    %y = memref.load %s[%c0] : memref<4xf32, strided<[?], offset: ?>>
    func.return %x, %y : f32, f32
  }
  func.func @diamond(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.load %alloc[%c0] : memref<4xf32>
    cf.br ^bb3(%x : f32)
  ^bb2:
    cf.br ^bb3(%v : f32)
  ^bb3(%r: f32):
    func.return %r : f32
  }
  func.func @handed_twice(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<4xf32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (memref<4xf32>) {
      scf.yield %x : memref<4xf32>
    }
    %s = scf.for %i = %c0 to %n step %c1 iter_args(%y = %a) -> (memref<4xf32>) {
      scf.yield %y : memref<4xf32>
    }
    func.return
  }
  func.func @arms(%c: i1, %v: f32) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    %r = scf.if %c -> (memref<4xf32>) {
      scf.yield %a : memref<4xf32>
    } else {
      memref.store %v, %b[%c0] : memref<4xf32>
      scf.yield %b : memref<4xf32>
    }
    %d = memref.alloc() : memref<4xf32>
    %e = memref.alloc() : memref<4xf32>
    %g = memref.alloc() : memref<4xf32>
    %s, %t = scf.if %c -> (memref<4xf32>, memref<4xf32>) {
      scf.yield %d, %d : memref<4xf32>, memref<4xf32>
    } else {
      scf.yield %e, %g : memref<4xf32>, memref<4xf32>
    }
    %f = memref.alloc() : memref<4xf32>
    %u = scf.if %c -> (memref<4xf32>) {
      scf.yield %f : memref<4xf32>
    } else {
      scf.yield %r : memref<4xf32>
    }
    %x = memref.load %s[%c0] : memref<4xf32>
    %y = memref.load %t[%c0] : memref<4xf32>
    %z = memref.load %u[%c0] : memref<4xf32>
    func.return %f : memref<4xf32>
  }
  func.func @same(%t: memref<4xf32>) -> memref<4xf32> {
    func.return %t : memref<4xf32>
  }
  func.func @cf_carry(%n: index, %v: f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<4xf32>
    %same = func.call @same(%a) : (memref<4xf32>) -> memref<4xf32>
    cf.br ^bb1(%same, %c0 : memref<4xf32>, index)
  ^bb1(%acc: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb2, ^bb3
  ^bb2:
    memref.store %v, %acc[%c0] : memref<4xf32>
    %ip = arith.addi %i, %c1 : index
    cf.br ^bb1(%acc, %ip : memref<4xf32>, index)
  ^bb3:
    %x = memref.load %acc[%c0] : memref<4xf32>
    func.return
  }
  func.func @when(%c: i1, %t: memref<4xf32>, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %r = scf.if %c -> (memref<4xf32>) {
      %alloc = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
      scf.yield %alloc : memref<4xf32>
    } else {
      scf.yield %t : memref<4xf32>
    }
    %x = memref.load %r[%c0] : memref<4xf32>
    func.return %x : f32
  }
  func.func @edge(%c: i1) -> f32 {
    %c0 = arith.constant 0 : index
    %zero = arith.constant 0.0 : f32
    %a = memref.alloc() : memref<4xf32>
    cf.cond_br %c, ^bb1, ^bb2(%zero : f32)
  ^bb1:
    %x = memref.load %a[%c0] : memref<4xf32>
    cf.br ^bb2(%x : f32)
  ^bb2(%r: f32):
    func.return %r : f32
  }
  func.func @partial(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb2
  ^bb1(%p: memref<4xf32>):
    %x = memref.load %p[%c0] : memref<4xf32>
    func.return %x : f32
  ^bb2:
    %y = memref.load %a[%c0] : memref<4xf32>
    func.return %y : f32
  }
  func.func @join_reads(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    cf.cond_br %c, ^bb1(%a : memref<4xf32>), ^bb2
  ^bb1(%p: memref<4xf32>):
    memref.store %v, %p[%c0] : memref<4xf32>
    cf.br ^bb2
  ^bb2:
    %y = memref.load %a[%c0] : memref<4xf32>
    func.return %y : f32
  }
  func.func @lend(%c: i1, %v: f32) -> (f32, f32) {
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
    func.return %x, %y : f32, f32
  }
  func.func @lend_returned(%c: i1, %v: f32) -> (f32, memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    %r = scf.if %c -> (memref<4xf32>) {
      %b = memref.alloc() : memref<4xf32>
      scf.yield %b : memref<4xf32>
    } else {
      scf.yield %a : memref<4xf32>
    }
    %y = memref.load %r[%c0] : memref<4xf32>
    func.return %y, %a : f32, memref<4xf32>
  }
  func.func @move_loop(%n: index, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %ca = memref.cast %a : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    cf.br ^bb1(%ca, %c0 : memref<4xf32, strided<[?], offset: ?>>, index)
  ^bb1(%p: memref<4xf32, strided<[?], offset: ?>>, %i: index):
    %t = memref.alloc() : memref<4xf32>
    memref.copy %p, %t : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    %ct = memref.cast %t : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %ip = arith.addi %i, %c1 : index
    %more = arith.cmpi ult, %ip, %n : index
    cf.cond_br %more, ^bb1(%ct, %ip : memref<4xf32, strided<[?], offset: ?>>, index), ^bb2(%ct : memref<4xf32, strided<[?], offset: ?>>)
  ^bb2(%r: memref<4xf32, strided<[?], offset: ?>>):
    %x = memref.load %r[%c1] : memref<4xf32, strided<[?], offset: ?>>
    func.return %x : f32
  }
  func.func @strided_carried(%v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %big = memref.alloc() : memref<8xf32>
    linalg.fill ins(%v : f32) outs(%big : memref<8xf32>)
    %s = memref.subview %big[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
    %cs = memref.cast %s : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
    cf.br ^bb1(%cs : memref<4xf32, strided<[?], offset: ?>>)
  ^bb1(%p: memref<4xf32, strided<[?], offset: ?>>):
    %t = memref.alloc() : memref<4xf32>
    memref.copy %p, %t : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    %x = memref.load %t[%c0] : memref<4xf32>
    func.return %x : f32
  }
  func.func @no_moves(%v: f32) -> (f32, f32) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %t = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    memref.copy %a, %t : memref<4xf32> to memref<4xf32>
    %at = memref.assume_alignment %t, 64 : memref<4xf32>
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    %u = memref.alloc() : memref<4xf32>
    memref.store %v, %u[%c0] : memref<4xf32>
    memref.copy %b, %u : memref<4xf32> to memref<4xf32>
    %x = memref.load %at[%c0] : memref<4xf32>
    %y = memref.load %u[%c0] : memref<4xf32>
    func.return %x, %y : f32, f32
  }
  // A cf loop with a header and a body block: the body hands both
  // carried buffers back to the header, swapped (remote_hand).
  func.func @remote_swap(%n: index, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    cf.br ^hdr(%a, %b, %c0 : memref<4xf32>, memref<4xf32>, index)
  ^hdr(%p: memref<4xf32>, %q: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %x = memref.load %q[%c0] : memref<4xf32>
    memref.store %x, %p[%c0] : memref<4xf32>
    %j = arith.addi %i, %c1 : index
    cf.br ^hdr(%q, %p, %j : memref<4xf32>, memref<4xf32>, index)
  ^exit:
    %y = memref.load %p[%c0] : memref<4xf32>
    %z = memref.load %q[%c0] : memref<4xf32>
    %s = arith.addf %y, %z : f32
    func.return %s : f32
  }
  func.func @back_edge(%n: index, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^bb1(%c0 : index)
  ^bb1(%i: index):
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %i2 = arith.addi %i, %c1 : index
    %more = arith.cmpi ult, %i2, %n : index
    cf.cond_br %more, ^bb1(%i2 : index), ^bb2(%a : memref<4xf32>)
  ^bb2(%p: memref<4xf32>):
    %x = memref.load %p[%c0] : memref<4xf32>
    func.return %x : f32
  }
  func.func @loop_return(%n: index, %v: f32) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    cf.br ^bb1(%c0, %alloc : index, memref<4xf32>)
  ^bb1(%i: index, %t: memref<4xf32>):
    %done = arith.cmpi sge, %i, %n : index
    cf.cond_br %done, ^bb3, ^bb2
  ^bb2:
    memref.store %v, %t[%c0] : memref<4xf32>
    %i1 = arith.addi %i, %c1 : index
    cf.br ^bb1(%i1, %t : index, memref<4xf32>)
  ^bb3:
    func.return %t : memref<4xf32>
  }
  func.func @loop_exit_early(%a: memref<4xf32, strided<[?], offset: ?>>, %v: f32, %n: index) -> memref<4xf32, strided<[?], offset: ?>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    cf.br ^bb1(%cast, %c0 : memref<4xf32, strided<[?], offset: ?>>, index)
  ^bb1(%t: memref<4xf32, strided<[?], offset: ?>>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb2, ^bb3(%t : memref<4xf32, strided<[?], offset: ?>>)
  ^bb2:
    memref.store %v, %t[%i] : memref<4xf32, strided<[?], offset: ?>>
    %i2 = arith.addi %i, %c1 : index
    %stop = arith.cmpi eq, %i2, %c3 : index
    cf.cond_br %stop, ^bb3(%a : memref<4xf32, strided<[?], offset: ?>>), ^bb1(%t, %i2 : memref<4xf32, strided<[?], offset: ?>>, index)
  ^bb3(%r: memref<4xf32, strided<[?], offset: ?>>):
    func.return %r : memref<4xf32, strided<[?], offset: ?>>
  }
  func.func @swap_fresh_arg(%a: memref<4xf32, strided<[?], offset: ?>>, %v: f32) -> memref<4xf32, strided<[?], offset: ?>> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    %cast = memref.cast %alloc : memref<4xf32> to memref<4xf32, strided<[?], offset: ?>>
    %r, %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%p = %cast, %q = %a) -> (memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>) {
      memref.store %v, %p[%i] : memref<4xf32, strided<[?], offset: ?>>
      scf.yield %q, %p : memref<4xf32, strided<[?], offset: ?>>, memref<4xf32, strided<[?], offset: ?>>
    }
    func.return %r : memref<4xf32, strided<[?], offset: ?>>
  }
  func.func @loop_read_after(%n: index, %v: f32) -> (memref<4xf32>, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %alloc = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%alloc : memref<4xf32>)
    cf.br ^bb1(%c0, %alloc : index, memref<4xf32>)
  ^bb1(%i: index, %t: memref<4xf32>):
    %done = arith.cmpi sge, %i, %n : index
    cf.cond_br %done, ^bb3(%t : memref<4xf32>), ^bb2
  ^bb2:
    memref.store %v, %t[%c0] : memref<4xf32>
    %i1 = arith.addi %i, %c1 : index
    %stop = arith.cmpi eq, %i1, %c1 : index
    cf.cond_br %stop, ^bb4, ^bb1(%i1, %t : index, memref<4xf32>)
  ^bb3(%r: memref<4xf32>):
    func.return %r, %v : memref<4xf32>, f32
  ^bb4:
    %x = memref.load %t[%c1] : memref<4xf32>
    %alloc_0 = memref.alloc() : memref<4xf32>
    func.return %alloc_0, %x : memref<4xf32>, f32
  }
  func.func @cf_carry_two(%c: i1, %n: index, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    cf.br ^bb3(%a, %c0 : memref<4xf32>, index)
  ^bb2:
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    cf.br ^bb3(%b, %c0 : memref<4xf32>, index)
  ^bb3(%acc: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb4, ^bb5
  ^bb4:
    memref.store %v, %acc[%c0] : memref<4xf32>
    %i2 = arith.addi %i, %c1 : index
    cf.br ^bb3(%acc, %i2 : memref<4xf32>, index)
  ^bb5:
    %x = memref.load %acc[%c0] : memref<4xf32>
    func.return %x : f32
  }
  func.func @two_entries_exit_early(%c: i1, %a: memref<4xf32>, %v: f32, %n: index) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
    cf.br ^bb3(%x, %c0 : memref<4xf32>, index)
  ^bb2:
    %y = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%y : memref<4xf32>)
    cf.br ^bb3(%y, %c0 : memref<4xf32>, index)
  ^bb3(%t: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb4, ^bb5(%t : memref<4xf32>)
  ^bb4:
    memref.store %v, %t[%i] : memref<4xf32>
    %i2 = arith.addi %i, %c1 : index
    %stop = arith.cmpi eq, %i2, %c3 : index
    cf.cond_br %stop, ^bb5(%a : memref<4xf32>), ^bb3(%t, %i2 : memref<4xf32>, index)
  ^bb5(%r: memref<4xf32>):
    func.return %r : memref<4xf32>
  }
  func.func @two_entries_read_after(%c: i1, %n: index, %v: f32) -> (memref<4xf32>, f32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
    cf.br ^bb3(%x, %c0 : memref<4xf32>, index)
  ^bb2:
    %y = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%y : memref<4xf32>)
    cf.br ^bb3(%y, %c0 : memref<4xf32>, index)
  ^bb3(%t: memref<4xf32>, %i: index):
    %done = arith.cmpi sge, %i, %n : index
    cf.cond_br %done, ^bb5(%t : memref<4xf32>), ^bb4
  ^bb4:
    memref.store %v, %t[%c0] : memref<4xf32>
    %i1 = arith.addi %i, %c1 : index
    %stop = arith.cmpi eq, %i1, %c1 : index
    cf.cond_br %stop, ^bb6, ^bb3(%t, %i1 : memref<4xf32>, index)
  ^bb6:
    %w = memref.load %t[%c1] : memref<4xf32>
    %e = memref.alloc() : memref<4xf32>
    linalg.fill ins(%w : f32) outs(%e : memref<4xf32>)
    cf.br ^bb5(%e : memref<4xf32>)
  ^bb5(%r: memref<4xf32>):
    %u = memref.load %r[%c0] : memref<4xf32>
    func.return %r, %u : memref<4xf32>, f32
  }
  func.func @received_live_two(%c: i1, %d: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    cf.br ^bb3(%a : memref<4xf32>)
  ^bb2:
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    cf.br ^bb3(%b : memref<4xf32>)
  ^bb3(%p: memref<4xf32>):
    cf.cond_br %d, ^bb5(%p : memref<4xf32>), ^bb4
  ^bb4:
    %e = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%e : memref<4xf32>)
    cf.br ^bb5(%e : memref<4xf32>)
  ^bb5(%q: memref<4xf32>):
    memref.store %v, %q[%c0] : memref<4xf32>
    %y = memref.load %p[%c0] : memref<4xf32>
    func.return %y : f32
  }
  func.func @carry_handed_twice(%c: i1, %n: index, %v: f32) -> (memref<4xf32>, memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
    cf.br ^bb3(%x, %c0 : memref<4xf32>, index)
  ^bb2:
    %y = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%y : memref<4xf32>)
    cf.br ^bb3(%y, %c0 : memref<4xf32>, index)
  ^bb3(%t: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb4, ^bb5(%t, %t : memref<4xf32>, memref<4xf32>)
  ^bb4:
    memref.store %v, %t[%c0] : memref<4xf32>
    %i1 = arith.addi %i, %c1 : index
    cf.br ^bb3(%t, %i1 : memref<4xf32>, index)
  ^bb5(%r: memref<4xf32>, %s: memref<4xf32>):
    func.return %r, %s : memref<4xf32>, memref<4xf32>
  }
  func.func @carry_returned_or_not(%c: i1, %d: i1, %n: index, %v: f32) -> memref<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    %x = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%x : memref<4xf32>)
    cf.br ^bb3(%x, %c0 : memref<4xf32>, index)
  ^bb2:
    %y = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%y : memref<4xf32>)
    cf.br ^bb3(%y, %c0 : memref<4xf32>, index)
  ^bb3(%t: memref<4xf32>, %i: index):
    %more = arith.cmpi ult, %i, %n : index
    cf.cond_br %more, ^bb4, ^bb5
  ^bb4:
    memref.store %v, %t[%c0] : memref<4xf32>
    %i2 = arith.addi %i, %c1 : index
    cf.br ^bb3(%t, %i2 : memref<4xf32>, index)
  ^bb5:
    cf.cond_br %d, ^bb6, ^bb7
  ^bb6:
    func.return %t : memref<4xf32>
  ^bb7:
    %e = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%e : memref<4xf32>)
    func.return %e : memref<4xf32>
  }
  func.func private @either(%c: i1, %a: memref<4xf32>, %b: memref<4xf32>) -> memref<4xf32> {
    %r = arith.select %c, %a, %b : memref<4xf32>
    func.return %r : memref<4xf32>
  }
  func.func @either_caller(%c: i1, %v: f32) -> memref<4xf32> {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    %r = func.call @either(%c, %a, %b) : (i1, memref<4xf32>, memref<4xf32>) -> memref<4xf32>
    func.return %r : memref<4xf32>
  }
  func.func @strided_two(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %big = memref.alloc() : memref<8xf32>
    linalg.fill ins(%v : f32) outs(%big : memref<8xf32>)
    %big2 = memref.alloc() : memref<8xf32>
    linalg.fill ins(%v : f32) outs(%big2 : memref<8xf32>)
    %s = memref.subview %big[2] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 2>>
    %cs = memref.cast %s : memref<4xf32, strided<[1], offset: 2>> to memref<4xf32, strided<[?], offset: ?>>
    %s2 = memref.subview %big2[4] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 4>>
    %cs2 = memref.cast %s2 : memref<4xf32, strided<[1], offset: 4>> to memref<4xf32, strided<[?], offset: ?>>
    cf.cond_br %c, ^bb1(%cs : memref<4xf32, strided<[?], offset: ?>>), ^bb1(%cs2 : memref<4xf32, strided<[?], offset: ?>>)
  ^bb1(%p: memref<4xf32, strided<[?], offset: ?>>):
    %t = memref.alloc() : memref<4xf32>
    memref.copy %p, %t : memref<4xf32, strided<[?], offset: ?>> to memref<4xf32>
    %x = memref.load %t[%c0] : memref<4xf32>
    func.return %x : f32
  }
  memref.global "private" constant @seven : memref<4xf32> = dense<7.0>
  func.func @global_or_arg(%c: i1, %a: memref<4xf32>) -> memref<4xf32> {
    %r = scf.if %c -> (memref<4xf32>) {
      %g = memref.get_global @seven : memref<4xf32>
      scf.yield %g : memref<4xf32>
    } else {
      scf.yield %a : memref<4xf32>
    }
    func.return %r : memref<4xf32>
  }
  // A buffer stored into memory (a memref of memrefs): it may be read
  // after the function returns, so it is not promoted to the stack.
  func.func @stored(%m: memref<1xmemref<4xf32>>, %v: f32) {
    %c0 = arith.constant 0 : index
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    memref.store %a, %m[%c0] : memref<1xmemref<4xf32>>
    func.return
  }
  // Each trip allocates two buffers that die within the trip: the one of
  // static size is hoisted out of the loop, the one sized by %i is not.
  func.func @per_trip(%n: index, %v: f32, %out: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %a = memref.alloc() : memref<4xf32>
      linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
      memref.copy %a, %out : memref<4xf32> to memref<4xf32>
      %b = memref.alloc(%i) : memref<?xf32>
      linalg.fill ins(%v : f32) outs(%b : memref<?xf32>)
    }
    func.return
  }
  // %b is allocated after %a's last use and takes its slot across %c, of
  // another type; %d asks for an alignment %b's slot does not promise.
  func.func @slots(%v: f32, %out: memref<4xf32>, %o8: memref<8xf32>) {
    %a = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
    memref.copy %a, %out : memref<4xf32> to memref<4xf32>
    %c = memref.alloc() : memref<8xf32>
    linalg.fill ins(%v : f32) outs(%c : memref<8xf32>)
    %b = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    memref.copy %b, %out : memref<4xf32> to memref<4xf32>
    memref.copy %c, %o8 : memref<8xf32> to memref<8xf32>
    %d = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%d : memref<4xf32>)
    memref.copy %d, %out : memref<4xf32> to memref<4xf32>
    func.return
  }
  // Written by hand for the buffers that an scf.if result borrows and the stack's budget
  // and slots: two buffers made before a loop that an scf.if of each trip yields one or the
  // other of (the result borrows them: no copy, no free of its own); a family of two
  // buffers from the arms of one scf.if (a call allocates one of them), one of a buffer made
  // before its scf.if and one from an arm (a call may allocate both), and more buffers of
  // one type than the stack's budget holds, which take each other's slots as they die.
  func.func @borrowed(%n: index, %v: f32, %out: memref<4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    %b = memref.alloc() {alignment = 64 : i64} : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%b : memref<4xf32>)
    scf.for %i = %c0 to %n step %c1 {
      %rem = arith.remui %i, %c2 : index
      %even = arith.cmpi eq, %rem, %c0 : index
      %r = scf.if %even -> (memref<4xf32>) {
        linalg.fill ins(%v : f32) outs(%a : memref<4xf32>)
        scf.yield %a : memref<4xf32>
      } else {
        scf.yield %b : memref<4xf32>
      }
      memref.copy %r, %out : memref<4xf32> to memref<4xf32>
    }
    return
  }

  func.func @shared(%c: i1, %v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %r = scf.if %c -> (memref<64xf32>) {
      %x = memref.alloc() : memref<64xf32>
      linalg.fill ins(%v : f32) outs(%x : memref<64xf32>)
      scf.yield %x : memref<64xf32>
    } else {
      %y = memref.alloc() : memref<64xf32>
      linalg.fill ins(%v : f32) outs(%y : memref<64xf32>)
      scf.yield %y : memref<64xf32>
    }
    %p = memref.alloc() : memref<64xf32>
    linalg.fill ins(%v : f32) outs(%p : memref<64xf32>)
    %q = memref.alloc() : memref<64xf32>
    linalg.fill ins(%v : f32) outs(%q : memref<64xf32>)
    %s = memref.alloc() : memref<64xf32>
    linalg.add ins(%p, %q : memref<64xf32>, memref<64xf32>) outs(%s : memref<64xf32>)
    %t = memref.alloc() : memref<64xf32>
    linalg.add ins(%s, %r : memref<64xf32>, memref<64xf32>) outs(%t : memref<64xf32>)
    %u = memref.alloc() : memref<64xf32>
    linalg.add ins(%t, %t : memref<64xf32>, memref<64xf32>) outs(%u : memref<64xf32>)
    %w = memref.alloc() : memref<64xf32>
    linalg.fill ins(%v : f32) outs(%w : memref<64xf32>)
    %r2 = scf.if %c -> (memref<64xf32>) {
      scf.yield %w : memref<64xf32>
    } else {
      %k = memref.alloc() : memref<64xf32>
      linalg.fill ins(%v : f32) outs(%k : memref<64xf32>)
      scf.yield %k : memref<64xf32>
    }
    %x1 = memref.load %r[%c0] : memref<64xf32>
    %x2 = memref.load %u[%c0] : memref<64xf32>
    %x3 = memref.load %r2[%c0] : memref<64xf32>
    %y = arith.addf %x1, %x2 : f32
    %z = arith.addf %y, %x3 : f32
    return %z : f32
  }
  // A return of an arith.select between a fresh buffer and an argument
  // copies the argument only where the select picks it (clone_if_picked).
  func.func @pick_owned(%c: i1, %a: memref<4xf32>, %v: f32) -> memref<4xf32> {
    %f = memref.alloc() : memref<4xf32>
    linalg.fill ins(%v : f32) outs(%f : memref<4xf32>)
    %s = arith.select %c, %f, %a : memref<4xf32>
    return %s : memref<4xf32>
  }
  // A function returning what its callee returns owns it only as long as
  // the callee's result is fresh (owned_through): @make's is.
  func.func @make_again(%v: f32) -> memref<4xf32> {
    %m = func.call @make(%v) : (f32) -> memref<4xf32>
    return %m : memref<4xf32>
  }
  // A call's result of a static layout other than the identity's, copied
  // into a new buffer before its free: the copy is a move that keeps the
  // source's type (moves_as_is), since a load, a store, a cast to an
  // unranked memref and a free take any layout.
  func.func private @view_of_fresh(%v: f32) -> memref<4xf32, strided<[1], offset: 1>> {
    %big = memref.alloc() : memref<8xf32>
    linalg.fill ins(%v : f32) outs(%big : memref<8xf32>)
    %s = memref.subview %big[1] [4] [1] : memref<8xf32> to memref<4xf32, strided<[1], offset: 1>>
    return %s : memref<4xf32, strided<[1], offset: 1>>
  }
  func.func @move_as_is(%v: f32) -> f32 {
    %c0 = arith.constant 0 : index
    %a = func.call @view_of_fresh(%v) : (f32) -> memref<4xf32, strided<[1], offset: 1>>
    %t = memref.alloc() : memref<4xf32>
    memref.copy %a, %t : memref<4xf32, strided<[1], offset: 1>> to memref<4xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    %u = memref.cast %t : memref<4xf32> to memref<*xf32>
    %x = memref.load %t[%c0] : memref<4xf32>
    return %x : f32
  }
}
