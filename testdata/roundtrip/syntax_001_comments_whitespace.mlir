// syntax: comments everywhere, blank lines, tabs, and ops split across many lines.

// A leading comment block.
// Another line.
#a1 = affine_map<(d0) -> (d0)>   // alias comment
#a2 = [#a1, #a1]

func.func @spaced(%x: i32,   // first arg
                  %y: i32)   // second arg
    -> i32 {
	// tab-indented comment
	%0 = arith.addi %x, %y : i32// comment right after type
  %1 =
    arith.muli
      %0,
      %x
      :
      i32


  %2 = "test.op"(%1)   {a = 1 : i64,   // comment inside a dictionary
                        b = 2 : i64}
     : (i32) -> i32
  return %2 : i32 // trailing
}

func.func @alias_of_alias() attributes {maps = #a2} {
  return
}
// final comment without trailing newline