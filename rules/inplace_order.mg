# inplace_order.mg: which of two ops runs first (happensBefore), and
# where op order says nothing.
#
# A read that happens before the write is no conflict. Ops are ordered by
# dominance: in a region of one block by pre-order ids, across the blocks
# of a cf region by block dominance. A loop or a cf cycle hides the order
# (loop_hides_order, cycle_hides_order): the write of one trip may come
# before the read of the next.

# --- Op order --------------------------------------------------------------

Decl op_ancestor(Op, A)
  descr [doc("A is Op or an op whose regions hold Op."),
         arg(Op, "op id"), arg(A, "op id")]
  bound [/number, /number].
# Whether an op holds another, when both are known, is a comparison of
# ids (op_last); the walk up parent_op is for the ops' ancestors one by
# one.
op_ancestor(Op, Op) :- op(Op, _).
op_ancestor(Op, A) :- parent_op(Op, P), op_ancestor(P, A).

Decl op_region(Op, R)
  descr [doc("R is the region whose block holds Op."),
         arg(Op, "op id"), arg(R, "region id")]
  bound [/number, /number].
op_region(Op, R) :- op_in_block(Op, B, _), block_in_region(B, R, _).
Decl value_region(V, R)
  descr [doc("R is the region where V is defined: that of its op, or of its block."),
         arg(V, "value id"), arg(R, "region id")]
  bound [/number, /number].
value_region(V, R) :- result(V, Op, _), op_region(Op, R).
value_region(V, R) :- block_arg(V, B, _), block_in_region(B, R, _).
Decl region_within(R, X)
  descr [doc("Region R is X or is nested in an op of X, at any depth."),
         arg(R, "region id"), arg(X, "region id")]
  bound [/number, /number].
region_within(R, R) :- region_of(R, _, _).
region_within(R, X) :- region_of(R, Op, _), op_region(Op, Up), region_within(Up, X).

