# dealloc.mg: where each buffer of the bufferized program is freed.
#
# These rules read the facts of the memref IR that the rewrite produced
# (not of the tensor input): its allocations, the ops whose results are
# views of their operands, the uses of every value and the structure of
# blocks and regions. They place every deallocation statically, with no
# run-time ownership flags and no alias checks: a buffer is freed right
# after the last use of any of its aliases, in the block where it is
# defined.
#
# A buffer handed on (to a block argument, out of a region, to the
# caller) is freed where it arrives instead. Such a carrier (an iter_arg,
# an scf.if or loop result, a cf block argument) owns its buffer when
# every value handed into it is a clean hand-over: an owned buffer (or
# another owned carrier) handed on by exactly one operand, from its own
# block, as its last use there; by the regions of an scf.if that is its
# last use, each at most once (the regions that do not hand it on free
# it); or by a branch to some of its successors only, when no block
# reached from those uses it (partial_hand: the paths through the others
# free it where it stops being live). A carrier that receives anything
# else (a function argument, a buffer still used afterwards) owns
# nothing, and what flows into it is not freed (a leak, never a wrong
# free), unless: it is an scf.if result that one region gives only owned
# buffers and the other only borrowed ones, or buffers of the scf.if's
# block that it lends (lends_to: their block frees them after the
# result's last use too), freed under the scf.if's own condition
# (dealloc_when); or the rules ask for a copy (needs_clone) that ends the
# critical alias, as MLIR's former BufferDeallocation pass did, and the
# driver inserts it.
# A buffer used across the blocks of a cf region is freed where it stops
# being live (live_in, live_out).
# A function whose returns all hand over buffers it owns gives its
# callers the ownership of that result (returns_owned). Whether a call's
# result is owned depends on the callee's returns, and so on up the call
# graph, which is no stratified rule: the driver assumes every memref
# result of a called function fresh (fresh_result), evaluates these rules,
# keeps the assumptions they confirm (returns_owned), and repeats until
# the two agree; a recursive function's result found not fresh is not
# assumed again.

Decl view_op(Name)
  descr [doc("Ops named Name return a view of the memory of their operand 0: no new buffer."),
         arg(Name, "string")].

Decl buffer_value(V)
  descr [doc("V is a memref value of the bufferized program."),
         arg(V, "value id")]
  bound [/number].

Decl new_buffer(A)
  descr [doc("A is the result of a memref.alloc: new memory the function owns."),
         arg(A, "value id")]
  bound [/number].

