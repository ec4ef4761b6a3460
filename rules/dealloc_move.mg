# dealloc_move.mg: copies that move a buffer.
#
# A memref.copy of all of a buffer into a new one, right before the old
# one is freed, is a move: the rewrite drops the copy, the new buffer's
# allocation and the old one's free, and the new buffer's uses use the
# old one (moves), when the old buffer's run-time layout is the new
# one's (maybe_strided), or the new buffer's uses accept the old one's
# type (moves_as_is).

# --- Copies that move a buffer --------------------------------------------------
#
# ^bb1(%p: memref<3xf32, strided<[?], offset: ?>>, ...):
#   %alloc = memref.alloc() : memref<3xf32>
#   memref.copy %p, %alloc
#   memref.dealloc %p                  (dealloc_after(%p, the copy))
#   memref.store %s, %alloc[%i]
# A copy that is the last use of its source's buffer, freed right after
# it (dealloc_after, or dealloc_in_block in another block than the
# buffer's), into a new buffer that nothing used before is a move:
# %alloc can be %p's buffer itself, with no allocation, no copy and no
# free, and the frees of %alloc free it. That holds when the source is
# the whole buffer its root frees (the root or a memref.cast of it: never
# a subview or another view of part of it), the target is a memref.alloc
# of the copy's block, whose alignment nothing asserts, that the copy uses
# first,
# typed with the identity layout of the source's shape and element type,
# and the source's buffer is laid out that way at run time, so that the
# rewrite can cast it to the target's type: every value that can flow
# into it, through casts and the carriers of loops and branches, has an
# identity type. Soundness first: anything else is copied as before.

