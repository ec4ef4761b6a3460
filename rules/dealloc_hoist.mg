# dealloc_hoist.mg: allocations hoisted out of loops.
#
# A loop body that allocates a buffer which dies within the trip mallocs
# and frees once per trip, whether it allocates it directly or in an arm
# of a branch. One buffer allocated before the loop serves
# every trip (MLIR's buffer-loop-hoisting): the driver moves each
# hoist_alloc's memref.alloc to just before its loop and evaluates the
# deallocation rules again, which then free the buffer once, after the
# loop, or promote it to the stack (dealloc_stack.mg), which a buffer
# allocated in a loop never is. A loop nest is hoisted one level per
# evaluation, until no rule asks for more.

Decl sequential_loop(Name)
  descr [doc("Ops named Name run their body once per trip, one trip after the other: a buffer that one trip allocates and frees may serve every trip."),
         arg(Name, "string")].
# scf.forall and scf.parallel run their trips at once: one buffer for all
# of them would be written by several trips together.
sequential_loop("scf.for").
sequential_loop("scf.while").

Decl sized_at_run_time(Op)
  descr [doc("The memref.alloc Op takes dynamic sizes as operands, which may be defined in the loop."),
         arg(Op, "op id")]
  bound [/number].
# memref.alloc(%n) : memref<?xf32>: %n may change from trip to trip.
sized_at_run_time(Op) :- op(Op, "memref.alloc"), use(Op, _, _).

Decl hoist_alloc(Op, L)
  descr [doc("The rewrite moves the memref.alloc Op out of the loop L that holds it (directly, or in scf.if arms of the trip), to just before L: a buffer of static size that dies within each trip of L (handed on nowhere, never stored, in no move) can be one buffer for every trip."), driver(/reads),
         arg(Op, "op id"), arg(L, "op id")]
  bound [/number, /number].
# scf.for %i = ... { %a = memref.alloc() : memref<4xf32> ... uses of %a
# ... }: no trip's %a outlives the trip, so %a can be allocated before
# the loop. A buffer yielded to the next trip (escapes) is live across
# trips, and one stored may be read after the loop.
# scf.for ... { scf.if %c { %a = memref.alloc() ... } }: the same, from
# the arm of a branch of the trip (MLIR's buffer-hoisting takes it out of
# the scf.if, then buffer-loop-hoisting out of the loop). A trip that
# takes the other arm leaves the buffer unused.
hoist_alloc(Op, L) :-
  optimization(/hoist), new_buffer(X), result(X, Op, 0), in_trip(Op, L), op(L, Name), sequential_loop(Name),
  !sized_at_run_time(Op), !escapes(X), !stored(X), !copied_whole(X).

Decl in_trip(Op, Y)
  descr [doc("The memref.alloc Op runs at most once each time the op Y runs its regions once: Y holds it, through regions of ops that run them at most once (single_run_op: scf.if and its kin)."),
         arg(Op, "op id"), arg(Y, "op id")]
  bound [/number, /number].
# scf.for ... { %a = memref.alloc() }: the loop's trip; scf.for ... {
# scf.if %c { %a = memref.alloc() } }: the scf.if's, and so the loop's.
in_trip(Op, Y) :- op(Op, "memref.alloc"), parent_op(Op, Y).
in_trip(Op, Y) :- in_trip(Op, X), op(X, Name), single_run_op(Name), parent_op(X, Y).
