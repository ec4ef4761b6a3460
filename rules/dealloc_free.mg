# dealloc_free.mg: where each owned buffer is freed.
#
# After its last use in its block (dealloc_after), in the regions of an
# scf.if that do not hand it on (dealloc_in_arm), and, for a buffer used
# across the blocks of a cf region, where it stops being live (live_in,
# live_out): after its last use in a block it is not live out of, at the
# start of a successor, or on a block of its own on an edge. A function
# whose returns all hand over buffers it owns gives its callers their
# ownership (returns_owned).

# --- Freeing after the last use ---------------------------------------------

Decl buffer_block(A, B)
  descr [doc("The owned buffer A is defined in block B (for a block argument: is an argument of B)."),
         arg(A, "value id"), arg(B, "block id")]
  bound [/number, /number].
buffer_block(A, B) :- owned(A), root_block(A, B).

Decl dealloc_on_edge(X, S)
  descr [doc("X is freed at the start of S, which it is not live into, reached from its only predecessor. That predecessor has X live out (or ends with X's last use) while block S does not use X; the rewrite inserts the memref.dealloc."), driver(/reads),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].
# A cf loop's self-carried buffer handed out by some exits (loop_hand,
# dealloc_handover.mg) is freed on the loop's other exits.
dealloc_on_edge(X, S) :- loop_hand(X, _, _), owned(X), clean(X), loop_exit(X, _, S), pred_count(S, 1).
Decl dealloc_on_branch(X, Op, S)
  descr [doc("X is freed on the edge to S, which it is not live into, on a block of its own between Op and it. S, a successor of the branch Op, has other predecessors or is X's own block: the rewrite splits the edge with a block that frees X and branches on to S."), driver(/reads),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
dealloc_on_branch(X, Br, S) :- loop_hand(X, _, _), owned(X), clean(X), loop_exit(X, Br, S), !pred_count(S, 1).

Decl ends_in_block(A, Op)
  descr [doc("The root A, handed on by nothing and used in its block only, is last used by Op."),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].
ends_in_block(A, Op) :- last_use(A, P), P >= 0, root_block(A, B), op_in_block(Op, B, P), !escapes(A), !used_elsewhere(A).

Decl dies_at(A, Op)
  descr [doc("The owned buffer A, handed on by nothing and used in its block only, is last used by Op."),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].
dies_at(A, Op) :- owned(A), ends_in_block(A, Op).
dealloc_after(A, Op) :- dies_at(A, Op), !successor(Op, _, _).
# cf.cond_br %c, ^bb1(%a), ^bb2 where ^bb1(%k) is %a under another name
# (same_value_arg) and nothing uses %k: the branch is %a's last use, and
# nothing runs after it in its block. %a is freed at the start of each
# successor, or on the edge into one that has other predecessors.
dealloc_on_edge(A, S) :- dies_at(A, Op), successor(Op, _, S), pred_count(S, 1).
dealloc_on_branch(A, Op, S) :- dies_at(A, Op), successor(Op, _, S), !pred_count(S, 1).

Decl dealloc_in_arm(A, T)
  descr [doc("A is freed just before T, in a region of its scf.if that does not hand it on. The owned buffer A is handed over by a region of an op that runs one of its regions (scf.if), and T is the yield of another region of that op, which does not hand A on."), driver(/reads),
         arg(A, "value id"), arg(T, "op id")]
  bound [/number, /number].
# The regions of the op that hands X over cleanly (above) that do not
# yield it free it before their yield: X's last use was in them.
dealloc_in_arm(X, T) :- owned(X), arm_clean(X, R), arm_exit(T, R), !handed_at(X, T), !alias_use(X, T).

Decl dealloc_before(A, Op)
  descr [doc("The owned buffer A is freed (memref.dealloc) just before Op: a return (dealloc_before_return) or a yield (dealloc_in_arm). The rewrite inserts it."), driver(/reads),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].
dealloc_before(A, Op) :- dealloc_before_return(A, Op).
dealloc_before(A, Op) :- dealloc_in_arm(A, Op).

Decl dealloc_first(A, B)
  descr [doc("A is freed at the start of its block: nothing uses it. A is an owned argument of block B; the rewrite frees it before B's first op."), driver(/reads),
         arg(A, "value id"), arg(B, "block id")]
  bound [/number, /number].
# A carrier block argument nothing uses is freed before the block's first op.
dealloc_first(A, B) :- owned(A), last_use(A, -1), block_arg(A, B, _), !escapes(A), !used_elsewhere(A).

Decl dealloc_before_return(A, Ret)
  descr [doc("A is freed just before Ret, whose block runs after every block that uses it. The owned buffer A is used in several blocks and handed on by none, and the block of the func.return Ret post-dominates A's block and every block using A."), driver(/reads),
         arg(A, "value id"), arg(Ret, "op id")]
  bound [/number, /number].
# A buffer used in several blocks of a cf function, and handed on by
# none, is freed just before the function's return when the block of
# that return post-dominates the buffer's block and every block that
# uses it: that block runs once, after every use.
dealloc_before_return(A, Ret) :-
  owned(A), used_elsewhere(A), !escapes(A), buffer_block(A, B), return_op(Ret, _), op_in_block(Ret, RB, _),
  postdominates_block(RB, B), !use_not_postdominated(A, RB), !cf_root(A).

# --- Buffers used across the blocks of a cf region ----------------------------

Decl cf_root(X)
  descr [doc("The owned buffer X is freed by the liveness of a cf region: it is used in other blocks of its region than its own and handed on by none, or handed by a branch to some successors only (partial_hand) and freed on the paths through the others."),
         arg(X, "value id")]
  bound [/number].
# ^bb3(%t): cf.cond_br %done, ^bb5, ^bb4   ^bb4: copy %t into a new
# buffer, cf.br ^bb3(%new)   ^bb5: return %t
# On the paths that do not return it, such a buffer is freed where it
# stops being live, as a buffer used across blocks is (cf_root).
cf_root(X) :- owned(X), returned_from_other_block(X), used_elsewhere(X).

# A buffer used in several blocks of a cf region (and handed on by none)
# is live into a block that uses it, or from which a block using it can
# be reached before its own block is entered again (a cf loop redefines
# it there). Where it stops being live it is freed: after its last use in
# a block it is not live out of (the body of a cf loop copying its
# carried buffer frees the old one there), or, when it is live out of a
# block but not into one of its successors (a branch leaving a loop, or
# going back to its own block), at the start of that successor if that
# block has no other predecessor, else on a block of its own on that edge.
cf_root(X) :- owned(X), used_elsewhere(X), !escapes(X), !self_carried(X).
# cf.cond_br %c, ^bb1(%x), ^bb2 with %x cleanly handed to ^bb1 only: the
# paths through ^bb2 free it (the hand-over to ^bb1 is no edge it dies on).
cf_root(X) :- owned(X), partial_hand(X, _), clean(X).
cf_root(X) :- owned(X), remote_hand(X, _).
Decl self_carried(X)
  descr [doc("A branch passes the block argument X back to itself (self_forward): X lives across the cf loop."),
         arg(X, "value id")]
  bound [/number].
self_carried(X) :- self_forward(Op, I), use(Op, I, X).

Decl cf_use_block(X, U)
  descr [doc("Block U of the region of X, a root used in several blocks, uses X or a view of it (in an op of U or nested in one), or defines X."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].
# Liveness is computed for every root used in several blocks, owned or
# not: whether a branch hands a buffer over cleanly (partial_hand) depends
# on where it is still used.
cf_use_block(X, U) :-
  used_elsewhere(X), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, _), root_block(X, B),
  block_in_region(U, R, _), block_in_region(B, R, _).
cf_use_block(X, B) :- used_elsewhere(X), root_block(X, B).

Decl pred_count(S, N)
  descr [doc("Block S has N predecessor blocks."),
         arg(S, "block id"), arg(N, "number")]
  bound [/number, /number].
pred_count(S, N) :- block_succ(U, S) |> do fn:group_by(S), let N = fn:count().

Decl live_in(X, S)
  descr [doc("The root X, used in several blocks, is live when block S, other than X's own block, is entered: S or a block reached from it before X's block uses it."),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].
live_in(X, S) :- cf_use_block(X, S), root_block(X, B), S != B.
live_in(X, S) :- live_out(X, S), root_block(X, B), S != B.
Decl live_out(X, U)
  descr [doc("The buffer X is live when block U is left: a successor of U has it live in."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].
live_out(X, U) :- live_in(X, S), block_succ(U, S).
# ^bb4: ... cf.br ^bb3(%t) with %t an argument of ^bb3: a cf loop's
# self-carried buffer stays live around the loop (the back edge does not
# start a new one).
live_out(X, U) :- used_elsewhere(X), carried_back(X, _, U).
Decl carried_back(X, Op, U)
  descr [doc("The branch Op, in block U, passes the block argument X back to itself."), arg(X, "value id"), arg(Op, "op id"), arg(U, "block id")]
  bound [/number, /number, /number].
carried_back(X, Op, U) :- self_forward(Op, I), use(Op, I, X), op_in_block(Op, U, _).

Decl cf_dies_on_branch(X, Op, S)
  descr [doc("X is live out of the block the branch Op ends but not into its successor S (X's own block, entered again, starts a new X), or Op hands X to other successors than S (partial_hand) and S does not have it live in: it dies on that edge."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
# ^bb1: %x = ... cf.cond_br %c, ^bb2, ^bb1 with ^bb2 using %x: an edge
# back into X's own block starts a new X, so X dies on it; so it does on
# an edge into a block that nothing using X is reached from. The edges
# out of a block whose branch hands X to some successors only are the
# next rule's to judge.
cf_dies_on_branch(X, Op, S) :-
  live_out(X, U), op_in_block(Op, U, _), successor(Op, _, S), !live_in(X, S), !hands_from(X, U),
  !carries_to(X, Op, S).
Decl carries_to(X, Op, S)
  descr [doc("The branch Op passes the block argument X back to itself, in its block S."), arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
carries_to(X, Op, S) :- carried_back(X, Op, _), block_arg(X, S, _).

Decl hands_from(X, U)
  descr [doc("The branch ending block U hands X to some of its successors only (partial_hand), or hands it over from a block other than X's own (remote_hand): its edges are judged by those rules, not by liveness alone, and X is not freed in U."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].
# A buffer returned from another block (returned_from_other_block,
# dealloc_handover.mg) is not freed in the blocks whose returns hand it on.
hands_from(X, U) :- returned_from_other_block(X), handed(X, Ret, _), op_in_block(Ret, U, _).

# cf.cond_br %c, ^bb1(%x), ^bb2 where nothing reached from ^bb2 uses %x:
# %x dies on the edge into ^bb2, not on the one that hands it to ^bb1;
# with ^bb2 its own block (^bb1(%p): ... cf.cond_br %c, ^bb2(%p), ^bb1),
# the next %x replaces it there.
hands_from(X, U) :- partial_hand(X, Op), op_in_block(Op, U, _).
hands_from(X, U) :- remote_hand(X, Op), op_in_block(Op, U, _).
cf_dies_on_branch(X, Op, S) :- partial_hand(X, Op), successor(Op, _, S), !forwarded_to(X, Op, S), !live_in(X, S).
cf_dies_on_branch(X, Op, S) :- remote_hand(X, Op), successor(Op, _, S), !forwarded_to(X, Op, S), !live_in(X, S).

Decl cf_dies_on_edge(X, S)
  descr [doc("X dies on the edge into S (cf_dies_on_branch), the only predecessor of S, which is not X's own block: it can be freed at the start of S."),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].
# ^bb2 entered only from the branch X dies on: X is freed at its start.
cf_dies_on_edge(X, S) :- cf_dies_on_branch(X, _, S), root_block(X, B), S != B, pred_count(S, 1).

Decl block_use(X, U, P)
  descr [doc("Position P of block U uses the cf_root X (or defines it)."),
         arg(X, "value id"), arg(U, "block id"), arg(P, "number")]
  bound [/number, /number, /number].
block_use(X, U, P) :- cf_root(X), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, P).
block_use(X, B, P) :- cf_root(X), root_block(X, B), result(X, Op, _), op_in_block(Op, B, P).
Decl block_last_use(X, U, P)
  descr [doc("P is the last position of block U that uses or defines the cf_root X."),
         arg(X, "value id"), arg(U, "block id"), arg(P, "number")]
  bound [/number, /number, /number].
block_last_use(X, U, P) :- block_use(X, U, Q) |> do fn:group_by(X, U), let P = fn:max(Q).

Decl dealloc_in_block(X, Op)
  descr [doc("X is freed after Op, its last use in a block it is not live out of. The rewrite inserts the memref.dealloc right after Op."), driver(/reads),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
dealloc_in_block(X, Op) :-
  cf_root(X), cf_use_block(X, U), !live_out(X, U), !hands_from(X, U), block_last_use(X, U, P), op_in_block(Op, U, P).
dealloc_on_edge(X, S) :- cf_root(X), cf_dies_on_edge(X, S).
# cf.cond_br %c, ^bb1(%y), ^bb2 where ^bb1 is X's own block or has other
# predecessors that do not have X live out: only this edge may free it,
# on a block of its own between the branch and ^bb1.
dealloc_on_branch(X, Op, S) :- cf_root(X), cf_dies_on_branch(X, Op, S), !cf_dies_on_edge(X, S).

Decl use_not_postdominated(A, RB)
  descr [doc("A block of RB's region uses a view of A, and RB does not post-dominate it."),
         arg(A, "value id"), arg(RB, "block id")]
  bound [/number, /number].
use_not_postdominated(A, RB) :-
  alias_use(A, Op), enclosing(Op, X), op_in_block(X, UB, _), return_op(Ret, _), op_in_block(Ret, RB, _),
  block_in_region(UB, R, _), block_in_region(RB, R, _), !postdominates_block(RB, UB).

Decl postdominates_block(A, B)
  descr [doc("Block A post-dominates block B of the same region: every path from B to the region's exit passes through A."),
         arg(A, "block id"), arg(B, "block id")]
  bound [/number, /number].
postdominates_block(A, B) :-
  block_in_region(A, R, _), block_in_region(B, R, _),
  block_postdom(A, InA, OutA), block_postdom(B, InB, OutB), InA <= InB, OutB <= OutA.

Decl kept_alive(A)
  descr [doc("A is not freed in its block: it is handed on, or used in other blocks. The owned buffer A escapes, or is used in other blocks, and these rules free it nowhere."), driver(/reads),
         arg(A, "value id")]
  bound [/number].
kept_alive(A) :- owned(A), escapes(A), !lent_freed(A).
kept_alive(A) :- owned(A), used_elsewhere(A), !freed_before_return(A), !cf_root(A).

Decl freed_before_return(A)
  descr [doc("A is freed just before a return (dealloc_before_return)."),
         arg(A, "value id")]
  bound [/number].
freed_before_return(A) :- dealloc_before_return(A, _).

# --- Functions that return owned buffers -------------------------------------

Decl clean_owned(X)
  descr [doc("The root X is owned and handed over cleanly."),
         arg(X, "value id")]
  bound [/number].
clean_owned(X) :- owned(X), clean(X).
Decl unowned_root(V)
  descr [doc("V has a root that is not owned or not handed over cleanly."),
         arg(V, "value id")]
  bound [/number].
unowned_root(V) :- root_alias(Y, V), !clean_owned(Y).
Decl owned_return(Ret, J)
  descr [doc("Operand J of the func.return Ret is a buffer its function owns, handed over cleanly: every root of the value is owned and clean."),
         arg(Ret, "op id"), arg(J, "number")]
  bound [/number, /number].
owned_return(Ret, J) :- return_op(Ret, _), use(Ret, J, V), rooted(V), !unowned_root(V), !may_global(V), !two_roots(V).

Decl may_global(V)
  descr [doc("V may be the memory of a global (memref.get_global), through views, carriers, and calls whose callee may return it."),
         arg(V, "value id")]
  bound [/number].
# %r = scf.if %p { yield %global } else { yield %a }; return %r: a
# caller of a function that may return a global (or a view of one) must
# not own its result, even where the result may also be a view of a
# buffer the caller passed: freeing it would free the global.
may_global(V) :- op(Op, "memref.get_global"), result(V, Op, 0).
may_global(W) :- may_global(V), local_step(V, W).
may_global(C) :- may_global(V), incoming(C, V).
may_global(R) :- may_global(V), call_step(V, R).
may_global(R) :- call(Op, F), result(R, Op, J), returns_global(F, J).
Decl returns_global(F, J)
  descr [doc("Some func.return of F may give result J the memory of a global."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
returns_global(F, J) :- return_op(Ret, F), use(Ret, J, V), may_global(V).
Decl returns_unowned(F, J)
  descr [doc("Some func.return of F returns as result J a buffer F does not own cleanly."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
returns_unowned(F, J) :- return_op(Ret, F), use(Ret, J, V), buffer_value(V), !owned_return(Ret, J).
Decl returns_owned(F, J)
  descr [doc("Every func.return of F hands over, as result J, a buffer F owns, cleanly (its last use, and its only hand-over): F's callers can own result J. The deallocation driver adds a fresh_result fact for each such result of a function the module calls, and evaluates again."), driver(/reads),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
returns_owned(F, J) :- return_op(Ret, F), use(Ret, J, V), buffer_value(V), !returns_unowned(F, J).

# --- Settling the assumptions of a call chain at once ------------------------

Decl owned_through(F, J, G, K)
  descr [doc("A func.return of F gives as result J a value whose root is result K of a call to G, which F owns only as long as the driver assumes that result fresh (fresh_result)."),
         arg(F, "op id"), arg(J, "number"), arg(G, "op id"), arg(K, "number")]
  bound [/number, /number, /number, /number].
# func.func @f(%a) { %r = call @g(%a); return %r }: @f's result is owned
# only if @g's is.
owned_through(F, J, G, K) :-
  return_op(Ret, F), use(Ret, J, V), root_alias(R, V), result(R, Op, K), call(Op, G), fresh_result(G, K).

Decl unconfirmed_with(F, J)
  descr [doc("Result J of F, a function in no call cycle, is owned only through an assumed fresh result that these rules do not confirm (returns_owned), directly or down a chain of calls: the deallocation driver drops its assumption with theirs, in the same round."), driver(/reads),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# A chain of N functions, each returning its callee's result, the last one
# its argument: the driver would find one more of them unconfirmed per
# round (N rounds, each evaluating the whole module); with this, it drops
# them all at once. A dropped result that the rules then confirm after all
# (its root is also a buffer the function owns) is assumed again in the
# next round, so what the rounds settle on is what they settled on
# without it. Functions of call cycles keep the round-by-round drops,
# whose first fixpoint is the one that confirms the most recursion.
unconfirmed_with(F, J) :- owned_through(F, J, G, K), !returns_owned(G, K), !in_call_cycle(F).
unconfirmed_with(F, J) :- owned_through(F, J, G, K), unconfirmed_with(G, K), !in_call_cycle(F).
