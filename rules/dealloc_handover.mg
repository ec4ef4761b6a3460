# dealloc_handover.mg: when a buffer handed on is owned by what receives it.
#
# A hand-over is clean when the receiver can take over the buffer: one
# operand of the buffer's last use in its block; the regions of an
# scf.if; a branch to some successors only (partial_hand) or from another
# block of a cf loop (remote_hand, loop_hand); the func.return ops that
# return it (returned_from_other_block). A carrier owns its buffer when
# everything handed into it is clean (owned, bad_value). The vocabulary
# (root, carrier, handed, clean, owned) is defined in dealloc.mg.

# --- Clean hand-overs and owned carriers -----------------------------------------

Decl clean(X)
  descr [doc("Each path hands the root X over at most once, where its receiver can take over its buffer: by one operand of an op in X's block that is its last use there, X used in no other block; by the regions of an scf.if; or by a branch to some of its successors only, no block reached from those using X (partial_hand)."),
         arg(X, "value id")]
  bound [/number].
# X is handed on once, by an op of its own block, which is its last use.
clean(X) :-
  hand_count(X, 1), handed(X, Op, _), !missed_successor(X, Op),
  root_block(X, B), op_in_block(Op, B, P), last_use(X, P), !used_elsewhere(X).

# A branch hands X to each of its successors, one operand each: only one
# of them is taken, so that is one hand-over too.
clean(X) :-
  handed(X, Op, _), successor_count(Op, N), hand_count(X, N), !missed_successor(X, Op), !handed_by_other(X, Op),
  root_block(X, B), op_in_block(Op, B, P), last_use(X, P), !used_elsewhere(X).

