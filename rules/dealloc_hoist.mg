# dealloc_hoist.mg: allocations hoisted out of loops.
#
# A loop body that allocates a buffer which dies within the trip mallocs
# and frees once per trip, whether it allocates it directly or in an arm
# of a branch. One buffer allocated before the loop serves
# every trip (MLIR's buffer-loop-hoisting): the driver moves each
# hoist_alloc's memref.alloc to just before its loop and evaluates the
# deallocation rules again, which then free the buffer once, after the
# loop, or promote it to the stack (dealloc_stack.mg), which a buffer
# allocated in a loop never is. Buffers a trip yields only into an scf.if
# result that dies within the trip move out together, and the result
# then borrows them. A loop nest is hoisted one level per evaluation,
# until no rule asks for more.

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
hoist_alloc(Op, L) :- trip_alloc(X, L), result(X, Op, 0), !escapes(X).
# scf.for ... { %a = memref.alloc() ... %b = memref.alloc() ... %r =
# scf.if %c { scf.yield %a } else { scf.yield %b } ... uses of %r }: %a
# and %b are handed on only to %r, which dies within the trip; moved
# before the loop together, %r borrows them (borrower, dealloc_clone.mg).
hoist_alloc(Op, L) :- trip_alloc(X, L), result(X, Op, 0), escapes(X), !trip_blocked(X, L).

Decl trip_alloc(X, L)
  descr [doc("X, the result of a memref.alloc of static size that the sequential loop L runs once per trip (in_trip), is never stored, nor in a move: it can be one buffer for every trip if no trip hands it on past the trip."),
         arg(X, "value id"), arg(L, "op id")]
  bound [/number, /number].
trip_alloc(X, L) :-
  optimization(/hoist), new_buffer(X), result(X, Op, 0), in_trip(Op, L), op(L, Name), sequential_loop(Name),
  !sized_at_run_time(Op), !stored(X), !copied_whole(X).

Decl trip_carrier(C, L)
  descr [doc("C is a memref result of an scf.if that the loop L holds, at any depth, and is not handed on, stored, or used in another block: once the allocations it receives are before L, it borrows them (borrower)."),
         arg(C, "value id"), arg(L, "op id")]
  bound [/number, /number].
trip_carrier(C, L) :- confined(C), result(C, R, _), if_nest(R, L).

Decl into_trip_carrier(Op, I, L)
  descr [doc("Operand I of Op is yielded into a trip_carrier of the loop L."),
         arg(Op, "op id"), arg(I, "number"), arg(L, "op id")]
  bound [/number, /number, /number].
into_trip_carrier(Op, I, L) :- handed_into(Op, I, C), trip_carrier(C, L).

Decl loop_block(B, L)
  descr [doc("The block B lies in the loop L, at any depth, where L holds a trip_carrier."),
         arg(B, "block id"), arg(L, "op id")]
  bound [/number, /number].
loop_block(B, L) :- trip_carrier(_, L), region_of(Reg, L, _), block_in_region(B, Reg, _).
loop_block(B, L) :- loop_block(B2, L), op_in_block(Op, B2, _), region_of(Reg, Op, _), block_in_region(B, Reg, _).

Decl trip_blocked(X, L)
  descr [doc("The trip allocation X of L cannot leave L with the buffers it is yielded beside: a view of it is handed on other than into a trip_carrier of L, or into one that also receives a root defined in L that is no trip allocation of L, or one that is blocked itself."),
         arg(X, "value id"), arg(L, "op id")]
  bound [/number, /number].
# scf.for ... { %a = memref.alloc() ... scf.yield %a }: %a goes to the
# next trip.
trip_blocked(X, L) :- trip_alloc(X, L), handed(X, Op, I), !into_trip_carrier(Op, I, L).
# %r = scf.if %c { scf.yield %a } else { %d = memref.alloc(%n) ...
# scf.yield %d }: %d stays in the trip, and so must %a, or %r would hold
# buffers of two blocks.
trip_blocked(X, L) :-
  trip_alloc(X, L), handed(X, Op, I), handed_into(Op, I, C), arm_incoming(C, _, V), root_alias(Y, V), root_block(Y, B),
  loop_block(B, L), !trip_alloc(Y, L).
trip_blocked(X, L) :-
  trip_alloc(X, L), handed(X, Op, I), handed_into(Op, I, C), arm_incoming(C, _, V), root_alias(Y, V), trip_blocked(Y, L).

Decl in_trip(Op, Y)
  descr [doc("The memref.alloc Op runs at most once each time the op Y runs its regions once: Y holds it, through regions of ops that run them at most once (single_run_op: scf.if and its kin)."),
         arg(Op, "op id"), arg(Y, "op id")]
  bound [/number, /number].
# scf.for ... { %a = memref.alloc() }: the loop's trip; scf.for ... {
# scf.if %c { %a = memref.alloc() } }: the scf.if's, and so the loop's.
in_trip(Op, Y) :- op(Op, "memref.alloc"), parent_op(Op, Y).
in_trip(Op, Y) :- in_trip(Op, X), op(X, Name), single_run_op(Name), parent_op(X, Y).
