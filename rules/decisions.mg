# decisions.mg: what follows from the in-place decisions.
#
# The decision driver (solve.Decide) adds one inplace or out_of_place
# fact per tensor operand, and the conflict or read-only value behind
# each out-of-place one. These rules derive from them the alias sets and
# equivalence classes of the buffers, and what each function does with its
# arguments: the bufferization.access and __equivalent_func_args__
# annotations, and what call sites assume. They also check the decisions
# again (remaining_conflict, remaining_read_only,
# remaining_parallel_write): whatever policy took them, no in-place write
# may share a buffer with a read it clobbers, with a read-only buffer, or,
# from a parallel region, with any read.
#
# Each predicate the Go drivers read carries the descriptor
# driver(/reads), each one they add driver(/adds) (and no rule derives
# it): rules.Compile checks that contract, listed in rules/contract.

Decl blocked_by_conflict(Op, I, ROp, RI, WOp, WI, D)
  descr [doc("In place, the write of operand WI of WOp would clobber D before ROp reads it. Operand I of Op went out of place because in place it would have joined that read, operand RI of ROp, and that write around definition D (a raw_conflict fact). Added by the decision driver."), driver(/adds),
         arg(Op, "op id"), arg(I, "number"), arg(ROp, "op id"), arg(RI, "number"),
         arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number, /number, /number].
Decl blocked_by_read_only(Op, I, V)
  descr [doc("In place it would write V, which is read-only. Operand I of Op went out of place because in place a write would reach the read-only buffer of V. Added by the decision driver."), driver(/adds),
         arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number].
