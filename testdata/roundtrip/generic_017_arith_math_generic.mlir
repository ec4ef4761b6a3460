// generic: arith/math ops in generic form: cmpi/cmpf predicate properties, fastmath/overflow attrs, casts, select.
func.func @arith_generic(%a: i32, %b: i32, %x: f32, %y: f32) -> (i1, f32, i64) {
  %0 = "arith.cmpi"(%a, %b) <{predicate = 4 : i64}> : (i32, i32) -> i1
  %1 = "arith.cmpf"(%x, %y) <{fastmath = #arith.fastmath<nnan,ninf>, predicate = 9 : i64}> : (f32, f32) -> i1
  %2 = "arith.andi"(%0, %1) : (i1, i1) -> i1
  %3 = "arith.addf"(%x, %y) <{fastmath = #arith.fastmath<fast>}> : (f32, f32) -> f32
  %4 = "math.fma"(%3, %x, %y) <{fastmath = #arith.fastmath<contract>}> : (f32, f32, f32) -> f32
  %5 = "arith.select"(%2, %3, %4) : (i1, f32, f32) -> f32
  %6 = "arith.extsi"(%a) : (i32) -> i64
  %7 = "arith.subi"(%6, %6) <{overflowFlags = #arith.overflow<nsw>}> : (i64, i64) -> i64
  %8 = "arith.constant"() <{value = dense<[1, 2]> : vector<2xi32>}> : () -> vector<2xi32>
  %9 = "arith.constant"() <{value = 0x7FC00000 : f32}> : () -> f32
  %10 = "arith.maximumf"(%5, %9) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %11 = "arith.index_cast"(%a) : (i32) -> index
  %12 = "arith.sitofp"(%b) : (i32) -> f32
  %13 = "math.powf"(%10, %12) <{fastmath = #arith.fastmath<afn>}> : (f32, f32) -> f32
  return %2, %13, %7 : i1, f32, i64
}