# scf.if %c { ... scf.yield %x } else { ... scf.yield %y }, the last use
# of %x and %y: only one region runs, so each of %x and %y is handed over
# at most once, by the region that yields it, and the region that does
# not yield it frees it before its yield (dealloc_in_arm).
clean(X) :- arm_clean(X, _).
Decl arm_clean(X, R)
  descr [doc("The root X is handed over cleanly by the regions of the single-run op R, its last use: each region hands it on at most once, nothing else does."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].
arm_clean(X, R) :-
  arm_handed(X, R), root_block(X, B), op_in_block(R, B, P), last_use(X, P), !used_elsewhere(X),
  !handed_beside_arms(X, R), !handed_twice_in_arm(X).

Decl single_run_op(Name)
  descr [doc("Ops named Name run exactly one of their regions, once, each time they run (scf.if): a yield there is a single hand-over."),
         arg(Name, "string")].
single_run_op("scf.if").
single_run_op("scf.index_switch").
single_run_op("scf.execute_region").

Decl arm_exit(T, R)
  descr [doc("T is a terminator of a region of R, an op that runs one of its regions once, that hands values to R's results."),
         arg(T, "op id"), arg(R, "op id")]
  bound [/number, /number].
arm_exit(T, R) :-
  yield_to_result(T, _, _), op_in_block(T, Blk, _), block_in_region(Blk, Reg, _), region_of(Reg, R, _),
  op(R, Name), single_run_op(Name).
Decl arm_handed(X, R)
  descr [doc("A region of the single-run op R hands a view of the root X to R's results."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].
arm_handed(X, R) :- handed(X, T, _), arm_exit(T, R).
Decl handed_beside_arms(X, R)
  descr [doc("X is handed over by a region of R and also by an op that is no exit of R's regions."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].
handed_beside_arms(X, R) :- arm_handed(X, R), handed(X, Op, _), !arm_exit(Op, R).
Decl arm_hand_count(X, T, N)
  descr [doc("The exit T of a single-run op's region hands on views of the root X by N operands."),
         arg(X, "value id"), arg(T, "op id"), arg(N, "number")]
  bound [/number, /number, /number].
arm_hand_count(X, T, N) :- handed(X, T, _), arm_exit(T, _) |> do fn:group_by(X, T), let N = fn:count().
Decl handed_twice_in_arm(X)
  descr [doc("One exit of a single-run op's region hands on X by two operands: X is not a clean hand-over."),
         arg(X, "value id")]
  bound [/number].
handed_twice_in_arm(X) :- arm_hand_count(X, _, N), N > 1.
Decl handed_at(X, Op)
  descr [doc("Op hands on a view of the root X."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
handed_at(X, T) :- handed(X, T, _).

Decl missed_successor(X, Op)
  descr [doc("The branch Op hands X to some of its successors but not to all: on the others X stays with its own block's owner."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
# A branch that does not pass X to one of its successors hands X over on
# some paths only: on the others X stays where it is, and is freed there
# (partial_hand) or never.
missed_successor(X, Op) :- handed(X, Op, _), successor(Op, _, S), !forwarded_to(X, Op, S).
Decl forwarded_to(X, Op, S)
  descr [doc("The branch Op passes a view of X to an argument of its successor block S."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
forwarded_to(X, Op, S) :- handed(X, Op, I), forward(Op, I, Arg), block_arg(Arg, S, _).
# Passed back to itself, X stays where it is on that path.
forwarded_to(X, Op, S) :- self_forward(Op, I), use(Op, I, X), block_arg(X, S, _).
Decl handed_by_other(X, Op)
  descr [doc("A view of X is handed on by Op and by another op."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
handed_by_other(X, Op) :- handed(X, Op, _), handed(X, Op2, _), Op != Op2.
Decl successor_count(Op, N)
  descr [doc("The branch Op has N successors."),
         arg(Op, "op id"), arg(N, "number")]
  bound [/number, /number].
successor_count(Op, N) :- successor(Op, _, S) |> do fn:group_by(Op), let N = fn:count().

Decl partial_hand(X, Op)
  descr [doc("The branch Op ending X's block hands X to some of its successors only, one operand to each, and nothing else hands X on: on the paths through the other successors X is still its block's, to be freed where it stops being live."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
# cf.cond_br %c, ^bb1(%x), ^bb2: the branch ending %x's block hands %x to
# ^bb1's argument and keeps it on the way through ^bb2. Each path hands
# it over at most once: the argument can own it on the paths through
# ^bb1, as long as no block reached from ^bb1 (before %x's block runs
# again and redefines %x) uses %x itself; on the paths through ^bb2 it is
# freed where it stops being live (cf_root), or right at ^bb2's start
# when nothing there uses it. A successor that receives %x by two
# operands would own it twice: not clean.
partial_hand(X, Op) :-
  missed_successor(X, Op), !handed_by_other(X, Op), hand_count(X, N), received_count(X, Op, N),
  root_block(X, B), op_in_block(Op, B, _), !self_carried(X).
Decl received_count(X, Op, N)
  descr [doc("The branch Op passes X to the arguments of N of its successors."),
         arg(X, "value id"), arg(Op, "op id"), arg(N, "number")]
  bound [/number, /number, /number].
received_count(X, Op, N) :- forwarded_to(X, Op, S) |> do fn:group_by(X, Op), let N = fn:count().

Decl remote_hand(X, Op)
  descr [doc("The branch Op, in a block of X's region other than X's own, is the only op to hand X on, at most once to each successor, and no successor it hands X to uses X itself: the hand-over ends X on those edges, and the paths that do not take it free X where it stops being live."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
# ^hdr(%p, %q): cf.cond_br %c, ^body, ^exit   ^body: ... cf.br ^hdr(%q, %p):
# a cf loop whose header and body are two blocks hands its carried
# buffers back from the body, not from their own block. As for a branch
# in the buffer's own block (partial_hand), the hand-over is clean when
# that branch is the only one to hand the buffer on, no successor gets
# it twice, and no successor that gets it uses the buffer itself (the
# header defines it anew). A successor that does not get it (a break out
# of the loop: cf.cond_br %c, ^hdr(%q, %p), ^side) may still use it; the
# paths that leave the loop free it where it stops being live (cf_root).
remote_hand(X, Op) :-
  handed(X, Op, _), forward(Op, _, _), !handed_by_other(X, Op), hand_count(X, N), received_count(X, Op, N),
  root_block(X, B), op_in_block(Op, U, _), U != B, block_in_region(U, R, _), block_in_region(B, R, _),
  !received_live(X, Op), !self_carried(X).
clean(X) :- remote_hand(X, _).
Decl received_live(X, Op)
  descr [doc("The branch Op hands X to a successor that X is live into: a block reached from it uses X itself, so the receiver cannot own X."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
received_live(X, Op) :- forwarded_to(X, Op, S), live_in(X, S).
clean(X) :- partial_hand(X, Op), !received_live(X, Op).

Decl loop_hand(X, Op, S)
  descr [doc("The self-carried root X is handed on by the branch Op to its successor S, and only branches hand it on, each once."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
# ^head(%t): cf.cond_br %more, ^body, ^exit(%t)   ^body: ... cf.br ^head(%t)
# A cf loop's carried buffer, passed back to itself around the loop
# (self_carried), handed out of the loop by one branch: on each path it
# stays itself until that branch hands it over, once, or until another
# edge leaves the loop (^body: cf.cond_br %stop, ^exit(%a), ^head(%t)),
# where it is freed. No path reaches a func.return inside the loop (its
# blocks all lead back to the loop), so each path hands it over or
# frees it once, as long as nothing outside the loop uses it and the
# block it is handed to does not use it itself.
loop_hand(X, Op, S) :-
  self_carried(X), handed(X, Op, I), forward(Op, I, C), block_arg(C, S, _), !unclean_loop_hand(X).
Decl unclean_loop_hand(X)
  descr [doc("The self-carried root X is handed on by an op that is no branch, by two operands of one branch, or to a block where it is still live."),
         arg(X, "value id")]
  bound [/number].
# Loops with several exits may each hand the buffer on (^head: cf.cond_br
# %more, ^body, ^exit(%t)   ^body: cf.cond_br %stop, ^exit(%t), ^head(%t)):
# each path takes one of them, once.
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, I), handed(X, Op, J), I != J.
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, I), !forward(Op, I, _).
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, _), received_live(X, Op).
Decl loop_stay(X, B)
  descr [doc("Block B is reached from the block of the self-carried root X without taking the edge that hands X over (loop_hand)."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].
loop_stay(X, B) :- loop_hand(X, _, _), root_block(X, B).
loop_stay(X, T) :- loop_stay(X, U), op_in_block(Br, U, _), successor(Br, _, T), !loop_hand(X, Br, T).
Decl loop_body(X, B)
  descr [doc("Block B can reach the block of the self-carried root X, and be reached from it, without taking the edge that hands X over."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].
loop_body(X, B) :- loop_hand(X, _, _), root_block(X, B).
loop_body(X, U) :- loop_body(X, T), loop_stay(X, U), op_in_block(Br, U, _), successor(Br, _, T), !loop_hand(X, Br, T).
Decl loop_exit(X, Br, S)
  descr [doc("The branch Br leaves the loop of the self-carried root X for S, without handing X over: X is freed on that edge."),
         arg(X, "value id"), arg(Br, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
loop_exit(X, Br, S) :-
  loop_body(X, U), op_in_block(Br, U, _), successor(Br, _, S), !loop_body(X, S), !loop_hand(X, Br, S).
Decl used_outside_loop(X)
  descr [doc("A block outside the loop of the self-carried root X uses X or a view of it."),
         arg(X, "value id")]
  bound [/number].
used_outside_loop(X) :-
  loop_hand(X, _, _), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, _), root_block(X, B),
  block_in_region(U, R, _), block_in_region(B, R, _), !loop_body(X, U).
clean(X) :- loop_hand(X, _, _), !used_outside_loop(X).

Decl root_func(X, F)
  descr [doc("The root X is defined in a block of F's body (not inside a region op)."), arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].
root_func(X, F) :- root_block(X, B), block_in_region(B, R, _), region_of(R, F, _), func(F, _).
Decl returned_root(X)
  descr [doc("Some func.return of the function of the root X hands X on."), arg(X, "value id")]
  bound [/number].
returned_root(X) :- root_func(X, _), handed(X, Ret, _), return_op(Ret, _).
Decl handed_not_by_return(X)
  descr [doc("Some op other than a func.return hands on a view of the root X."), arg(X, "value id")]
  bound [/number].
handed_not_by_return(X) :- handed(X, Op, _), !return_op(Op, _).
Decl handed_twice(X)
  descr [doc("One op hands the root X on by two operands."), arg(X, "value id")]
  bound [/number].
handed_twice(X) :- handed_twice_by(X, _).
Decl handed_twice_by(X, Op)
  descr [doc("Two operands of Op hand on views of the root X."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].
handed_twice_by(X, Op) :- handed(X, Op, I), handed(X, Op, J), I < J.
# ^bb3(%t): ... cf.cond_br %done, ^bb5, ^bb4   ^bb5: return %t
# A buffer returned by a block other than its own (a cf loop's carrier,
# an allocation of the entry block returned after a branch) is handed to
# the caller by the func.return ops that return it, once each, when
# nothing else hands it on: nothing runs after them. The paths to the
# other returns free it where it stops being live.
Decl returned_from_other_block(X)
  descr [doc("The root X is handed on by func.return ops only, each once, one of them outside X's block."),
         arg(X, "value id")]
  bound [/number].
returned_from_other_block(X) :-
  returned_root(X), !handed_not_by_return(X), !handed_twice(X),
  root_block(X, B), handed(X, Ret, _), op_in_block(Ret, U, _), U != B.
clean(X) :- returned_from_other_block(X).

Decl rooted(V)
  descr [doc("V is a view of some root. The deallocation driver says, of a copy it makes for needs_clone, whether it hands on an owned buffer (rooted) or a borrowed one."), driver(/reads),
         arg(V, "value id")]
  bound [/number].
rooted(V) :- root_alias(_, V).

Decl bad_value(V)
  descr [doc("V, handed into a carrier, cannot pass ownership: it has no root, a root of it is not handed over cleanly, it comes from a carrier that owns nothing, or it may be either of two roots."),
         arg(V, "value id")]
  bound [/number].
# A value handed into a carrier is bad if it is no owned buffer's (a
# function argument, a global, a view the rules cannot trace), or if a
# root of it is not cleanly handed over, or is a carrier that owns
# nothing.
bad_value(V) :- incoming(_, V), !rooted(V).
bad_value(V) :- incoming(_, V), root_alias(X, V), !clean(X).
bad_value(V) :- incoming(_, V), root_alias(X, V), bad_carrier(X).
# scf.if %c { scf.yield %a } else { scf.yield %b } with %a and %b on the
# stack (dealloc_stack.mg): the result owns nothing, and frees nothing.
bad_value(V) :- incoming(_, V), root_alias(X, V), stack_buffer(X).
# %r = func.call @pick(%a, %b) where @pick may return either argument: %r
# is a view of one of two buffers, and the carrier it is handed into
# could free only that one.
bad_value(V) :- incoming(_, V), two_roots(V).

Decl two_roots(V)
  descr [doc("V may be a view of either of two roots (a call's result that may be one of two arguments): whoever frees V frees one of them only."),
         arg(V, "value id")]
  bound [/number].
two_roots(V) :- root_alias(X, V), root_alias(Y, V), X != Y.

Decl bad_carrier(C)
  descr [doc("The carrier C receives a bad value: it owns nothing, and what is handed into it is not freed."),
         arg(C, "value id")]
  bound [/number].
# A carrier handed back to itself (self_forward) keeps what it has.
bad_carrier(C) :- incoming(C, V), bad_value(V), C != V.

Decl owned(A)
  descr [doc("A is a buffer the function owns and must free: an allocation, the result of a call that returns a fresh buffer, or a carrier every value handed into which is a clean hand-over."),
         arg(A, "value id")]
  bound [/number].
# A buffer promoted to the stack (dealloc_stack.mg) is memref.alloca memory,
# which no one frees.
owned(A) :- owned_base(A), !stack_buffer(A).
# A borrower (dealloc_clone.mg) owns nothing: its buffers' own blocks
# free them.
owned(C) :- carrier(C), !bad_carrier(C), !borrower(C).
