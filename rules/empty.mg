# empty.mg: tensor.empty ops computed in the tensor they end up in.
#
# A tensor.empty only says "a new buffer of this shape": its contents are
# undefined. When what is computed into it (a linalg.fill, a
# linalg.generic's init, a chain of such ops) is then inserted into a
# slice of another tensor, the computation can write into that slice
# directly: the empty tensor's use is replaced by a tensor.extract_slice
# of the destination at the insertion's offsets, sizes and strides, the
# in-place analysis then puts the chain in place, and the insertion finds
# its source already in its destination, so neither the allocation nor
# the copy is made. This is MLIR's eliminate-empty-tensors, decided here
# on the tensor IR before the in-place analysis (bufferize --optimize
# empty, on by default; not with --analysis-only, which shows One-Shot
# Bufferize's analysis of the input as it is). The analysis that follows
# still decides every operand: where the slice is read after the chain
# writes it, it copies as for any other conflict.
#
# %e = tensor.empty() : tensor<5xf32>
# %f = linalg.fill ins(%c : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
# %r = tensor.insert_slice %f into %t[2] [5] [1]
# becomes
# %s = tensor.extract_slice %t[2] [5] [1]    (placed where %e is)
# %f = linalg.fill ins(%c : f32) outs(%s : tensor<5xf32>) -> tensor<5xf32>
# %r = tensor.insert_slice %f into %t[2] [5] [1]

Decl empty_walk(Ins, Op, I, V)
  descr [doc("The reverse use-def walk from the source of the subset insertion Ins follows operand I of Op, which holds V: the source itself (Op = Ins, I = 0), then, from a result of an op, the operand whose buffer that result is (an /equivalent alias), while the type stays the same."),
         arg(Ins, "op id"), arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number, /number].
# tensor.insert_slice %f into %t, linalg.copy ins(%f) outs(%t),
# bufferization.materialize_in_destination %f in %t: the walk starts at
# %f.
empty_walk(Ins, Ins, 0, V) :- subset_insertion(Ins), use(Ins, 0, V).
# %f = linalg.fill ... outs(%e): %f is %e's buffer, so the walk goes on
# to %e; scf.if results go on to what both branches yield (an alias that
# holds on some executions, as MLIR follows it too). An op whose result
# has another type than the operand (reshapes, casts) ends the walk: the
# slice would have the wrong shape. Unknown ops alias only /unknown, and
# end it too.
empty_walk(Ins, Op, I, W) :-
  empty_walk(Ins, _, _, V), result(V, Op, _), aliases(Op, I, V, /equivalent), use(Op, I, W),
  op(Op, Name), !retypes(Name).

Decl retypes(Name)
  descr [doc("Ops named Name have a result that is the buffer of an operand but may have another type: the walk of empty_walk stops there."),
         arg(Name, "string")].
retypes("tensor.cast").
retypes("tensor.collapse_shape").
retypes("tensor.expand_shape").
retypes("tensor.bitcast").
retypes("tensor.reshape").

Decl empty_candidate(Op, I, Ins, E)
  descr [doc("The walk from Ins reaches, at operand I of Op, the result of the tensor.empty E."),
         arg(Op, "op id"), arg(I, "number"), arg(Ins, "op id"), arg(E, "op id")]
  bound [/number, /number, /number, /number].
empty_candidate(Op, I, Ins, E) :- empty_walk(Ins, Op, I, V), result(V, E, 0), op(E, "tensor.empty").

Decl needed_at(N, E)
  descr [doc("The slice that would replace a use of the tensor.empty E is built from N (the destination, or a dynamic offset, size or stride of the insertion), which must be visible where E is."),
         arg(N, "value id"), arg(E, "op id")]
  bound [/number, /number].
# tensor.insert_slice %f into %t[%i] [5] [1]: %t and %i; linalg.copy and
# materialize_in_destination: their destination.
needed_at(N, E) :- empty_candidate(_, _, Ins, E), use(Ins, I, N), I >= 1.

Decl empty_encloses(E, A)
  descr [doc("A is E or an op that holds E in one of its regions."),
         arg(E, "op id"), arg(A, "op id")]
  bound [/number, /number].
empty_encloses(E, E) :- needed_at(_, E).
empty_encloses(E, P) :- empty_encloses(E, A), parent_op(A, P).

Decl visible_at(N, E)
  descr [doc("N is defined before the op E and visible there: the slice can be built right before E."),
         arg(N, "value id"), arg(E, "op id")]
  bound [/number, /number].
# %t = ... ; ... ; %e = tensor.empty(): an op's result earlier in E's block,
# or in the block of an op that holds E.
visible_at(N, E) :-
  needed_at(N, E), result(N, D, _), op_in_block(D, B, PD), empty_encloses(E, A), op_in_block(A, B, PA), PD < PA.
# func.func @f(%t: tensor<10xf32>) { ... %e = tensor.empty() ... }: an
# argument of E's block, or of the block of an op that holds E.
visible_at(N, E) :-
  needed_at(N, E), block_arg(N, B, _), empty_encloses(E, A), op_in_block(A, B, _).
# cf: %t defined in ^bb0, %e in ^bb1, which ^bb0 dominates.
visible_at(N, E) :-
  needed_at(N, E), result(N, D, _), op_in_block(D, B, _), empty_encloses(E, A), op_in_block(A, B2, _),
  B != B2, block_in_region(B, R, _), block_in_region(B2, R, _),
  block_dom(B, In, Out), block_dom(B2, In2, Out2), In <= In2, Out2 <= Out.

Decl hidden_at(Ins, E)
  descr [doc("Some value the slice of Ins is built from is not visible where the tensor.empty E is."),
         arg(Ins, "op id"), arg(E, "op id")]
  bound [/number, /number].
hidden_at(Ins, E) :- empty_candidate(_, _, Ins, E), use(Ins, I, N), I >= 1, !visible_at(N, E).

Decl empty_choice(Op, I, Ins)
  descr [doc("Operand I of Op, the result of a tensor.empty, may be replaced by the slice of the subset insertion Ins: the walk from Ins reaches it and the slice can be built where the tensor.empty is."),
         arg(Op, "op id"), arg(I, "number"), arg(Ins, "op id")]
  bound [/number, /number, /number].
empty_choice(Op, I, Ins) :- empty_candidate(Op, I, Ins, E), !hidden_at(Ins, E).

Decl empty_replaced(Op, I, Ins)
  descr [doc("The rewrite replaces operand I of Op, the result of a tensor.empty, by a tensor.extract_slice of the destination of the subset insertion Ins at its offsets, sizes and strides (by the destination itself for linalg.copy and materialize_in_destination), built right before the tensor.empty."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(Ins, "op id")]
  bound [/number, /number, /number].
# %f = linalg.fill outs(%e); tensor.insert_slice %f into %a[0] [5] [1];
# tensor.insert_slice %f into %b[0] [5] [1]: both inserts reach the fill's
# use of %e; the first in program order takes it, as MLIR's walk does.
empty_replaced(Op, I, Ins) :- empty_choice(Op, I, X) |> do fn:group_by(Op, I), let Ins = fn:min(X).
