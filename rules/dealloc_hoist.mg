# dealloc_hoist.mg: allocations hoisted out of loops.
#
# A loop body that allocates a buffer which dies within the trip mallocs
# and frees once per trip. One buffer allocated before the loop serves
# every trip (MLIR's buffer-loop-hoisting): the driver moves each
# hoist_alloc's memref.alloc to just before its loop and evaluates the
# deallocation rules again, which then free the buffer once, after the
# loop, or promote it to the stack (dealloc_stack.mg), which a buffer
# allocated in a loop never is. A loop nest is hoisted one level per
# evaluation, until no rule asks for more.
#
# A buffer that a trip allocates, in the loop body or in an scf.if
# there, and hands on only into carriers of the same trip (an scf.if
# result of the body), shares those carriers with the other buffers
# handed into them: all of them are hoisted together, out of a loop that
# runs once per call, when they then fit on the stack (trip_hoist).

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
  descr [doc("The rewrite moves the memref.alloc Op out of the loop L that holds it, to just before L: a buffer of static size that dies within each trip of L (handed on nowhere, never stored, in no move) can be one buffer for every trip."), driver(/reads),
         arg(Op, "op id"), arg(L, "op id")]
  bound [/number, /number].
# scf.for %i = ... { %a = memref.alloc() : memref<4xf32> ... uses of %a
# ... }: no trip's %a outlives the trip, so %a can be allocated before
# the loop. A buffer yielded to the next trip (escapes) is live across
# trips, and one stored may be read after the loop.
hoist_alloc(Op, L) :-
  optimization(/hoist), new_buffer(X), result(X, Op, 0), parent_op(Op, L), op(L, Name), sequential_loop(Name),
  !sized_at_run_time(Op), !escapes(X), !stored(X), !copied_whole(X).

Decl trip_part(Name)
  descr [doc("An op named Name that a trip of a sequential loop holds, directly or in ops of this kind, runs at most once per trip: a memref.alloc, or an op that runs one of its regions once (single_run_op)."),
         arg(Name, "string")].
trip_part("memref.alloc").
trip_part(Name) :- single_run_op(Name).

Decl held_in_trip(Op, L)
  descr [doc("Op, a memref.alloc or a single-run op, is in the body of the sequential loop L, nested in single-run ops only: it runs at most once per trip of L."),
         arg(Op, "op id"), arg(L, "op id")]
  bound [/number, /number].
held_in_trip(Op, L) :- parent_op(Op, L), op(L, Name), sequential_loop(Name), op(Op, Part), trip_part(Part).
held_in_trip(Op, L) :- parent_op(Op, Y), held_in_trip(Y, L), op(Y, Name), single_run_op(Name), op(Op, Part), trip_part(Part).

Decl trip_seed(X, L, F, N)
  descr [doc("X, the result of a memref.alloc of static size N bytes that a trip of the sequential loop L holds (held_in_trip), L running once per call of the function F: allocated before L, X would be allocated once per call."),
         arg(X, "value id"), arg(L, "op id"), arg(F, "op id"), arg(N, "number")]
  bound [/number, /number, /number, /number].
trip_seed(X, L, F, N) :-
  new_buffer(X), result(X, Op, 0), held_in_trip(Op, L), !sized_at_run_time(Op), !runs_repeatedly(L), placed_func(L, F),
  value_type(X, /memref, N), N > 0.

Decl trip_family(X, Y)
  descr [doc("Y, a root, shares carriers or a possible move with the trip seed X (as frame_family does for stack seeds): X itself, a carrier a member hands into, a root handing into a member carrier, or either end of a copy that may be a move of which a member is the other."),
         arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number].
trip_family(X, X) :- trip_seed(X, _, _, _).
trip_family(X, C) :- trip_family(X, Y), carried_into(Y, C).
trip_family(X, Y) :- trip_family(X, C), carried_into(Y, C).
trip_family(X, T) :- trip_family(X, Y), may_end_with_copy(Y, T).
trip_family(X, Y) :- trip_family(X, T), may_end_with_copy(Y, T).

Decl carrier_home(C, D)
  descr [doc("C, a carrier of a trip family, is a result of the op D or an argument of a block of one of D's regions."),
         arg(C, "value id"), arg(D, "op id")]
  bound [/number, /number].
carrier_home(C, D) :- trip_family(_, C), carrier(C), result(C, D, _).
carrier_home(C, D) :- trip_family(_, C), carrier(C), block_arg(C, B, _), block_in_region(B, R, _), region_of(R, D, _).

Decl home_within(C, Y)
  descr [doc("The op that defines the carrier C (carrier_home) is nested in Y, up to its function."),
         arg(C, "value id"), arg(Y, "op id")]
  bound [/number, /number].
home_within(C, Y) :- carrier_home(C, D), parent_op(D, Y).
home_within(C, Z) :- home_within(C, Y), !op(Y, "func.func"), parent_op(Y, Z).

Decl outlives_trip(X, L)
  descr [doc("A member of the trip seed X's family may live past a trip of L: it is no trip seed of L (heap memory, a call's result, an allocation outside L's trips), a carrier defined outside L's body (L's own iter_args and results among them), or it is kept past what holds it (kept_past)."),
         arg(X, "value id"), arg(L, "op id")]
  bound [/number, /number].
outlives_trip(X, L) :- trip_seed(X, L, _, _), trip_family(X, Y), owned_base(Y), !trip_seed(Y, L, _, _).
# scf.yield %r to the loop's own iter_arg or result: live into the next
# trip, or after the loop.
outlives_trip(X, L) :- trip_seed(X, L, _, _), trip_family(X, C), carrier(C), !home_within(C, L).
outlives_trip(X, L) :- trip_seed(X, L, _, _), trip_family(X, Y), kept_past(Y).

Decl trip_hoist(X, L, F, N)
  descr [doc("The trip seed X of L, of N bytes in the function F, and all of its family die within each trip of L: hoisted before L, they are one set of buffers for every trip."),
         arg(X, "value id"), arg(L, "op id"), arg(F, "op id"), arg(N, "number")]
  bound [/number, /number, /number, /number].
trip_hoist(X, L, F, N) :- trip_seed(X, L, F, N), !outlives_trip(X, L).

Decl planned_stack(F, X, N)
  descr [doc("X, of N bytes, would be on the stack of the function F once the trip hoists are made: a stack candidate, or a trip hoist."),
         arg(F, "op id"), arg(X, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
planned_stack(F, X, N) :- stack_candidate(X, F, N).
planned_stack(F, X, N) :- trip_hoist(X, _, F, N).

Decl planned_bytes(F, T)
  descr [doc("The buffers of planned_stack take T bytes of the function F's stack together."),
         arg(F, "op id"), arg(T, "number")]
  bound [/number, /number].
planned_bytes(F, T) :- planned_stack(F, _, N) |> do fn:group_by(F), let T = fn:sum(N).

# scf.for ... { %a = memref.alloc() ... %r = scf.if %c { %b = memref.alloc()
# ... scf.yield %b } else { scf.yield %a } ... uses of %r }: %a and %b die
# within the trip, with %r; before the loop, on the stack, they serve
# every trip. Only where they then fit on the stack: on the heap, the
# hand-overs into %r from outside the trip would each cost a copy.
hoist_alloc(Op, L) :-
  optimization(/hoist), optimization(/stack), trip_hoist(X, L, F, _), result(X, Op, 0), planned_bytes(F, T), stack_limit(M),
  T <= M.
