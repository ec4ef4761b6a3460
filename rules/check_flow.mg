# check_flow.mg: the program points and paths of memref IR that bufferlog check follows.
#
# The memory-safety checker (check_memory.mg, check_lifetime.mg) reads
# memref IR: bufferlog's output, or any program at that level. It
# follows every path through each function, op by op: a program point is
# an op, the state before it runs. Control passes from an op to the next
# in its block; from a region op (region_branch) into its regions and
# past them; from a region's terminator to another region of its op (a
# loop's next iteration, scf.while's other region) or out to the op after
# it; from a cf branch to the first op of each successor. Ops nested in
# other ops (a linalg.generic's payload) are no points: what they do
# counts at the op that holds them.
#
# A path is sure or unsure. The checker assumes that every branch of an
# scf.if, cf.cond_br or loop exit can be taken, and that a loop can run
# again: a fault on such a path is an error. What it cannot assume is
# that a loop whose bounds are dynamic runs no iteration at all (most
# loops are meant to run); a fault only on a path that skips such a loop
# is a warning.
#
# Facts flow along paths only for the buffers still in use there
# (live): a buffer's facts die where the last reference to it does. Nor
# for memory that never changes hands (static_token, check_memory.mg):
# what holds of it needs no path. A function that defines or uses no
# memref whose paths are followed has no program points at all
# (needs_paths): most functions of a large program, whose buffers are
# allocated, used and freed in one block, cost no paths.
#
# scf.if arms are told apart where it matters: what a result of an
# scf.if on condition %c is handed on the way out of region K is tagged
# with that region (a guard), and does not enter the other region of a
# later scf.if on the same %c. bufferlog frees an scf.if result that
# owns its buffer only when one region ran under scf.if %c {
# memref.dealloc %r } (dealloc_when): the guard keeps the other region's
# paths from freeing or leaking it. A guard ends where its condition is
# defined again (a loop's next iteration).

Decl memref_value(V)
  descr [doc("V is a memref value."),
         arg(V, "value id")]
  bound [/number].

Decl point_region(R)
  descr [doc("The ops of region R are program points: R is a function body or a region of a region op that is a point."),
         arg(R, "region id")]
  bound [/number].

Decl branch_op(Op)
  descr [doc("Op is a region op whose region edges are known (region_branch): scf.for, scf.if, scf.while..."),
         arg(Op, "op id")]
  bound [/number].

Decl is_view(V)
  descr [doc("V is the result of a view op (memref_view), or a call's result that is its operand itself (passes_through)."),
         arg(V, "value id")]
  bound [/number].

Decl branches(T)
  descr [doc("T is a cf branch: it has successor blocks."),
         arg(T, "op id")]
  bound [/number].

Decl arm_exit_edge(P, Q)
  descr [doc("The edge from P to Q leaves an scf.if region (exits_arm)."),
         arg(P, "op id"), arg(Q, "op id")]
  bound [/number, /number].

Decl needs_paths(Op)
  descr [doc("Op holds, at some depth, a memref user (memref_user) or the definition of a memref whose paths are followed (no view, no static_token): if Op is a function, its ops are program points."),
         arg(Op, "op id")]
  bound [/number].

Decl point(P)
  descr [doc("The op P is a program point: the state before it runs."),
         arg(P, "op id")]
  bound [/number].

Decl memref_user(Op)
  descr [doc("Op uses a memref whose paths are followed (no static_token), or a view of one."),
         arg(Op, "op id")]
  bound [/number].

Decl climb(Op, Q)
  descr [doc("Q holds Op, a memref user that is no program point, and every op between them is no point either."),
         arg(Op, "op id"), arg(Q, "op id")]
  bound [/number, /number].

Decl host(Op, P)
  descr [doc("P, a program point, is the memref user Op or the innermost point holding it: what Op does happens at P."),
         arg(Op, "op id"), arg(P, "op id")]
  bound [/number, /number].

