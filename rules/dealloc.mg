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
# being live (live_in, live_out). An allocation or call result that a free
# written in the input releases (memref.dealloc, or the one a
# bufferization.dealloc_tensor becomes) is the input's, not these rules'
# (freed_in_input); the input may free no carrier (unfollowed_free).
# A function whose returns all hand over buffers it owns gives its
# callers the ownership of that result (returns_owned). Whether a call's
# result is owned depends on the callee's returns, and so on up the call
# graph, which is no stratified rule: the driver assumes every memref
# result of a called function fresh (fresh_result), evaluates these rules,
# keeps the assumptions they confirm (returns_owned) but for those owned
# only through results they do not confirm (unconfirmed_with), and
# repeats until the two agree; a recursive function's result found not
# fresh is not assumed again.

# --- Optimizations -----------------------------------------------------------

Decl optimization(Name)
  descr [doc("The buffer optimization Name is on (--optimize): /hoist (allocations out of loops, dealloc_hoist.mg), /stack (buffers on the stack, dealloc_stack.mg), /move (copies that end their source's life become renames, dealloc_move.mg), /reuse (a buffer takes the storage of one freed just before, dealloc_reuse.mg); /out_params and /out_params_public (fresh results become arguments the callers allocate, of private functions or of all: --results-to-out-params, dealloc_outparam.mg); /empty (tensor.empty computed in the slice it is inserted into, empty.mg, applied before the analysis)."), driver(/adds),
         arg(Name, "name")]
  bound [/name].

# --- Views -------------------------------------------------------------------

Decl view_op(Name)
  descr [doc("Ops named Name return a view of the memory of their operand 0: no new buffer."),
         arg(Name, "string")].
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
# arith.index_cast on memrefs (of a tensor's index_cast) reads the same
# memory with another element type.
view_op("arith.index_cast").

Decl buffer_value(V)
  descr [doc("V is a memref value of the bufferized program."),
         arg(V, "value id")]
  bound [/number].
buffer_value(V) :- value_type(V, /memref, _).

