func.func private @ext(tensor<8xf32> {bufferization.access = "read"}) -> tensor<8xf32>

func.func @callee(%h: tensor<8xf32>, %v: f32) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %r = tensor.insert %v into %h[%c1] : tensor<8xf32>
  return %r : tensor<8xf32>
}

func.func @main(%a: tensor<8xf32>, %ro: tensor<8xf32> {bufferization.writable = false}, %f: f32, %c: i1) -> (tensor<8xf32>, tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<8xf32>
  %fill = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %ins = tensor.insert %f into %fill[%c0] : tensor<8xf32>
  %over = linalg.fill ins(%f : f32) outs(%fill : tensor<8xf32>) -> tensor<8xf32>
  %r0 = tensor.extract %ins[%c0] : tensor<8xf32>
  %w = tensor.insert %f into %ro[%c1] : tensor<8xf32>
  %sl = tensor.extract_slice %a[0] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %slf = linalg.fill ins(%r0 : f32) outs(%sl : tensor<4xf32>) -> tensor<4xf32>
  %back = tensor.insert_slice %slf into %a[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  %two:2 = "my.split"(%back) : (tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  %call = func.call @callee(%two#0, %f) : (tensor<8xf32>, f32) -> tensor<8xf32>
  %ext = func.call @ext(%call) : (tensor<8xf32>) -> tensor<8xf32>
  %par = scf.forall (%i) in (2) shared_outs(%o = %ext) -> (tensor<8xf32>) {
    %x = tensor.insert %f into %over[%i] : tensor<8xf32>
    %s = tensor.extract_slice %x[%i] [4] [1] : tensor<8xf32> to tensor<4xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i] [4] [1] : tensor<4xf32> into tensor<8xf32>
    }
  }
  %loop = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %par) -> (tensor<8xf32>) {
    %v = tensor.extract %acc[%i] : tensor<8xf32>
    %u = tensor.insert %v into %acc[%c0] : tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  %sel = scf.if %c -> (tensor<8xf32>) {
    scf.yield %loop : tensor<8xf32>
  } else {
    %t = tensor.insert %f into %loop[%c1] : tensor<8xf32>
    scf.yield %t : tensor<8xf32>
  }
  %wl = scf.while (%b = %sel) : (tensor<8xf32>) -> tensor<8xf32> {
    %x = tensor.extract %b[%c0] : tensor<8xf32>
    %go = arith.cmpf olt, %x, %f : f32
    scf.condition(%go) %b : tensor<8xf32>
  } do {
  ^bb0(%b2: tensor<8xf32>):
    %y = tensor.insert %f into %b2[%c0] : tensor<8xf32>
    scf.yield %y : tensor<8xf32>
  }
  cf.br ^head(%c0, %wl : index, tensor<8xf32>)
^head(%k: index, %t2: tensor<8xf32>):
  %more = arith.cmpi slt, %k, %c4 : index
  cf.cond_br %more, ^body(%t2 : tensor<8xf32>), ^exit(%t2 : tensor<8xf32>)
^body(%bt: tensor<8xf32>):
  %z = tensor.insert %f into %bt[%k] : tensor<8xf32>
  %k1 = arith.addi %k, %c1 : index
  cf.br ^head(%k1, %z : index, tensor<8xf32>)
^exit(%out: tensor<8xf32>):
  return %out, %two#1, %r0 : tensor<8xf32>, tensor<8xf32>, f32
}

func.func @countdown(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %done = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %done -> (tensor<8xf32>) {
    scf.yield %t : tensor<8xf32>
  } else {
    %c1 = arith.constant 1 : index
    %m = arith.subi %n, %c1 : index
    %u = func.call @countdown(%t, %m) : (tensor<8xf32>, index) -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @ping(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %e = arith.cmpi eq, %n, %c0 : index
  %r = scf.if %e -> (tensor<8xf32>) {
    scf.yield %t : tensor<8xf32>
  } else {
    %u = func.call @pong(%t, %n) : (tensor<8xf32>, index) -> tensor<8xf32>
    scf.yield %u : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
func.func @pong(%t: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %m = arith.subi %n, %c1 : index
  %w = tensor.insert %f into %t[%c1] : tensor<8xf32>
  %u = func.call @ping(%w, %m) : (tensor<8xf32>, index) -> tensor<8xf32>
  return %u : tensor<8xf32>
}
// A function returning a constant, and a caller writing the result: read-only across the call.
func.func @table() -> tensor<8xf32> {
  %k = arith.constant dense<2.0> : tensor<8xf32>
  return %k : tensor<8xf32>
}
func.func @write_table(%f: f32) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %t = func.call @table() : () -> tensor<8xf32>
  %w = tensor.insert %f into %t[%c0] : tensor<8xf32>
  return %w : tensor<8xf32>
}
// A function returning one tensor twice, and a caller writing one result and reading the other: the results share a buffer.
func.func @twice(%f: f32) -> (tensor<8xf32>, tensor<8xf32>) {
  %e = tensor.empty() : tensor<8xf32>
  %t = linalg.fill ins(%f : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  return %t, %t : tensor<8xf32>, tensor<8xf32>
}
func.func @use_twice(%f: f32) -> (tensor<8xf32>, f32) {
  %c0 = arith.constant 0 : index
  %a, %b = func.call @twice(%f) : (f32) -> (tensor<8xf32>, tensor<8xf32>)
  %w = tensor.insert %f into %a[%c0] : tensor<8xf32>
  %x = tensor.extract %b[%c0] : tensor<8xf32>
  return %w, %x : tensor<8xf32>, f32
}