Decl local_step(V, W)
  descr [doc("W may be a view of V's memory within the function: the result of a view op, or of an arith.select on memrefs."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl fresh_result(F, J)
  descr [doc("Result J of F, a function the module calls, is a buffer its callers own: F's returns hand it over. Added by the deallocation driver, which assumes it and keeps it while returns_owned confirms it."), driver(/adds),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl returns_owned(F, J)
  descr [doc("Every func.return of F hands over, as result J, a buffer F owns, cleanly (its last use, and its only hand-over): F's callers can own result J. The deallocation driver adds a fresh_result fact for each such result of a function the module calls, and evaluates again."), driver(/reads),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl returns_unowned(F, J)
  descr [doc("Some func.return of F returns as result J a buffer F does not own cleanly."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl owned_return(Ret, J)
  descr [doc("Operand J of the func.return Ret is a buffer its function owns, handed over cleanly: every root of the value is owned and clean."),
         arg(Ret, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl clean_owned(X)
  descr [doc("The root X is owned and handed over cleanly."),
         arg(X, "value id")]
  bound [/number].

Decl unowned_root(V)
  descr [doc("V has a root that is not owned or not handed over cleanly."),
         arg(V, "value id")]
  bound [/number].

Decl view_step(V, W)
  descr [doc("W may be a view of V's memory: a local step, or a call's result (the callee may return its argument) unless the callee returns fresh buffers."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl call_step(V, R)
  descr [doc("R, a result of a call that is not a fresh buffer, may be the call's memref operand V or a view of it: the callee may return that argument (returns_arg), or has no body."),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].

Decl returns_arg(F, J, I)
  descr [doc("Result J of the function F may be its argument I or a view of it: a func.return of F returns one as operand J."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].

Decl arg_view(A, V)
  descr [doc("V may be the memref function argument A or a view of it, through views, calls and carriers."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl owned_base(A)
  descr [doc("A is an allocation or the result of a call that returns a fresh buffer."),
         arg(A, "value id")]
  bound [/number].

Decl incoming(C, V)
  descr [doc("V is handed into the carrier C: a branch operand to a block argument, an init to an iter_arg, a yield to an iter_arg or a result (an scf.for's init to its result, for a loop that runs no iteration)."),
         arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl base_alias(A, V)
  descr [doc("V is the allocation A or a view of it (views, selects, and calls that may return their argument; no carriers)."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl base_rooted(V)
  descr [doc("V is a view of some allocation."), arg(V, "value id")]
  bound [/number].

Decl base_source(C, A)
  descr [doc("A view of the allocation A is handed into the carrier C."),
         arg(C, "value id"), arg(A, "value id")]
  bound [/number, /number].

Decl not_single(C)
  descr [doc("The carrier C receives views of two allocations, or something that is no allocation's view, or is a cf block argument."),
         arg(C, "value id")]
  bound [/number].

Decl same_buffer(A, C)
  descr [doc("Everything handed into the carrier C is a view of the allocation A: C is a view of A, not a new owner."),
         arg(A, "value id"), arg(C, "value id")]
  bound [/number, /number].

Decl is_same_buffer(C)
  descr [doc("The carrier C is a view of one allocation, or of one value (same_value_arg)."), arg(C, "value id")]
  bound [/number].

Decl same_value_arg(C, V)
  descr [doc("Every branch into the block of the argument C passes V (or C itself): C is V under another name."),
         arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl other_incoming(C, V)
  descr [doc("A branch passes to the block argument C a value besides V and C itself."), arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl into_owner(Op, I)
  descr [doc("Operand I of Op is handed into a carrier that owns what it receives (not a view of one allocation)."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl into_view_only(Op, I)
  descr [doc("Operand I of Op is handed only into carriers that are views of one allocation: no hand-over."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl carrier(C)
  descr [doc("C is a memref block argument or region-op result that buffers are handed into, other than a view of one allocation."),
         arg(C, "value id")]
  bound [/number].

Decl root(X)
  descr [doc("X starts a buffer's life in its block: an allocation, a fresh call result or a carrier."),
         arg(X, "value id")]
  bound [/number].

Decl root_alias(X, V)
  descr [doc("V is the root X or a view of it."),
         arg(X, "value id"), arg(V, "value id")]
  bound [/number, /number].

Decl root_block(X, B)
  descr [doc("The root X is defined in block B."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].

Decl handed(X, Op, I)
  descr [doc("Operand I of Op hands on a view of the root X."),
         arg(X, "value id"), arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number, /number].

Decl hand_count(X, N)
  descr [doc("Views of the root X are handed on by N operands."),
         arg(X, "value id"), arg(N, "number")]
  bound [/number, /number].

Decl clean(X)
  descr [doc("Each path hands the root X over at most once, where its receiver can take over its buffer: by one operand of an op in X's block that is its last use there, X used in no other block; by the regions of an scf.if; or by a branch to some of its successors only, no block reached from those using X (partial_hand)."),
         arg(X, "value id")]
  bound [/number].

Decl missed_successor(X, Op)
  descr [doc("The branch Op hands X to some of its successors but not to all: on the others X stays with its own block's owner."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl forwarded_to(X, Op, S)
  descr [doc("The branch Op passes a view of X to an argument of its successor block S."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].

Decl handed_by_other(X, Op)
  descr [doc("A view of X is handed on by Op and by another op."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl successor_count(Op, N)
  descr [doc("The branch Op has N successors."),
         arg(Op, "op id"), arg(N, "number")]
  bound [/number, /number].

Decl partial_hand(X, Op)
  descr [doc("The branch Op ending X's block hands X to some of its successors only, one operand to each, and nothing else hands X on: on the paths through the other successors X is still its block's, to be freed where it stops being live."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl remote_hand(X, Op)
  descr [doc("The branch Op, in a block of X's region other than X's own, is the only op to hand X on, at most once to each successor, and no successor it hands X to uses X itself: the hand-over ends X on those edges, and the paths that do not take it free X where it stops being live."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl received_count(X, Op, N)
  descr [doc("The branch Op passes X to the arguments of N of its successors."),
         arg(X, "value id"), arg(Op, "op id"), arg(N, "number")]
  bound [/number, /number, /number].

Decl received_live(X, Op)
  descr [doc("The branch Op hands X to a successor that X is live into: a block reached from it uses X itself, so the receiver cannot own X."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl hands_from(X, U)
  descr [doc("The branch ending block U hands X to some of its successors only (partial_hand), or hands it over from a block other than X's own (remote_hand): its edges are judged by those rules, not by liveness alone, and X is not freed in U."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].

Decl rooted(V)
  descr [doc("V is a view of some root. The deallocation driver says, of a copy it makes for needs_clone, whether it hands on an owned buffer (rooted) or a borrowed one."), driver(/reads),
         arg(V, "value id")]
  bound [/number].

Decl bad_value(V)
  descr [doc("V, handed into a carrier, cannot pass ownership: it has no root, a root of it is not handed over cleanly, or it comes from a carrier that owns nothing."),
         arg(V, "value id")]
  bound [/number].

Decl bad_carrier(C)
  descr [doc("The carrier C receives a bad value: it owns nothing, and what is handed into it is not freed."),
         arg(C, "value id")]
  bound [/number].

Decl good_incoming(C)
  descr [doc("Some value handed into the carrier C is a clean hand-over of an owned buffer: if C received only such values, it would own them."),
         arg(C, "value id")]
  bound [/number].

Decl needs_clone(Op, I)
  descr [doc("Operand I of the region terminator or region op Op hands into a carrier a value the carrier cannot own, where that leaves a buffer nobody frees: a borrowed buffer (an argument, a global) into a carrier that also receives owned buffers, or an owned buffer handed on uncleanly. The rewrite hands on a copy (memref.alloc and memref.copy) instead, so that the carrier owns all it receives, and the original is freed where it is."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl dealloc_first(A, B)
  descr [doc("The owned block argument A of block B is used by nothing: it is freed before the block's first op. The rewrite inserts it."), driver(/reads),
         arg(A, "value id"), arg(B, "block id")]
  bound [/number, /number].

Decl owned(A)
  descr [doc("A is a buffer the function owns and must free: an allocation, the result of a call that returns a fresh buffer, or a carrier every value handed into which is a clean hand-over."),
         arg(A, "value id")]
  bound [/number].

Decl transfer(Op, I)
  descr [doc("Operand I of Op hands its value on: to a block argument (a branch, a loop's init or yield), to a region op's result (a yield), to the caller (func.return), or into a tensor (bufferization.to_tensor)."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl escapes(A)
  descr [doc("A view of the root A is handed on (transfer): its lifetime does not end in A's block, so it is not freed there."),
         arg(A, "value id")]
  bound [/number].

Decl buffer_block(A, B)
  descr [doc("The owned buffer A is defined in block B (for a block argument: is an argument of B)."),
         arg(A, "value id"), arg(B, "block id")]
  bound [/number, /number].

Decl alias_use(A, Op)
  descr [doc("Op uses a view of the root A."),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl enclosing(Op, X)
  descr [doc("X is Op or an op whose regions hold Op, for ops that use an alias of an owned buffer."),
         arg(Op, "op id"), arg(X, "op id")]
  bound [/number, /number].

Decl use_in_block(A, P)
  descr [doc("A use of a view of the root A is at position P of A's block, or nested in the op at P; -1 stands for a block argument's definition."),
         arg(A, "value id"), arg(P, "number")]
  bound [/number, /number].

Decl use_reaches_block(Op, B)
  descr [doc("Op, which uses an alias of an owned buffer, is in block B or nested in an op of B."),
         arg(Op, "op id"), arg(B, "block id")]
  bound [/number, /number].

Decl used_elsewhere(A)
  descr [doc("A view of the root A is used outside A's block and the ops nested in it (in another block of a cf region): freeing after the last use in A's block would be too early."),
         arg(A, "value id")]
  bound [/number].

Decl last_use(A, P)
  descr [doc("P is the last position in A's block that uses an alias of A (or A's own position when nothing does)."),
         arg(A, "value id"), arg(P, "number")]
  bound [/number, /number].

Decl dealloc_after(A, Op)
  descr [doc("The owned buffer A is freed (memref.dealloc) right after Op: the last op of A's block that uses an alias of A, or an scf.if result A is lent to (lent_freed). The rewrite inserts it."), driver(/reads),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl dealloc_before_return(A, Ret)
  descr [doc("The owned buffer A, used in several blocks and handed on by none, is freed just before the func.return Ret, whose block post-dominates A's block and every block using A. explain says so of the free."), driver(/reads),
         arg(A, "value id"), arg(Ret, "op id")]
  bound [/number, /number].

Decl dealloc_in_arm(A, T)
  descr [doc("The owned buffer A is handed over by a region of an op that runs one of its regions (scf.if), and T is the yield of another region of that op, which does not hand A on: A is freed just before T. explain says so of the free."), driver(/reads),
         arg(A, "value id"), arg(T, "op id")]
  bound [/number, /number].

Decl dealloc_before(A, Op)
  descr [doc("The owned buffer A is freed (memref.dealloc) just before Op: a return (dealloc_before_return) or a yield (dealloc_in_arm). The rewrite inserts it."), driver(/reads),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl single_run_op(Name)
  descr [doc("Ops named Name run exactly one of their regions, once, each time they run (scf.if): a yield there is a single hand-over."),
         arg(Name, "string")].

Decl arm_exit(T, R)
  descr [doc("T is a terminator of a region of R, an op that runs one of its regions once, that hands values to R's results."),
         arg(T, "op id"), arg(R, "op id")]
  bound [/number, /number].

Decl arm_clean(X, R)
  descr [doc("The root X is handed over cleanly by the regions of the single-run op R, its last use: each region hands it on at most once, nothing else does."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].

Decl arm_handed(X, R)
  descr [doc("A region of the single-run op R hands a view of the root X to R's results."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].

Decl handed_beside_arms(X, R)
  descr [doc("X is handed over by a region of R and also by an op that is no exit of R's regions."),
         arg(X, "value id"), arg(R, "op id")]
  bound [/number, /number].

Decl arm_hand_count(X, T, N)
  descr [doc("The exit T of a single-run op's region hands on views of the root X by N operands."),
         arg(X, "value id"), arg(T, "op id"), arg(N, "number")]
  bound [/number, /number, /number].

Decl handed_twice_in_arm(X)
  descr [doc("One exit of a single-run op's region hands on X by two operands: X is not a clean hand-over."),
         arg(X, "value id")]
  bound [/number].

Decl self_forward(Op, I)
  descr [doc("Operand I of the branch Op is the very block argument it is passed to: a cf loop carrying a buffer unchanged."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl arm_yield(T, I, C, K)
  descr [doc("Operand I of the yield T, which ends region K of an scf.if, becomes the scf.if's memref result C."),
         arg(T, "op id"), arg(I, "number"), arg(C, "value id"), arg(K, "number")]
  bound [/number, /number, /number, /number].

Decl lend_site(X, T, I, C)
  descr [doc("Operand I of the yield T of a region of an scf.if defined in the block of the root X yields a view of X as the scf.if's result C."),
         arg(X, "value id"), arg(T, "op id"), arg(I, "number"), arg(C, "value id")]
  bound [/number, /number, /number, /number].

Decl handed_unlike_lend(X)
  descr [doc("A view of X is handed on by another op than a yield into a result of an scf.if of X's block."),
         arg(X, "value id")]
  bound [/number].

Decl lendable(X, C)
  descr [doc("The root X could be lent to the scf.if result C: a region yields a view of X as C, X is defined in the scf.if's block, used in no other block, and handed on only by such yields."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].

Decl lends(T, I)
  descr [doc("Operand I of the yield T lends its buffer to an scf.if result that owns its buffer only when the other region ran (owned_when): not a hand-over, and no copy."),
         arg(T, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl lends_to(X, C)
  descr [doc("The root X, which no receiver could take over, is lent to the scf.if result C (owned_when its other region ran): X's block keeps it, and must free it after C's last use too."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].

Decl handed_not_lent(X)
  descr [doc("A view of X is handed on by an operand that does not lend (lends)."),
         arg(X, "value id")]
  bound [/number].

Decl lent_freed(X)
  descr [doc("The owned root X is handed on only by yields that lend it (lends_to): it is freed in its block after its last use and that of every result it is lent to. explain says so of the free after its last use."), driver(/reads),
         arg(X, "value id")]
  bound [/number].

Decl lender_use(X, P)
  descr [doc("Position P of the block of X, a lent_freed root, is the last use of X or of a result X is lent to."),
         arg(X, "value id"), arg(P, "number")]
  bound [/number, /number].

Decl lender_last_use(X, P)
  descr [doc("P is the last position of X's block using X or a result X is lent to: the lent_freed X is freed after it."),
         arg(X, "value id"), arg(P, "number")]
  bound [/number, /number].

Decl arm_incoming(C, K, V)
  descr [doc("Region K of the scf.if whose result is C yields V as C."),
         arg(C, "value id"), arg(K, "number"), arg(V, "value id")]
  bound [/number, /number, /number].

Decl arm_not_good(C, K)
  descr [doc("Region K of C's scf.if yields as C a value C could not own."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].

Decl arm_not_borrowed(C, K)
  descr [doc("Region K of C's scf.if yields as C a view of a buffer the function owns or carries that it cannot lend to C (lendable)."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].

Decl owned_when(C, K)
  descr [doc("The scf.if result C owns its buffer exactly when region K ran: that region hands it owned buffers cleanly, the other one only borrowed buffers (arguments, globals) or buffers of the scf.if's block that it lends (lendable); C is not handed on."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].

Decl owned_when_some(C)
  descr [doc("The scf.if result C owns its buffer when one of its regions ran (owned_when)."),
         arg(C, "value id")]
  bound [/number].

Decl dealloc_when(C, Op, K)
  descr [doc("The scf.if result C is freed right after Op, its last use, if region K of its scf.if ran: the rewrite inserts the memref.dealloc in an scf.if on the same condition."), driver(/reads),
         arg(C, "value id"), arg(Op, "op id"), arg(K, "number")]
  bound [/number, /number, /number].

Decl cf_root(X)
  descr [doc("The owned buffer X is freed by the liveness of a cf region: it is used in other blocks of its region than its own and handed on by none, or handed by a branch to some successors only (partial_hand) and freed on the paths through the others."),
         arg(X, "value id")]
  bound [/number].

Decl self_carried(X)
  descr [doc("A branch passes the block argument X back to itself (self_forward): X lives across the cf loop."),
         arg(X, "value id")]
  bound [/number].

Decl cf_use_block(X, U)
  descr [doc("Block U of the region of X, a root used in several blocks, uses X or a view of it (in an op of U or nested in one), or defines X."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].

Decl pred_count(S, N)
  descr [doc("Block S has N predecessor blocks."),
         arg(S, "block id"), arg(N, "number")]
  bound [/number, /number].

Decl live_in(X, S)
  descr [doc("The root X, used in several blocks, is live when block S, other than X's own block, is entered: S or a block reached from it before X's block uses it."),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].

Decl live_out(X, U)
  descr [doc("The buffer X is live when block U is left: a successor of U has it live in."),
         arg(X, "value id"), arg(U, "block id")]
  bound [/number, /number].

Decl cf_dies_on_branch(X, Op, S)
  descr [doc("X is live out of the block the branch Op ends but not into its successor S (X's own block, entered again, starts a new X), or Op hands X to other successors than S (partial_hand) and S does not have it live in: it dies on that edge."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].

Decl cf_dies_on_edge(X, S)
  descr [doc("X dies on the edge into S (cf_dies_on_branch), the only predecessor of S, which is not X's own block: it can be freed at the start of S."),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].

Decl block_use(X, U, P)
  descr [doc("Position P of block U uses the cf_root X (or defines it)."),
         arg(X, "value id"), arg(U, "block id"), arg(P, "number")]
  bound [/number, /number, /number].

Decl block_last_use(X, U, P)
  descr [doc("P is the last position of block U that uses or defines the cf_root X."),
         arg(X, "value id"), arg(U, "block id"), arg(P, "number")]
  bound [/number, /number, /number].

Decl dealloc_in_block(X, Op)
  descr [doc("X is freed right after Op, its last use in a block it is not live out of. The rewrite inserts it."), driver(/reads),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl dies_at(A, Op)
  descr [doc("The owned buffer A, handed on by nothing and used in its block only, is last used by Op."),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl dealloc_on_edge(X, S)
  descr [doc("X is freed at the start of block S, whose only predecessor has it live out (or ends with X's last use) while S does not use it. The rewrite inserts it."), driver(/reads),
         arg(X, "value id"), arg(S, "block id")]
  bound [/number, /number].

Decl dealloc_on_branch(X, Op, S)
  descr [doc("X is freed on the edge from the branch Op to its successor S, which has other predecessors or is X's own block: the rewrite splits the edge with a block that frees X and branches on to S."), driver(/reads),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].

Decl handed_at(X, Op)
  descr [doc("Op hands on a view of the root X."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl use_not_postdominated(A, RB)
  descr [doc("A block of RB's region uses a view of A, and RB does not post-dominate it."),
         arg(A, "value id"), arg(RB, "block id")]
  bound [/number, /number].

Decl postdominates_block(A, B)
  descr [doc("Block A post-dominates block B of the same region: every path from B to the region's exit passes through A."),
         arg(A, "block id"), arg(B, "block id")]
  bound [/number, /number].

Decl freed_before_return(A)
  descr [doc("A is freed just before a return (dealloc_before_return)."),
         arg(A, "value id")]
  bound [/number].

Decl kept_alive(A)
  descr [doc("The owned buffer A is not freed by these rules: it escapes, or is used in other blocks. bufferlog explain lists why."), driver(/reads),
         arg(A, "value id")]
  bound [/number].

# --- Views -------------------------------------------------------------------

# Each of these ops gives a view of its first operand: freeing the view's
# memory frees the operand's, so they count as one buffer.
view_op("memref.subview").
view_op("memref.cast").
view_op("memref.collapse_shape").
view_op("memref.expand_shape").
view_op("memref.reinterpret_cast").
view_op("memref.reshape").
view_op("memref.transpose").
view_op("memref.memory_space_cast").
view_op("memref.assume_alignment").

buffer_value(V) :- value_type(V, /memref, _).

local_step(V, W) :- op(Op, Name), view_op(Name), use(Op, 0, V), result(W, Op, 0).

# %s = arith.select %c, %a, %b on memrefs is %a's or %b's memory.
local_step(V, W) :- op(Op, "arith.select"), use(Op, 1, V), result(W, Op, 0), buffer_value(W).
local_step(V, W) :- op(Op, "arith.select"), use(Op, 2, V), result(W, Op, 0), buffer_value(W).

view_step(V, W) :- local_step(V, W).
view_step(A, C) :- same_buffer(A, C).
view_step(V, C) :- same_value_arg(C, V).

# A call may return (a view of) a memref argument, unless the callee's
# result is a fresh buffer: then the caller owns it.
view_step(V, R) :- call_step(V, R).
call_step(V, R) :-
  call(Op, F), use(Op, I, V), buffer_value(V), result(R, Op, J), buffer_value(R), !fresh_result(F, J),
  returns_arg(F, J, I).
# A function without a body may return any of its arguments.
call_step(V, R) :- call(Op, F), func_external(F), use(Op, _, V), buffer_value(V), result(R, Op, _), buffer_value(R).

# func.func @accum(%acc, %x) { ... return %acc }: result 0 is argument 0
# (or a view of it); a call's result is not %x's memory.
returns_arg(F, J, I) :- return_op(Ret, F), use(Ret, J, V), arg_view(A, V), func_arg(F, I, A).
arg_view(A, A) :- func_arg(_, _, A), buffer_value(A).
arg_view(A, W) :- arg_view(A, V), local_step(V, W).
arg_view(A, W) :- arg_view(A, V), call_step(V, W).
arg_view(A, C) :- arg_view(A, V), incoming(C, V).

# --- Roots: allocations, fresh call results, carriers --------------------------

new_buffer(A) :- op(Op, "memref.alloc"), result(A, Op, 0).

owned_base(A) :- new_buffer(A).
owned_base(R) :- call(Op, F), result(R, Op, J), fresh_result(F, J).

# What is handed into a carrier: branch operands to block arguments,
# inits to iter_args, yields to the next iteration or to the results.
incoming(C, V) :- forward(Op, I, C), use(Op, I, V), buffer_value(C).
incoming(C, V) :- region_entry(Op, I, C), use(Op, I, V), buffer_value(C).
incoming(C, V) :- yield_to_arg(Op, I, C), use(Op, I, V), buffer_value(C).
incoming(C, V) :- yield_to_result(Op, I, C), use(Op, I, V), buffer_value(C).
# An scf.for that runs no iteration returns its init.
incoming(R, V) :-
  op(Op, "scf.for"), region_entry(Op, I, Arg), block_arg(Arg, _, K1), result(R, Op, K), K1 = fn:plus(K, 1),
  use(Op, I, V), buffer_value(R).

# A carrier that only ever receives views of one allocation (an scf.if
# yielding the same buffer from both branches, a loop yielding the buffer
# it was given) is that allocation under another name: a view, not a
# new owner. The rewrite relies on that identity where the tensors were
# equivalent, so such a carrier is never given a copy.
base_alias(A, A) :- new_buffer(A).
base_alias(A, W) :- base_alias(A, V), local_step(V, W).
# A call that does not return a fresh buffer may return its argument
# (func.call @bump(%a) where @bump updates %a in place and returns it).
base_alias(A, R) :- base_alias(A, V), call_step(V, R).
base_rooted(V) :- base_alias(_, V).
base_source(C, A) :- incoming(C, V), base_alias(A, V).
not_single(C) :- incoming(C, V), !base_rooted(V).
not_single(C) :- base_source(C, A), base_source(C, B), A != B.
same_buffer(A, C) :- base_source(C, A), !not_single(C).
is_same_buffer(C) :- same_buffer(_, C).

# ^side(%r) reached only by cf.cond_br %c, ^hdr(%q, %p), ^side(%p): every
# branch into the block passes the one value %p (or the argument back to
# itself), so %r is %p under another name, whatever %p holds: a view.
same_value_arg(C, V) :- forward(_, _, C), incoming(C, V), V != C, !other_incoming(C, V).
other_incoming(C, V) :- incoming(C, V), incoming(C, W), W != V, W != C.
is_same_buffer(C) :- same_value_arg(C, _).

carrier(C) :- incoming(C, _), !is_same_buffer(C).

root(X) :- owned_base(X).
root(X) :- carrier(X).

root_alias(X, X) :- root(X).
root_alias(X, W) :- root_alias(X, V), view_step(V, W).

root_block(X, B) :- root(X), result(X, Op, _), op_in_block(Op, B, _).
root_block(X, B) :- root(X), block_arg(X, B, _).

# --- What hands a buffer on ---------------------------------------------------

# cf.br, cf.cond_br: the operand becomes a block argument.
transfer(Op, I) :- forward(Op, I, _).
# scf.for iter_args(%a = %init), scf.while's inits: into the region.
transfer(Op, I) :- region_entry(Op, I, _).
# scf.yield, scf.condition: to the next iteration or to the results.
transfer(Op, I) :- yield_to_arg(Op, I, _).
transfer(Op, I) :- yield_to_result(Op, I, _).
# func.return: to the caller.
transfer(Op, I) :- return_op(Op, _), use(Op, I, _).
# bufferization.to_tensor (at an unknown op's boundary): the tensor is
# the buffer.
transfer(Op, 0) :- op(Op, "bufferization.to_tensor").

# Passing a buffer into a carrier that is a view of it hands nothing on.
handed(X, Op, I) :- root_alias(X, V), use(Op, I, V), transfer(Op, I), !into_view_only(Op, I), !self_forward(Op, I).

# ^bb1(%acc): ... cf.br ^bb1(%acc): a cf loop passing a block argument
# back to itself unchanged hands nothing over; the argument keeps its
# buffer across the loop, and is freed like a buffer used in several
# blocks (dealloc_before_return).
self_forward(Op, I) :- forward(Op, I, C), use(Op, I, C).

into_owner(Op, I) :- handed_into(Op, I, C), !is_same_buffer(C).
into_view_only(Op, I) :- handed_into(Op, I, C), is_same_buffer(C), !into_owner(Op, I).
hand_count(X, N) :- handed(X, Op, I) |> do fn:group_by(X), let N = fn:count().

escapes(X) :- handed(X, _, _).

# --- Last uses ------------------------------------------------------------------

alias_use(X, Op) :- root_alias(X, V), use(Op, _, V).

enclosing(Op, Op) :- alias_use(_, Op).
enclosing(Op, X) :- enclosing(Op, Y), parent_op(Y, X).

use_reaches_block(Op, B) :- enclosing(Op, X), op_in_block(X, B, _).

use_in_block(X, P) :- alias_use(X, Op), root_block(X, B), enclosing(Op, Y), op_in_block(Y, B, P).
# The definition itself: a buffer nothing uses is freed right away (a
# block argument counts as defined before the block's first op).
use_in_block(X, P) :- root(X), result(X, Op, _), op_in_block(Op, _, P).
use_in_block(X, -1) :- root(X), block_arg(X, _, _).

# In a function of several blocks a value can be used in any block its
# definition dominates, without a block argument: the last use in the
# defining block is then not the last use.
used_elsewhere(X) :- alias_use(X, Op), root_block(X, B), !use_reaches_block(Op, B).

last_use(X, P) :- use_in_block(X, Q) |> do fn:group_by(X), let P = fn:max(Q).

# --- Clean hand-overs and owned carriers -----------------------------------------

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
arm_clean(X, R) :-
  arm_handed(X, R), root_block(X, B), op_in_block(R, B, P), last_use(X, P), !used_elsewhere(X),
  !handed_beside_arms(X, R), !handed_twice_in_arm(X).

single_run_op("scf.if").
single_run_op("scf.index_switch").
single_run_op("scf.execute_region").

arm_exit(T, R) :-
  yield_to_result(T, _, _), op_in_block(T, Blk, _), block_in_region(Blk, Reg, _), region_of(Reg, R, _),
  op(R, Name), single_run_op(Name).
arm_handed(X, R) :- handed(X, T, _), arm_exit(T, R).
handed_beside_arms(X, R) :- arm_handed(X, R), handed(X, Op, _), !arm_exit(Op, R).
arm_hand_count(X, T, N) :- handed(X, T, _), arm_exit(T, _) |> do fn:group_by(X, T), let N = fn:count().
handed_twice_in_arm(X) :- arm_hand_count(X, _, N), N > 1.
handed_at(X, T) :- handed(X, T, _).

# A branch that does not pass X to one of its successors hands X over on
# some paths only: on the others X stays where it is, and is freed there
# (partial_hand) or never.
missed_successor(X, Op) :- handed(X, Op, _), successor(Op, _, S), !forwarded_to(X, Op, S).
forwarded_to(X, Op, S) :- handed(X, Op, I), forward(Op, I, Arg), block_arg(Arg, S, _).
# Passed back to itself, X stays where it is on that path.
forwarded_to(X, Op, S) :- self_forward(Op, I), use(Op, I, X), block_arg(X, S, _).
handed_by_other(X, Op) :- handed(X, Op, _), handed(X, Op2, _), Op != Op2.
successor_count(Op, N) :- successor(Op, _, S) |> do fn:group_by(Op), let N = fn:count().

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
received_count(X, Op, N) :- forwarded_to(X, Op, S) |> do fn:group_by(X, Op), let N = fn:count().

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
received_live(X, Op) :- forwarded_to(X, Op, S), live_in(X, S).
clean(X) :- partial_hand(X, Op), !received_live(X, Op).

# ^head(%t): cf.cond_br %more, ^body, ^exit(%t)   ^body: ... cf.br ^head(%t)
# A cf loop's carried buffer, passed back to itself around the loop
# (self_carried), handed out of the loop by one branch: on each path it
# stays itself until that branch hands it over, once, or until another
# edge leaves the loop (^body: cf.cond_br %stop, ^exit(%a), ^head(%t)),
# where it is freed. No path reaches a func.return inside the loop (its
# blocks all lead back to the loop), so each path hands it over or
# frees it once, as long as nothing outside the loop uses it and the
# block it is handed to does not use it itself.
Decl loop_hand(X, Op, S)
  descr [doc("The self-carried root X is handed on by the branch Op to its successor S, and only branches hand it on, each once."),
         arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
Decl unclean_loop_hand(X)
  descr [doc("The self-carried root X is handed on by an op that is no branch, by two operands of one branch, or to a block where it is still live."),
         arg(X, "value id")]
  bound [/number].
Decl loop_stay(X, B)
  descr [doc("Block B is reached from the block of the self-carried root X without taking the edge that hands X over (loop_hand)."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].
Decl loop_body(X, B)
  descr [doc("Block B can reach the block of the self-carried root X, and be reached from it, without taking the edge that hands X over."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].
Decl loop_exit(X, Br, S)
  descr [doc("The branch Br leaves the loop of the self-carried root X for S, without handing X over: X is freed on that edge."),
         arg(X, "value id"), arg(Br, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
Decl used_outside_loop(X)
  descr [doc("A block outside the loop of the self-carried root X uses X or a view of it."),
         arg(X, "value id")]
  bound [/number].
loop_hand(X, Op, S) :-
  self_carried(X), handed(X, Op, I), forward(Op, I, C), block_arg(C, S, _), !unclean_loop_hand(X).
# Loops with several exits may each hand the buffer on (^head: cf.cond_br
# %more, ^body, ^exit(%t)   ^body: cf.cond_br %stop, ^exit(%t), ^head(%t)):
# each path takes one of them, once.
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, I), handed(X, Op, J), I != J.
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, I), !forward(Op, I, _).
unclean_loop_hand(X) :- self_carried(X), handed(X, Op, _), received_live(X, Op).
loop_stay(X, B) :- loop_hand(X, _, _), root_block(X, B).
loop_stay(X, T) :- loop_stay(X, U), op_in_block(Br, U, _), successor(Br, _, T), !loop_hand(X, Br, T).
loop_body(X, B) :- loop_hand(X, _, _), root_block(X, B).
loop_body(X, U) :- loop_body(X, T), loop_stay(X, U), op_in_block(Br, U, _), successor(Br, _, T), !loop_hand(X, Br, T).
loop_exit(X, Br, S) :-
  loop_body(X, U), op_in_block(Br, U, _), successor(Br, _, S), !loop_body(X, S), !loop_hand(X, Br, S).
used_outside_loop(X) :-
  loop_hand(X, _, _), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, _), root_block(X, B),
  block_in_region(U, R, _), block_in_region(B, R, _), !loop_body(X, U).
clean(X) :- loop_hand(X, _, _), !used_outside_loop(X).
dealloc_on_edge(X, S) :- loop_hand(X, _, _), owned(X), clean(X), loop_exit(X, _, S), pred_count(S, 1).
dealloc_on_branch(X, Br, S) :- loop_hand(X, _, _), owned(X), clean(X), loop_exit(X, Br, S), !pred_count(S, 1).

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
Decl returned_root(X)
  descr [doc("Some func.return of the function of the root X hands X on."), arg(X, "value id")]
  bound [/number].
Decl handed_twice(X)
  descr [doc("One op hands the root X on by two operands."), arg(X, "value id")]
  bound [/number].
Decl root_func(X, F)
  descr [doc("The root X is defined in a block of F's body (not inside a region op)."), arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].
Decl handed_not_by_return(X)
  descr [doc("Some op other than a func.return hands on a view of the root X."), arg(X, "value id")]
  bound [/number].
root_func(X, F) :- root_block(X, B), block_in_region(B, R, _), region_of(R, F, _), func(F, _).
returned_root(X) :- root_func(X, _), handed(X, Ret, _), return_op(Ret, _).
handed_not_by_return(X) :- handed(X, Op, _), !return_op(Op, _).
handed_twice(X) :- handed(X, Op, I), handed(X, Op, J), I != J.
returned_from_other_block(X) :-
  returned_root(X), !handed_not_by_return(X), !handed_twice(X),
  root_block(X, B), handed(X, Ret, _), op_in_block(Ret, U, _), U != B.
clean(X) :- returned_from_other_block(X).
# ^bb3(%t): cf.cond_br %done, ^bb5, ^bb4   ^bb4: copy %t into a new
# buffer, cf.br ^bb3(%new)   ^bb5: return %t
# On the paths that do not return it, such a buffer is freed where it
# stops being live, as a buffer used across blocks is (cf_root).
cf_root(X) :- owned(X), returned_from_other_block(X), used_elsewhere(X).
hands_from(X, U) :- returned_from_other_block(X), handed(X, Ret, _), op_in_block(Ret, U, _).

rooted(V) :- root_alias(_, V).

# A value handed into a carrier is bad if it is no owned buffer's (a
# function argument, a global, a view the rules cannot trace), or if a
# root of it is not cleanly handed over, or is a carrier that owns
# nothing.
bad_value(V) :- incoming(_, V), !rooted(V).
bad_value(V) :- incoming(_, V), root_alias(X, V), !clean(X).
bad_value(V) :- incoming(_, V), root_alias(X, V), bad_carrier(X).

# A carrier handed back to itself (self_forward) keeps what it has.
bad_carrier(C) :- incoming(C, V), bad_value(V), C != V.

owned(A) :- owned_base(A).
owned(C) :- carrier(C), !bad_carrier(C).

# --- Clones that end critical aliases -------------------------------------------

good_incoming(C) :- incoming(C, V), !bad_value(V).

# scf.if %c { scf.yield %fresh } else { scf.yield %arg }: the result
# cannot own %arg, so without a copy of %arg nobody could free %fresh.
needs_clone(Op, I) :-
  handed_into(Op, I, C), carrier(C), good_incoming(C), use(Op, I, V), bad_value(V),
  !clone_cannot_help(V), !self_forward(Op, I), !owned_when_some(C).

# scf.for iter_args(%p = %fresh, %q = %arg) yielding %q, %p: the two
# carriers trade what they hold, so each receives the borrowed %arg and,
# through the other, the fresh buffer; neither receives an owned buffer
# directly (good_incoming), yet without a copy of %arg nobody could free
# the fresh one.
Decl reaches_owned(C)
  descr [doc("The carrier C receives a root's allocation (owned_base), directly or through other carriers."),
         arg(C, "value id")]
  bound [/number].
reaches_owned(C) :- incoming(C, V), root_alias(X, V), owned_base(X).
reaches_owned(C) :- incoming(C, V), root_alias(D, V), carrier(D), reaches_owned(D).
needs_clone(Op, I) :-
  handed_into(Op, I, C), carrier(C), !good_incoming(C), reaches_owned(C), use(Op, I, V), !rooted(V),
  !self_forward(Op, I), !owned_when_some(C).

# An owned buffer handed on uncleanly (yielded by both branches of an
# scf.if, or used after it is handed on) is freed by nobody: hand on a
# copy, and the buffer is freed where it is.
needs_clone(Op, I) :-
  into_owner(Op, I), !is_branch(Op), use(Op, I, V), root_alias(X, V), owned(X), !clean(X), !clone_cannot_help(V),
  !self_forward(Op, I), !lends(Op, I).

# ^bb1: return %fresh   ^bb2: return %global (or %arg): the caller
# could own the result only on some paths, and would free it on none; the
# returns that give a borrowed buffer hand on a copy instead, so that
# every return hands over a buffer the caller owns.
Decl owned_result(F, J)
  descr [doc("Some func.return of F gives result J a view of a buffer F owns."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
owned_result(F, J) :- return_op(Ret, F), use(Ret, J, W), root_alias(X, W), owned(X).
needs_clone(Ret, J) :-
  return_op(Ret, F), use(Ret, J, V), buffer_value(V), !owned_view(V), owned_result(F, J), !clone_cannot_help(V).
# A carrier that receives only borrowed buffers (^bb3(%t) entered with an
# argument) is rooted but owns nothing: a return of it is borrowed too.
Decl owned_view(V)
  descr [doc("V is a view of a buffer its function owns."), arg(V, "value id")]
  bound [/number].
owned_view(V) :- root_alias(X, V), owned(X).

# %r = func.call @f(%fresh) where @f returns its argument or a constant
# global; return %r: the caller cannot own %r (it may be the global, see
# may_global), and %fresh, which %r may be, is still live at the return,
# so nobody would free it. Return a copy of %r; %fresh is then freed
# after the copy.
needs_clone(Ret, J) :-
  return_op(Ret, _), use(Ret, J, V), may_global(V), root_alias(X, V), owned(X), !clone_cannot_help(V).

# func.return %t, %t (or two views of one buffer): the caller would own
# one buffer twice, as two results, and free it twice; the later
# operands hand on copies.
needs_clone(Ret, K) :-
  return_op(Ret, _), handed(X, Ret, J), handed(X, Ret, K), J < K, owned(X), use(Ret, K, V), !clone_cannot_help(V).

# Branches to several successors are left out: a copy passed to one
# successor of a cf.cond_br would not be handed to the other, and so
# would need a copy itself. A cf.br hands its copy over on every path.
is_branch(Op) :- forward(Op, _, _), successor_count(Op, N), N > 1.

Decl handed_into(Op, I, C)
  descr [doc("Operand I of Op hands its value into the carrier C."),
         arg(Op, "op id"), arg(I, "number"), arg(C, "value id")]
  bound [/number, /number, /number].

handed_into(Op, I, C) :- forward(Op, I, C), buffer_value(C).
handed_into(Op, I, C) :- region_entry(Op, I, C), buffer_value(C).
handed_into(Op, I, C) :- yield_to_arg(Op, I, C), buffer_value(C).
handed_into(Op, I, C) :- yield_to_result(Op, I, C), buffer_value(C).

Decl is_branch(Op)
  descr [doc("Op is a cf branch to several successors that passes operands to block arguments."), arg(Op, "op id")]
  bound [/number].

Decl clone_cannot_help(V)
  descr [doc("V comes from a carrier that owns nothing though it receives owned buffers: a copy of V would leave that carrier's buffers where they are, so V is not copied (the loop that carries them owns nothing either)."),
         arg(V, "value id")]
  bound [/number].

# A loop yielding its own iter_arg back: copying it would copy every
# iteration; the iter_arg's init is what gets copied instead. A carrier
# that only ever holds borrowed buffers (an scf.if choosing between two
# constants) leaves nothing behind when copied: a copy of it helps.
clone_cannot_help(V) :- root_alias(X, V), carrier(X), bad_carrier(X), reaches_owned(X).

# --- Ownership by the branch taken ---------------------------------------------

# %r = scf.if %c { ... scf.yield %fresh } else { scf.yield %global }: %r
# owns its buffer exactly when the then-region ran, which %c still says
# after the scf.if. Rather than copy the borrowed buffer (needs_clone),
# %r is freed after its last use under scf.if %c (dealloc_when): no
# allocation and no ownership flag are added, only a test of %c.
arm_yield(T, I, C, K) :-
  yield_to_result(T, I, C), arm_exit(T, R), op(R, "scf.if"), op_in_block(T, Blk, _), block_in_region(Blk, Reg, _),
  region_of(Reg, R, K), buffer_value(C).
arm_incoming(C, K, V) :- arm_yield(T, I, C, K), use(T, I, V).
arm_not_good(C, K) :- arm_incoming(C, K, V), bad_value(V).
arm_not_borrowed(C, K) :- arm_incoming(C, K, V), root_alias(X, V), !lendable(X, C).
owned_when(C, K) :-
  bad_carrier(C), arm_incoming(C, K, _), arm_incoming(C, K2, _), K != K2, !arm_not_good(C, K), !arm_not_borrowed(C, K2),
  !escapes(C), !used_elsewhere(C).
owned_when_some(C) :- owned_when(C, _).

dealloc_when(C, Op, K) :- owned_when(C, K), last_use(C, P), root_block(C, B), op_in_block(Op, B, P).

# %a = memref.alloc() ... %r = scf.if %c { ... scf.yield %fresh } else {
# scf.yield %a } ... uses of %a and %r: the else-region lends %a to %r
# rather than hand it over. %r owns a buffer only when the then-region
# ran (owned_when); %a stays its own block's to free, after its own last
# use and %r's, since %r may be %a. That needs %a to be defined in the
# scf.if's block, used in no other block, and handed on only by such
# yields, which these rules decide without asking who owns what.
lend_site(X, T, I, C) :-
  arm_yield(T, I, C, _), use(T, I, V), root_alias(X, V), result(C, R, _), op_in_block(R, B, _), root_block(X, B).
handed_unlike_lend(X) :- handed(X, Op, I), !lend_site(X, Op, I, _).
lendable(X, C) :- lend_site(X, _, _, C), !handed_unlike_lend(X), !used_elsewhere(X).

# Once %r is owned_when its then-region ran, every yield of the other
# region into %r lends; a root it lends that nobody could take over
# (not clean) is freed by its own block after %r's last use, when all
# its hand-overs lend.
lends(T, I) :- arm_yield(T, I, C, K2), owned_when(C, K), K != K2.
lends_to(X, C) :- owned_when(C, K), arm_incoming(C, K2, V), K != K2, root_alias(X, V), lendable(X, C), !clean(X).
handed_not_lent(X) :- handed(X, Op, I), !lends(Op, I).
lent_freed(X) :- owned(X), lends_to(X, _), !handed_not_lent(X).
lender_use(X, P) :- lent_freed(X), last_use(X, P).
lender_use(X, P) :- lent_freed(X), lends_to(X, C), last_use(C, P).
lender_last_use(X, P) :- lender_use(X, Q) |> do fn:group_by(X), let P = fn:max(Q).
dealloc_after(X, Op) :- lender_last_use(X, P), root_block(X, B), op_in_block(Op, B, P).

# --- Freeing after the last use ---------------------------------------------

buffer_block(A, B) :- owned(A), root_block(A, B).

dies_at(A, Op) :-
  owned(A), last_use(A, P), P >= 0, buffer_block(A, B), op_in_block(Op, B, P), !escapes(A), !used_elsewhere(A).
dealloc_after(A, Op) :- dies_at(A, Op), !successor(Op, _, _).
# cf.cond_br %c, ^bb1(%a), ^bb2 where ^bb1(%k) is %a under another name
# (same_value_arg) and nothing uses %k: the branch is %a's last use, and
# nothing runs after it in its block. %a is freed at the start of each
# successor, or on the edge into one that has other predecessors.
dealloc_on_edge(A, S) :- dies_at(A, Op), successor(Op, _, S), pred_count(S, 1).
dealloc_on_branch(A, Op, S) :- dies_at(A, Op), successor(Op, _, S), !pred_count(S, 1).

# The regions of the op that hands X over cleanly (above) that do not
# yield it free it before their yield: X's last use was in them.
dealloc_in_arm(X, T) :- owned(X), arm_clean(X, R), arm_exit(T, R), !handed_at(X, T), !alias_use(X, T).

dealloc_before(A, Op) :- dealloc_before_return(A, Op).
dealloc_before(A, Op) :- dealloc_in_arm(A, Op).

# A carrier block argument nothing uses is freed before the block's first op.
dealloc_first(A, B) :- owned(A), last_use(A, -1), block_arg(A, B, _), !escapes(A), !used_elsewhere(A).

# A buffer used in several blocks of a cf function, and handed on by
# none, is freed just before the function's return when the block of
# that return post-dominates the buffer's block and every block that
# uses it: that block runs once, after every use.
dealloc_before_return(A, Ret) :-
  owned(A), used_elsewhere(A), !escapes(A), buffer_block(A, B), return_op(Ret, _), op_in_block(Ret, RB, _),
  postdominates_block(RB, B), !use_not_postdominated(A, RB), !cf_root(A).

# --- Buffers used across the blocks of a cf region ----------------------------

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
self_carried(X) :- self_forward(Op, I), use(Op, I, X).

# Liveness is computed for every root used in several blocks, owned or
# not: whether a branch hands a buffer over cleanly (partial_hand) depends
# on where it is still used.
cf_use_block(X, U) :-
  used_elsewhere(X), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, _), root_block(X, B),
  block_in_region(U, R, _), block_in_region(B, R, _).
cf_use_block(X, B) :- used_elsewhere(X), root_block(X, B).

pred_count(S, N) :- block_succ(U, S) |> do fn:group_by(S), let N = fn:count().

live_in(X, S) :- cf_use_block(X, S), root_block(X, B), S != B.
live_in(X, S) :- live_out(X, S), root_block(X, B), S != B.
live_out(X, U) :- live_in(X, S), block_succ(U, S).
Decl carried_back(X, Op, U)
  descr [doc("The branch Op, in block U, passes the block argument X back to itself."), arg(X, "value id"), arg(Op, "op id"), arg(U, "block id")]
  bound [/number, /number, /number].
Decl carries_to(X, Op, S)
  descr [doc("The branch Op passes the block argument X back to itself, in its block S."), arg(X, "value id"), arg(Op, "op id"), arg(S, "block id")]
  bound [/number, /number, /number].
# ^bb4: ... cf.br ^bb3(%t) with %t an argument of ^bb3: a cf loop's
# self-carried buffer stays live around the loop (the back edge does not
# start a new one).
live_out(X, U) :- used_elsewhere(X), carried_back(X, _, U).
carried_back(X, Op, U) :- self_forward(Op, I), use(Op, I, X), op_in_block(Op, U, _).

# ^bb1: %x = ... cf.cond_br %c, ^bb2, ^bb1 with ^bb2 using %x: an edge
# back into X's own block starts a new X, so X dies on it; so it does on
# an edge into a block that nothing using X is reached from. The edges
# out of a block whose branch hands X to some successors only are the
# next rule's to judge.
cf_dies_on_branch(X, Op, S) :-
  live_out(X, U), op_in_block(Op, U, _), successor(Op, _, S), !live_in(X, S), !hands_from(X, U),
  !carries_to(X, Op, S).
carries_to(X, Op, S) :- carried_back(X, Op, _), block_arg(X, S, _).

# cf.cond_br %c, ^bb1(%x), ^bb2 where nothing reached from ^bb2 uses %x:
# %x dies on the edge into ^bb2, not on the one that hands it to ^bb1;
# with ^bb2 its own block (^bb1(%p): ... cf.cond_br %c, ^bb2(%p), ^bb1),
# the next %x replaces it there.
hands_from(X, U) :- partial_hand(X, Op), op_in_block(Op, U, _).
hands_from(X, U) :- remote_hand(X, Op), op_in_block(Op, U, _).
cf_dies_on_branch(X, Op, S) :- partial_hand(X, Op), successor(Op, _, S), !forwarded_to(X, Op, S), !live_in(X, S).
cf_dies_on_branch(X, Op, S) :- remote_hand(X, Op), successor(Op, _, S), !forwarded_to(X, Op, S), !live_in(X, S).

# ^bb2 entered only from the branch X dies on: X is freed at its start.
cf_dies_on_edge(X, S) :- cf_dies_on_branch(X, _, S), root_block(X, B), S != B, pred_count(S, 1).

block_use(X, U, P) :- cf_root(X), alias_use(X, Op), enclosing(Op, Y), op_in_block(Y, U, P).
block_use(X, B, P) :- cf_root(X), root_block(X, B), result(X, Op, _), op_in_block(Op, B, P).
block_last_use(X, U, P) :- block_use(X, U, Q) |> do fn:group_by(X, U), let P = fn:max(Q).

dealloc_in_block(X, Op) :-
  cf_root(X), cf_use_block(X, U), !live_out(X, U), !hands_from(X, U), block_last_use(X, U, P), op_in_block(Op, U, P).
dealloc_on_edge(X, S) :- cf_root(X), cf_dies_on_edge(X, S).
# cf.cond_br %c, ^bb1(%y), ^bb2 where ^bb1 is X's own block or has other
# predecessors that do not have X live out: only this edge may free it,
# on a block of its own between the branch and ^bb1.
dealloc_on_branch(X, Op, S) :- cf_root(X), cf_dies_on_branch(X, Op, S), !cf_dies_on_edge(X, S).

use_not_postdominated(A, RB) :-
  alias_use(A, Op), enclosing(Op, X), op_in_block(X, UB, _), return_op(Ret, _), op_in_block(Ret, RB, _),
  block_in_region(UB, R, _), block_in_region(RB, R, _), !postdominates_block(RB, UB).

postdominates_block(A, B) :-
  block_in_region(A, R, _), block_in_region(B, R, _),
  block_postdom(A, InA, OutA), block_postdom(B, InB, OutB), InA <= InB, OutB <= OutA.

kept_alive(A) :- owned(A), escapes(A), !lent_freed(A).
kept_alive(A) :- owned(A), used_elsewhere(A), !freed_before_return(A), !cf_root(A).

freed_before_return(A) :- dealloc_before_return(A, _).

# --- Functions that return owned buffers -------------------------------------

clean_owned(X) :- owned(X), clean(X).
unowned_root(V) :- root_alias(Y, V), !clean_owned(Y).
owned_return(Ret, J) :- return_op(Ret, _), use(Ret, J, V), rooted(V), !unowned_root(V), !may_global(V).

# %r = scf.if %p { yield %global } else { yield %a }; return %r: a
# caller of a function that may return a global (or a view of one) must
# not own its result, even where the result may also be a view of a
# buffer the caller passed: freeing it would free the global.
Decl may_global(V)
  descr [doc("V may be the memory of a global (memref.get_global), through views, carriers, and calls whose callee may return it."),
         arg(V, "value id")]
  bound [/number].
Decl returns_global(F, J)
  descr [doc("Some func.return of F may give result J the memory of a global."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
may_global(V) :- op(Op, "memref.get_global"), result(V, Op, 0).
may_global(W) :- may_global(V), local_step(V, W).
may_global(C) :- may_global(V), incoming(C, V).
may_global(R) :- may_global(V), call_step(V, R).
may_global(R) :- call(Op, F), result(R, Op, J), returns_global(F, J).
returns_global(F, J) :- return_op(Ret, F), use(Ret, J, V), may_global(V).
returns_unowned(F, J) :- return_op(Ret, F), use(Ret, J, V), buffer_value(V), !owned_return(Ret, J).
returns_owned(F, J) :- return_op(Ret, F), use(Ret, J, V), buffer_value(V), !returns_unowned(F, J).

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
# of the copy's block, with no alignment asked, that the copy uses first,
# typed with the identity layout of the source's shape and element type,
# and the source's buffer is laid out that way at run time, so that the
# rewrite can cast it to the target's type: every value that can flow
# into it, through casts and the carriers of loops and branches, has an
# identity type. Soundness first: anything else is copied as before.

Decl moves(X, Copy, T)
  descr [doc("The memref.copy Copy is a move: it copies all of the buffer of the owned root X, freed right after it (freed_after), into T, a new buffer that nothing used before, laid out as X's buffer is at run time. The rewrite drops T's memref.alloc, the copy and X's memref.dealloc, and T's uses use X's buffer (cast to T's type)."), driver(/reads),
         arg(X, "value id"), arg(Copy, "op id"), arg(T, "value id")]
  bound [/number, /number, /number].

Decl freed_after(X, Op)
  descr [doc("The rules free the owned root X right after Op, the last use of X on every path through Op: in X's block (dealloc_after), or in another block of a cf region that X is not live out of (dealloc_in_block)."),
         arg(X, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl copy_to_new(Copy, V, T)
  descr [doc("The memref.copy Copy copies V into T, the result of a memref.alloc."),
         arg(Copy, "op id"), arg(V, "value id"), arg(T, "value id")]
  bound [/number, /number, /number].

Decl cast_of(V, W)
  descr [doc("V is the result of a memref.cast of W: the same buffer, with the same layout at run time."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl copy_source(V, W)
  descr [doc("V, the source of a copy into a new buffer, is W or a memref.cast of it, once or more: all of W's buffer."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl aligned(A)
  descr [doc("The allocation op A asks for aligned memory (alloc_alignment): another buffer cannot stand in for it."),
         arg(A, "op id")]
  bound [/number].

Decl target_used_before(T, Copy)
  descr [doc("T, the new buffer the memref.copy Copy copies into, or a view of it, is used by an op of its block before Copy."),
         arg(T, "value id"), arg(Copy, "op id")]
  bound [/number, /number].

Decl move_candidate(X, Copy, V, T)
  descr [doc("The memref.copy Copy of V, all of the buffer of the root X, which is freed right after it (freed_after), into T, a new buffer of the copy's block that it uses first, with no alignment asked, of the identity layout of V's shape and element type: a move, if X's buffer has that layout at run time."),
         arg(X, "value id"), arg(Copy, "op id"), arg(V, "value id"), arg(T, "value id")]
  bound [/number, /number, /number, /number].

Decl layout_demand(V)
  descr [doc("The layout of V at run time decides a move: V is the source of a move_candidate, or a value that flows into one through casts and carriers."),
         arg(V, "value id")]
  bound [/number].

Decl identity_typed(V)
  descr [doc("V's type is a ranked memref of the identity layout."),
         arg(V, "value id")]
  bound [/number].

Decl is_cast(V)
  descr [doc("V, whose layout a move depends on, is the result of a memref.cast."),
         arg(V, "value id")]
  bound [/number].

Decl carried(V)
  descr [doc("V, whose layout a move depends on, is a carrier: values are handed into it (incoming)."),
         arg(V, "value id")]
  bound [/number].

Decl maybe_strided(V)
  descr [doc("V, whose layout a move depends on, may at run time have another layout than the identity one: its type has another layout, and it is neither a cast nor a carrier of values of the identity layout (a function argument, a view, a call's result, or a cast or carrier of such a value)."),
         arg(V, "value id")]
  bound [/number].

freed_after(X, Op) :- dealloc_after(X, Op).
# ^bb2: memref.copy %a, %t  memref.dealloc %a, where %a comes from
# another block and dies in ^bb2.
freed_after(X, Op) :- dealloc_in_block(X, Op).

# memref.copy %v, %t where %t = memref.alloc(): a copy into a new buffer.
copy_to_new(Copy, V, T) :- op(Copy, "memref.copy"), use(Copy, 1, T), new_buffer(T), use(Copy, 0, V).

# memref.copy %cast, %t with %cast = memref.cast %x: the whole of %x's buffer.
cast_of(V, W) :- op(Op, "memref.cast"), result(V, Op, 0), use(Op, 0, W).
copy_source(V, V) :- copy_to_new(_, V, _).
copy_source(V, W) :- copy_source(V, U), cast_of(U, W).
copy_source(V, W) :- copy_source(V, U), same_value_arg(U, W).

# %t = memref.alloc() {alignment = 64}: a buffer that promises more than
# another one may keep.
aligned(A) :- alloc_alignment(A, _).

# %t = memref.alloc() ... memref.store %f, %t[%i] ... memref.copy %x, %t:
# what the store wrote is overwritten by the copy, but a buffer taking
# %t's place would not have been there to be written.
target_used_before(T, Copy) :-
  copy_to_new(Copy, _, T), alias_use(T, Op), enclosing(Op, Y), op_in_block(Y, B, P), op_in_block(Copy, B, Q), P < Q.

# %t = memref.alloc() : memref<3xf32> ... memref.copy %x, %t
# memref.dealloc %x: the copy is the last use of %x's buffer, %t is new,
# of %x's shape and element type with the identity layout; whether %x's
# buffer has that layout at run time is asked below.
move_candidate(X, Copy, V, T) :-
  copy_to_new(Copy, V, T), copy_source(V, X), freed_after(X, Copy), X != T,
  result(T, A, 0), op_in_block(A, B, _), op_in_block(Copy, B, _), !aligned(A),
  memref_type(T, S, /identity), memref_type(V, S, _), !target_used_before(T, Copy).

# ^bb1(%p: memref<3xf32, strided<[?], offset: ?>>): the layout of %p at
# run time is that of the values handed into it, and a cast's that of
# its operand.
layout_demand(V) :- move_candidate(_, _, V, _).
layout_demand(W) :- layout_demand(V), cast_of(V, W).
layout_demand(W) :- layout_demand(C), incoming(C, W).

identity_typed(V) :- memref_type(V, _, /identity).
is_cast(V) :- layout_demand(V), cast_of(V, _).
carried(V) :- layout_demand(V), incoming(V, _).

# A value of an identity-layout type has that layout (a memref.cast to
# such a type is valid only if it does). Any other is a cast or a carrier of values that may
# have another layout, or a value the rules cannot follow: a function
# argument of strided type, a subview, a call's result, an arith.select.
maybe_strided(V) :- layout_demand(V), !identity_typed(V), !is_cast(V), !carried(V).
maybe_strided(V) :- layout_demand(V), !identity_typed(V), cast_of(V, W), maybe_strided(W).
maybe_strided(C) :- layout_demand(C), !identity_typed(C), incoming(C, W), maybe_strided(W).

moves(X, Copy, T) :- move_candidate(X, Copy, V, T), !maybe_strided(V).