Decl order_query(A, B)
  descr [doc("The conflict rule asks whether op A happens before op B."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].
order_query(ROp, WOp) :- raw_candidate(ROp, _, WOp, _).
order_query(WOp, DOp) :- candidate_definition(ROp, RI, WOp, _, D), result(D, DOp, _).

Decl happens_before(A, B)
  descr [doc("A or an op enclosing it properly dominates B, and A does not enclose B (happensBefore): A's execution ends before B's starts."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].
# happensBefore(A, B): some X among A and its ancestors properly dominates
# B without enclosing it: X precedes B's ancestor in X's block, or X's
# block properly dominates the block of B's ancestor in X's region.
#
# In a region of one block (all of them, in structured code) that is a
# comparison of ids: ids are given in pre-order, so the ops nested in X
# are the ids after it up to op_last(X), and X precedes B's ancestor in
# its block exactly when op_last(X) < B, with B inside X's region. X ends
# at or after A, so this needs A < B, which is checked first: most queries
# ask about a write before its read, which only a branch or loop excuses.
happens_before(A, B) :-
  order_query(A, B), A < B, op_ancestor(A, X), op_region(X, R), !multi_block_region(R),
  op_last(X, L), L < B, op_region(B, RB), region_within(RB, R).
happens_before(A, B) :-
  order_query(A, B), op_ancestor(A, X), op_region(X, R), multi_block_region(R), !encloses(X, B),
  op_in_block(X, Blk, PX), op_ancestor(B, Y), op_in_block(Y, Blk, PY), PX < PY.

happens_before(A, B) :-
  order_query(A, B), op_ancestor(A, X), !encloses(X, B),
  op_in_block(X, BX, _), block_in_region(BX, R, _), multi_block_region(R),
  op_ancestor(B, Y), op_in_block(Y, BY, _), BX != BY, block_in_region(BY, R, _),
  block_dom(BX, InX, OutX), block_dom(BY, InY, OutY), InX <= InY, OutY <= OutX.

Decl encloses(X, B)
  descr [doc("X, an ancestor of A in a region of several blocks, holds B at any depth, for order_query(A, B)."),
         arg(X, "op id"), arg(B, "op id")]
  bound [/number, /number].
# What the two rules above ask, for the ancestors X of A in regions of
# several blocks: whether X holds B.
encloses(X, B) :-
  order_query(A, B), op_ancestor(A, X), op_region(X, R), multi_block_region(R),
  op_last(X, L), X < B, B <= L.

Decl multi_block_region(R)
  descr [doc("Region R has more than one block: branches may form cycles in it."), arg(R, "region id")]
  bound [/number].
multi_block_region(R) :- block_in_region(_, R, 1).
Decl loop_region(R)
  descr [doc("Region R is a repetitive region (a loop body) or nested in one."),
         arg(R, "region id")]
  bound [/number].
loop_region(R) :- region_within(R, X), repetitive(X).
Decl straight_region(R)
  descr [doc("Region R has one block and no loop holds it: op order there is the order of execution, once."),
         arg(R, "region id")]
  bound [/number].
straight_region(R) :- region_of(R, _, _), !multi_block_region(R), !loop_region(R).

Decl in_region_of(Op, Parent, I)
  descr [doc("Op is nested, at any depth, in region number I of Parent, an op with exclusive regions."),
         arg(Op, "op id"), arg(Parent, "op id"), arg(I, "number")]
  bound [/number, /number, /number].
in_region_of(Op, P, I) :-
  exclusive_regions(P), region_of(R, P, I), region_within(OR, R), op_region(Op, OR).

Decl exclusive_regions(Op)
  descr [doc("At most one region of Op runs per execution: the branches of scf.if and scf.index_switch."),
         arg(Op, "op id")]
  bound [/number].
exclusive_regions(Op) :- op(Op, "scf.if").
exclusive_regions(Op) :- op(Op, "scf.index_switch").

Decl mutually_exclusive(A, B)
  descr [doc("A and B are in different branches of one op that runs one branch (insideMutuallyExclusiveRegions)."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].
mutually_exclusive(A, B) :-
  raw_candidate(A, _, B, _), in_region_of(A, P, I), in_region_of(B, P, J), I != J, exclusive_regions(P).

Decl loop_hides_order(ROp, WOp, D)
  descr [doc("Op order says nothing about read ROp and write WOp with respect to definition D, because a repetitive region that holds the read but not D also holds the write (canUseOpDominanceDueToRegions)."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].
# Loops: a read inside a loop that does not hold the definition may see
# the write of an earlier iteration, even if the write comes later in the
# body (DEF, (READ, WRITE)*). loop_region first passes over the reads
# outside loops, most of them, at one probe each.
loop_hides_order(ROp, WOp, D) :-
  candidate_definition(ROp, _, WOp, _, D),
  op_region(ROp, RR), loop_region(RR), region_within(RR, X), repetitive(X),
  value_region(D, DR), !region_within(DR, X),
  region_of(X, XOp, _), op_last(XOp, L), XOp <= WOp, WOp <= L.

Decl block_succ(A, B)
  descr [doc("Block B is a successor of block A."), arg(A, "block id"), arg(B, "block id")]
  bound [/number, /number].
block_succ(A, B) :- successor(Op, _, B), op_in_block(Op, A, _).

Decl value_block(V, B)
  descr [doc("B is the block where V is defined."), arg(V, "value id"), arg(B, "block id")]
  bound [/number, /number].
value_block(V, B) :- block_arg(V, B, _).
value_block(V, B) :- result(V, Op, _), op_in_block(Op, B, _).

Decl branch_candidate(ROp, WOp, D, RB, WB, DB)
  descr [doc("A candidate read in ROp and write in WOp around definition D lie in blocks RB and WB of one region of several blocks; D is defined in block DB."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id"),
         arg(RB, "block id"), arg(WB, "block id"), arg(DB, "block id")]
  bound [/number, /number, /number, /number, /number, /number].
# Block::isReachable(To, {Avoid}): the search starts at From's successors
# and does not go on from Avoid, nor end there.
branch_candidate(ROp, WOp, D, RB, WB, DB) :-
  multi_block_region(R), block_in_region(RB, R, _), op_in_block(ROp, RB, _),
  candidate_definition(ROp, _, WOp, _, D), op_in_block(WOp, WB, _), block_in_region(WB, R, _),
  value_block(D, DB).
Decl reach_query(From, Avoid)
  descr [doc("The conflict rule asks which blocks From reaches without passing Avoid."),
         arg(From, "block id"), arg(Avoid, "block id")]
  bound [/number, /number].
reach_query(RB, DB) :- branch_candidate(_, _, _, RB, _, DB).
reach_query(WB, DB) :- branch_candidate(_, _, _, _, WB, DB).
# late_write (inplace_excuse.mg) asks which blocks a block argument's
# block reaches, and which a write's block reaches before the argument's.
reach_query(B, B) :- write_in_sibling_block(_, B, _).
reach_query(WB, B) :- write_in_sibling_block(_, B, WB).
Decl reaches_avoiding(From, Avoid, B)
  descr [doc("A path of successor edges leads from From to B without going on from Avoid (Block::isReachable with Avoid excepted)."),
         arg(From, "block id"), arg(Avoid, "block id"), arg(B, "block id")]
  bound [/number, /number, /number].
reaches_avoiding(From, Avoid, S) :- reach_query(From, Avoid), block_succ(From, S).
reaches_avoiding(From, Avoid, S) :-
  reaches_avoiding(From, Avoid, B), B != Avoid, block_succ(B, S).

Decl cycle_hides_order(ROp, WOp, D)
  descr [doc("Op order says nothing about read ROp and write WOp: their blocks, in one region, reach each other through branches without passing the block of definition D (canUseOpDominanceDueToBlocks)."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].
# Branches (only in regions of more than one block): if the read's and
# the write's blocks reach each other without passing the definition's
# block, the write of one trip around the loop
# may come before the read of the next (canUseOpDominanceDueToBlocks).
cycle_hides_order(ROp, WOp, D) :-
  branch_candidate(ROp, WOp, D, RB, WB, DB),
  reaches_avoiding(RB, DB, WB), WB != DB, reaches_avoiding(WB, DB, RB), RB != DB.

Decl no_op_order(ROp, RI, WOp, WI)
  descr [doc("Op dominance cannot rule out a conflict between this read and this write (canUseOpDominance is false)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
no_op_order(ROp, RI, WOp, WI) :- candidate_definition(ROp, RI, WOp, WI, D), loop_hides_order(ROp, WOp, D).
no_op_order(ROp, RI, WOp, WI) :-
  candidate_definition(ROp, RI, WOp, WI, D), cycle_hides_order(ROp, WOp, D).