Decl handle(V, H)
  descr [doc("The memref V is H or a view of it (memref_view, passes_through, any number of times): H names V's memory. H is no view itself."),
         arg(V, "value id"), arg(H, "value id")]
  bound [/number, /number].

Decl touches(P, H)
  descr [doc("The program point P uses H or a view of it (the op, or one nested in it), H a memref whose paths are followed (no static_token)."),
         arg(P, "op id"), arg(H, "value id")]
  bound [/number, /number].

Decl next_op(P, Q)
  descr [doc("Q follows the region op P (branch_op) in their block: it runs when P is done."),
         arg(P, "op id"), arg(Q, "op id")]
  bound [/number, /number].

Decl region_first(Op, K, Q)
  descr [doc("Q is the first op of the entry block of region K of the region op Op (branch_op, a program point)."),
         arg(Op, "op id"), arg(K, "number"), arg(Q, "op id")]
  bound [/number, /number, /number].

Decl region_exit(T, Op, K)
  descr [doc("T, a program point, ends a block of region K of the region op Op and branches to no block: control leaves the region there (scf.yield, scf.condition)."),
         arg(T, "op id"), arg(Op, "op id"), arg(K, "number")]
  bound [/number, /number, /number].

Decl flow(P, Q, E)
  descr [doc("Control may pass from the program point P to Q: E is /unsure when the edge skips a loop whose bounds are dynamic (it runs no iteration), else /sure."),
         arg(P, "op id"), arg(Q, "op id"), arg(E, "name")]
  bound [/number, /number, /name].

Decl entry_point(F, Q)
  descr [doc("Q is the first op of the function F: its arguments are defined there."),
         arg(F, "op id"), arg(Q, "op id")]
  bound [/number, /number].

Decl arm(R, C, K)
  descr [doc("R is region K of an scf.if whose condition is C."),
         arg(R, "region id"), arg(C, "value id"), arg(K, "number")]
  bound [/number, /number, /number].

Decl conflicting(G, R)
  descr [doc("The scf.if regions G and R are regions of different index of scf.ifs on the same condition: no path runs both in one execution of the condition's op."),
         arg(G, "region id"), arg(R, "region id")]
  bound [/number, /number].

Decl enters_arm(P, Q, R)
  descr [doc("The edge from P to Q enters the scf.if region R, or skips it when it is an empty else region."),
         arg(P, "op id"), arg(Q, "op id"), arg(R, "region id")]
  bound [/number, /number, /number].

Decl exits_arm(P, Q, R)
  descr [doc("The edge from P to Q leaves the scf.if region R for the op after the scf.if: the scf.if's results are handed their values on it."),
         arg(P, "op id"), arg(Q, "op id"), arg(R, "region id")]
  bound [/number, /number, /number].

Decl blocked(P, Q, G)
  descr [doc("A fact guarded by the scf.if region G does not take the edge from P to Q: it enters a region of an scf.if on G's condition that conflicts with G."),
         arg(P, "op id"), arg(Q, "op id"), arg(G, "region id")]
  bound [/number, /number, /number].

Decl cond_def(P, Q, G)
  descr [doc("The condition of the scf.if region G is defined on the edge from P to Q (a result of P, an argument of Q's block): a guard G ends there."),
         arg(P, "op id"), arg(Q, "op id"), arg(G, "region id")]
  bound [/number, /number, /number].

Decl crosses(P, Q, G, G2, E)
  descr [doc("A fact guarded by G (/none: no guard) at P holds at Q, guarded by G2, when the edge from P to Q is taken; E is the edge's flow (/sure or /unsure). Unguarded, only the edges with a memref in use at either end (in_use)."),
         arg(P, "op id"), arg(Q, "op id"), arg(G, "region id"), arg(G2, "region id"), arg(E, "name")].

Decl in_use(P)
  descr [doc("Some memref whose paths are followed is in use at P (live)."),
         arg(P, "op id")]
  bound [/number].