Decl freed_after(X, Op)
  descr [doc("The rules free the owned root X right after Op, the last use of X on every path through Op: in X's block (dealloc_after), or in another block of a cf region that X is not live out of (dealloc_in_block)."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
freed_after(X, Op) :- dealloc_after(X, Op).
# ^bb2: memref.copy %a, %t  memref.dealloc %a, where %a comes from
# another block and dies in ^bb2.
freed_after(X, Op) :- dealloc_in_block(X, Op).

Decl ends_at(X, Op)
  descr [doc("Op is the last use of the root X's buffer: the rules free X right after it (freed_after), or X is on the stack (stack_buffer), handed on nowhere, used in no other block, and Op is its last use in its block."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
ends_at(X, Op) :- freed_after(X, Op).
# %a = memref.alloca() ... memref.copy %a, %b, and nothing uses %a after:
# %b can be %a's buffer, as when %a is freed after the copy.
ends_at(X, Op) :- stack_buffer(X), ends_in_block(X, Op).

Decl copy_to_new(Copy, V, T)
  descr [doc("The memref.copy Copy copies V into T, the result of a memref.alloc."),
         arg(Copy, "op id"), arg(V, "value id"), arg(T, "value id")]
  bound [/number, /number, /number].
# memref.copy %v, %t where %t = memref.alloc(): a copy into a new buffer.
copy_to_new(Copy, V, T) :- op(Copy, "memref.copy"), use(Copy, 1, T), new_buffer(T), use(Copy, 0, V).

Decl cast_of(V, W)
  descr [doc("V is the result of a memref.cast of W: the same buffer, with the same layout at run time."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
# memref.copy %cast, %t with %cast = memref.cast %x: the whole of %x's buffer.
cast_of(V, W) :- op(Op, "memref.cast"), result(V, Op, 0), use(Op, 0, W).
Decl copy_source(V, W)
  descr [doc("V, the source of a copy into a new buffer, is W or a memref.cast of it, once or more: all of W's buffer."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
copy_source(V, V) :- copy_to_new(_, V, _).
copy_source(V, W) :- copy_source(V, U), cast_of(U, W).
copy_source(V, W) :- copy_source(V, U), same_value_arg(U, W).

Decl alignment_asserted(A)
  descr [doc("The buffer of the allocation op A, or a view of it, is asserted aligned by memref.assume_alignment: another buffer cannot stand in for it."),
         arg(A, "op id")]
  bound [/number].
# %t = memref.alloc() {alignment = 64} ... memref.assume_alignment %t, 64:
# code after it may rely on the alignment, which the buffer of a move's
# source need not have. An alignment that nothing asserts is a request to
# the allocator that no op reads (bufferlog asks 64 bytes of every
# buffer, as One-Shot does): a move may give it the source's buffer.
alignment_asserted(A) :- result(T, A, 0), alias_use(T, Op), op(Op, "memref.assume_alignment").

Decl target_used_before(T, Copy)
  descr [doc("T, the new buffer the memref.copy Copy copies into, or a view of it, is used by an op of its block before Copy."),
         arg(T, "value id"), arg(Copy, "op id")]
  bound [/number, /number].
# %t = memref.alloc() ... memref.store %f, %t[%i] ... memref.copy %x, %t:
# what the store wrote is overwritten by the copy, but a buffer taking
# %t's place would not have been there to be written.
target_used_before(T, Copy) :-
  copy_to_new(Copy, _, T), alias_use(T, Op), enclosing(Op, Y), op_in_block(Y, B, P), op_in_block(Copy, B, Q), P < Q.

Decl move_candidate(X, Copy, V, T)
  descr [doc("The memref.copy Copy of V, all of the buffer of the root X, which it ends (ends_at: X is freed right after it, or on the stack and used no more), into T, a new buffer of the copy's block that it uses first and whose alignment nothing asserts, of the identity layout of V's shape and element type: a move, if X's buffer has that layout at run time."),
         arg(X, "value id"), arg(Copy, "op id"), arg(V, "value id"), arg(T, "value id")]
  bound [/number, /number, /number, /number].
# %t = memref.alloc() : memref<3xf32> ... memref.copy %x, %t
# memref.dealloc %x (or %x on the stack, not used after): the copy is
# the last use of %x's buffer, %t is new,
# of %x's shape and element type with the identity layout; whether %x's
# buffer has that layout at run time is asked below.
move_candidate(X, Copy, V, T) :-
  copy_to_new(Copy, V, T), copy_source(V, X), ends_at(X, Copy), X != T,
  result(T, A, 0), op_in_block(A, B, _), op_in_block(Copy, B, _), !alignment_asserted(A),
  memref_type(T, S, /identity), memref_type(V, S, _), !target_used_before(T, Copy).

Decl layout_demand(V)
  descr [doc("The layout of V at run time decides a move: V is the source of a move_candidate, or a value that flows into one through casts and carriers."),
         arg(V, "value id")]
  bound [/number].
# ^bb1(%p: memref<3xf32, strided<[?], offset: ?>>): the layout of %p at
# run time is that of the values handed into it, and a cast's that of
# its operand.
layout_demand(V) :- move_candidate(_, _, V, _).
layout_demand(W) :- layout_demand(V), cast_of(V, W).
layout_demand(W) :- layout_demand(C), incoming(C, W).

Decl identity_typed(V)
  descr [doc("V's type is a ranked memref of the identity layout."),
         arg(V, "value id")]
  bound [/number].
identity_typed(V) :- memref_type(V, _, /identity).
Decl is_cast(V)
  descr [doc("V, whose layout a move depends on, is the result of a memref.cast."),
         arg(V, "value id")]
  bound [/number].
is_cast(V) :- layout_demand(V), cast_of(V, _).
Decl carried(V)
  descr [doc("V, whose layout a move depends on, is a carrier: values are handed into it (incoming)."),
         arg(V, "value id")]
  bound [/number].
carried(V) :- layout_demand(V), incoming(V, _).

Decl maybe_strided(V)
  descr [doc("V, whose layout a move depends on, may at run time have another layout than the identity one: its type has another layout, and it is neither a cast nor a carrier of values of the identity layout (a function argument, a view, a call's result, or a cast or carrier of such a value)."),
         arg(V, "value id")]
  bound [/number].
# A value of an identity-layout type has that layout (a memref.cast to
# such a type is valid only if it does). Any other is a cast or a carrier of values that may
# have another layout, or a value the rules cannot follow: a function
# argument of strided type, a subview, a call's result, an arith.select.
maybe_strided(V) :- layout_demand(V), !identity_typed(V), !is_cast(V), !carried(V).
maybe_strided(V) :- layout_demand(V), !identity_typed(V), cast_of(V, W), maybe_strided(W).
maybe_strided(C) :- layout_demand(C), !identity_typed(C), incoming(C, W), maybe_strided(W).

Decl moves(X, Copy, T)
  descr [doc("X's buffer moves into T: Copy and the memref.alloc of T are elided, and so is the memref.dealloc of X after the copy (none if X is on the stack); the copy is the last use of all of X's buffer, and T is a new buffer nothing used before, laid out as X's buffer is at run time, or used only where the source's type serves as well (moves_as_is). X is an owned root, freed right after Copy (freed_after), or a stack buffer the copy ends; the rewrite drops the three ops, and T's uses use X's buffer (cast to T's type, or as it is for moves_as_is)."), driver(/reads),
         arg(X, "value id"), arg(Copy, "op id"), arg(T, "value id")]
  bound [/number, /number, /number].
moves(X, Copy, T) :- optimization(/move), move_candidate(X, Copy, V, T), !maybe_strided(V).
# A source that may be laid out otherwise moves too when no use of T
# depends on T's type: T's uses take the source with its own type.
moves(X, Copy, T) :- moves_as_is(X, Copy, T).

# --- Moves that keep the source's type -------------------------------------
#
# %a, %b = func.call @twice(...) : () -> (memref<4xf32, strided<[1], offset: 1>>, ...)
# %alloc = memref.alloc() : memref<4xf32>
# memref.copy %a, %alloc           memref.dealloc %a
# memref.store %x, %alloc[%c0]     %u = memref.cast %alloc : ... to memref<*xf32>
# %a's buffer is not laid out as memref<4xf32> says (offset 1), so it
# cannot be cast to it; but a store, a cast to an unranked memref and a
# free accept %a as it is typed: %alloc's uses can use %a itself.

Decl layout_tied(Name)
  descr [doc("Ops named Name read or write a memref operand whose type the verifier ties to another type of the op (a result's, a vector's, a shape's): a value of another layout cannot stand in for it."),
         arg(Name, "string")].
layout_tied("memref.realloc").
layout_tied("memref.reshape").
layout_tied("bufferization.clone").
layout_tied("bufferization.to_tensor").
layout_tied("vector.load").
layout_tied("vector.store").
layout_tied("vector.gather").
layout_tied("vector.scatter").

Decl target_use(Op, I)
  descr [doc("Operand I of Op is the target T of a move_candidate."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
target_use(Op, I) :- move_candidate(_, _, _, T), use(Op, I, T).

Decl layout_free_use(Op, I)
  descr [doc("Operand I of Op, a move target's use, is valid whatever the operand's layout: a read or a write of its elements by an op not layout_tied (a load, a store, a copy, a destination-style op such as linalg.fill), a free, or a memref.cast to an unranked memref."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
layout_free_use(Op, I) :- target_use(Op, I), memref_effect(Op, I, /read), op(Op, Name), !layout_tied(Name).
layout_free_use(Op, I) :- target_use(Op, I), memref_effect(Op, I, /write), op(Op, Name), !layout_tied(Name).
layout_free_use(Op, 0) :- target_use(Op, 0), op(Op, "memref.dealloc").
layout_free_use(Op, 0) :-
  target_use(Op, 0), op(Op, "memref.cast"), result(C, Op, 0), value_type(C, /memref, _), !memref_type(C, _, _).

Decl layout_bound(T)
  descr [doc("The move target T has a use that depends on its type (not layout_free_use), or is copied into a new buffer: the source of another move, which would cast it to that buffer's type."),
         arg(T, "value id")]
  bound [/number].
layout_bound(T) :- move_candidate(_, _, _, T), use(Op, I, T), !layout_free_use(Op, I).
layout_bound(T) :- move_candidate(_, _, _, T), copy_to_new(_, T, _).

Decl moves_as_is(X, Copy, T)
  descr [doc("A move (moves) whose source may have another layout at run time than T's type says (maybe_strided), and whose target T is not layout_bound: the rewrite gives T's uses the copy's source itself, with its own type, and no memref.cast."), driver(/reads),
         arg(X, "value id"), arg(Copy, "op id"), arg(T, "value id")]
  bound [/number, /number, /number].
moves_as_is(X, Copy, T) :- optimization(/move), move_candidate(X, Copy, V, T), maybe_strided(V), !layout_bound(T).
