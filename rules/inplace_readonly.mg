# inplace_readonly.mg: writes from parallel regions, and buffers that
# must not be written.
#
# A write in an scf.forall body into a buffer defined outside it races
# with every read of that buffer (parallel_write_conflict). Constants,
# arguments marked bufferization.writable = false and what callees return
# of them are read-only (read_only_value), across calls and call cycles.

# --- Parallel regions and read-only buffers --------------------------------

Decl region_parent(R, Up)
  descr [doc("Region R belongs to an op in region Up."),
         arg(R, "region id"), arg(Up, "region id")]
  bound [/number, /number].
region_parent(R, Up) :- region_of(R, Op, _), op_region(Op, Up).
Decl closest_parallel(R, P)
  descr [doc("P is the innermost parallel region (an scf.forall body) that is R or holds R."),
         arg(R, "region id"), arg(P, "region id")]
  bound [/number, /number].
closest_parallel(R, R) :- parallel(R).
closest_parallel(R, P) :- region_parent(R, Up), !parallel(R), closest_parallel(Up, P).

Decl write_source(V, D)
  descr [doc("The reverse use-def walk from V, stopping at values whose producer writes, ends at D (a definition or a leaf)."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].
write_source(V, V) :- tensor_use(Op, I, V), operand_writes(Op, I).
write_source(V, X2) :- write_source(V, X), !defines_contents(X), operand_alias(Op, I, X), use(Op, I, X2).

Decl write_origin(V, D)
  descr [doc("D ends the walk of write_source from V: a definition, or a value no operand aliases."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].
write_origin(V, D) :- write_source(V, D), defines_contents(D).
write_origin(V, D) :- write_source(V, D), !has_aliasing_operand(D).

Decl parallel_write_conflict(Op, I)
  descr [doc("Operand I of Op writes, inside a parallel region, a buffer defined outside it: in place, parallel iterations would share it. The decision driver puts out of place an operand that would join such an in-place write and a read in one alias set."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# A write in an scf.forall body to a buffer whose definition is outside
# the body: in place, the iterations would race on it.
parallel_write_conflict(Op, I) :-
  operand_writes(Op, I), tensor_use(Op, I, V), write_origin(V, D),
  op_region(Op, R), closest_parallel(R, P), value_region(D, DR), !closest_parallel(DR, P).
parallel_write_conflict(Op, I) :-
  operand_writes(Op, I), tensor_use(Op, I, V), write_origin(V, D),
  value_region(D, DR), closest_parallel(DR, P), op_region(Op, R), !closest_parallel(R, P).

Decl read_only_value(V)
  descr [doc("V's buffer must not be written (isWritable is false): constants, to_tensor without writable, read-only arguments, values of unknown ops. The decision driver puts out of place an operand that would join an in-place write and V in one alias set."), driver(/reads),
         arg(V, "value id")]
  bound [/number].
read_only_value(V) :- not_writable(V).
read_only_value(V) :- read_only_memory(V).

# scf.for ... iter_args(%a = %t) { linalg.fill outs(%a) ...
# scf.yield %cst }: from the second iteration on, %a is the buffer of
# %cst, a constant, so %a must not be written in place either. An
# iter_arg (or scf.while argument) that a yield may hand read-only memory
# is read-only itself. One-Shot rejects such a yield, which is not
# equivalent to its iter_arg.
read_only_value(A) :- yield_to_arg(Yield, I, A), tensor_use(Yield, I, V), holds_read_only(V).

Decl holds_read_only(V)
  descr [doc("V is read-only memory (read_only_memory) or an argument marked not writable, or a view of such a value made by an op that does not write it (tensor.extract_slice, tensor.cast, ...): its buffer is that read-only memory."),
         arg(V, "value id")]
  bound [/number].
# Read-only memory, and arguments the caller marks not writable; not the
# results of unknown ops, which One-Shot only declines to write in place.
holds_read_only(V) :- read_only_memory(V).
holds_read_only(A) :- not_writable(A), func_arg(_, _, A).
holds_read_only(W) :- holds_read_only(V), tensor_use(Op, I, V), operand_alias(Op, I, W), !operand_writes(Op, I).

Decl read_only_memory(V)
  descr [doc("V's buffer is read-only memory for whoever holds it, not only for One-Shot's analysis: a constant, a to_tensor without writable, a callee's read-only result."),
         arg(V, "value id")]
  bound [/number].
# What is read-only whoever holds it: a constant (a constant global once
# bufferized), a to_tensor of a buffer not marked writable. The results
# of unknown ops are not writable only because One-Shot declines to write
# them in place; a caller of a function returning one may.
read_only_memory(V) :- not_writable(V), result(V, Op, _), !unknown_op(Op).

Decl callee_result_read_only(F, J)
  descr [doc("Result J of the called function F may share read-only memory: F's func_result_read_only, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# %t = func.call @c() where @c returns a constant (or a view of one): the
# result's buffer is the callee's read-only memory.
read_only_memory(R) :-
  call(Call, F), analyzed(F), callee_result_read_only(F, J), result(R, Call, J), tensor_value(R).

Decl cycle_call(Call, G, F)
  descr [doc("Call, in function F, calls G, a function of F's call cycle not yet analyzed."),
         arg(Call, "op id"), arg(G, "op id"), arg(F, "op id")]
  bound [/number, /number, /number].
# In a call cycle a callee is decided after its caller, so no summary
# says whether its result is read-only. A function calling itself returns
# read-only memory if one of its returns may alias some before any
# decision (every alias step taken); a call to another function of the
# cycle, whose body the caller's facts do not hold, is assumed to.
cycle_call(Call, G, F) :-
  call(Call, G), !analyzed(G), op_ancestor(Call, F), func(F, _), call_component(G, R), call_component(F, R).
Decl may_return_read_only(F)
  descr [doc("A func.return of F may give read-only memory (read_only_memory), whatever the decisions."),
         arg(F, "op id")]
  bound [/number].
may_return_read_only(F) :-
  return_op(Ret, F), tensor_use(Ret, _, V), conflict_class(V, C), conflict_class(W, C), read_only_memory(W).
read_only_memory(R) :- cycle_call(Call, F, F), may_return_read_only(F), result(R, Call, _), tensor_value(R).
read_only_memory(R) :- cycle_call(Call, G, F), G != F, result(R, Call, _), tensor_value(R).