Decl step(P, Q, H, T, G, G2, E)
  descr [doc("A fact about the memref H guarded by G at P is one about T guarded by G2 at Q: H stays in use, not defined again on the way (T = H), or is handed to T (hands), which is guarded by the scf.if region the edge leaves, if any; E is the edge's flow."),
         arg(P, "op id"), arg(Q, "op id"), arg(H, "value id"), arg(T, "value id"), arg(G, "region id"),
         arg(G2, "region id"), arg(E, "name")].

Decl mode_join(M, E, M2)
  descr [doc("A fact of mode M carried over an edge of flow E has mode M2: /unsure once any step is unsure."),
         arg(M, "name"), arg(E, "name"), arg(M2, "name")].

Decl defined_on(P, Q, H)
  descr [doc("The memref H is defined when control passes from P to Q: a result of P, an argument of Q's block, or a result of the region op that the region exit P leaves."),
         arg(P, "op id"), arg(Q, "op id"), arg(H, "value id")]
  bound [/number, /number, /number].

Decl live(P, H)
  descr [doc("The memref H, no view, is in use at the program point P: P or a point reached from P before H is defined again uses H or a view of it."),
         arg(P, "op id"), arg(H, "value id")]
  bound [/number, /number].

Decl binds(P, Q, T, V)
  descr [doc("When control passes from P to Q, the memref T starts to name V's memory: a block argument gets a branch operand, an iter_arg its init or the yielded value, a region op's result the yielded value (a loop that runs no iteration: its init), an arith.select result one of its operands, a call's result an argument the callee may return."),
         arg(P, "op id"), arg(Q, "op id"), arg(T, "value id"), arg(V, "value id")]
  bound [/number, /number, /number, /number].

Decl arg_flow(H, A)
  descr [doc("The memref H (no view) may name the memory of the function argument A: A is handed to it, on some path, through any number of hand-overs (binds)."),
         arg(H, "value id"), arg(A, "value id")]
  bound [/number, /number].

