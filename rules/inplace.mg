# inplace.mg: One-Shot Bufferize's in-place analysis, as rules.
#
# The analysis decides, for every tensor operand, whether its buffer can be
# reused (in place) or must be copied (out of place). These rules derive
# everything that does not depend on the decisions: what each operand
# reads, writes and aliases, the definitions a read depends on, which
# reads and writes could conflict if they ended up in one buffer, and
# which buffers must not be written. The decision driver (solve.Decide)
# takes operands one at a time in One-Shot's order, keeps the alias sets
# of the decisions so far, and asks these relations whether deciding the
# next operand in place would join a conflicting read and write
# (raw_conflict) or write a read-only buffer (read_only_value).
#
# After the decisions, which the driver adds as inplace/out_of_place
# facts, summary.mg derives the equivalence classes, the function
# summaries and the explanations.

# --- What an operand does -------------------------------------------------

Decl tensor_use(Op, I, V)
  descr [doc("Operand I of Op is the tensor V: an operand that bufferization decides on. The decision driver decides these operands, and keeps the alias sets of their values."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number].
tensor_use(Op, I, V) :- use(Op, I, V), tensor_value(V).

Decl operand_reads(Op, I)
  descr [doc("Tensor operand I of Op reads its buffer (bufferizesToMemoryRead), calls included. MinCopy counts the copy of such an operand out of place as its tensor's size."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# The op models of extract give reads/writes/aliases of every op except
# func.call, whose operands behave as the callee's arguments do.
operand_reads(Op, I) :- reads(Op, I).
Decl operand_writes(Op, I)
  descr [doc("Tensor operand I of Op writes its buffer when it bufferizes in place (bufferizesToMemoryWrite), calls included. The decision driver keeps such a write out of any alias set holding a read-only value or a read it conflicts with."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
operand_writes(Op, I) :- writes(Op, I).
Decl operand_alias(Op, I, W)
  descr [doc("If tensor operand I of Op bufferizes in place, W shares its buffer (getAliasingValues), calls included. The decision driver joins the alias set of W to that of the operand's value when it puts the operand in place."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(W, "value id")]
  bound [/number, /number, /number].
operand_alias(Op, I, W) :- aliases(Op, I, W, _).

# scf.for iter_args(%a = %t) reads %t only if the body reads %a.
operand_reads(Op, I) :- read_through(Op, I, Arg), value_is_read(Arg).

# A call reads, writes and aliases an operand as its callee does the
# argument, once the callee is analyzed (analyzed, func_arg_read,
# callee_arg_written and callee_result_alias come from the callee's
# analysis: its func_arg_read, func_arg_written_after and
# func_result_alias, see decisions.mg). A call to a declaration, or to a function
# of a call cycle, reads, writes and aliases everything, like an unknown
# op, unless bufferization.access annotations say otherwise.
operand_reads(Call, I) :- call(Call, F), analyzed(F), func_arg_read(F, I), tensor_use(Call, I, _).
Decl callee_arg_written(F, I)
  descr [doc("The called function F writes its argument I: F's func_arg_written_after, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].
operand_writes(Call, I) :- call(Call, F), analyzed(F), callee_arg_written(F, I), tensor_use(Call, I, _).
Decl callee_result_alias(F, J, I)
  descr [doc("Result J of the called function F may share the buffer of its argument I: F's func_result_alias, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].
operand_alias(Call, I, R) :-
  call(Call, F), analyzed(F), callee_result_alias(F, J, I), result(R, Call, J), tensor_use(Call, I, _).

operand_reads(Call, I) :- call(Call, F), !analyzed(F), !has_access(F, I), tensor_use(Call, I, _).
operand_writes(Call, I) :- call(Call, F), !analyzed(F), !has_access(F, I), tensor_use(Call, I, _).
operand_reads(Call, I) :- call(Call, F), !analyzed(F), arg_access(F, I, /read), tensor_use(Call, I, _).
operand_reads(Call, I) :- call(Call, F), !analyzed(F), arg_access(F, I, /read_write), tensor_use(Call, I, _).
operand_writes(Call, I) :- call(Call, F), !analyzed(F), arg_access(F, I, /write), tensor_use(Call, I, _).
operand_writes(Call, I) :- call(Call, F), !analyzed(F), arg_access(F, I, /read_write), tensor_use(Call, I, _).
operand_alias(Call, I, R) :-
  call(Call, F), !analyzed(F), tensor_use(Call, I, _), result(R, Call, _), tensor_value(R).

Decl has_access(F, I)
  descr [doc("Argument I of F carries a bufferization.access annotation, which then says what the function does with it."),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].
# What a function reads of its arguments, for its call sites: an
# annotation bufferization.access = "read" (or "write", "read-write",
# "none") says it outright; otherwise whether the argument's value is read.
has_access(F, I) :- arg_access(F, I, _).
Decl func_arg_read(F, I)
  descr [doc("Function F reads tensor argument I: annotated so, or its value is read (isValueRead). The decision driver hands these facts of an analyzed function to its callers."), driver(/reads),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].
func_arg_read(F, I) :- arg_access(F, I, /read).
func_arg_read(F, I) :- arg_access(F, I, /read_write).
func_arg_read(F, I) :- func_arg(F, I, A), tensor_value(A), !has_access(F, I), value_is_read(A).

Decl value_is_read(V)
  descr [doc("The contents of V are read: by a use that reads, or through a use that neither reads nor writes and makes an alias that is read (isValueRead)."),
         arg(V, "value id")]
  bound [/number].
# isValueRead: a reading use, or a use that only aliases (neither reads
# nor writes) whose alias is read: %s = tensor.extract_slice %t followed by
# tensor.extract %s reads %t.
value_is_read(V) :- tensor_use(Op, I, V), operand_reads(Op, I).
value_is_read(V) :-
  tensor_use(Op, I, V), !operand_writes(Op, I), operand_alias(Op, I, W), value_is_read(W).

Decl conflict_read(Op, I)
  descr [doc("Tensor operand I of Op counts as a read of its alias set (getAliasingReads): it reads, or it neither writes nor reads but its aliases are read later. The decision driver takes these operands for the reads of their alias sets."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
conflict_read(Op, I) :- operand_reads(Op, I).
conflict_read(Op, I) :-
  tensor_use(Op, I, _), !operand_writes(Op, I), operand_alias(Op, I, W), value_is_read(W).

Decl shares_buffer(V, W)
  descr [doc("V and W share a buffer whatever the decisions: results of one call that its callee may return sharing a buffer, or that alias one of its operands (in place they are views of the operand's buffer, out of place of its copy). The decision driver joins their alias sets before any decision."), driver(/reads),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
# %a, %b = func.call @views(%t) where @views returns two slices of its
# argument: whether the operand is in place (both are views of %t) or
# not (both are views of its copy), a write to %a changes %b.
shares_buffer(R1, R2) :-
  call(Call, F), analyzed(F), callee_result_alias(F, J1, I), callee_result_alias(F, J2, I), J1 < J2,
  result(R1, Call, J1), result(R2, Call, J2), tensor_use(Call, I, _).
Decl callee_results_alias(F, J, K)
  descr [doc("Results J and K of the called function F may share a buffer: F's func_results_alias, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number"), arg(K, "number")]
  bound [/number, /number, /number].
# %a, %b = func.call @twice() where @twice returns one tensor twice.
shares_buffer(R1, R2) :- call(Call, F), analyzed(F), callee_results_alias(F, J1, J2), result(R1, Call, J1), result(R2, Call, J2).
# A function not analyzed yet (a declaration, a function of a call
# cycle) may return one buffer as several results.
shares_buffer(R1, R2) :-
  call(Call, F), !analyzed(F), result(R1, Call, J1), result(R2, Call, J2), J1 < J2, tensor_value(R1), tensor_value(R2).

# --- Definitions -----------------------------------------------------------

Decl defines_contents(V)
  descr [doc("V's producer writes its buffer, so V is a definition where a reverse use-def walk stops (bufferizesToMemoryWrite of a value): block arguments, results of unknown ops, results of ops that write or allocate with contents."),
         arg(V, "value id")]
  bound [/number].
# A block argument (an iter_arg, a function argument, a branch target's
# argument) holds whatever its predecessor passed: a definition.
defines_contents(V) :- block_arg(V, _, _), tensor_value(V).

# Results of unknown ops are written by them.
defines_contents(V) :- result(V, Op, _), unknown_op(Op), tensor_value(V).

# A result that aliases no operand is new memory with contents (a
# constant, tensor.generate, a call result), unless its contents are
# undefined (tensor.empty).
defines_contents(V) :-
  result(V, _, _), tensor_value(V), !has_aliasing_operand(V), !uninitialized(V).

# A result aliasing an operand that the op writes: tensor.insert,
# linalg.fill outs, scf.for's init (a loop writes its iter_args).
defines_contents(V) :- operand_alias(Op, I, V), operand_writes(Op, I), result(V, _, _).

# A result of a region op whose yielded value was written inside the op:
# %r = scf.if ... { %w = tensor.insert ... ; scf.yield %w }.
defines_contents(V) :-
  result(V, Op, _), inner_walk(Op, X), value_region(X, R), region_of(R, XOp, _),
  op_last(Op, L), Op <= XOp, XOp <= L, defines_contents(X).

Decl inner_walk(Op, X)
  descr [doc("The reverse use-def walk from the values that the terminators inside Op yield to Op's results reaches X."),
         arg(Op, "op id"), arg(X, "value id")]
  bound [/number, /number].
# The walk for the rule above starts at what the op's terminators yield
# and follows aliasing operands back. It need not stop at the first
# definition: the rule only asks whether one is reached inside the op.
inner_walk(Op, X) :-
  result(V, Op, _), tensor_value(V), operand_alias(Y, I, V), op_last(Op, L), Op < Y, Y <= L,
  use(Y, I, X).
inner_walk(Op, X2) :- inner_walk(Op, X), operand_alias(O, I, X), use(O, I, X2).

Decl has_aliasing_operand(X)
  descr [doc("Some tensor operand aliases X: the reverse use-def walk continues past X."),
         arg(X, "value id")]
  bound [/number].
has_aliasing_operand(X) :- operand_alias(_, _, X).

Decl def_walk(V, X)
  descr [doc("The reverse use-def walk from the read value V reaches X, passing only values whose producer does not write."),
         arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number].
# The reverse use-def walk starts at every value a conflict read reads,
# and goes back through operands that alias the value it is at, as long
# as the value's producer does not write: %s = tensor.extract_slice %t
# passes the walk from %s on to %t.
def_walk(V, V) :- conflict_read(Op, I), tensor_use(Op, I, V).
def_walk(V, X2) :- def_walk(V, X), !defines_contents(X), operand_alias(Op, I, X), use(Op, I, X2).
Decl definition(V, D)
  descr [doc("D is a definition of the contents read through V (findDefinitions): the last writes before the read. V without definitions has undefined contents, and reading it conflicts with nothing."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].
definition(V, D) :- def_walk(V, D), defines_contents(D).

# --- Which pairs can conflict ----------------------------------------------

Decl static_alias_step(V, W)
  descr [doc("Some tensor operand holding V aliases W if it bufferizes in place: the alias edges of the analysis."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
static_alias_step(V, W) :- tensor_use(Op, I, V), operand_alias(Op, I, W).
static_alias_step(V, W) :- shares_buffer(V, W).

Decl static_member(V, W)
  descr [doc("V and W are connected by static_alias_step edges: the closure that defines conflict_class, built only when asked for."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
static_member(V, V) :- tensor_value(V).
static_member(V, W) :- static_member(V, U), static_alias_step(U, W).
static_member(V, W) :- static_member(V, U), static_alias_step(W, U).
Decl conflict_class(V, C)
  descr [doc("C is the least value connected to V by alias edges: a read and a write can only conflict within one such class, whatever the decisions. Computed by union-find; the clauses define it. MinCopy solves the decisions of each class on its own."), driver(/reads),
         computed(/union_find, "static_alias_step", "tensor_value"),
         arg(V, "value id"), arg(C, "value id")]
  bound [/number, /number].
conflict_class(V, C) :- static_member(V, W) |> do fn:group_by(V), let C = fn:min(W).

Decl class_write(C, WOp, WI)
  descr [doc("Operand WI of WOp writes a value of conflict class C: the writes a read of C is paired with."),
         arg(C, "value id"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number].
# A read and a write can conflict only within one conflict class. The
# writes and the definitions of each class are gathered once, so the
# pairs below visit only the writes of the read's class, not every value
# of it and each value's uses.
class_write(C, WOp, WI) :- operand_writes(WOp, WI), tensor_use(WOp, WI, WV), conflict_class(WV, C).
Decl class_definition(C, D)
  descr [doc("D is a definition (definition) of a value of conflict class C."),
         arg(C, "value id"), arg(D, "value id")]
  bound [/number, /number].
class_definition(C, D) :- definition(RV, D), conflict_class(RV, C).

Decl class_pair(ROp, RI, WOp, WI)
  descr [doc("Read operand RI of ROp and writing operand WI of WOp lie in one conflict class, and some definition of the read does not plainly come after the write (ends_before)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
class_pair(ROp, RI, WOp, WI) :-
  conflict_read(ROp, RI), tensor_use(ROp, RI, RV), definition(RV, D), conflict_class(RV, C),
  class_write(C, WOp, WI), !ends_before(WOp, D).

Decl read_first(ROp, RI, WOp, WI)
  descr [doc("The class pair's read ROp, in straight-line code, ends before the write WOp, which lies in the read's region: happens_before(ROp, WOp) holds and no loop or branch can hide that order, so excused_pair would excuse the pair."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
# Most pairs of a class read before they write, one op after the other:
# %e = tensor.extract %t[...] then %u = tensor.insert %f into %t[...].
# The first excuse of excused_pair below excuses them whatever their
# definitions, unless a loop or a branch hides the order (no_op_order),
# which cannot happen to a read in a straight region. Dropping them here
# spares the excuses a look at each of their definitions. L < WOp needs
# ROp < WOp (op_last(ROp) >= ROp), which is checked first: it passes over
# the pairs whose write comes first before any lookup.
read_first(ROp, RI, WOp, WI) :-
  class_pair(ROp, RI, WOp, WI), ROp < WOp, op_region(ROp, R), straight_region(R),
  op_last(ROp, L), L < WOp, op_region(WOp, WR), region_within(WR, R).
Decl raw_candidate(ROp, RI, WOp, WI)
  descr [doc("A class_pair that read_first does not excuse: the pairs the conflict rule examines."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
raw_candidate(ROp, RI, WOp, WI) :- class_pair(ROp, RI, WOp, WI), !read_first(ROp, RI, WOp, WI).

Decl ends_before(WOp, D)
  descr [doc("The writing op WOp ends before D's defining op starts, both in one block-structured region: a cheap sufficient case of happens_before(WOp, D's op). Asked of a write and a definition of one conflict class."),
         arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number].
# A write that ends, in straight-line code, before a definition of the
# read is excused by that definition (excused_by_definition): a pair
# whose every definition comes after the write needs no closer look.
# Pre-order ids make that a comparison: the write's op and everything in
# it end before D's op starts, and D's op is in the write's region.
ends_before(WOp, D) :-
  class_write(C, WOp, _), class_definition(C, D), result(D, DOp, _),
  op_last(WOp, L), L < DOp, op_region(WOp, R), !multi_block_region(R),
  op_region(DOp, RD), region_within(RD, R).

Decl candidate_definition(ROp, RI, WOp, WI, D)
  descr [doc("The candidate pair of read RI of ROp and write WI of WOp, with D a definition of what the read reads."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
# Each candidate pair with each definition of the read: what the excuses
# below examine, joined once.
candidate_definition(ROp, RI, WOp, WI, D) :-
  raw_candidate(ROp, RI, WOp, WI), tensor_use(ROp, RI, V), definition(V, D).
