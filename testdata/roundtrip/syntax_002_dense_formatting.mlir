// syntax: compact formatting without optional spaces, and maximal spacing, in pretty and generic ops.
func.func @compact(%a:i32,%b:i32)->i32{
  %0=arith.addi %a,%b:i32
  %1="test.op"(%0,%b){x=1:i64,y=[1,2]}:(i32,i32)->i32
  %2=arith.cmpi slt,%0,%1:i32
  %3=arith.select %2,%0,%1:i32
  return %3:i32
}

func.func  @spacious ( %a : tensor<4xf32> )  ->  tensor<4xf32>  {
  %c0  =  arith.constant  0  :  index
  %v  =  tensor.extract  %a [ %c0 ]  :  tensor<4xf32>
  %r  =  tensor.insert  %v  into  %a [ %c0 ]  :  tensor<4xf32>
  return  %r  :  tensor<4xf32>
}
