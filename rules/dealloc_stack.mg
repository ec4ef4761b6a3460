# dealloc_stack.mg: buffers promoted to the stack.
#
# A buffer of static size that its function allocates once per call and
# never hands on out of the function's frame (only into scf.if and loop
# results, iter_args, block arguments, all of whose buffers stay there
# too) lives no longer than the frame: memref.alloca can hold it, with
# no malloc and no free (MLIR's promote-buffers-to-stack).
# The driver gives the stack that the promoted buffers of one function may
# take together (stack_limit: --max-stack-bytes); the rewrite turns the
# memref.alloc of each stack_buffer into memref.alloca, and the
# deallocation rules own, and so free, none of them (owned, in
# dealloc_handover.mg).

Decl stack_limit(N)
  descr [doc("The buffers promoted to the stack in one function may take N bytes in all (--max-stack-bytes; 0 promotes none)."), driver(/adds),
         arg(N, "number")]
  bound [/number].

Decl placed_within(Op, Y)
  descr [doc("Y is the memref.alloc Op or an op whose regions hold it, up to its function."),
         arg(Op, "op id"), arg(Y, "op id")]
  bound [/number, /number].
placed_within(Op, Op) :- op(Op, "memref.alloc").
placed_within(Op, Y) :- placed_within(Op, X), !op(X, "func.func"), parent_op(X, Y).

Decl placed_func(Op, F)
  descr [doc("The memref.alloc Op is in the function F."),
         arg(Op, "op id"), arg(F, "op id")]
  bound [/number, /number].
placed_func(Op, F) :- placed_within(Op, F), op(F, "func.func").

Decl runs_repeatedly(Op)
  descr [doc("The memref.alloc Op may run more than once in one call of its function: an op that holds it runs its regions other than once each (a loop, a linalg payload, an op bufferlog does not know), or the block of the function body that holds it is on a cycle of branches."),
         arg(Op, "op id")]
  bound [/number].
# scf.for ... { %a = memref.alloc() }: an alloca there takes new stack at
# each trip, which only the function's return gives back. scf.if and its
# kin run a region once (single_run_op, dealloc_handover.mg).
runs_repeatedly(Op) :- placed_within(Op, Y), Y != Op, op(Y, Name), Name != "func.func", !single_run_op(Name).
# ^bb1: %a = memref.alloc() ... cf.cond_br %c, ^bb1, ^bb2: a block of
# the function body that branches back to itself, directly or through
# others, runs again. (A diamond of blocks runs each at most once.)
runs_repeatedly(Op) :- placed_within(Op, Y), parent_op(Y, F), op(F, "func.func"), op_in_block(Y, B, _), cf_reaches(B, B).

Decl alloc_block(B)
  descr [doc("Block B of a function body holds a memref.alloc, or an op that holds one."),
         arg(B, "block id")]
  bound [/number].
alloc_block(B) :- placed_within(_, Y), parent_op(Y, F), op(F, "func.func"), op_in_block(Y, B, _).

Decl cf_reaches(B, C)
  descr [doc("Block C of a function body is reached from its block B, which holds allocations (alloc_block), through one branch or more."),
         arg(B, "block id"), arg(C, "block id")]
  bound [/number, /number].
cf_reaches(B, C) :- alloc_block(B), block_succ(B, C).
cf_reaches(B, D) :- cf_reaches(B, C), block_succ(C, D).

Decl stored(X)
  descr [doc("A view of the root X is stored into memory (the value of a memref.store): it may be read after the function returns."),
         arg(X, "value id")]
  bound [/number].
stored(X) :- root_alias(X, V), use(Op, 0, V), op(Op, "memref.store").

Decl copied_whole(X)
  descr [doc("The root X is the source or the target of a memref.copy into a new buffer that may be X's last use, which a move may make one buffer with another (moves)."),
         arg(X, "value id")]
  bound [/number].
# A move needs the copy to be the last use (freed_after) of a root, all
# of whose buffer it copies: in the root's block, its last use there; a
# copy in another block of the root's region (a cf successor) is taken to
# be one. A copy nested in a region op (scf.if { memref.copy %a, %b })
# is never a move: the root is freed in a block of its own region. A source used after the copy, a view, a global or an
# argument (no root the rules free), and their copies, stay candidates
# for the stack.
copied_whole(X) :- may_end_with_copy(X, _).
copied_whole(T) :- may_end_with_copy(_, T).

