// scf: while whose before and after regions have different argument types, and a no-arg while.
func.func @search(%t: tensor<?xf32>, %key: f32) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %t, %c0 : tensor<?xf32>
  %r = scf.while (%i = %c0) : (index) -> index {
    %inb = arith.cmpi slt, %i, %n : index
    %cont = scf.if %inb -> (i1) {
      %v = tensor.extract %t[%i] : tensor<?xf32>
      %ne = arith.cmpf une, %v, %key : f32
      scf.yield %ne : i1
    } else {
      %f = arith.constant false
      scf.yield %f : i1
    }
    scf.condition(%cont) %i : index
  } do {
  ^bb0(%j: index):
    %nx = arith.addi %j, %c1 : index
    scf.yield %nx : index
  }
  return %r : index
}

func.func @mixed(%x: i32) -> f32 {
  %r = scf.while (%a = %x) : (i32) -> f32 {
    %c = arith.constant 10 : i32
    %lt = arith.cmpi slt, %a, %c : i32
    %f = arith.sitofp %a : i32 to f32
    scf.condition(%lt) %f : f32
  } do {
  ^bb0(%f: f32):
    %i = arith.fptosi %f : f32 to i32
    %one = arith.constant 1 : i32
    %n = arith.addi %i, %one : i32
    scf.yield %n : i32
  }
  return %r : f32
}

func.func @no_args(%flag: memref<i1>) {
  scf.while : () -> () {
    %c = memref.load %flag[] : memref<i1>
    scf.condition(%c)
  } do {
    %f = arith.constant false
    memref.store %f, %flag[] : memref<i1>
    scf.yield
  }
  return
}
