// func: recursive function with scf.if, and mutual recursion between two functions.
func.func @fact(%n: i64) -> i64 {
  %c1 = arith.constant 1 : i64
  %le = arith.cmpi sle, %n, %c1 : i64
  %r = scf.if %le -> (i64) {
    scf.yield %c1 : i64
  } else {
    %m = arith.subi %n, %c1 : i64
    %f = func.call @fact(%m) : (i64) -> i64
    %p = arith.muli %n, %f : i64
    scf.yield %p : i64
  }
  return %r : i64
}

func.func @is_even(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %z -> i1 {
    %t = arith.constant true
    scf.yield %t : i1
  } else {
    %m = arith.subi %n, %c1 : i32
    %o = func.call @is_odd(%m) : (i32) -> i1
    scf.yield %o : i1
  }
  return %r : i1
}

func.func @is_odd(%n: i32) -> i1 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %z = arith.cmpi eq, %n, %c0 : i32
  %r = scf.if %z -> i1 {
    %f = arith.constant false
    scf.yield %f : i1
  } else {
    %m = arith.subi %n, %c1 : i32
    %e = func.call @is_even(%m) : (i32) -> i1
    scf.yield %e : i1
  }
  return %r : i1
}