Decl may_end_with_copy(X, T)
  descr [doc("A memref.copy of all of the root X into the new buffer T may be X's last use."),
         arg(X, "value id"), arg(T, "value id")]
  bound [/number, /number].
may_end_with_copy(X, T) :- copy_to_new(Copy, V, T), copy_source(V, X), root_block(X, B), op_in_block(Copy, B, P), last_use(X, P).
may_end_with_copy(X, T) :-
  copy_to_new(Copy, V, T), copy_source(V, X), root_block(X, RB), op_in_block(Copy, B, _), B != RB, block_in_region(B, R, _),
  block_in_region(RB, R, _).

Decl stack_seed(X, F, N)
  descr [doc("X, the result of a memref.alloc of the function F, of static size N bytes, is allocated once per call of F: a memref.alloca could hold it if its buffer stays in F's frame."),
         arg(X, "value id"), arg(F, "op id"), arg(N, "number")]
  bound [/number, /number, /number].
stack_seed(X, F, N) :-
  new_buffer(X), result(X, Op, 0), placed_func(Op, F), !runs_repeatedly(Op), value_type(X, /memref, N), N > 0,
  !other_space(X).

Decl other_space(X)
  descr [doc("X is a memref in a memory space other than the default one (memref_space)."),
         arg(X, "value id")]
  bound [/number].
# %a = memref.alloc() : memref<4xf32, 1> (an alloc_tensor with
# memory_space = 1): a memref.alloca is memory of the default space, so
# it cannot stand for %a, as MLIR's promote-buffers-to-stack leaves such
# buffers on the heap.
other_space(X) :- memref_space(X, _).

