# dealloc_reuse.mg: buffers that take the storage of a buffer freed just before.
#
# memref.dealloc %a followed by %b = memref.alloc() of the same type
# gives back to malloc what it asks for again at once. When nothing
# between the two allocates (no allocation, no call, nor an op holding
# one), %b can be %a's storage: the rewrite drops %a's free and %b's
# allocation, and %b's free frees it. The storage lives on through ops
# that allocate nothing, so the peak of live memory stays what it was;
# buffers freed one after the other form a chain on one storage. Two
# stack buffers of one type, one dead before the other is allocated,
# are one alloca the same way (stack_slot_of, dealloc_stack.mg). Which
# buffer takes which storage is decided here (reuses); reuse_overlap
# re-checks that no two of them are live at once, and bufferize fails
# on a rule set that derives one.

Decl reusable(X)
  descr [doc("X, the result of a memref.alloc of static size and the identity layout, stays on the heap and is in no move: its storage may serve another buffer, or it may take another's."),
         arg(X, "value id")]
  bound [/number].
# %a = memref.alloc() : memref<4xf32> on the heap. A buffer of dynamic
# size may not fit the storage it would take; a stack buffer needs no
# malloc to save.
reusable(X) :- new_buffer(X), value_type(X, /memref, N), N > 0, memref_type(X, _, /identity), !stack_buffer(X), !in_move(X).

Decl in_move(X)
  descr [doc("X is the source or the target of a move (moves): the rewrite makes the two one buffer already."),
         arg(X, "value id")]
  bound [/number].
# memref.copy %a, %b that ends %a: %b is %a's buffer already.
in_move(X) :- moves(X, _, _).
in_move(T) :- moves(_, _, T).

Decl allocating_op(Name)
  descr [doc("Ops named Name take memory from the heap or the stack."),
         arg(Name, "string")].
# The ops of memref IR that call malloc or grow the stack.
allocating_op("memref.alloc").
allocating_op("memref.alloca").
allocating_op("memref.realloc").
allocating_op("bufferization.clone").

Decl loud_op(Op)
  descr [doc("Op may take memory while it runs: it allocates, calls a function, or holds an op that does."),
         arg(Op, "op id")]
  bound [/number].
# memref.alloc, or func.call @f(...), whose body may allocate.
loud_op(Op) :- op(Op, Name), allocating_op(Name).
loud_op(Op) :- call(Op, _).
# scf.for ... { %t = memref.alloc() }: the loop takes memory. A
# linalg.generic's payload of arithmetic does not.
loud_op(Y) :- loud_op(X), parent_op(X, Y).

Decl quiet_after(A, K, P)
  descr [doc("The reusable buffer A is freed after its last use at a position before P in block K, and the ops from there up to P (excluded) take no memory (loud_op)."),
         arg(A, "value id"), arg(K, "block id"), arg(P, "number")]
  bound [/number, /number, /number].
# memref.dealloc %a goes right after %a's last use: the op after that is
# the first that may take %a's storage.
quiet_after(A, K, P) :-
  optimization(/reuse), dealloc_after(A, Op), reusable(A), op_in_block(Op, K, PA), P = fn:plus(PA, 1).
quiet_after(A, K, Q) :- quiet_after(A, K, P), op_in_block(Op, K, P), !loud_op(Op), Q = fn:plus(P, 1).

Decl reuse_candidate(B, A)
  descr [doc("The memref.alloc of B is the first op after A's free that takes memory, B has A's type and no stricter alignment, and B is freed in its block too: B could take A's storage."),
         arg(B, "value id"), arg(A, "value id")]
  bound [/number, /number].
# memref.dealloc %a ... (no allocation, call or region) ... %b =
# memref.alloc() : the type of %a.
reuse_candidate(B, A) :-
  quiet_after(A, K, P), op_in_block(OpB, K, P), result(B, OpB, 0), reusable(B), freed_in_block(B), memref_type(A, S, _),
  memref_type(B, S, _), result(A, OpA, 0), alloc_alignment(OpA, NA), alloc_alignment(OpB, NB), NB <= NA.
reuse_candidate(B, A) :-
  quiet_after(A, K, P), op_in_block(OpB, K, P), result(B, OpB, 0), reusable(B), freed_in_block(B), memref_type(A, S, _),
  memref_type(B, S, _), !aligned(OpB).

# %a, %b = memref.alloca() of one type, %b allocated after %a's last
# use: %b is %a's alloca (stack_slot_of, dealloc_stack.mg).
reuse_candidate(B, A) :- stack_slot_of(B, A), stack_buffer(A).

Decl freed_in_block(B)
  descr [doc("B is freed after its last use in its block (dealloc_after): handed on nowhere, its storage ends there."),
         arg(B, "value id")]
  bound [/number].
# A storage handed on (returned, yielded) would live on with whoever
# takes it, however long the chain of buffers before it: only buffers
# that die in their block take another's storage.
freed_in_block(B) :- dealloc_after(B, _).

Decl aligned(Op)
  descr [doc("The allocation Op asks for an alignment."),
         arg(Op, "op id")]
  bound [/number].
# memref.alloc() {alignment = 64 : i64}.
aligned(Op) :- alloc_alignment(Op, _).

Decl reuses(B, A)
  descr [doc("B takes the storage of A: the rewrite drops B's memref.alloc (and A's memref.dealloc), and B is A's buffer from there (--optimize reuse). A is of B's type and freed just before B is allocated, with nothing taking memory between (of several such, the first), or, on the stack, dead when B is allocated (stack_slot_of)."), driver(/reads),
         arg(B, "value id"), arg(A, "value id")]
  bound [/number, /number].
# Several buffers may die before one allocation; one storage serves it.
reuses(B, A) :- reuse_candidate(B, A2) |> do fn:group_by(B), let A = fn:min(A2).

Decl reuse_overlap(B, A)
  descr [doc("B takes the storage of A (reuses) though A may be live when B is allocated: A is used at or after B's allocation, in another block, or handed on, or another buffer takes A's storage too. A rule set that derives it would have two live buffers share memory: bufferize fails on it."), driver(/reads),
         arg(B, "value id"), arg(A, "value id")]
  bound [/number, /number].
# %b = memref.alloc() ... memref.load %a[...]: %a is still in use.
reuse_overlap(B, A) :- reuses(B, A), result(B, OpB, 0), op_in_block(OpB, K, PB), root_block(A, K), last_use(A, P), P >= PB.
# %a from another block, or handed to a carrier, a call or a return.
reuse_overlap(B, A) :- reuses(B, A), result(B, OpB, 0), op_in_block(OpB, K, _), root_block(A, KA), KA != K.
reuse_overlap(B, A) :- reuses(B, A), escapes(A).
reuse_overlap(B, A) :- reuses(B, A), used_elsewhere(A).
# Two buffers on one storage at once.
reuse_overlap(B, A) :- reuses(B, A), reuses(B2, A), B2 != B.
