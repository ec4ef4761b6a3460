# dealloc_clone.mg: the copies that end critical aliases, and ownership
# by the branch taken.
#
# Where a carrier would receive a borrowed buffer beside owned ones, or
# an owned buffer is handed on uncleanly, the rules ask the driver for a
# copy (needs_clone), as MLIR's former BufferDeallocation pass did; a
# returned arith.select of an owned and a borrowed buffer copies the
# borrowed one only where the select picks it (clone_if_picked). An
# scf.if result that one region gives owned buffers and the other
# borrowed ones is freed under the scf.if's own condition instead
# (dealloc_when), and a region may lend a buffer of its block to the
# result (lends_to). An scf.if result that only ever holds buffers of
# enclosing blocks borrows them (borrower): it owns nothing, and their
# blocks free them.

# --- Clones that end critical aliases -------------------------------------------

Decl good_incoming(C)
  descr [doc("Some value handed into the carrier C is a clean hand-over of an owned buffer: if C received only such values, it would own them."),
         arg(C, "value id")]
  bound [/number].
good_incoming(C) :- incoming(C, V), !bad_value(V).

Decl needs_clone(Op, I)
  descr [doc("Operand I of the region terminator or region op Op hands into a carrier a value the carrier cannot own, where that leaves a buffer nobody frees: a borrowed buffer (an argument, a global) into a carrier that also receives owned buffers, or an owned buffer handed on uncleanly. The rewrite hands on a copy (memref.alloc and memref.copy) instead, so that the carrier owns all it receives, and the original is freed where it is."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# scf.if %c { scf.yield %fresh } else { scf.yield %arg }: the result
# cannot own %arg, so without a copy of %arg nobody could free %fresh.
needs_clone(Op, I) :-
  handed_into(Op, I, C), carrier(C), good_incoming(C), use(Op, I, V), unownable(V),
  !clone_cannot_help(V), !self_forward(Op, I), !owned_when_some(C), !borrower(C).

Decl unownable(V)
  descr [doc("V, handed into a carrier, cannot become the carrier's to free: it cannot pass ownership (bad_value), or it is a view of a root on some runs only, and a global on others."),
         arg(V, "value id")]
  bound [/number].
unownable(V) :- bad_value(V).
# %r = func.call @pick(%own, ...) where @pick may return its argument
# or a constant's global, yielded into an scf.if result that owns what
# its other region yields: the result could free %r only on the calls
# that return %own, and never the global. Hand on a copy of %r; %own is
# freed after it. (Marking %r bad instead makes the scf.if owned by one
# region only, and the lending rules leak %own on the other.)
unownable(V) :- incoming(_, V), rooted(V), may_global(V).

Decl reaches_owned(C)
  descr [doc("The carrier C receives a root's heap allocation (owned_base, no stack_buffer), directly or through other carriers."),
         arg(C, "value id")]
  bound [/number].
# scf.for iter_args(%p = %fresh, %q = %arg) yielding %q, %p: the two
# carriers trade what they hold, so each receives the borrowed %arg and,
# through the other, the fresh buffer; neither receives an owned buffer
# directly (good_incoming), yet without a copy of %arg nobody could free
# the fresh one.
# A buffer on the stack (dealloc_stack.mg) is owned by no one: a carrier
# that receives it and a constant needs no copy of the constant.
reaches_owned(C) :- incoming(C, V), root_alias(X, V), owned_base(X), !stack_buffer(X).
reaches_owned(C) :- incoming(C, V), root_alias(D, V), carrier(D), reaches_owned(D).
needs_clone(Op, I) :-
  handed_into(Op, I, C), carrier(C), !good_incoming(C), reaches_owned(C), use(Op, I, V), !rooted(V),
  !self_forward(Op, I), !owned_when_some(C), !borrower(C).

# An owned buffer handed on uncleanly (yielded by both branches of an
# scf.if, or used after it is handed on) is freed by nobody: hand on a
# copy, and the buffer is freed where it is.
needs_clone(Op, I) :-
  into_owner(Op, I), !is_branch(Op), use(Op, I, V), root_alias(X, V), owned(X), !clean(X), !clone_cannot_help(V),
  !self_forward(Op, I), !lends(Op, I).

Decl owned_result(F, J)
  descr [doc("Some func.return of F gives result J a view of a buffer F owns."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# ^bb1: return %fresh   ^bb2: return %global (or %arg): the caller
# could own the result only on some paths, and would free it on none; the
# returns that give a borrowed buffer hand on a copy instead, so that
# every return hands over a buffer the caller owns.
owned_result(F, J) :- return_op(Ret, F), use(Ret, J, W), root_alias(X, W), owned(X).
needs_clone(Ret, J) :-
  return_op(Ret, F), use(Ret, J, V), buffer_value(V), !owned_view(V), owned_result(F, J), !clone_cannot_help(V).
Decl owned_view(V)
  descr [doc("V is a view of a buffer its function owns."), arg(V, "value id")]
  bound [/number].
# A carrier that receives only borrowed buffers (^bb3(%t) entered with an
# argument) is rooted but owns nothing: a return of it is borrowed too.
owned_view(V) :- root_alias(X, V), owned(X).

# return %r with %r = func.call @pick(%a, %b), both owned, where @pick
# may return either: the caller could free one of them only. Return a
# copy of %r; %a and %b are freed after it.
needs_clone(Ret, J) :-
  return_op(Ret, _), use(Ret, J, V), two_roots(V), owned_view(V), !clone_cannot_help(V), !picked_clone(Ret, J).

# %r = func.call @f(%fresh) where @f returns its argument or a constant
# global; return %r: the caller cannot own %r (it may be the global, see
# may_global), and %fresh, which %r may be, is still live at the return,
# so nobody would free it. Return a copy of %r; %fresh is then freed
# after the copy.
needs_clone(Ret, J) :-
  return_op(Ret, _), use(Ret, J, V), may_global(V), root_alias(X, V), owned(X), !clone_cannot_help(V), !picked_clone(Ret, J).

# %s = arith.select %c, %fresh, %arg; return %s: the caller cannot own
# %s (it may be its own %arg), and %fresh, which %s may be, is live at
# the return, so nobody would free it. Return a copy of %s; %fresh is
# then freed after the copy. Where %s is the select itself, only %arg
# is copied, and only where %c picks it (clone_if_picked).
needs_clone(Ret, J) :-
  return_op(Ret, _), use(Ret, J, V), arg_view(_, V), root_alias(X, V), owned(X), !clone_cannot_help(V), !picked_clone(Ret, J).

Decl clone_if_picked(Op, I, K)
  descr [doc("Operand I of the func.return Op is the result of an arith.select whose operand K (1: the true value, 2: the false value) is a borrowed buffer (an argument, a global) and whose other operand is a view of one buffer the function owns: the rewrite returns the owned buffer itself where the select's condition picks it, and a copy of operand K only where the condition picks that (an scf.if on it), rather than a copy of either (needs_clone)."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(K, "number")]
  bound [/number, /number, /number].
# %s = arith.select %c, %fresh, %arg; return %s: %c says at the return
# which one %s is. return scf.if %c { yield %fresh } else { yield a copy
# of %arg }: the caller owns the result either way, %arg is copied only
# on the calls that pick it, and %fresh is freed on those only (the
# scf.if hands it over on the other arm), where One-Shot's ownership
# flags decide the same at run time.
# A return that hands the owned buffer on twice (the select as two
# results, or beside a view of its buffer) copies as any other does.
clone_if_picked(Ret, J, K) :-
  return_op(Ret, _), use(Ret, J, V), result(V, S, 0), op(S, "arith.select"),
  use(S, K, B), use(S, L, A), K > 0, L > 0, K != L, owned_alone(A), !owned_view(B), !clone_cannot_help(V),
  root_alias(X, A), !handed_twice_by(X, Ret).

Decl picked_clone(Op, I)
  descr [doc("Operand I of the func.return Op is copied only where its select picks a borrowed buffer (clone_if_picked)."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
picked_clone(Op, I) :- clone_if_picked(Op, I, _).

Decl owned_alone(V)
  descr [doc("V, an operand of an arith.select, is a view of one buffer its function owns and of nothing else: no argument, global or second root."),
         arg(V, "value id")]
  bound [/number].
owned_alone(V) :- op(S, "arith.select"), use(S, K, V), K > 0, owned_view(V), !two_roots(V), !arg_view(_, V), !may_global(V).

# func.return %t, %t (or two views of one buffer): the caller would own
# one buffer twice, as two results, and free it twice; the later
# operands hand on copies.
needs_clone(Ret, K) :-
  return_op(Ret, _), handed(X, Ret, J), handed(X, Ret, K), J < K, owned(X), use(Ret, K, V), !clone_cannot_help(V).

Decl is_branch(Op)
  descr [doc("Op is a cf branch to several successors that passes operands to block arguments."), arg(Op, "op id")]
  bound [/number].
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

Decl arm_yield(T, I, C, K)
  descr [doc("Operand I of the yield T, which ends region K of an scf.if, becomes the scf.if's memref result C."),
         arg(T, "op id"), arg(I, "number"), arg(C, "value id"), arg(K, "number")]
  bound [/number, /number, /number, /number].
# %r = scf.if %c { ... scf.yield %fresh } else { scf.yield %global }: %r
# owns its buffer exactly when the then-region ran, which %c still says
# after the scf.if. Rather than copy the borrowed buffer (needs_clone),
# %r is freed after its last use under scf.if %c (dealloc_when): no
# allocation and no ownership flag are added, only a test of %c.
arm_yield(T, I, C, K) :-
  yield_to_result(T, I, C), arm_exit(T, R), op(R, "scf.if"), op_in_block(T, Blk, _), block_in_region(Blk, Reg, _),
  region_of(Reg, R, K), buffer_value(C).
Decl arm_incoming(C, K, V)
  descr [doc("Region K of the scf.if whose result is C yields V as C."),
         arg(C, "value id"), arg(K, "number"), arg(V, "value id")]
  bound [/number, /number, /number].
arm_incoming(C, K, V) :- arm_yield(T, I, C, K), use(T, I, V).
Decl arm_not_good(C, K)
  descr [doc("Region K of C's scf.if yields as C a value C could not own."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].
arm_not_good(C, K) :- arm_incoming(C, K, V), bad_value(V).
Decl arm_not_borrowed(C, K)
  descr [doc("Region K of C's scf.if yields as C a view of a buffer the function owns or carries that it cannot lend to C (lendable)."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].
arm_not_borrowed(C, K) :- arm_incoming(C, K, V), root_alias(X, V), !lendable(X, C).
Decl owned_when(C, K)
  descr [doc("The scf.if result C owns its buffer exactly when region K ran: that region hands it owned buffers cleanly, the other one only borrowed buffers (arguments, globals) or buffers of the scf.if's block that it lends (lendable); C is handed on only to later scf.if results of its block, which it lends to (lend_site)."),
         arg(C, "value id"), arg(K, "number")]
  bound [/number, /number].
# %r = scf.if %p { scf.yield %fresh } else { scf.yield %arg }
# %s = scf.if %q { scf.yield %fresh2 } else { scf.yield %r }: %r owns
# its buffer when %p held, and lends it to %s, which owns its own when
# %q held; each is freed under its own condition, %r after %s's last
# use too (holder_last_use), and %arg is not copied.
owned_when(C, K) :-
  bad_carrier(C), arm_incoming(C, K, _), arm_incoming(C, K2, _), K != K2, !arm_not_good(C, K), !arm_not_borrowed(C, K2),
  !handed_unlike_lend(C), !used_elsewhere(C), !borrower(C).
Decl owned_when_some(C)
  descr [doc("The scf.if result C owns its buffer when one of its regions ran (owned_when)."),
         arg(C, "value id")]
  bound [/number].
owned_when_some(C) :- owned_when(C, _).

Decl dealloc_when(C, Op, K)
  descr [doc("C is freed after Op if region #K of its scf.if ran, the only region giving it a buffer it owns. Op is the last use of the scf.if result C: the rewrite inserts the memref.dealloc in an scf.if on the same condition."), driver(/reads),
         arg(C, "value id"), arg(Op, "op id"), arg(K, "number")]
  bound [/number, /number, /number].
dealloc_when(C, Op, K) :- owned_when(C, K), holder_last_use(C, P), root_block(C, B), op_in_block(Op, B, P).

Decl lent_reach(X, C)
  descr [doc("The scf.if result C may hold the buffer of the root X, lent to it by a yield (lend_site), directly or through other scf.if results of X's block that X is lent to."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].
lent_reach(X, C) :- lend_site(X, _, _, C).
lent_reach(X, D) :- lent_reach(X, C), lend_site(C, _, _, D).

Decl holder_use(C, P)
  descr [doc("Position P of the block of C, an scf.if result owned_when one region ran, is the last use of C or of a result C is lent to (lent_reach)."),
         arg(C, "value id"), arg(P, "number")]
  bound [/number, /number].
holder_use(C, P) :- owned_when(C, _), last_use(C, P).
holder_use(C, P) :- owned_when(C, _), lent_reach(C, D), last_use(D, P).
Decl holder_last_use(C, P)
  descr [doc("P is the last position of C's block using C or a result C is lent to: the owned_when result C is freed after it."),
         arg(C, "value id"), arg(P, "number")]
  bound [/number, /number].
holder_last_use(C, P) :- holder_use(C, Q) |> do fn:group_by(C), let P = fn:max(Q).

Decl lend_site(X, T, I, C)
  descr [doc("Operand I of the yield T of a region of an scf.if defined in the block of the root X yields a view of X as the scf.if's result C."),
         arg(X, "value id"), arg(T, "op id"), arg(I, "number"), arg(C, "value id")]
  bound [/number, /number, /number, /number].
# %a = memref.alloc() ... %r = scf.if %c { ... scf.yield %fresh } else {
# scf.yield %a } ... uses of %a and %r: the else-region lends %a to %r
# rather than hand it over. %r owns a buffer only when the then-region
# ran (owned_when); %a stays its own block's to free, after its own last
# use and %r's, since %r may be %a. That needs %a to be defined in the
# scf.if's block, used in no other block, and handed on only by such
# yields, which these rules decide without asking who owns what.
lend_site(X, T, I, C) :-
  arm_yield(T, I, C, _), use(T, I, V), root_alias(X, V), result(C, R, _), op_in_block(R, B, _), root_block(X, B).
Decl handed_unlike_lend(X)
  descr [doc("A view of X is handed on by another op than a yield into a result of an scf.if of X's block."),
         arg(X, "value id")]
  bound [/number].
handed_unlike_lend(X) :- handed(X, Op, I), !lend_site(X, Op, I, _).
Decl lendable(X, C)
  descr [doc("The root X could be lent to the scf.if result C: a region yields a view of X as C, X is defined in the scf.if's block, used in no other block, and handed on only by such yields."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].
lendable(X, C) :- lend_site(X, _, _, C), !handed_unlike_lend(X), !used_elsewhere(X).

Decl lends(T, I)
  descr [doc("Operand I of the yield T lends its buffer to an scf.if result that owns its buffer only when the other region ran (owned_when): not a hand-over, and no copy."),
         arg(T, "op id"), arg(I, "number")]
  bound [/number, /number].
# Once %r is owned_when its then-region ran, every yield of the other
# region into %r lends; a root it lends that nobody could take over
# (not clean) is freed by its own block after %r's last use, when all
# its hand-overs lend.
lends(T, I) :- arm_yield(T, I, C, K2), owned_when(C, K), K != K2.
Decl lends_to(X, C)
  descr [doc("The root X, which no receiver could take over, is lent to the scf.if result C (owned_when its other region ran): X's block keeps it, and must free it after C's last use too."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].
lends_to(X, C) :- owned_when(C, K), arm_incoming(C, K2, V), K != K2, root_alias(X, V), lendable(X, C), !clean(X).
Decl handed_not_lent(X)
  descr [doc("A view of X is handed on by an operand that does not lend (lends)."),
         arg(X, "value id")]
  bound [/number].
handed_not_lent(X) :- handed(X, Op, I), !lends(Op, I).
Decl lent_freed(X)
  descr [doc("The owned root X is handed on only by yields that lend it (lends_to): it is freed in its block after its last use and that of every result it is lent to (dealloc_after)."),
         arg(X, "value id")]
  bound [/number].
lent_freed(X) :- owned(X), lends_to(X, _), !handed_not_lent(X).
Decl lender_use(X, P)
  descr [doc("Position P of the block of X, a lent_freed root, is the last use of X or of a result X is lent to."),
         arg(X, "value id"), arg(P, "number")]
  bound [/number, /number].
lender_use(X, P) :- lent_freed(X), last_use(X, P).
lender_use(X, P) :- lent_freed(X), lends_to(X, C), last_use(C, P).
lender_use(X, P) :- lent_freed(X), lends_to(X, C), lent_reach(C, D), last_use(D, P).
Decl lender_last_use(X, P)
  descr [doc("P is the last position of X's block using X or a result X is lent to: the lent_freed X is freed after it."),
         arg(X, "value id"), arg(P, "number")]
  bound [/number, /number].
lender_last_use(X, P) :- lender_use(X, Q) |> do fn:group_by(X), let P = fn:max(Q).
Decl dealloc_after(A, Op)
  descr [doc("A is freed after Op, the last op of its block that uses it or a view of it (or an scf.if result it is lent to). A is an owned buffer, lent to scf.if results only if it is lent_freed; the rewrite inserts its memref.dealloc right after Op."), driver(/reads),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].
dealloc_after(X, Op) :- lender_last_use(X, P), root_block(X, B), op_in_block(Op, B, P).

# --- Results that borrow from enclosing blocks -----------------------------------

Decl if_nest(R, Y)
  descr [doc("The op Y holds, at some depth, the scf.if R, which has a memref result."),
         arg(R, "op id"), arg(Y, "op id")]
  bound [/number, /number].
if_nest(R, Y) :- arm_yield(_, _, C, _), result(C, R, _), parent_op(R, Y).
if_nest(R, Z) :- if_nest(R, Y), parent_op(Y, Z).

Decl outer_root(X, C)
  descr [doc("A region of the scf.if whose result is C yields a view of the root X as C, and X is defined in a block that holds that scf.if only nested in one of its ops."),
         arg(X, "value id"), arg(C, "value id")]
  bound [/number, /number].
# %a = memref.alloc() ... scf.for ... { %r = scf.if %c { scf.yield %a }
# else { scf.yield %b } }: %a is defined outside the loop that holds the
# scf.if, as an allocation hoisted out of it is (dealloc_hoist.mg).
outer_root(X, C) :-
  arm_incoming(C, _, V), root_alias(X, V), root_block(X, B), result(C, R, _), if_nest(R, Y), op_in_block(Y, B, _).

Decl inner_incoming(C)
  descr [doc("A region of the scf.if whose result is C yields as C a view of a root that is not an outer_root of C."),
         arg(C, "value id")]
  bound [/number].
inner_incoming(C) :- arm_incoming(C, _, V), root_alias(X, V), !outer_root(X, C).

Decl passed_on(C)
  descr [doc("A view of the root C is an operand that hands its value on (transfer), whatever receives it."),
         arg(C, "value id")]
  bound [/number].
passed_on(C) :- root_alias(C, V), use(Op, I, V), transfer(Op, I).

Decl confined(C)
  descr [doc("No view of the scf.if result C is handed on (passed_on), stored, or used outside C's block and the ops nested in it: C's life ends in its block."),
         arg(C, "value id")]
  bound [/number].
# %r = scf.if ... ; memref.load %r[...] and no yield, return or store of
# %r: what %r holds is needed no later than the last of those uses.
confined(C) :- arm_yield(_, _, C, _), !passed_on(C), !stored(C), !used_elsewhere(C).

Decl borrower(C)
  descr [doc("The scf.if result C receives views of roots of enclosing blocks (outer_root) and borrowed buffers (arguments, globals) only, and is not handed on, stored, or used in another block: every use of C lies in the op of each such root's block that holds the scf.if, which uses the root there, so the root, freed after its last use in its block, outlives C. C owns nothing and needs no copy."),
         arg(C, "value id")]
  bound [/number].
# %a = memref.alloc() %b = memref.alloc() scf.for ... { %r = scf.if %c {
# scf.yield %a } else { scf.yield %b } ... uses of %r }: %r is %a or %b
# for the rest of the trip; %a and %b are freed after the loop (or are
# on the stack), and %r is neither freed nor copied. Without it each arm
# would yield a copy for %r to own and free, once per trip.
borrower(C) :- outer_root(_, C), !inner_incoming(C), confined(C).

Decl into_borrower(Op, I)
  descr [doc("Operand I of Op is yielded into a borrower: a use of its buffer, not a hand-over."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
into_borrower(Op, I) :- handed_into(Op, I, C), borrower(C).