Decl blocked_by_parallel_write(Op, I, WOp, WI)
  descr [doc("In place the write of operand WI of WOp would race with other iterations of a parallel loop. Operand I of Op went out of place because in place that write, in a parallel region, would reach a buffer defined outside it. Added by the decision driver."), driver(/adds),
         arg(Op, "op id"), arg(I, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl inplace(Op, I)
  descr [doc("Tensor operand I of Op bufferizes in place: its buffer is reused. Added by the decision driver."), driver(/adds),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
Decl decided_alias_step(V, W)
  descr [doc("An in-place operand holding V makes W share V's buffer."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
# Alias sets: an in-place operand joins its value's set with those of the
# values it aliases (bufferizeInPlace).
decided_alias_step(V, W) :- inplace(Op, I), tensor_use(Op, I, V), operand_alias(Op, I, W).
decided_alias_step(V, W) :- shares_buffer(V, W).

Decl decided_member(V, W)
  descr [doc("V and W are connected by decided_alias_step edges: the closure that defines alias_set, built only when asked for."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
decided_member(V, V) :- tensor_value(V).
decided_member(V, W) :- decided_member(V, U), decided_alias_step(U, W).
decided_member(V, W) :- decided_member(V, U), decided_alias_step(W, U).
Decl alias_set(V, R)
  descr [doc("R is the least value of V's alias set under the decisions: the tensors that may share V's buffer. Computed by union-find; the clauses define it. graph draws a cluster for each."), driver(/reads),
         computed(/union_find, "decided_alias_step", "tensor_value"),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].
alias_set(V, R) :- decided_member(V, W) |> do fn:group_by(V), let R = fn:min(W).

Decl arg_alias_reach(A, V)
  descr [doc("V is connected to the function argument A by decided alias steps: V may share A's buffer."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].
# Call sites see what may alias an argument through the reachability
# from the argument (the alias set, which would be circular here: a
# call's aliases feed the caller's alias sets).
arg_alias_reach(A, A) :- func_arg(_, _, A), tensor_value(A).
arg_alias_reach(A, W) :- arg_alias_reach(A, V), decided_alias_step(V, W).
arg_alias_reach(A, W) :- arg_alias_reach(A, V), decided_alias_step(W, V).
Decl func_result_alias(F, J, I)
  descr [doc("Result J of F may share the buffer of argument I under F's decisions: a return operand J is in the argument's alias set. The decision driver hands it to F's callers as callee_result_alias."), driver(/reads),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
func_result_alias(F, J, I) :-
  return_op(Ret, F), tensor_use(Ret, J, V), func_arg(F, I, A), !unranked(A),
  arg_alias_reach(A, V).

Decl func_results_alias(F, J, K)
  descr [doc("Results J and K (J < K) of F may share a buffer under F's decisions: some func.return gives them values of one alias set."), driver(/reads),
         arg(F, "op id"), arg(J, "number"), arg(K, "number")]
  bound [/number, /number, /number].
# func.return %t, %t, or two slices of one tensor: a caller writing one
# result changes the other (shares_buffer, inplace.mg).
func_results_alias(F, J, K) :-
  return_op(Ret, F), tensor_use(Ret, J, V), tensor_use(Ret, K, W), J < K, alias_set(V, S), alias_set(W, S).

Decl func_result_read_only(F, J)
  descr [doc("Result J of F may share read-only memory under F's decisions (read_only_memory: a constant, a to_tensor without writable, a read-only result of its own callees): its callers must not write it in place."), driver(/reads),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# func.func @c() -> tensor<4xf32> { %k = arith.constant ...; return %k }
# returns read-only memory (memref.get_global of a constant global), and
# so does any function returning a view of it or a read-only result of
# its own callees: a caller that writes the call's result in place would
# store into read-only memory, so the caller sees the result as read-only
# (callee_result_read_only, inplace_readonly.mg).
func_result_read_only(F, J) :-
  return_op(Ret, F), tensor_use(Ret, J, V), alias_set(V, S), alias_set(W, S), read_only_memory(W).

Decl remaining_conflict(ROp, RI, WOp, WI, D)
  descr [doc("Under the decisions, the in-place write WI of WOp shares an alias set with the read RI of ROp it clobbers (a raw_conflict): the decisions are wrong. Every policy's decisions are checked to leave none. bufferize, explain, graph and diff-rules fail on any such fact, naming the write and the read."), driver(/reads),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
# The check of every policy: no in-place write may share an alias set
# with a read it clobbers.
remaining_conflict(ROp, RI, WOp, WI, D) :-
  raw_conflict(ROp, RI, WOp, WI, D), inplace(WOp, WI),
  tensor_use(ROp, RI, RV), tensor_use(WOp, WI, WV), alias_set(RV, S), alias_set(WV, S).

Decl remaining_read_only(WOp, WI, V)
  descr [doc("Under the decisions, the in-place write WI of WOp shares an alias set with V, whose buffer must not be written: the decisions are wrong. Every policy's decisions are checked to leave none: bufferize, explain, graph and diff-rules fail on any such fact, naming the write and V."), driver(/reads),
         arg(WOp, "op id"), arg(WI, "number"), arg(V, "value id")]
  bound [/number, /number, /number].
# Nor with a buffer that must not be written: a constant (memref.global
# is read-only memory), a function argument marked
# bufferization.writable = false. The second rule asks the IR itself, so
# that a read_only_value that forgets such a value is caught too.
remaining_read_only(WOp, WI, V) :-
  inplace(WOp, WI), operand_writes(WOp, WI), tensor_use(WOp, WI, WV), alias_set(WV, S),
  read_only_value(V), alias_set(V, S).
remaining_read_only(WOp, WI, V) :-
  inplace(WOp, WI), operand_writes(WOp, WI), tensor_use(WOp, WI, WV), alias_set(WV, S),
  not_writable(V), alias_set(V, S).

Decl remaining_parallel_write(WOp, WI, ROp, RI)
  descr [doc("Under the decisions, the in-place write WI of WOp, in a parallel region to a buffer defined outside it (parallel_write_conflict), shares an alias set with the read RI of ROp: parallel iterations would race on that buffer, and the decisions are wrong. Every policy's decisions are checked to leave none: bufferize, explain, graph and diff-rules fail on any such fact, naming the write and the read."), driver(/reads),
         arg(WOp, "op id"), arg(WI, "number"), arg(ROp, "op id"), arg(RI, "number")]
  bound [/number, /number, /number, /number].
# Nor may a write in an scf.forall body, in place in a buffer from
# outside the body, share it with any read: the iterations run at once.
remaining_parallel_write(WOp, WI, ROp, RI) :-
  inplace(WOp, WI), parallel_write_conflict(WOp, WI), tensor_use(WOp, WI, WV), alias_set(WV, S),
  alias_set(RV, S), tensor_use(ROp, RI, RV), conflict_read(ROp, RI).

Decl out_of_place(Op, I)
  descr [doc("Tensor operand I of Op bufferizes out of place: it gets a copy. Added by the decision driver."), driver(/adds),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
Decl copy_contents(Op, I)
  descr [doc("Out-of-place operand I of Op gets a new buffer that must start as a copy of its value: Op reads the operand, and the value's contents are defined. Other out-of-place operands get a bare allocation. The rewrite copies the old contents (memref.copy) into the new buffers of these operands only."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# An out-of-place tensor.insert, or a linalg op whose payload reads its
# init, works on a copy of the old contents; a linalg.fill's init or a
# freshly created tensor.empty needs none, only a new buffer.
copy_contents(Op, I) :- out_of_place(Op, I), operand_reads(Op, I), tensor_use(Op, I, V), !uninitialized(V).

# An op that neither reads nor writes the operand but passes it on
# (arith.select, scf.yield, a cast) needs the contents if what it passes
# on is read later (One-Shot's canOmitTensorCopy). An op that writes the
# operand without reading it overwrites it whole: no copy.
copy_contents(Op, I) :-
  out_of_place(Op, I), !operand_writes(Op, I), operand_alias(Op, I, W), value_is_read(W),
  tensor_use(Op, I, V), !uninitialized(V).

Decl copied_value(Op, I, V)
  descr [doc("The out-of-place operand I of Op copies the contents of V (copy_contents): its own value when Op reads it, else the value Op passes it on as, which is what gets the new buffer (the slice of a tensor.extract_slice). diff-rules counts the bytes copied from it."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number].
# What a copy copies, for counting its bytes: tensor.insert copies its
# destination; an out-of-place tensor.extract_slice copies only the
# slice, its result.
copied_value(Op, I, V) :- copy_contents(Op, I), operand_reads(Op, I), tensor_use(Op, I, V).
copied_value(Op, I, W) :- copy_contents(Op, I), !operand_reads(Op, I), operand_alias(Op, I, W).

Decl drop_iter_arg(Op, I)
  descr [doc("Tensor operand I of the scf.for Op, its iter_arg, what the body yields for it and the result are one buffer: the rewrite drops the iter_arg, and the loop works on the init's buffer."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# A loop that updates its iter_arg in place and yields it back carries
# nothing: the iter_arg starts as the init's buffer (in place), each
# iteration yields the iter_arg's own buffer, and the result is the
# init's, so every iteration works on the init's buffer.
drop_iter_arg(Op, I) :-
  op(Op, "scf.for"), inplace(Op, I), tensor_use(Op, I, V), region_entry(Op, I, Arg),
  yield_to_arg(Y, K, Arg), yield_to_result(Y, K, R), use(Y, K, Yv),
  buffer_class(V, C), buffer_class(R, C), buffer_class(Arg, A), buffer_class(Yv, A).

Decl func_arg_written_after(F, I)
  descr [doc("Under the decisions, F writes tensor argument I: annotated so, or an in-place write reaches its alias set. The decision driver hands it to F's callers as callee_arg_written."), driver(/reads),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].
# An annotation decides for the argument it is on.
func_arg_written_after(F, I) :- arg_access(F, I, /write).
func_arg_written_after(F, I) :- arg_access(F, I, /read_write).
# Otherwise the argument is written if an in-place write writes a value
# whose buffer may be the argument's. One-Shot asks whether a write
# reaches the argument's alias set (isValueWritten), which also holds
# where a join puts the argument beside a buffer of the function's own:
# ^exit(%r) receives %a or a loop's copy of a constant that the loop
# writes (cf_loop_11), and the callers copy %a for nothing.
func_arg_written_after(F, I) :-
  func_arg(F, I, A), !has_access(F, I), arg_buffer_flow(A, V),
  inplace(Op, J), operand_writes(Op, J), tensor_use(Op, J, V).

Decl arg_buffer_flow(A, V)
  descr [doc("Under the decisions, V's buffer may be the function argument A's: decided alias steps followed forward from A, from an in-place operand to the values it aliases."),
         arg(A, "value id"), arg(V, "value id")]
  bound [/number, /number].
arg_buffer_flow(A, A) :- func_arg(_, _, A), tensor_value(A).
arg_buffer_flow(A, W) :- arg_buffer_flow(A, V), decided_alias_step(V, W).

Decl func_calls(F, G)
  descr [doc("Function F holds a call of function G."), arg(F, "op id"), arg(G, "op id")]
  bound [/number, /number].
# MLIR leaves the functions of a call cycle unannotated: it does not
# analyze their arguments. Each function sees its own calls; the driver
# gives the functions of a cycle through other functions the calls of
# that cycle (module_calls).
func_calls(F, G) :- call(Call, G), op_ancestor(Call, F), func(F, _).
Decl module_calls(F, G)
  descr [doc("Function F calls G: given by the decision driver to the functions of a call cycle through several functions, whose calls no single function holds."), driver(/adds),
         arg(F, "op id"), arg(G, "op id")]
  bound [/number, /number].
Decl call_edge(F, G)
  descr [doc("Function F calls G, by its own call or by module_calls."), arg(F, "op id"), arg(G, "op id")]
  bound [/number, /number].
# The call graph: what each function's body calls, with the calls of the
# cycle the driver gives.
call_edge(F, G) :- func_calls(F, G).
call_edge(F, G) :- module_calls(F, G).
Decl call_path(F, G)
  descr [doc("A chain of calls leads from function F to function G: part of the definition of call_component, built only when asked for by name."), arg(F, "op id"), arg(G, "op id")]
  bound [/number, /number].
call_path(F, G) :- call_edge(F, G).
call_path(F, H) :- call_path(F, G), call_edge(G, H).
Decl call_cycle_member(F, G)
  descr [doc("F and G are functions of one call graph, each reaching the other by calls (or F = G): part of the definition of call_component, built only when asked for by name."), arg(F, "op id"), arg(G, "op id")]
  bound [/number, /number].
call_cycle_member(F, F) :- call_edge(F, _).
call_cycle_member(G, G) :- call_edge(_, G).
call_cycle_member(F, G) :- call_path(F, G), call_path(G, F).
Decl call_component(F, R)
  descr [doc("R is the least function that F reaches by calls and that reaches F (F itself if none), for every caller and callee F: the representative of F's call cycle. Computed as strongly connected components; the clauses below define it."),
         computed(/strong_components, "call_edge"),
         arg(F, "op id"), arg(R, "op id")]
  bound [/number, /number].
# A call graph is a chain of calls far more often than a cycle: its
# components cost one pass, where call_path has a fact per pair of
# functions a chain links (50 million for a chain of 10,000).
call_component(F, R) :- call_cycle_member(F, G) |> do fn:group_by(F), let R = fn:min(G).
Decl in_call_cycle(F)
  descr [doc("Function F reaches itself through calls: MLIR does not annotate its arguments' access."), driver(/reads), arg(F, "op id")]
  bound [/number].
in_call_cycle(F) :- call_edge(F, G), call_component(F, R), call_component(G, R).

Decl func_access(F, I, Access)
  descr [doc("The bufferization.access of tensor argument I of F: \"read\", \"write\", \"read-write\" or \"none\". bufferize --analysis-only writes it on the argument."), driver(/reads),
         arg(F, "op id"), arg(I, "number"), arg(Access, "string")]
  bound [/number, /number, /string].
func_access(F, I, "read-write") :-
  func_arg(F, I, A), tensor_value(A), !in_call_cycle(F), func_arg_read(F, I), func_arg_written_after(F, I).
func_access(F, I, "read") :-
  func_arg(F, I, A), tensor_value(A), !in_call_cycle(F), func_arg_read(F, I), !func_arg_written_after(F, I).
func_access(F, I, "write") :-
  func_arg(F, I, A), tensor_value(A), !in_call_cycle(F), !func_arg_read(F, I), func_arg_written_after(F, I).
func_access(F, I, "none") :-
  func_arg(F, I, A), tensor_value(A), !in_call_cycle(F), !func_arg_read(F, I), !func_arg_written_after(F, I).

Decl equivalence_step(V, W)
  descr [doc("W is V's very buffer through one op under the decisions: an in-place operand whose alias is definite and equivalent, or a call result the callee returns equivalent to the argument."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
# Equivalence, One-Shot's post-pass: which tensors are one buffer under
# the decisions. Three kinds of edges, which feed each other:
#
# tensor.insert %f into %t in place makes its result %t's buffer (a
# definite, equivalent alias);
equivalence_step(V, W) :-
  inplace(Op, I), tensor_use(Op, I, V), aliases(Op, I, W, /equivalent), !maybe_alias(Op, I, W).

Decl analyzed(F)
  descr [doc("The decisions on function F are taken, so its summary (func_arg_written_after, func_result_alias, func_result_equivalent) is final for its call sites. Added by the decision driver."), driver(/adds),
         arg(F, "op id")]
  bound [/number].
Decl callee_result_equivalent(F, J, I)
  descr [doc("Result J of the called function F is equivalent to its argument I: F's func_result_equivalent, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
# a call's result is its operand's buffer when the callee returns that
# argument's buffer (__equivalent_func_args__);
equivalence_step(V, R) :-
  inplace(Call, I), call(Call, F), analyzed(F), callee_result_equivalent(F, J, I),
  tensor_use(Call, I, V), result(R, Call, J).

Decl buffer_edge(V, W)
  descr [doc("V and W are one buffer by one step: an equivalence step, a select or scf.if whose sources are all one buffer, or a loop whose iterations yield their iter_arg's buffer."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
buffer_edge(V, W) :- equivalence_step(V, W).

Decl select_source(W, N, Op, I, V)
  descr [doc("Operand I of Op, holding V, is source number N of W, a result that is one of several values: arith.select's operands, the yields of scf.if's regions."),
         arg(W, "value id"), arg(N, "number"), arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number, /number, /number].
# %r = arith.select %c, %a, %b (or scf.if yielding %a and %b) is one of
# its sources, so it is their buffer when all of them are one buffer, all
# in place, and %r is no new allocation. "All" is a walk along the
# sources in order, each one in place and connected to the first.
select_source(W, N, Op, I, V) :-
  aliases(Op, I, W, /equivalent), maybe_alias(Op, I, W), result(W, Op, _), tensor_use(Op, I, V), N = I.
select_source(W, N, Y, I, V) :-
  aliases(Y, I, W, /equivalent), maybe_alias(Y, I, W), result(W, Op, _), parent_op(Y, Op),
  op_region(Y, R), region_of(R, Op, N), tensor_use(Y, I, V).
Decl select_first(W, F)
  descr [doc("F is the number of W's first source."), arg(W, "value id"), arg(F, "number")]
  bound [/number, /number].
select_first(W, F) :- select_source(W, N, _, _, _) |> do fn:group_by(W), let F = fn:min(N).
Decl select_last(W, L)
  descr [doc("L is the number of W's last source."), arg(W, "value id"), arg(L, "number")]
  bound [/number, /number].
select_last(W, L) :- select_source(W, N, _, _, _) |> do fn:group_by(W), let L = fn:max(N).
Decl select_next(W, N, M)
  descr [doc("M is the number of W's source after source N."), arg(W, "value id"), arg(N, "number"), arg(M, "number")]
  bound [/number, /number, /number].
select_next(W, N, M) :-
  select_source(W, N, _, _, _), select_source(W, K, _, _, _), K > N |> do fn:group_by(W, N), let M = fn:min(K).

Decl select_reach(W, V)
  descr [doc("V is one buffer with W's first source."), arg(W, "value id"), arg(V, "value id")]
  bound [/number, /number].
select_reach(W, V) :- select_first(W, F), select_source(W, F, _, _, V).
select_reach(W, X) :- select_reach(W, V), buffer_edge(V, X).
select_reach(W, X) :- select_reach(W, V), buffer_edge(X, V).
Decl select_ok(W, N)
  descr [doc("W's sources up to number N are in place and one buffer with the first."), arg(W, "value id"), arg(N, "number")]
  bound [/number, /number].
select_ok(W, F) :- select_first(W, F), select_source(W, F, Op, I, _), inplace(Op, I).
select_ok(W, M) :-
  select_ok(W, N), select_next(W, N, M), select_source(W, M, Op, I, V), inplace(Op, I), select_reach(W, V).
buffer_edge(V, W) :-
  select_last(W, L), select_ok(W, L), select_first(W, F), select_source(W, F, _, _, V), !allocates(W).

# scf.for iter_args(%a = %t): the result is %t's buffer when the init is
# in place and every iteration yields %a's buffer back (the yield that
# feeds the next %a also feeds the result).
buffer_edge(V, R) :-
  inplace(Op, I), tensor_use(Op, I, V), region_entry(Op, I, Arg), aliases(Op, I, R, _),
  yield_to_arg(Y, K, Arg), yield_to_result(Y, K, R), use(Y, K, Yv), iter_reach(Arg, Yv).

# scf.while (%b = %t): the result is %t's buffer when scf.condition passes
# %b's buffer on to the after-region's argument %a (and the result), and
# the after-region yields %a's buffer back to %b.
buffer_edge(V, R) :-
  inplace(Op, I), tensor_use(Op, I, V), region_entry(Op, I, Before), aliases(Op, I, R, _),
  yield_to_result(Cond, K, R), use(Cond, K, Cv), iter_reach(Before, Cv),
  yield_to_arg(Cond, K, After), yield_to_arg(Y, J, Before), use(Y, J, Yv), iter_reach(After, Yv).

Decl iter_reach(Arg, V)
  descr [doc("V is one buffer with the loop block argument Arg (an iter_arg, or an scf.while region argument)."),
         arg(Arg, "value id"), arg(V, "value id")]
  bound [/number, /number].
iter_reach(Arg, Arg) :- region_entry(_, _, Arg), tensor_value(Arg).
iter_reach(Arg, Arg) :- yield_to_arg(_, _, Arg), tensor_value(Arg).
iter_reach(Arg, W) :- iter_reach(Arg, V), buffer_edge(V, W).
iter_reach(Arg, W) :- iter_reach(Arg, V), buffer_edge(W, V).

Decl buffer_member(V, W)
  descr [doc("V and W are connected by buffer edges: the closure that defines buffer_class, built only when asked for."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
buffer_member(V, V) :- tensor_value(V).
buffer_member(V, W) :- buffer_member(V, U), buffer_edge(U, W).
buffer_member(V, W) :- buffer_member(V, U), buffer_edge(W, U).
Decl buffer_class(V, R)
  descr [doc("R is the least value of V's equivalence class under the decisions: the tensors that are one buffer. Computed by union-find; the clauses define it. graph draws a cluster for each."), driver(/reads),
         computed(/union_find, "buffer_edge", "tensor_value"),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].
buffer_class(V, R) :- buffer_member(V, W) |> do fn:group_by(V), let R = fn:min(W).

Decl return_mismatch(F, J, I)
  descr [doc("Some reachable return of F gives result J a value that is not argument I's buffer."),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
# What a function returns of its arguments (__equivalent_func_args__):
# result J is argument I's buffer when every reachable return gives it a
# value of I's class. Call sites read it from the callee's analysis, as
# callee_result_equivalent.
return_mismatch(F, J, I) :-
  return_op(Ret, F), reachable_op(Ret), tensor_use(Ret, J, V), func_arg(F, I, A),
  buffer_class(V, R), !buffer_class(A, R).
Decl func_result_equivalent(F, J, I)
  descr [doc("Every reachable return of F gives result J a value equivalent to argument I (__equivalent_func_args__). The decision driver hands it to F's callers as callee_result_equivalent."), driver(/reads),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
func_result_equivalent(F, J, I) :-
  return_op(Ret, F), reachable_op(Ret), tensor_use(Ret, J, V), func_arg(F, I, A), !unranked(A),
  buffer_class(V, R), buffer_class(A, R), !return_mismatch(F, J, I).
Decl return_equivalent(Ret, J, I)
  descr [doc("Operand J of the func.return Ret is equivalent to argument I of its function. bufferize --analysis-only writes it on Ret."), driver(/reads),
         arg(Ret, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
return_equivalent(Ret, J, I) :- return_op(Ret, F), reachable_op(Ret), func_result_equivalent(F, J, I).

Decl reachable_op(Op)
  descr [doc("The return Op is in a block reachable from its function's entry."), arg(Op, "op id")]
  bound [/number].
reachable_op(Op) :- return_op(Op, _), op_in_block(Op, B, _), block_dom(B, _, _).