Decl carried_into(X, C)
  descr [doc("A view of the root X is handed into the carrier C (an scf.if or loop result, an iter_arg, a block argument)."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].
carried_into(X, C) :- handed(X, Op, I), handed_into(Op, I, C), carrier(C).

Decl frame_family(X, Y)
  descr [doc("Y, a root, shares carriers or a possible move with the stack seed X: X itself, a carrier that a member hands into, a root that hands into a member carrier, or either end of a copy that may be a move (may_end_with_copy) of which a member is the other. The members are promoted to the stack together or not at all."),
         arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number].
# %r = scf.if %c { scf.yield %a } else { scf.yield %b }: %a, %r and %b
# are one family. A carrier that owned a stack buffer would free it, and
# one given a stack buffer and a heap one could free neither; so either
# every buffer a carrier receives is on the stack, or none.
frame_family(X, X) :- stack_seed(X, _, _).
frame_family(X, C) :- frame_family(X, Y), carried_into(Y, C).
frame_family(X, Y) :- frame_family(X, C), carried_into(Y, C).
# memref.copy %a, %b that may end %a (a move would make %b's buffer
# %a's): both on the stack, or both on the heap. On the stack, neither is
# freed, so no move happens and the copy stays.
frame_family(X, T) :- frame_family(X, Y), may_end_with_copy(Y, T).
frame_family(X, Y) :- frame_family(X, T), may_end_with_copy(Y, T).

Decl leaves_frame(Y)
  descr [doc("The root Y cannot be, or be given, memory of its function's stack frame: it is heap memory (an allocation that is no stack seed, a fresh call result), it is handed on other than into a carrier (returned, made a tensor), or stored."),
         arg(Y, "value id")]
  bound [/number].
# %a = memref.alloc(%n), or an allocation in a loop body, or a call's
# fresh result: heap memory, which must not meet a stack buffer.
leaves_frame(Y) :- owned_base(Y), !stack_seed(Y, _, _).
leaves_frame(Y) :- kept_past(Y).

Decl kept_past(Y)
  descr [doc("The root Y is handed on other than into a carrier (returned, made a tensor), or stored: its buffer may outlive what holds it."),
         arg(Y, "value id")]
  bound [/number].
# func.return %a, bufferization.to_tensor %a: the buffer outlives the
# frame, or leaves what bufferlog can follow.
kept_past(Y) :- handed(Y, Op, I), !into_owner(Op, I).
# memref.store %a, %p[]: it may be read after the function returns.
kept_past(Y) :- stored(Y).

Decl unfit_family(X)
  descr [doc("A member of the stack seed X's family leaves the frame (leaves_frame): X stays on the heap."),
         arg(X, "value id")]
  bound [/number].
unfit_family(X) :- frame_family(X, Y), leaves_frame(Y).

Decl stack_candidate(X, F, N)
  descr [doc("X, the result of a memref.alloc of the function F, of static size N bytes, allocated once per call of F, is handed on only into carriers whose buffers all stay in F's frame, and never stored, nor is any root it shares carriers or a possible move with (frame_family): a memref.alloca can hold it."),
         arg(X, "value id"), arg(F, "op id"), arg(N, "number")]
  bound [/number, /number, /number].
# func.func @f(...) { %a = memref.alloc() : memref<4xf32> ... uses of %a
# ... }: %a dies before @f returns, or is yielded only to scf.if or loop
# results and iter_args that do.
stack_candidate(X, F, N) :- stack_seed(X, F, N), !unfit_family(X).

Decl family_root(X, R)
  descr [doc("R, the least stack seed of the stack seed X's family (frame_family), names the family: its members go on the stack together or not at all."),
         arg(X, "value id"), arg(R, "value id")]
  bound [/number, /number].
# %r = scf.if ... yield %a ... yield %b: %a and %b are one family, named
# by the lesser of them.
family_root(X, R) :- frame_family(X, Y), stack_seed(Y, _, _) |> do fn:group_by(X), let R = fn:min(Y).

Decl family_bytes(F, R, N)
  descr [doc("The stack candidates of the family R of the function F take N bytes of the frame together: the sum of their sizes, or the largest where no call allocates two of them (family_overlap)."),
         arg(F, "op id"), arg(R, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
# Two memref<4xf32> of one family: 32 bytes of the frame.
family_bytes(F, R, T) :- family_sum(F, R, T), family_overlap(R).
# %r = scf.if %c { %a = memref.alloc() ... scf.yield %a } else { %b =
# memref.alloc() ... scf.yield %b }: a call allocates %a or %b, never
# both, so the frame holds one of them: 16 bytes for two memref<4xf32>.
family_bytes(F, R, T) :- family_peak(F, R, T), !family_overlap(R).

Decl family_sum(F, R, N)
  descr [doc("The stack candidates of the family R of the function F, but those in another's slot (takes_slot), have N bytes in all."),
         arg(F, "op id"), arg(R, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
# A buffer in another's slot adds nothing.
family_sum(F, R, T) :- stack_candidate(X, F, N), !takes_slot(X), family_root(X, R) |> do fn:group_by(F, R), let T = fn:sum(N).

Decl family_peak(F, R, N)
  descr [doc("The largest stack candidate of the family R of the function F, but those in another's slot, has N bytes."),
         arg(F, "op id"), arg(R, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
family_peak(F, R, T) :- stack_candidate(X, F, N), !takes_slot(X), family_root(X, R) |> do fn:group_by(F, R), let T = fn:max(N).

Decl arm_of(X, R, K)
  descr [doc("The stack candidate X is allocated in region K of R, an op that runs one of its regions once (single_run_op), at any depth."),
         arg(X, "value id"), arg(R, "op id"), arg(K, "number")]
  bound [/number, /number, /number].
arm_of(X, R, K) :-
  stack_candidate(X, _, _), result(X, Op, 0), placed_within(Op, Y), op_in_block(Y, B, _), block_in_region(B, Reg, _),
  region_of(Reg, R, K), op(R, Name), single_run_op(Name).

Decl exclusive(X, Y)
  descr [doc("The stack candidates X and Y are allocated in different regions of one op that runs one of its regions once: no call allocates both."),
         arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number].
exclusive(X, Y) :- arm_of(X, R, K), arm_of(Y, R, K2), K != K2.

Decl family_overlap(R)
  descr [doc("Two stack candidates of the family R, neither in another's slot, may both be allocated in one call (they are not exclusive): the family takes the sum of their sizes."),
         arg(R, "value id")]
  bound [/number].
family_overlap(R) :-
  stack_candidate(X, _, _), !takes_slot(X), family_root(X, R), stack_candidate(Y, _, _), !takes_slot(Y), family_root(Y, R),
  X != Y, !exclusive(X, Y).

Decl stack_fill(F, R, T)
  descr [doc("Taken smallest first (equal sizes by name), the families of stack candidates of the function F up to and with the family R take T bytes together."),
         computed(/running_total, "family_bytes"),
         arg(F, "op id"), arg(R, "value id"), arg(T, "number")]
  bound [/number, /number, /number].
# solve sorts each function's families once (computed(/running_total,
# ...)); these clauses are the definition it is tested against, which
# pairs every family of a function with every other.
stack_fill(F, R, T) :- fills_before(F, R, R2, N2) |> do fn:group_by(F, R), let T = fn:sum(N2).

Decl fills_before(F, R, R2, N2)
  descr [doc("The family R2 of stack candidates of the function F, of N2 bytes, comes no later than the family R when they are taken smallest first, equal sizes by name."),
         arg(F, "op id"), arg(R, "value id"), arg(R2, "value id"), arg(N2, "number")]
  bound [/number, /number, /number, /number].
# A family of 16 bytes goes before one of 64; of two families of 16
# bytes, the one named by the earlier value first.
fills_before(F, R, R2, N2) :- family_bytes(F, R, N), family_bytes(F, R2, N2), N2 < N.
fills_before(F, R, R2, N2) :- family_bytes(F, R, N), family_bytes(F, R2, N2), N2 = N, R2 <= R.

Decl stack_buffer(X)
  descr [doc("X is allocated on the stack (memref.alloca) and never freed: of static size, allocated once per call, handed on only to scf.if and loop results, iter_args and block arguments that stay in its function with all they hold, and its family fits in --max-stack-bytes with the smaller families of its function (stack_fill); the deallocation frees it nowhere."), driver(/reads),
         arg(X, "value id")]
  bound [/number].
# func.func @f() { %a = memref.alloc() : memref<64xf32> ... %b =
# memref.alloc() : memref<4xf32> ... } with --max-stack-bytes=64: %b
# (16 bytes) goes on the stack, %a (256) stays on the heap. The stack a
# call takes stays within the limit whatever path it runs, and taking the
# smallest families first puts the most buffers there. --optimize
# without stack: none.
stack_buffer(X) :-
  optimization(/stack), stack_candidate(X, F, _), !takes_slot(X), family_root(X, R), stack_fill(F, R, T), stack_limit(M),
  T <= M.
# %b in the slot of %a (stack_slot_of): on the stack with %a.
stack_buffer(B) :- stack_slot_of(B, A), stack_buffer(A).

# --- Stack slots shared ------------------------------------------------------------
#
# Two stack buffers of one type whose lifetimes do not overlap can be one
# alloca: the later takes the earlier's slot (reuses, dealloc_reuse.mg),
# and the frame holds one buffer where it held two. Only buffers whose
# lifetime is plain to see take part, in functions whose candidates do
# not all fit in the frame: alone in their family, handed on nowhere,
# used only in their block (and the ops nested in it), so that a buffer
# is dead past its last use there. Buffers of one type and alignment
# take the slots freed before they are allocated, first freed first
# (stack_slot_of); a buffer that takes a slot costs the frame nothing,
# and goes on the stack exactly when the slot's first owner does.

Decl joined_family(X)
  descr [doc("The family of the stack seed X (frame_family) has a member besides X."),
         arg(X, "value id")]
  bound [/number].
joined_family(X) :- frame_family(X, Y), Y != X.

Decl lone_stack_candidate(X, K, P)
  descr [doc("The stack candidate X, allocated at position P of block K, is alone in its family, handed on nowhere (escapes) and used only in K and the ops nested in it (used_elsewhere): it is dead past its last use in K (last_use)."),
         arg(X, "value id"), arg(K, "block id"), arg(P, "number")]
  bound [/number, /number, /number].
# %a = memref.alloc() : memref<16xf32> ... linalg.fill outs(%a) ...
# memref.load %a[...], and no more of %a.
lone_stack_candidate(X, K, P) :-
  stack_candidate(X, F, _), over_budget(F), !joined_family(X), !escapes(X), !used_elsewhere(X), result(X, Op, 0),
  op_in_block(Op, K, P).

Decl candidate_bytes(F, T)
  descr [doc("The stack candidates of the function F take T bytes together."),
         arg(F, "op id"), arg(T, "number")]
  bound [/number, /number].
candidate_bytes(F, T) :- stack_candidate(_, F, N) |> do fn:group_by(F), let T = fn:sum(N).

Decl over_budget(F)
  descr [doc("The stack candidates of the function F do not all fit in --max-stack-bytes (stack_limit): sharing slots may put more of them on the stack."),
         arg(F, "op id")]
  bound [/number].
# Where every candidate fits, buffers keep allocas of their own: a
# shared one is one value used over both lifetimes, which nothing needs.
over_budget(F) :- candidate_bytes(F, T), stack_limit(M), T > M.

Decl slot_kind(X, K, S, N, P)
  descr [doc("The lone stack candidate X, allocated at position P of block K, has the type S with the identity layout and asks for alignment N (0: none): it may share a slot with those of its kind (K, S, N)."),
         arg(X, "value id"), arg(K, "block id"), arg(S, "number"), arg(N, "number"), arg(P, "number")]
  bound [/number, /number, /number, /number, /number].
# %a = memref.alloc() {alignment = 64 : i64} : memref<16xf32>: its slot
# can hold another memref<16xf32> that asks for 64 bytes too.
slot_kind(X, K, S, N, P) :-
  optimization(/stack), optimization(/reuse), lone_stack_candidate(X, K, P), memref_type(X, S, /identity), result(X, Op, 0),
  alloc_alignment(Op, N).
slot_kind(X, K, S, 0, P) :-
  optimization(/stack), optimization(/reuse), lone_stack_candidate(X, K, P), memref_type(X, S, /identity), result(X, Op, 0),
  !aligned(Op).

Decl slot_group(K, S, N, G)
  descr [doc("G, the least lone stack candidate of the kind (K, S, N) (slot_kind), names the kind."),
         arg(K, "block id"), arg(S, "number"), arg(N, "number"), arg(G, "value id")]
  bound [/number, /number, /number, /number].
slot_group(K, S, N, G) :- slot_kind(X, K, S, N, _) |> do fn:group_by(K, S, N), let G = fn:min(X).

Decl slot_span(G, X, P, L)
  descr [doc("The lone stack candidate X of the kind G (slot_group) is allocated at position P of its block and last used at position L there: its slot is free after L."),
         arg(G, "value id"), arg(X, "value id"), arg(P, "number"), arg(L, "number")]
  bound [/number, /number, /number, /number].
slot_span(G, X, P, L) :- slot_kind(X, K, S, N, P), slot_group(K, S, N, G), last_use(X, L).

Decl stack_slot_of(B, A)
  descr [doc("The lone stack candidate B takes the slot that A held: taken in the order they are allocated, the buffers of a kind (slot_span) each take, of the slots free when they are allocated that no buffer took before, the one freed first. B goes on the stack when the slot's first owner does, in its alloca."),
         computed(/interval_reuse, "slot_span"),
         arg(B, "value id"), arg(A, "value id")]
  bound [/number, /number].
# %a ... (last use of %a) ... (last use of %b) ... %c ... %d, all
# memref<16xf32>: %c takes %a's slot, %d %b's; with %c allocated between
# the two last uses, %c takes %a's, and %d %b's or, if %c died first,
# still %b's, the one freed first. solve matches the slots with one
# queue per kind (computed(/interval_reuse, ...)); these clauses are the
# definition it is tested against: the buffer allocated A-th finds R
# slots freed before it, of which the buffers before it took T = A-1 +
# min(0, R'-A' over them), each having taken one whenever it found more
# freed than taken; it takes one when R > T, the (T+1)-th freed.
stack_slot_of(B, A) :- slot_turn(G, B, N), free_rank(G, A, N).

Decl slot_before(G, X, Y)
  descr [doc("The lone stack candidate Y of the kind G is allocated no later than X (X itself included)."),
         arg(G, "value id"), arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number, /number].
slot_before(G, X, Y) :- slot_span(G, X, P, _), slot_span(G, Y, PY, _), PY < P.
slot_before(G, X, X) :- slot_span(G, X, _, _).

Decl slot_rank(G, X, A)
  descr [doc("X is the A-th lone stack candidate of the kind G to be allocated."),
         arg(G, "value id"), arg(X, "value id"), arg(A, "number")]
  bound [/number, /number, /number].
slot_rank(G, X, A) :- slot_before(G, X, _) |> do fn:group_by(G, X), let A = fn:count().

Decl freed_for(G, X, Y)
  descr [doc("The lone stack candidate Y of the kind G is last used before X is allocated: Y's slot is free by then."),
         arg(G, "value id"), arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number, /number].
freed_for(G, X, Y) :- slot_span(G, X, P, _), slot_span(G, Y, _, L), L < P.

Decl freed_count(G, X, R)
  descr [doc("R slots of the kind G, one or more, are freed before X is allocated (freed_for)."),
         arg(G, "value id"), arg(X, "value id"), arg(R, "number")]
  bound [/number, /number, /number].
freed_count(G, X, R) :- freed_for(G, X, _) |> do fn:group_by(G, X), let R = fn:count().

Decl finds_freed(G, X)
  descr [doc("Some slot of the kind G is freed before X is allocated."),
         arg(G, "value id"), arg(X, "value id")]
  bound [/number, /number].
finds_freed(G, X) :- freed_for(G, X, _).

Decl free_slots(G, X, R)
  descr [doc("R slots of the kind G are freed before X is allocated, none included."),
         arg(G, "value id"), arg(X, "value id"), arg(R, "number")]
  bound [/number, /number, /number].
free_slots(G, X, R) :- freed_count(G, X, R).
free_slots(G, X, 0) :- slot_span(G, X, _, _), !finds_freed(G, X).

Decl slot_slack(G, X, D)
  descr [doc("X, the A-th of its kind G to be allocated, finds R slots freed before it: D = R - A."),
         arg(G, "value id"), arg(X, "value id"), arg(D, "number")]
  bound [/number, /number, /number].
slot_slack(G, X, D) :- slot_rank(G, X, A), free_slots(G, X, R), D = fn:minus(R, A).

Decl earlier_slack(G, X, D)
  descr [doc("D is 0 or the slot_slack of a buffer of the kind G allocated before X."),
         arg(G, "value id"), arg(X, "value id"), arg(D, "number")]
  bound [/number, /number, /number].
earlier_slack(G, X, 0) :- slot_span(G, X, _, _).
earlier_slack(G, X, D) :- slot_before(G, X, Y), Y != X, slot_slack(G, Y, D).

Decl least_slack(G, X, M)
  descr [doc("M is the least earlier_slack of X."),
         arg(G, "value id"), arg(X, "value id"), arg(M, "number")]
  bound [/number, /number, /number].
least_slack(G, X, M) :- earlier_slack(G, X, D) |> do fn:group_by(G, X), let M = fn:min(D).

Decl slot_turn(G, X, N)
  descr [doc("X, of the kind G, takes the N-th slot of its kind to be freed: the buffers allocated before it took N-1, and more are free."),
         arg(G, "value id"), arg(X, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
slot_turn(G, X, N) :-
  slot_rank(G, X, A), least_slack(G, X, M), free_slots(G, X, R), A1 = fn:minus(A, 1), T = fn:plus(A1, M), R > T,
  N = fn:plus(T, 1).

Decl freed_no_later(G, Y, Z)
  descr [doc("The slot of Z, of the kind G, is freed no later than Y's: Z's last use comes before Y's, or at it with Z no greater than Y (Y itself included)."),
         arg(G, "value id"), arg(Y, "value id"), arg(Z, "value id")]
  bound [/number, /number, /number].
freed_no_later(G, Y, Z) :- slot_span(G, Y, _, L), slot_span(G, Z, _, LZ), LZ < L.
freed_no_later(G, Y, Z) :- slot_span(G, Y, _, L), slot_span(G, Z, _, LZ), LZ = L, Z <= Y.

Decl free_rank(G, Y, N)
  descr [doc("Y's slot is the N-th of its kind G to be freed."),
         arg(G, "value id"), arg(Y, "value id"), arg(N, "number")]
  bound [/number, /number, /number].
free_rank(G, Y, N) :- freed_no_later(G, Y, _) |> do fn:group_by(G, Y), let N = fn:count().

Decl takes_slot(X)
  descr [doc("The stack candidate X takes another's slot (stack_slot_of): it costs its frame no bytes of its own."),
         arg(X, "value id")]
  bound [/number].
takes_slot(X) :- stack_slot_of(X, _).