Decl may_return_arg(F, J, I)
  descr [doc("Result J of the function F may be (a view of) its argument I: a func.return of F returns a memref that may name it (arg_flow)."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].

Decl after(P, Q)
  descr [doc("Q follows P, an arith.select or a func.call (hands_over), in their block."),
         arg(P, "op id"), arg(Q, "op id")]
  bound [/number, /number].

Decl hands_over(P)
  descr [doc("P is an arith.select or a func.call: its memref results may name memory its operands name."),
         arg(P, "op id")]
  bound [/number].

Decl hands(P, Q, H, T)
  descr [doc("On the edge from P to Q, the memory of H is handed to T (binds), which is in use at Q."),
         arg(P, "op id"), arg(Q, "op id"), arg(H, "value id"), arg(T, "value id")]
  bound [/number, /number, /number, /number].

# --- Program points -----------------------------------------------------------

# %m : memref<4xf32>, whatever its layout or memory space.
memref_value(V) :- value_type(V, /memref, _).

# func.func @f(...) { ... } that uses or defines a memref whose paths
# are followed: the body's ops are points; so are the ops in the regions
# of an scf.for, scf.if, scf.while... that is a point, not those in a
# linalg.generic's payload.
point_region(R) :- region_of(R, F, 0), op(F, "func.func"), needs_paths(F).
point_region(R) :- region_of(R, Op, _), point(Op), branch_op(Op).
branch_op(Op) :- region_branch(Op, _, _).
point(P) :- op_in_block(P, B, _), block_in_region(B, R, _), point_region(R).

# memref.load %m[...] inside a linalg.generic's payload: the load
# happens when the linalg.generic runs. Only the uses of memory whose
# paths are followed need a point: what holds of the rest holds
# everywhere (static_token).
memref_user(Op) :- handle(V, H), !static_token(H), use(Op, _, V).
climb(Op, Q) :- memref_user(Op), !point(Op), parent_op(Op, Q).
climb(Op, R) :- climb(Op, Q), !point(Q), parent_op(Q, R).
host(Op, Op) :- memref_user(Op), point(Op).
host(Op, Q) :- climb(Op, Q), point(Q).

# memref.store %f, %a[%i] in an scf.for in @f, or %a = memref.alloc()
# that nothing uses (a leak), %a not static_token: @f needs paths. Each
# op holding such an op is counted once, however many it holds.
needs_paths(Q) :- memref_user(Op), parent_op(Op, Q).
needs_paths(Q) :- result(X, D, _), memref_value(X), !is_view(X), !static_token(X), parent_op(D, Q).
needs_paths(R) :- needs_paths(Q), parent_op(Q, R).

# %v = memref.subview %a[...]: %v is %a's memory; freeing either frees
# both, and what holds of one's buffer holds of the other's.
is_view(V) :- memref_view(V, _).
handle(V, V) :- memref_value(V), !is_view(V).
handle(V, H) :- memref_view(V, W), handle(W, H).
# %r = func.call @id(%a) where every func.return of @id returns its
# argument itself: %r is %a, on every path, as a view is.
is_view(T) :- passes_through(T, _).
handle(T, H) :- passes_through(T, V), handle(V, H).

# memref.load %v[%i] with %v = memref.subview %a: the point uses %a.
touches(P, H) :- use(Op, _, V), handle(V, H), host(Op, P), !static_token(H).

# --- Paths --------------------------------------------------------------------

# The ops of a block run in order; a region starts at its entry block,
# and leaves at its last op, a terminator that branches to no block
# (scf.yield).
next_op(P, Q) :- branch_op(P), op_in_block(P, B, I), J = fn:plus(I, 1), op_in_block(Q, B, J).
region_first(Op, K, Q) :- branch_op(Op), point(Op), region_of(R, Op, K), block_in_region(B, R, 0), op_in_block(Q, B, 0).
branches(T) :- successor(T, _, _).
region_exit(T, Op, K) :-
  branch_op(Op), region_of(R, Op, K), block_in_region(B, R, _), op_in_block(T, B, I), J = fn:plus(I, 1),
  !op_in_block(_, B, J), point(T), !branches(T).
entry_point(F, Q) :- op(F, "func.func"), region_of(R, F, 0), block_in_region(B, R, 0), op_in_block(Q, B, 0).

# An op without regions to enter runs, then the next op does.
flow(P, Q, /sure) :- point(P), !branch_op(P), op_in_block(P, B, I), J = fn:plus(I, 1), op_in_block(Q, B, J).
# scf.for / scf.if / scf.while: into a region ...
flow(P, Q, /sure) :- point(P), region_branch(P, -1, K), K >= 0, region_first(P, K, Q).
# ... or past the op: an scf.if with an empty else region, a loop that
# runs no iteration (unsure when its bounds are dynamic).
flow(P, Q, /sure) :- point(P), region_branch(P, -1, -1), !trip_count_unknown(P), next_op(P, Q).
flow(P, Q, /unsure) :- point(P), region_branch(P, -1, -1), trip_count_unknown(P), next_op(P, Q).
# scf.yield at the end of a loop body: the next iteration, or out.
flow(T, Q, /sure) :- region_exit(T, Op, K), region_branch(Op, K, J), J >= 0, region_first(Op, J, Q).
flow(T, Q, /sure) :- region_exit(T, Op, K), region_branch(Op, K, -1), next_op(Op, Q).
# cf.br / cf.cond_br: the first op of each successor.
flow(T, Q, /sure) :- point(T), successor(T, _, S), op_in_block(Q, S, 0).

# A path is sure while all its edges are.
mode_join(/sure, /sure, /sure).
mode_join(/sure, /unsure, /unsure).
mode_join(/unsure, /sure, /unsure).
mode_join(/unsure, /unsure, /unsure).

# --- Guards: the arms of scf.ifs on one condition ----------------------------

# %r = scf.if %c {...} else {...} ... scf.if %c { memref.dealloc %r }:
# the paths through the first scf.if's else region do not enter the
# second one's then region.
arm(R, C, K) :- region_of(R, Op, K), op(Op, "scf.if"), use(Op, 0, C).
conflicting(G, R) :- arm(G, C, K1), arm(R, C, K2), K1 != K2.
enters_arm(P, Q, R) :- arm(R, _, K), region_of(R, P, K), region_first(P, K, Q).
# scf.if %c { ... } with no else: the edge past it is the else region's.
enters_arm(P, Q, R) :- arm(R, _, K), region_of(R, P, K), !block_in_region(_, R, _), region_branch(P, -1, -1), next_op(P, Q).
exits_arm(T, Q, R) :- region_exit(T, Op, K), region_of(R, Op, K), arm(R, _, _), next_op(Op, Q).
blocked(P, Q, G) :- enters_arm(P, Q, R), conflicting(G, R).
# %c = arith.cmpi ... inside a loop, or a block argument ^bb1(%c: i1): the
# next iteration's %c is another.
cond_def(P, Q, G) :- arm(G, C, _), result(C, P, _), flow(P, Q, _).
cond_def(P, Q, G) :- arm(G, C, _), block_arg(C, B, _), op_in_block(Q, B, 0), flow(P, Q, _).

# A fact takes every edge but those into an arm that conflicts with its
# guard; its guard ends where its condition is defined again. Every fact
# that crosses an edge is about a memref in use on one side of it (live,
# or owning, which holds only where its memref is live): unguarded, only
# those edges are crossed, not every edge of every function.
crosses(P, Q, /none, /none, E) :- flow(P, Q, E), in_use(Q).
crosses(P, Q, /none, /none, E) :- flow(P, Q, E), in_use(P).
in_use(P) :- live(P, _).
crosses(P, Q, G, G, E) :- guarded_at(P, G), flow(P, Q, E), !blocked(P, Q, G), !cond_def(P, Q, G).
crosses(P, Q, G, /none, E) :- guarded_at(P, G), flow(P, Q, E), !blocked(P, Q, G), cond_def(P, Q, G).

# --- Liveness -----------------------------------------------------------------

# %x = memref.alloc(), a block argument ^bb1(%x: ...), %r = scf.for ...:
# defined on the edges out of their op, into their block, out of the
# region op's regions.
defined_on(P, Q, H) :- flow(P, Q, _), result(H, P, _), memref_value(H).
defined_on(P, Q, H) :- flow(P, Q, _), op_in_block(Q, B, 0), block_arg(H, B, _), memref_value(H).
defined_on(T, Q, H) :- region_exit(T, Op, _), next_op(Op, Q), result(H, Op, _), memref_value(H).

# memref.load %a[%i] ... back to %a's definition: %a is in use between.
live(P, H) :- touches(P, H).
live(P, H) :- flow(P, Q, _), live(Q, H), !defined_on(P, Q, H).

# --- What memory each memref names, edge by edge --------------------------------

# cf.br ^bb1(%x): ^bb1's argument is %x's memory.
binds(P, Q, T, V) :- forward(P, I, T), use(P, I, V), memref_value(T), block_arg(T, S, _), op_in_block(Q, S, 0).
# scf.for ... iter_args(%a = %init), scf.while (%a = %init): into the body.
binds(P, Q, T, V) :- region_entry(P, I, T), use(P, I, V), memref_value(T), block_arg(T, B, _), op_in_block(Q, B, 0).
# scf.yield %x in a loop body: the next iteration's iter_arg.
binds(P, Q, T, V) :- yield_to_arg(P, I, T), use(P, I, V), memref_value(T), block_arg(T, B, _), op_in_block(Q, B, 0).
# scf.yield %x: the region op's result.
binds(P, Q, T, V) :- yield_to_result(P, I, T), use(P, I, V), memref_value(T), result(T, Op, _), next_op(Op, Q).
# %r = scf.for ... iter_args(%a = %init) that runs no iteration: %r is %init.
binds(P, Q, T, V) :-
  region_branch(P, -1, -1), region_entry(P, I, A), block_arg(A, _, K1), result(T, P, K), K1 = fn:plus(K, 1),
  use(P, I, V), memref_value(T), next_op(P, Q).
# %s = arith.select %c, %a, %b: %a's or %b's memory. Q is the op after P
# in its block (the edge of flow that P, a point, takes; found from the
# blocks, so that which memory is handed on does not depend on where
# paths are followed).
binds(P, Q, T, V) :- op(P, "arith.select"), result(T, P, 0), memref_value(T), use(P, I, V), I > 0, after(P, Q).
# %r = func.call @f(%a): @f may return its argument (may_return_arg), and a
# function without a body any of them. A result that is the operand
# itself (passes_through) is a view of it: nothing is handed on.
binds(P, Q, T, V) :- call(P, F), result(T, P, J), may_return_arg(F, J, I), use(P, I, V), after(P, Q), !is_view(T).
binds(P, Q, T, V) :-
  call(P, F), func_external(F), result(T, P, _), memref_value(T), use(P, _, V), memref_value(V), after(P, Q).
after(P, Q) :- op_in_block(P, B, I), J = fn:plus(I, 1), op_in_block(Q, B, J), hands_over(P).
hands_over(P) :- op(P, "arith.select").
hands_over(P) :- call(P, _).
# func.func @f(%a) { ... func.return %x } where %x may be %a, handed
# through blocks, regions, selects and calls, on any path.
arg_flow(A, A) :- func_arg(_, _, A), memref_value(A).
arg_flow(T, A) :- arg_flow(H, A), handle(V, H), binds(_, _, T, V).
may_return_arg(F, J, I) :- return_op(Ret, F), use(Ret, J, V), handle(V, H), arg_flow(H, A), func_arg(F, I, A).

Decl returns_arg_itself(F, J, I)
  descr [doc("Every func.return of F returns its memref argument I itself as result J, no view of it and nothing else: a call's result J is its operand I."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
Decl returns_else(F, J, I)
  descr [doc("Some func.return of F returns another value than its argument I as result J."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
Decl passes_through(T, V)
  descr [doc("The call result T is the call's operand V itself (returns_arg_itself): it names V's memory on every path."),
         arg(T, "value id"), arg(V, "value id")]
  bound [/number, /number].
# func.func @id(%a) { func.return %a, %a }: %r, %s = func.call @id(%t)
# are %t on every path. Read off the returns alone, with no summary, so
# that handle, which the summaries read, may read it.
returns_arg_itself(F, J, I) :-
  return_op(Ret, F), use(Ret, J, A), func_arg(F, I, A), memref_value(A), !returns_else(F, J, I).
returns_else(F, J, I) :- func_arg(F, I, A), return_op(Ret, F), use(Ret, J, V), V != A.
passes_through(T, V) :- call(Op, F), result(T, Op, J), returns_arg_itself(F, J, I), use(Op, I, V).

# cf.br ^bb1(%v) with %v = memref.cast %a: %a's memory goes to ^bb1's
# argument, if that is used.
hands(P, Q, H, T) :- binds(P, Q, T, V), handle(V, H), live(Q, T).

# A memref still in use, not defined again on the way, keeps its facts.
step(P, Q, H, H, G, G2, E) :- live(Q, H), crosses(P, Q, G, G2, E), !defined_on(P, Q, H).
# %r = scf.if %c { scf.yield %a } else { scf.yield %g }: what %r is
# handed on the way out of a region holds on the paths through it.
step(P, Q, H, T, G, G2, E) :- hands(P, Q, H, T), crosses(P, Q, G, G2, E), !arm_exit_edge(P, Q).
arm_exit_edge(P, Q) :- exits_arm(P, Q, _).
step(P, Q, H, T, G, R, E) :- hands(P, Q, H, T), crosses(P, Q, G, _, E), exits_arm(P, Q, R).
