# disjoint-slices.mg: a write into one static slice of a tensor does not conflict with a read of another, disjoint static slice of it.
#
# MLIR's analysis treats every slice of a tensor as a view that may
# overlap every other: a write into %t[0..3] followed by a read of
# %t[4..7] is a read-after-write conflict, and the write gets a copy.
# This file excuses such a pair (extra_excuse, which the conflict rule of
# inplace.mg consults) when both slices are taken from the very same
# tensor value, with static offsets, sizes and strides (slice_dim facts),
# and their index ranges do not overlap in some dimension.
#
# Why it is safe: an in-place operand's buffer is the buffer of its
# value. A value reached from tensor.extract_slice S of %t through ops
# whose result is, for sure, the same buffer as their operand (in-place
# tensor.insert, linalg ops, casts: definite /equivalent aliases, never a
# loop result) lies inside the part of %t's buffer that S selects; an
# in-place tensor.insert_slice writes only the part of its destination
# that it selects. Two such parts of one buffer that do not overlap in one
# dimension share no element, so the write cannot change what the read
# reads. Nothing else changes: the pair is excused only for these two
# operands, and every other conflict is checked as before. Slices with a
# dynamic offset, size or stride, and slices of different values (even of
# one buffer), are left to MLIR's rules.
#
# Use: bufferlog bufferize --rules alt:disjoint-slices FILE

Decl slice_view(V, Base, S)
  descr [doc("If it and the ops between bufferize in place, V's buffer lies in the part of Base's buffer that the tensor.extract_slice S of Base selects: V is S's result, or a result that is surely equivalent to an operand holding such a value."),
         arg(V, "value id"), arg(Base, "value id"), arg(S, "op id")]
  bound [/number, /number, /number].

Decl carries_through_body(Op)
  descr [doc("Op hands its operands to the block arguments of its body (scf.for, scf.while, scf.forall): its results hold what the body yields."),
         arg(Op, "op id")]
  bound [/number].

Decl written_part(WOp, WI, Base, S)
  descr [doc("The write through operand WI of WOp, in place, touches only the part of Base's buffer that the slice op S selects."),
         arg(WOp, "op id"), arg(WI, "number"), arg(Base, "value id"), arg(S, "op id")]
  bound [/number, /number, /number, /number].

Decl read_part(ROp, RI, Base, S)
  descr [doc("The read through operand RI of ROp, in place, sees only the part of Base's buffer that the slice op S selects."),
         arg(ROp, "op id"), arg(RI, "number"), arg(Base, "value id"), arg(S, "op id")]
  bound [/number, /number, /number, /number].

Decl disjoint_slices(A, B)
  descr [doc("The slice ops A and B select parts of their tensors that share no element: in some dimension, the static index ranges (from the offset to the offset plus (size - 1) strides) do not overlap."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].

# %s = tensor.extract_slice %t[0] [4] [1]: in place, a subview of %t.
slice_view(V, Base, S) :- op(S, "tensor.extract_slice"), use(S, 0, Base), result(V, S, 0).

# %w = tensor.insert %f into %s[%i], %w = linalg.fill ... outs(%s): the
# result is %s's buffer. Loop and branch results are left out: what they
# hold depends on what the body yields.
slice_view(V, Base, S) :-
  slice_view(X, Base, S), use(Op, I, X), aliases(Op, I, V, /equivalent), !maybe_alias(Op, I, V),
  result(V, Op, _), !carries_through_body(Op).

# scf.for iter_args, scf.while and scf.forall arguments.
carries_through_body(Op) :- region_entry(Op, _, _).

# A write through a value inside a slice: tensor.insert into %s, a linalg
# op with outs(%s).
written_part(WOp, WI, Base, S) :-
  candidate_definition(_, _, WOp, WI, _), tensor_use(WOp, WI, WV), slice_view(WV, Base, S).

# tensor.insert_slice %x into %t[4] [4] [1] writes only %t[4..7].
written_part(WOp, 1, Base, WOp) :-
  candidate_definition(_, _, WOp, 1, _), op(WOp, "tensor.insert_slice"), use(WOp, 1, Base).

# A read of a value inside a slice: tensor.extract from %s, a linalg op
# with ins(%s).
read_part(ROp, RI, Base, S) :-
  candidate_definition(ROp, RI, _, _, _), tensor_use(ROp, RI, RV), slice_view(RV, Base, S).

# Strides are positive and sizes not negative, so the last index a slice
# touches in dimension K is Offset + (Size - 1) * Stride; two ranges are
# disjoint when one ends before the other starts.
disjoint_slices(A, B) :-
  written_part(_, _, Base, A), read_part(_, _, Base, B),
  slice_dim(A, K, OA, NA, TA), slice_dim(B, K, OB, _, _),
  TA > 0, NA >= 0, LastA = fn:plus(OA, fn:mult(fn:minus(NA, 1), TA)), LastA < OB.
disjoint_slices(A, B) :-
  written_part(_, _, Base, A), read_part(_, _, Base, B),
  slice_dim(A, K, OA, _, _), slice_dim(B, K, OB, NB, TB),
  TB > 0, NB >= 0, LastB = fn:plus(OB, fn:mult(fn:minus(NB, 1), TB)), LastB < OA.

# The excuse: the read and the write see disjoint parts of one buffer.
extra_excuse(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D),
  written_part(WOp, WI, Base, SW), read_part(ROp, RI, Base, SR), disjoint_slices(SW, SR).