Decl local_step(V, W)
  descr [doc("W may be a view of V's memory within the function: the result of a view op, or of an arith.select on memrefs."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
local_step(V, W) :- op(Op, Name), view_op(Name), use(Op, 0, V), result(W, Op, 0).

# %s = arith.select %c, %a, %b on memrefs is %a's or %b's memory.
local_step(V, W) :- op(Op, "arith.select"), use(Op, 1, V), result(W, Op, 0), buffer_value(W).
local_step(V, W) :- op(Op, "arith.select"), use(Op, 2, V), result(W, Op, 0), buffer_value(W).

Decl view_step(V, W)
  descr [doc("W may be a view of V's memory: a local step, or a call's result (the callee may return its argument) unless the callee returns fresh buffers."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
view_step(V, W) :- local_step(V, W).
view_step(A, C) :- same_buffer(A, C).
view_step(V, C) :- same_value_arg(C, V).

# A call may return (a view of) a memref argument, unless the callee's
# result is a fresh buffer: then the caller owns it.
view_step(V, R) :- call_step(V, R).
Decl fresh_result(F, J)
  descr [doc("Result J of F, a function the module calls, is a buffer its callers own: F's returns hand it over. Added by the deallocation driver, which assumes it and keeps it while returns_owned confirms it."), driver(/adds),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
Decl call_step(V, R)
  descr [doc("R, a result of a call that is not a fresh buffer, may be the call's memref operand V or a view of it: the callee may return that argument (returns_arg), or has no body."),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].
call_step(V, R) :-
  call(Op, F), use(Op, I, V), buffer_value(V), result(R, Op, J), buffer_value(R), !fresh_result(F, J),
  returns_arg(F, J, I).
# A function without a body may return any of its arguments.
call_step(V, R) :- call(Op, F), func_external(F), use(Op, _, V), buffer_value(V), result(R, Op, _), buffer_value(R).

Decl returns_arg(F, J, I)
  descr [doc("Result J of the function F may be its argument I or a view of it: a func.return of F returns one as operand J."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
# func.func @accum(%acc, %x) { ... return %acc }: result 0 is argument 0
# (or a view of it); a call's result is not %x's memory.
returns_arg(F, J, I) :- return_op(Ret, F), use(Ret, J, V), arg_view(A, V), func_arg(F, I, A).
Decl arg_view(A, V)
  descr [doc("V may be the memref function argument A or a view of it, through views, calls and carriers."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].
arg_view(A, A) :- func_arg(_, _, A), buffer_value(A).
arg_view(A, W) :- arg_view(A, V), local_step(V, W).
arg_view(A, W) :- arg_view(A, V), call_step(V, W).
arg_view(A, C) :- arg_view(A, V), incoming(C, V).

# --- Frees written in the input ------------------------------------------------

Decl input_free(Op, V)
  descr [doc("The memref.dealloc Op, written in the input, frees V; bufferize keeps it."),
         arg(Op, "op id"), arg(V, "value id")]
  bound [/number, /number].
input_free(Op, V) :- memref_effect(Op, I, /free), use(Op, I, V).

Decl input_view(A, V)
  descr [doc("V is A, the result of a memref.alloc or a call's memref result, or a view of it within the function (local_step)."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].
input_view(A, A) :- op(Op, "memref.alloc"), result(A, Op, 0).
input_view(R, R) :- call(Op, _), result(R, Op, _), buffer_value(R).
input_view(A, W) :- input_view(A, V), local_step(V, W).

Decl freed_in_input(A)
  descr [doc("The input frees the allocation or call result A, or a view of it: A is the input's to free, and the rules free it nowhere."),
         arg(A, "value id")]
  bound [/number].
# %a = memref.alloc() ... memref.dealloc %a, written in a program that is
# partly at the memref level already: %a is not bufferlog's to free, as
# an argument is its caller's. A carrier that receives it beside buffers
# bufferlog frees gets a copy of it (needs_clone).
freed_in_input(A) :- input_view(A, V), input_free(_, V).

Decl unfollowed_free(Op, V)
  descr [doc("The input's memref.dealloc Op frees V, a view of a carrier (an scf.if or loop result, an iter_arg, a block argument), which may hold buffers the rules free too: bufferize rejects the input at Op."), driver(/reads),
         arg(Op, "op id"), arg(V, "value id")]
  bound [/number, /number].
# scf.if %c { scf.yield %fresh } else { scf.yield %a } ... memref.dealloc
# of the result: the rules would free %fresh as well, so the input is
# rejected rather than freed twice.
unfollowed_free(Op, V) :- input_free(Op, V), root_alias(X, V), carrier(X).

# --- Roots: allocations, fresh call results, carriers --------------------------

Decl new_buffer(A)
  descr [doc("A is the result of a memref.alloc that the input does not free: new memory the function owns."),
         arg(A, "value id")]
  bound [/number].
new_buffer(A) :- op(Op, "memref.alloc"), result(A, Op, 0), !freed_in_input(A).

Decl owned_base(A)
  descr [doc("A is an allocation or the result of a call that returns a fresh buffer, which the input does not free."),
         arg(A, "value id")]
  bound [/number].
owned_base(A) :- new_buffer(A).
owned_base(R) :- call(Op, F), result(R, Op, J), fresh_result(F, J), !freed_in_input(R).

Decl incoming(C, V)
  descr [doc("V is handed into the carrier C: a branch operand to a block argument, an init to an iter_arg, a yield to an iter_arg or a result (an scf.for's init to its result, for a loop that runs no iteration)."),
         arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].
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

Decl base_alias(A, V)
  descr [doc("V is the allocation A or a view of it (views, selects, and calls that may return their argument; no carriers)."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].
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
Decl base_rooted(V)
  descr [doc("V is a view of some allocation."), arg(V, "value id")]
  bound [/number].
base_rooted(V) :- base_alias(_, V).
Decl base_source(C, A)
  descr [doc("A view of the allocation A is handed into the carrier C."),
         arg(C, "value id"), arg(A, "value id")]
  bound [/number, /number].
base_source(C, A) :- incoming(C, V), base_alias(A, V).
Decl not_single(C)
  descr [doc("The carrier C receives views of two allocations, or something that is no allocation's view, or is a cf block argument."),
         arg(C, "value id")]
  bound [/number].
not_single(C) :- incoming(C, V), !base_rooted(V), !self_incoming(C, V).
not_single(C) :- base_source(C, A), base_source(C, B), A != B.
Decl self_incoming(C, V)
  descr [doc("V, handed into the carrier C, is what C holds already: C itself (an iter_arg yielded back unchanged), or, for C a result of an scf.for, the iter_arg that the loop's yield hands it."),
         arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].
# scf.for ... iter_args(%a = %init) { ... scf.yield %a }: each trip
# hands %a its own buffer back, and the loop's result is that buffer: the
# loop carries one buffer, %init's, as the tensors it came from were one
# (an init given a new buffer of its own leaves the iter_arg in the IR).
self_incoming(C, C) :- incoming(C, C).
self_incoming(R, Arg) :-
  incoming(R, Arg), op(Op, "scf.for"), result(R, Op, K), region_entry(Op, _, Arg), block_arg(Arg, _, K1), K1 = fn:plus(K, 1).
Decl same_buffer(A, C)
  descr [doc("Everything handed into the carrier C is a view of the allocation A: C is a view of A, not a new owner."),
         arg(A, "value id"), arg(C, "value id")]
  bound [/number, /number].
same_buffer(A, C) :- base_source(C, A), !not_single(C).
Decl is_same_buffer(C)
  descr [doc("The carrier C is a view of one allocation, or of one value (same_value_arg)."), arg(C, "value id")]
  bound [/number].
is_same_buffer(C) :- same_buffer(_, C).

Decl same_value_arg(C, V)
  descr [doc("Every branch into the block of the argument C passes V (or C itself): C is V under another name."),
         arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].
# ^side(%r) reached only by cf.cond_br %c, ^hdr(%q, %p), ^side(%p): every
# branch into the block passes the one value %p (or the argument back to
# itself), so %r is %p under another name, whatever %p holds: a view.
same_value_arg(C, V) :- forward(_, _, C), incoming(C, V), V != C, !other_incoming(C, V).
Decl other_incoming(C, V)
  descr [doc("A branch passes to the block argument C a value besides V and C itself."), arg(C, "value id"), arg(V, "value id")]
  bound [/number, /number].
other_incoming(C, V) :- incoming(C, V), incoming(C, W), W != V, W != C.
is_same_buffer(C) :- same_value_arg(C, _).

Decl carrier(C)
  descr [doc("C is a memref block argument or region-op result that buffers are handed into, other than a view of one allocation."),
         arg(C, "value id")]
  bound [/number].
carrier(C) :- incoming(C, _), !is_same_buffer(C).

Decl root(X)
  descr [doc("X starts a buffer's life in its block: an allocation, a fresh call result or a carrier."),
         arg(X, "value id")]
  bound [/number].
root(X) :- owned_base(X).
root(X) :- carrier(X).

Decl root_alias(X, V)
  descr [doc("V is the root X or a view of it."),
         arg(X, "value id"), arg(V, "value id")]
  bound [/number, /number].
root_alias(X, X) :- root(X).
root_alias(X, W) :- root_alias(X, V), view_step(V, W).

Decl root_block(X, B)
  descr [doc("The root X is defined in block B."),
         arg(X, "value id"), arg(B, "block id")]
  bound [/number, /number].
root_block(X, B) :- root(X), result(X, Op, _), op_in_block(Op, B, _).
root_block(X, B) :- root(X), block_arg(X, B, _).

# --- What hands a buffer on ---------------------------------------------------

Decl transfer(Op, I)
  descr [doc("Operand I of Op hands its value on: to a block argument (a branch, a loop's init or yield), to a region op's result (a yield), to the caller (func.return), or into a tensor (bufferization.to_tensor)."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
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

Decl handed(X, Op, I)
  descr [doc("Operand I of Op hands on a view of the root X."),
         arg(X, "value id"), arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number, /number].
# Passing a buffer into a carrier that is a view of it hands nothing on,
# nor does yielding it into an scf.if result that borrows it
# (into_borrower, dealloc_clone.mg).
handed(X, Op, I) :-
  root_alias(X, V), use(Op, I, V), transfer(Op, I), !into_view_only(Op, I), !self_forward(Op, I), !into_borrower(Op, I).

Decl self_forward(Op, I)
  descr [doc("Operand I of the branch Op is the very block argument it is passed to: a cf loop carrying a buffer unchanged."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# ^bb1(%acc): ... cf.br ^bb1(%acc): a cf loop passing a block argument
# back to itself unchanged hands nothing over; the argument keeps its
# buffer across the loop, and is freed like a buffer used in several
# blocks (dealloc_before_return).
self_forward(Op, I) :- forward(Op, I, C), use(Op, I, C).

Decl into_owner(Op, I)
  descr [doc("Operand I of Op is handed into a carrier that owns what it receives (not a view of one allocation, nor a borrower)."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
into_owner(Op, I) :- handed_into(Op, I, C), !is_same_buffer(C), !borrower(C).
Decl into_view_only(Op, I)
  descr [doc("Operand I of Op is handed only into carriers that are views of one allocation: no hand-over."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
into_view_only(Op, I) :- handed_into(Op, I, C), is_same_buffer(C), !into_owner(Op, I).
Decl hand_count(X, N)
  descr [doc("Views of the root X are handed on by N operands."),
         arg(X, "value id"), arg(N, "number")]
  bound [/number, /number].
hand_count(X, N) :- handed(X, Op, I) |> do fn:group_by(X), let N = fn:count().

Decl escapes(A)
  descr [doc("A view of the root A is handed on (transfer): its lifetime does not end in A's block, so it is not freed there."),
         arg(A, "value id")]
  bound [/number].
escapes(X) :- handed(X, _, _).

# --- Last uses ------------------------------------------------------------------

Decl alias_use(A, Op)
  descr [doc("Op uses a view of the root A."),
         arg(A, "value id"), arg(Op, "op id")]
  bound [/number, /number].
alias_use(X, Op) :- root_alias(X, V), use(Op, _, V).

Decl enclosing(Op, X)
  descr [doc("X is Op or an op whose regions hold Op, for ops that use an alias of an owned buffer."),
         arg(Op, "op id"), arg(X, "op id")]
  bound [/number, /number].
enclosing(Op, Op) :- alias_use(_, Op).
enclosing(Op, X) :- enclosing(Op, Y), parent_op(Y, X).

Decl use_reaches_block(Op, B)
  descr [doc("Op, which uses an alias of an owned buffer, is in block B or nested in an op of B."),
         arg(Op, "op id"), arg(B, "block id")]
  bound [/number, /number].
use_reaches_block(Op, B) :- enclosing(Op, X), op_in_block(X, B, _).

Decl use_in_block(A, P)
  descr [doc("A use of a view of the root A is at position P of A's block, or nested in the op at P; -1 stands for a block argument's definition."),
         arg(A, "value id"), arg(P, "number")]
  bound [/number, /number].
use_in_block(X, P) :- alias_use(X, Op), root_block(X, B), enclosing(Op, Y), op_in_block(Y, B, P).
# The definition itself: a buffer nothing uses is freed right away (a
# block argument counts as defined before the block's first op).
use_in_block(X, P) :- root(X), result(X, Op, _), op_in_block(Op, _, P).
use_in_block(X, -1) :- root(X), block_arg(X, _, _).

Decl used_elsewhere(A)
  descr [doc("A view of the root A is used outside A's block and the ops nested in it (in another block of a cf region): freeing after the last use in A's block would be too early."),
         arg(A, "value id")]
  bound [/number].
# In a function of several blocks a value can be used in any block its
# definition dominates, without a block argument: the last use in the
# defining block is then not the last use.
used_elsewhere(X) :- alias_use(X, Op), root_block(X, B), !use_reaches_block(Op, B).

Decl last_use(A, P)
  descr [doc("P is the last position in A's block that uses an alias of A (or A's own position when nothing does)."),
         arg(A, "value id"), arg(P, "number")]
  bound [/number, /number].
last_use(X, P) :- use_in_block(X, Q) |> do fn:group_by(X), let P = fn:max(Q).
