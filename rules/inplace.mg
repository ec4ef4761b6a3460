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

Decl tensor_use(Op, I, V)
  descr [doc("Operand I of Op is the tensor V: an operand that bufferization decides on. The decision driver decides these operands, and keeps the alias sets of their values."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(V, "value id")]
  bound [/number, /number, /number].

Decl operand_reads(Op, I)
  descr [doc("Tensor operand I of Op reads its buffer (bufferizesToMemoryRead), calls included. MinCopy counts the copy of such an operand out of place as its tensor's size."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl operand_writes(Op, I)
  descr [doc("Tensor operand I of Op writes its buffer when it bufferizes in place (bufferizesToMemoryWrite), calls included. The decision driver keeps such a write out of any alias set holding a read-only value or a read it conflicts with."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl operand_alias(Op, I, W)
  descr [doc("If tensor operand I of Op bufferizes in place, W shares its buffer (getAliasingValues), calls included. The decision driver joins the alias set of W to that of the operand's value when it puts the operand in place."), driver(/reads),
         arg(Op, "op id"), arg(I, "number"), arg(W, "value id")]
  bound [/number, /number, /number].

Decl value_is_read(V)
  descr [doc("The contents of V are read: by a use that reads, or through a use that neither reads nor writes and makes an alias that is read (isValueRead)."),
         arg(V, "value id")]
  bound [/number].

Decl conflict_read(Op, I)
  descr [doc("Tensor operand I of Op counts as a read of its alias set (getAliasingReads): it reads, or it neither writes nor reads but its aliases are read later. The decision driver takes these operands for the reads of their alias sets."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl defines_contents(V)
  descr [doc("V's producer writes its buffer, so V is a definition where a reverse use-def walk stops (bufferizesToMemoryWrite of a value): block arguments, results of unknown ops, results of ops that write or allocate with contents."),
         arg(V, "value id")]
  bound [/number].

Decl def_walk(V, X)
  descr [doc("The reverse use-def walk from the read value V reaches X, passing only values whose producer does not write."),
         arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number].

Decl definition(V, D)
  descr [doc("D is a definition of the contents read through V (findDefinitions): the last writes before the read. V without definitions has undefined contents, and reading it conflicts with nothing."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].

Decl static_alias_step(V, W)
  descr [doc("Some tensor operand holding V aliases W if it bufferizes in place: the alias edges of the analysis."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl static_member(V, W)
  descr [doc("V and W are connected by static_alias_step edges: the closure that defines conflict_class, built only when asked for."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl conflict_class(V, C)
  descr [doc("C is the least value connected to V by alias edges: a read and a write can only conflict within one such class, whatever the decisions. Computed by union-find; the clauses define it. MinCopy solves the decisions of each class on its own."), driver(/reads),
         computed(/union_find, "static_alias_step", "tensor_value"),
         arg(V, "value id"), arg(C, "value id")]
  bound [/number, /number].

Decl class_write(C, WOp, WI)
  descr [doc("Operand WI of WOp writes a value of conflict class C: the writes a read of C is paired with."),
         arg(C, "value id"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number].

Decl class_definition(C, D)
  descr [doc("D is a definition (definition) of a value of conflict class C."),
         arg(C, "value id"), arg(D, "value id")]
  bound [/number, /number].

Decl class_pair(ROp, RI, WOp, WI)
  descr [doc("Read operand RI of ROp and writing operand WI of WOp lie in one conflict class, and some definition of the read does not plainly come after the write (ends_before)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl straight_region(R)
  descr [doc("Region R has one block and no loop holds it: op order there is the order of execution, once."),
         arg(R, "region id")]
  bound [/number].

Decl loop_region(R)
  descr [doc("Region R is a repetitive region (a loop body) or nested in one."),
         arg(R, "region id")]
  bound [/number].

Decl read_first(ROp, RI, WOp, WI)
  descr [doc("The class pair's read ROp, in straight-line code, ends before the write WOp, which lies in the read's region: happens_before(ROp, WOp) holds and no loop or branch can hide that order, so excused_pair would excuse the pair."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl raw_candidate(ROp, RI, WOp, WI)
  descr [doc("A class_pair that read_first does not excuse: the pairs the conflict rule examines."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl candidate_definition(ROp, RI, WOp, WI, D)
  descr [doc("The candidate pair of read RI of ROp and write WI of WOp, with D a definition of what the read reads."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].

Decl ends_before(WOp, D)
  descr [doc("The writing op WOp ends before D's defining op starts, both in one block-structured region: a cheap sufficient case of happens_before(WOp, D's op). Asked of a write and a definition of one conflict class."),
         arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number].

Decl encloses(X, B)
  descr [doc("X, an ancestor of A in a region of several blocks, holds B at any depth, for order_query(A, B)."),
         arg(X, "op id"), arg(B, "op id")]
  bound [/number, /number].

Decl op_ancestor(Op, A)
  descr [doc("A is Op or an op whose regions hold Op."),
         arg(Op, "op id"), arg(A, "op id")]
  bound [/number, /number].

Decl op_region(Op, R)
  descr [doc("R is the region whose block holds Op."),
         arg(Op, "op id"), arg(R, "region id")]
  bound [/number, /number].

Decl value_region(V, R)
  descr [doc("R is the region where V is defined: that of its op, or of its block."),
         arg(V, "value id"), arg(R, "region id")]
  bound [/number, /number].

Decl region_within(R, X)
  descr [doc("Region R is X or is nested in an op of X, at any depth."),
         arg(R, "region id"), arg(X, "region id")]
  bound [/number, /number].

Decl order_query(A, B)
  descr [doc("The conflict rule asks whether op A happens before op B."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].

Decl happens_before(A, B)
  descr [doc("A or an op enclosing it properly dominates B, and A does not enclose B (happensBefore): A's execution ends before B's starts."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].

Decl multi_block_region(R)
  descr [doc("Region R has more than one block: branches may form cycles in it."), arg(R, "region id")]
  bound [/number].

Decl in_region_of(Op, Parent, I)
  descr [doc("Op is nested, at any depth, in region number I of Parent, an op with exclusive regions."),
         arg(Op, "op id"), arg(Parent, "op id"), arg(I, "number")]
  bound [/number, /number, /number].

Decl exclusive_regions(Op)
  descr [doc("At most one region of Op runs per execution: the branches of scf.if and scf.index_switch."),
         arg(Op, "op id")]
  bound [/number].

Decl mutually_exclusive(A, B)
  descr [doc("A and B are in different branches of one op that runs one branch (insideMutuallyExclusiveRegions)."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].

Decl loop_hides_order(ROp, WOp, D)
  descr [doc("Op order says nothing about read ROp and write WOp with respect to definition D, because a repetitive region that holds the read but not D also holds the write (canUseOpDominanceDueToRegions)."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].

Decl block_succ(A, B)
  descr [doc("Block B is a successor of block A."), arg(A, "block id"), arg(B, "block id")]
  bound [/number, /number].

Decl value_block(V, B)
  descr [doc("B is the block where V is defined."), arg(V, "value id"), arg(B, "block id")]
  bound [/number, /number].

Decl branch_candidate(ROp, WOp, D, RB, WB, DB)
  descr [doc("A candidate read in ROp and write in WOp around definition D lie in blocks RB and WB of one region of several blocks; D is defined in block DB."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id"),
         arg(RB, "block id"), arg(WB, "block id"), arg(DB, "block id")]
  bound [/number, /number, /number, /number, /number, /number].

Decl reach_query(From, Avoid)
  descr [doc("The conflict rule asks which blocks From reaches without passing Avoid."),
         arg(From, "block id"), arg(Avoid, "block id")]
  bound [/number, /number].

Decl reaches_avoiding(From, Avoid, B)
  descr [doc("A path of successor edges leads from From to B without going on from Avoid (Block::isReachable with Avoid excepted)."),
         arg(From, "block id"), arg(Avoid, "block id"), arg(B, "block id")]
  bound [/number, /number, /number].

Decl cycle_hides_order(ROp, WOp, D)
  descr [doc("Op order says nothing about read ROp and write WOp: their blocks, in one region, reach each other through branches without passing the block of definition D (canUseOpDominanceDueToBlocks)."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].

Decl no_op_order(ROp, RI, WOp, WI)
  descr [doc("Op dominance cannot rule out a conflict between this read and this write (canUseOpDominance is false)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl equivalent_chain(V, X)
  descr [doc("X is reached from V by the reverse use-def walk that follows only equivalent aliases."),
         arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number].

Decl subset_insertion(Op)
  descr [doc("Op inserts its source (operand 0) into a subset of its destination (operand 1): a slice for tensor.insert_slice and tensor.parallel_insert_slice, the whole destination for whole_insertion ops (SubsetInsertionOpInterface)."),
         arg(Op, "op id")]
  bound [/number].

Decl whole_insertion(Op)
  descr [doc("Op is a subset insertion whose subset is its whole destination (operand 1): linalg.copy and bufferization.materialize_in_destination."),
         arg(Op, "op id")]
  bound [/number].

Decl matching_slice(X, Ins)
  descr [doc("X holds the subset the insert op Ins inserts into (isEquivalentSubset): the result of a tensor.extract_slice of Ins's destination at Ins's offsets, sizes and strides, or, for a whole_insertion op, its destination itself when that is an op result."),
         arg(X, "value id"), arg(Ins, "op id")]
  bound [/number, /number].

Decl opaque_value(X)
  descr [doc("X is a result of an unknown op or an argument of a block in one: the subset walk, which does not follow unknown ops, ends at X."),
         arg(X, "value id")]
  bound [/number].

Decl subset_query(Ins, V)
  descr [doc("The subset rule asks whether every reverse use-def path from V ends at a slice matching the insert op Ins."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].

Decl subset_asked(Ins)
  descr [doc("Some subset_query asks about the insert op Ins: the ops whose matching slices are looked for, each once however many values are asked about."),
         arg(Ins, "op id")]
  bound [/number].

Decl subset_walk(Ins, V, X)
  descr [doc("The reverse use-def walk for subset_query(Ins, V) reaches X without passing a matching slice."),
         arg(Ins, "op id"), arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number, /number].

Decl inner_walk(Op, X)
  descr [doc("The reverse use-def walk from the values that the terminators inside Op yield to Op's results reaches X."),
         arg(Op, "op id"), arg(X, "value id")]
  bound [/number, /number].

Decl has_aliasing_operand(X)
  descr [doc("Some tensor operand aliases X: the reverse use-def walk continues past X."),
         arg(X, "value id")]
  bound [/number].

Decl unmatched_leaf(Ins, V)
  descr [doc("Some reverse use-def path from V ends at a value that is not a slice matching Ins: a value no operand aliases, or an opaque_value."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].

Decl matches_insert_destination(Ins, V)
  descr [doc("Every reverse use-def path from V ends at a slice of Ins's destination at Ins's subset (matchesInsertDestination)."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].

Decl disjoint_subsets(ROp, RI, WOp, WI)
  descr [doc("The read and the write touch different parts of one tensor, or the write stores what the read already holds: the matching extract_slice/insert_slice patterns, and linalg.copy or materialize_in_destination of a tensor onto itself (areNonConflictingSubsets)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl excused_pair(ROp, RI, WOp, WI)
  descr [doc("The write cannot clobber what the read expects, whatever the read's definitions: the read comes first, is the write itself, is in an exclusive branch, is an element-wise read of the same op, or the subsets are disjoint."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].

Decl excused_by_definition(WOp, WI, D)
  descr [doc("The write cannot come between definition D and a read of it: it happens before D, lies inside D's op, lies outside D's block (D a block argument), or is the write that makes D."),
         arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number].

Decl extra_excuse(ROp, RI, WOp, WI, D)
  descr [doc("An excuse beyond MLIR's, for read RI of ROp, write WI of WOp and definition D, given by an alternative rule file added with --rules (bufferlog rules lists them). The built-in rules derive none, so they decide as MLIR does."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].

Decl raw_conflict(ROp, RI, WOp, WI, D)
  descr [doc("If read operand RI of ROp and write operand WI of WOp end up in one buffer with the write in place, the write may clobber definition D before the read: a read-after-write conflict (hasReadAfterWriteInterference). The decision driver puts out of place an operand that would join such a read and in-place write in one alias set."), driver(/reads),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].

Decl region_parent(R, Up)
  descr [doc("Region R belongs to an op in region Up."),
         arg(R, "region id"), arg(Up, "region id")]
  bound [/number, /number].

Decl closest_parallel(R, P)
  descr [doc("P is the innermost parallel region (an scf.forall body) that is R or holds R."),
         arg(R, "region id"), arg(P, "region id")]
  bound [/number, /number].

Decl write_source(V, D)
  descr [doc("The reverse use-def walk from V, stopping at values whose producer writes, ends at D (a definition or a leaf)."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].

Decl parallel_write_conflict(Op, I)
  descr [doc("Operand I of Op writes, inside a parallel region, a buffer defined outside it: in place, parallel iterations would share it. The decision driver puts out of place an operand that would join such an in-place write and a read in one alias set."), driver(/reads),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl read_only_value(V)
  descr [doc("V's buffer must not be written (isWritable is false): constants, to_tensor without writable, read-only arguments, values of unknown ops. The decision driver puts out of place an operand that would join an in-place write and V in one alias set."), driver(/reads),
         arg(V, "value id")]
  bound [/number].

Decl has_access(F, I)
  descr [doc("Argument I of F carries a bufferization.access annotation, which then says what the function does with it."),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl callee_arg_written(F, I)
  descr [doc("The called function F writes its argument I: F's func_arg_written_after, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl callee_result_alias(F, J, I)
  descr [doc("Result J of the called function F may share the buffer of its argument I: F's func_result_alias, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number"), arg(I, "number")]
  bound [/number, /number, /number].

Decl callee_results_alias(F, J, K)
  descr [doc("Results J and K of the called function F may share a buffer: F's func_results_alias, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number"), arg(K, "number")]
  bound [/number, /number, /number].

Decl shares_buffer(V, W)
  descr [doc("V and W share a buffer whatever the decisions: results of one call that its callee may return sharing a buffer, or that alias one of its operands (in place they are views of the operand's buffer, out of place of its copy). The decision driver joins their alias sets before any decision."), driver(/reads),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl read_only_memory(V)
  descr [doc("V's buffer is read-only memory for whoever holds it, not only for One-Shot's analysis: a constant, a to_tensor without writable, a callee's read-only result."),
         arg(V, "value id")]
  bound [/number].

Decl callee_result_read_only(F, J)
  descr [doc("Result J of the called function F may share read-only memory: F's func_result_read_only, given to its callers by the decision driver."), driver(/adds),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl func_arg_read(F, I)
  descr [doc("Function F reads tensor argument I: annotated so, or its value is read (isValueRead). The decision driver hands these facts of an analyzed function to its callers."), driver(/reads),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].

# --- What an operand does -------------------------------------------------

tensor_use(Op, I, V) :- use(Op, I, V), tensor_value(V).

# The op models of extract give reads/writes/aliases of every op except
# func.call, whose operands behave as the callee's arguments do.
operand_reads(Op, I) :- reads(Op, I).
operand_writes(Op, I) :- writes(Op, I).
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
operand_writes(Call, I) :- call(Call, F), analyzed(F), callee_arg_written(F, I), tensor_use(Call, I, _).
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

# What a function reads of its arguments, for its call sites: an
# annotation bufferization.access = "read" (or "write", "read-write",
# "none") says it outright; otherwise whether the argument's value is read.
has_access(F, I) :- arg_access(F, I, _).
func_arg_read(F, I) :- arg_access(F, I, /read).
func_arg_read(F, I) :- arg_access(F, I, /read_write).
func_arg_read(F, I) :- func_arg(F, I, A), tensor_value(A), !has_access(F, I), value_is_read(A).

# isValueRead: a reading use, or a use that only aliases (neither reads
# nor writes) whose alias is read: %s = tensor.extract_slice %t followed by
# tensor.extract %s reads %t.
value_is_read(V) :- tensor_use(Op, I, V), operand_reads(Op, I).
value_is_read(V) :-
  tensor_use(Op, I, V), !operand_writes(Op, I), operand_alias(Op, I, W), value_is_read(W).

conflict_read(Op, I) :- operand_reads(Op, I).
conflict_read(Op, I) :-
  tensor_use(Op, I, _), !operand_writes(Op, I), operand_alias(Op, I, W), value_is_read(W).

# %a, %b = func.call @views(%t) where @views returns two slices of its
# argument: whether the operand is in place (both are views of %t) or
# not (both are views of its copy), a write to %a changes %b.
shares_buffer(R1, R2) :-
  call(Call, F), analyzed(F), callee_result_alias(F, J1, I), callee_result_alias(F, J2, I), J1 < J2,
  result(R1, Call, J1), result(R2, Call, J2), tensor_use(Call, I, _).
# %a, %b = func.call @twice() where @twice returns one tensor twice.
shares_buffer(R1, R2) :- call(Call, F), analyzed(F), callee_results_alias(F, J1, J2), result(R1, Call, J1), result(R2, Call, J2).
# A function not analyzed yet (a declaration, a function of a call
# cycle) may return one buffer as several results.
shares_buffer(R1, R2) :-
  call(Call, F), !analyzed(F), result(R1, Call, J1), result(R2, Call, J2), J1 < J2, tensor_value(R1), tensor_value(R2).

# --- Definitions -----------------------------------------------------------

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

# The walk for the rule above starts at what the op's terminators yield
# and follows aliasing operands back. It need not stop at the first
# definition: the rule only asks whether one is reached inside the op.
inner_walk(Op, X) :-
  result(V, Op, _), tensor_value(V), operand_alias(Y, I, V), op_last(Op, L), Op < Y, Y <= L,
  use(Y, I, X).
inner_walk(Op, X2) :- inner_walk(Op, X), operand_alias(O, I, X), use(O, I, X2).

has_aliasing_operand(X) :- operand_alias(_, _, X).

# The reverse use-def walk starts at every value a conflict read reads,
# and goes back through operands that alias the value it is at, as long
# as the value's producer does not write: %s = tensor.extract_slice %t
# passes the walk from %s on to %t.
def_walk(V, V) :- conflict_read(Op, I), tensor_use(Op, I, V).
def_walk(V, X2) :- def_walk(V, X), !defines_contents(X), operand_alias(Op, I, X), use(Op, I, X2).
definition(V, D) :- def_walk(V, D), defines_contents(D).

# --- Which pairs can conflict ----------------------------------------------

static_alias_step(V, W) :- tensor_use(Op, I, V), operand_alias(Op, I, W).
static_alias_step(V, W) :- shares_buffer(V, W).

static_member(V, V) :- tensor_value(V).
static_member(V, W) :- static_member(V, U), static_alias_step(U, W).
static_member(V, W) :- static_member(V, U), static_alias_step(W, U).
conflict_class(V, C) :- static_member(V, W) |> do fn:group_by(V), let C = fn:min(W).

# A read and a write can conflict only within one conflict class. The
# writes and the definitions of each class are gathered once, so the
# pairs below visit only the writes of the read's class, not every value
# of it and each value's uses.
class_write(C, WOp, WI) :- operand_writes(WOp, WI), tensor_use(WOp, WI, WV), conflict_class(WV, C).
class_definition(C, D) :- definition(RV, D), conflict_class(RV, C).

class_pair(ROp, RI, WOp, WI) :-
  conflict_read(ROp, RI), tensor_use(ROp, RI, RV), definition(RV, D), conflict_class(RV, C),
  class_write(C, WOp, WI), !ends_before(WOp, D).

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
raw_candidate(ROp, RI, WOp, WI) :- class_pair(ROp, RI, WOp, WI), !read_first(ROp, RI, WOp, WI).

# A write that ends, in straight-line code, before a definition of the
# read is excused by that definition (excused_by_definition): a pair
# whose every definition comes after the write needs no closer look.
# Pre-order ids make that a comparison: the write's op and everything in
# it end before D's op starts, and D's op is in the write's region.
ends_before(WOp, D) :-
  class_write(C, WOp, _), class_definition(C, D), result(D, DOp, _),
  op_last(WOp, L), L < DOp, op_region(WOp, R), !multi_block_region(R),
  op_region(DOp, RD), region_within(RD, R).

# Each candidate pair with each definition of the read: what the excuses
# below examine, joined once.
candidate_definition(ROp, RI, WOp, WI, D) :-
  raw_candidate(ROp, RI, WOp, WI), tensor_use(ROp, RI, V), definition(V, D).

# --- Op order --------------------------------------------------------------

# Whether an op holds another, when both are known, is a comparison of
# ids (op_last); the walk up parent_op is for the ops' ancestors one by
# one.
op_ancestor(Op, Op) :- op(Op, _).
op_ancestor(Op, A) :- parent_op(Op, P), op_ancestor(P, A).

op_region(Op, R) :- op_in_block(Op, B, _), block_in_region(B, R, _).
value_region(V, R) :- result(V, Op, _), op_region(Op, R).
value_region(V, R) :- block_arg(V, B, _), block_in_region(B, R, _).
region_within(R, R) :- region_of(R, _, _).
region_within(R, X) :- region_of(R, Op, _), op_region(Op, Up), region_within(Up, X).

order_query(ROp, WOp) :- raw_candidate(ROp, _, WOp, _).
order_query(WOp, DOp) :- candidate_definition(ROp, RI, WOp, _, D), result(D, DOp, _).

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

# What the two rules above ask, for the ancestors X of A in regions of
# several blocks: whether X holds B.
encloses(X, B) :-
  order_query(A, B), op_ancestor(A, X), op_region(X, R), multi_block_region(R),
  op_last(X, L), X < B, B <= L.

multi_block_region(R) :- block_in_region(_, R, 1).
loop_region(R) :- region_within(R, X), repetitive(X).
straight_region(R) :- region_of(R, _, _), !multi_block_region(R), !loop_region(R).

in_region_of(Op, P, I) :-
  exclusive_regions(P), region_of(R, P, I), region_within(OR, R), op_region(Op, OR).

exclusive_regions(Op) :- op(Op, "scf.if").
exclusive_regions(Op) :- op(Op, "scf.index_switch").

mutually_exclusive(A, B) :-
  raw_candidate(A, _, B, _), in_region_of(A, P, I), in_region_of(B, P, J), I != J, exclusive_regions(P).

# Loops: a read inside a loop that does not hold the definition may see
# the write of an earlier iteration, even if the write comes later in the
# body (DEF, (READ, WRITE)*). loop_region first passes over the reads
# outside loops, most of them, at one probe each.
loop_hides_order(ROp, WOp, D) :-
  candidate_definition(ROp, _, WOp, _, D),
  op_region(ROp, RR), loop_region(RR), region_within(RR, X), repetitive(X),
  value_region(D, DR), !region_within(DR, X),
  region_of(X, XOp, _), op_last(XOp, L), XOp <= WOp, WOp <= L.

block_succ(A, B) :- successor(Op, _, B), op_in_block(Op, A, _).

value_block(V, B) :- block_arg(V, B, _).
value_block(V, B) :- result(V, Op, _), op_in_block(Op, B, _).

# Block::isReachable(To, {Avoid}): the search starts at From's successors
# and does not go on from Avoid, nor end there.
branch_candidate(ROp, WOp, D, RB, WB, DB) :-
  multi_block_region(R), block_in_region(RB, R, _), op_in_block(ROp, RB, _),
  candidate_definition(ROp, _, WOp, _, D), op_in_block(WOp, WB, _), block_in_region(WB, R, _),
  value_block(D, DB).
reach_query(RB, DB) :- branch_candidate(_, _, _, RB, _, DB).
reach_query(WB, DB) :- branch_candidate(_, _, _, _, WB, DB).
reaches_avoiding(From, Avoid, S) :- reach_query(From, Avoid), block_succ(From, S).
reaches_avoiding(From, Avoid, S) :-
  reaches_avoiding(From, Avoid, B), B != Avoid, block_succ(B, S).

# Branches (only in regions of more than one block): if the read's and
# the write's blocks reach each other without passing the definition's
# block, the write of one trip around the loop
# may come before the read of the next (canUseOpDominanceDueToBlocks).
cycle_hides_order(ROp, WOp, D) :-
  branch_candidate(ROp, WOp, D, RB, WB, DB),
  reaches_avoiding(RB, DB, WB), WB != DB, reaches_avoiding(WB, DB, RB), RB != DB.

no_op_order(ROp, RI, WOp, WI) :- candidate_definition(ROp, RI, WOp, WI, D), loop_hides_order(ROp, WOp, D).
no_op_order(ROp, RI, WOp, WI) :-
  candidate_definition(ROp, RI, WOp, WI, D), cycle_hides_order(ROp, WOp, D).

# --- Excuses ---------------------------------------------------------------

# The read happens before the write. (read_first has already taken out
# of raw_candidate the pairs where this is plain from the op order.)
excused_pair(ROp, RI, WOp, WI) :-
  raw_candidate(ROp, RI, WOp, WI), !no_op_order(ROp, RI, WOp, WI), happens_before(ROp, WOp).

# A use does not conflict with itself (outside loops).
excused_pair(Op, I, Op, I) :- raw_candidate(Op, I, Op, I), !no_op_order(Op, I, Op, I).

# scf.if's then and else branches never both run.
excused_pair(ROp, RI, WOp, WI) :-
  raw_candidate(ROp, RI, WOp, WI), !no_op_order(ROp, RI, WOp, WI), mutually_exclusive(ROp, WOp).

# An element-wise op (linalg.map, elementwise linalg.generic) reads each
# element before writing it, so reading and writing one tensor through two
# operands is safe when one operand's value flows, by equivalent aliases
# only, from the other's.
excused_pair(Op, RI, Op, WI) :-
  raw_candidate(Op, RI, Op, WI), !no_op_order(Op, RI, Op, WI),
  elementwise(Op, RI), elementwise(Op, WI),
  tensor_use(Op, RI, RV), tensor_use(Op, WI, WV), equivalent_chain(RV, WV).
excused_pair(Op, RI, Op, WI) :-
  raw_candidate(Op, RI, Op, WI), !no_op_order(Op, RI, Op, WI),
  elementwise(Op, RI), elementwise(Op, WI),
  tensor_use(Op, RI, RV), tensor_use(Op, WI, WV), equivalent_chain(WV, RV).

equivalent_chain(V, V) :- raw_candidate(Op, RI, Op, WI), elementwise(Op, RI), elementwise(Op, WI), tensor_use(Op, RI, V).
equivalent_chain(V, V) :- raw_candidate(Op, RI, Op, WI), elementwise(Op, RI), elementwise(Op, WI), tensor_use(Op, WI, V).
equivalent_chain(V, X2) :-
  equivalent_chain(V, X), aliases(Op, I, X, /equivalent), !maybe_alias(Op, I, X), use(Op, I, X2).

excused_pair(ROp, RI, WOp, WI) :- raw_candidate(ROp, RI, WOp, WI), disjoint_subsets(ROp, RI, WOp, WI).

subset_insertion(Op) :- op(Op, "tensor.insert_slice").
subset_insertion(Op) :- op(Op, "tensor.parallel_insert_slice").
subset_insertion(Op) :- whole_insertion(Op).

# linalg.copy ins(%s) outs(%d) and bufferization.materialize_in_destination
# %s in %d are insert ops too (the Linalg dialect's and the Bufferization
# dialect's SubsetInsertionOpInterface models): they insert their source
# (operand 0) into all of their destination (operand 1).
whole_insertion(Op) :- op(Op, "linalg.copy").
whole_insertion(Op) :- op(Op, "bufferization.materialize_in_destination").

# Slices. Ins is a tensor.insert_slice or tensor.parallel_insert_slice
# (operand 0 the source, 1 the destination); a matching slice is
# tensor.extract_slice %dest at Ins's offsets, sizes and strides. An
# insert is asked about for several values (subset_query), its matching
# slices are found once (subset_asked).
subset_asked(Ins) :- subset_query(Ins, _).
matching_slice(X, Ins) :-
  subset_asked(Ins), subset(Ins, Key), use(Ins, 1, Dest),
  use(ES, 0, Dest), op(ES, "tensor.extract_slice"), subset(ES, Key), result(X, ES, 0).
# An insert into the whole destination %d: the subset is %d itself. Only
# an op result matches: upstream asks isEquivalentSubset about op results,
# so a walk that ends at a block argument (linalg.copy ins(%arg) outs(%arg)
# with %arg a function argument) does not match, even %d itself.
matching_slice(X, Ins) :-
  subset_asked(Ins), whole_insertion(Ins), use(Ins, 1, X), result(X, _, _).

# The walk goes back through aliasing operands, like the definition walk,
# but through writing ops too (a linalg.fill of the slice still matches);
# it does not follow unknown ops, whose results and block arguments end it
# unmatched (findValueInReverseUseDefChain without followUnknownOps): an
# unknown op may alias its operand with other contents or another layout.
subset_walk(Ins, V, V) :- subset_query(Ins, V).
subset_walk(Ins, V, X2) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), !opaque_value(X),
  operand_alias(Op, I, X), use(Op, I, X2).
unmatched_leaf(Ins, V) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), !has_aliasing_operand(X).
unmatched_leaf(Ins, V) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), opaque_value(X).
matches_insert_destination(Ins, V) :- subset_query(Ins, V), !unmatched_leaf(Ins, V).

opaque_value(X) :- result(X, Op, _), unknown_op(Op).
opaque_value(X) :- block_arg(X, B, _), block_in_region(B, R, _), region_of(R, Op, _), unknown_op(Op).

subset_query(Ins, WV) :-
  raw_candidate(Ins, 1, WOp, WI), subset_insertion(Ins), tensor_use(WOp, WI, WV).
subset_query(Ins, RV) :-
  raw_candidate(Ins, 0, Ins, 1), subset_insertion(Ins), tensor_use(Ins, 0, RV).
subset_query(Ins, Src) :-
  raw_candidate(_, _, Ins, 1), subset_insertion(Ins), tensor_use(Ins, 0, Src).

# 1. insert_slice reads the part of its destination it does not
#    overwrite; a write into exactly the slice it overwrites (linalg.fill
#    of an extract_slice of the same tensor at the same place) is not
#    read.
disjoint_subsets(Ins, 1, WOp, WI) :-
  raw_candidate(Ins, 1, WOp, WI), subset_insertion(Ins),
  tensor_use(WOp, WI, WV), matches_insert_destination(Ins, WV).
# 2. insert_slice writing its destination does not clobber its source
#    when the source was read from that very slice.
disjoint_subsets(Ins, 0, Ins, 1) :-
  raw_candidate(Ins, 0, Ins, 1), subset_insertion(Ins),
  tensor_use(Ins, 0, RV), matches_insert_destination(Ins, RV).
# 3. insert_slice writes back into the slice the data it holds already,
#    so a read of the inserted value sees no change. The same holds for
#    the whole-destination inserts: %c = linalg.copy ins(%f) outs(%f)
#    stores into %f's buffer the elements it holds, so a later read of %f
#    (linalg.copy ins(%f) outs(%o)) still sees %f. If instead the source
#    is another tensor (ins(%g) outs(%f)), nothing matches and the write
#    conflicts with the later read of %f.
disjoint_subsets(ROp, RI, Ins, 1) :-
  raw_candidate(ROp, RI, Ins, 1), subset_insertion(Ins),
  tensor_use(ROp, RI, Src), tensor_use(Ins, 0, Src), matches_insert_destination(Ins, Src).

# The write happens before the definition, or inside the op that makes
# it, so the definition overwrites it.
excused_by_definition(WOp, WI, D) :-
  candidate_definition(_, _, WOp, WI, D),
  result(D, DOp, _), happens_before(WOp, DOp).
excused_by_definition(WOp, WI, D) :-
  candidate_definition(_, _, WOp, WI, D),
  result(D, DOp, _), op_last(DOp, L), DOp < WOp, WOp <= L.
# A block argument is defined on entry to its block; a write outside the
# block cannot come between. (In a region of several blocks it can: see
# late_write below.)
excused_by_definition(WOp, WI, D) :-
  candidate_definition(_, _, WOp, WI, D),
  block_arg(D, B, _), !write_in_block(WOp, B).
# The write is what makes D: tensor.insert %f into %t in place defines
# its result by writing %t.
excused_by_definition(WOp, WI, D) :-
  candidate_definition(_, _, WOp, WI, D),
  operand_alias(WOp, WI, D), !second_alias(WOp, WI, D).

Decl write_in_block(Op, B)
  descr [doc("The candidate write Op is in block B, whose argument a read's definition is, or nested in an op of B."), arg(Op, "op id"), arg(B, "block id")]
  bound [/number, /number].
write_in_block(Op, B) :-
  candidate_definition(_, _, Op, _, D), block_arg(D, B, _), op_ancestor(Op, X), op_in_block(X, B, _).

Decl write_in_sibling_block(Op, B, Other)
  descr [doc("The candidate write Op is in block Other, or nested in an op of Other, another block of the region of block B, whose argument a read's definition is."),
         arg(Op, "op id"), arg(B, "block id"), arg(Other, "block id")]
  bound [/number, /number, /number].
write_in_sibling_block(Op, B, Other) :-
  candidate_definition(_, _, Op, _, D), block_arg(D, B, _), block_in_region(B, R, _), multi_block_region(R),
  op_ancestor(Op, X), op_in_block(X, Other, _), Other != B, block_in_region(Other, R, _).
reach_query(B, B) :- write_in_sibling_block(_, B, _).

Decl late_write(ROp, WOp, D)
  descr [doc("D is an argument of block B in a region of several blocks; the candidate write WOp is in another block of that region, and a path leads from B to it and on to the block of the read ROp without passing B again (which would define D anew): the write may run after D is defined and before the read."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].
late_write(ROp, WOp, D) :-
  write_in_sibling_block(WOp, B, WB), reaches_avoiding(B, B, WB),
  candidate_definition(ROp, _, WOp, _, D), block_arg(D, B, _),
  op_ancestor(ROp, Y), op_in_block(Y, RB, _), reaches_on(WB, B, RB).
reach_query(WB, B) :- write_in_sibling_block(_, B, WB).

Decl reaches_on(A, Avoid, B)
  descr [doc("Block A is block B, or a path of successor edges leads from A to B without passing Avoid, nor ending there."),
         arg(A, "block id"), arg(Avoid, "block id"), arg(B, "block id")]
  bound [/number, /number, /number].
reaches_on(A, Avoid, A) :- write_in_sibling_block(_, Avoid, A).
reaches_on(A, Avoid, B) :- write_in_sibling_block(_, Avoid, A), reaches_avoiding(A, Avoid, B), B != Avoid.

Decl second_alias(Op, I, D)
  descr [doc("Operand I of Op aliases a value besides D."), arg(Op, "op id"), arg(I, "number"), arg(D, "value id")]
  bound [/number, /number, /number].
second_alias(Op, I, D) :- operand_alias(Op, I, D), operand_alias(Op, I, W), W != D.

# The conflict rule: a read with a definition, a write in its class, no
# excuse for the pair, and a definition the write may clobber.
raw_conflict(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D), !excused_pair(ROp, RI, WOp, WI),
  !excused_by_definition(WOp, WI, D), !extra_excuse(ROp, RI, WOp, WI, D).
# cf.cond_br %p, ^keep, ^write   ^write: %u = tensor.insert %v into %arg
# ... a later block reads %arg: One-Shot excuses the write because it is
# outside %arg's block (excused_by_definition), but in unstructured
# control flow it runs after %arg is defined and before the read.
raw_conflict(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D), late_write(ROp, WOp, D), !excused_pair(ROp, RI, WOp, WI),
  !extra_excuse(ROp, RI, WOp, WI, D).

# --- Parallel regions and read-only buffers --------------------------------

region_parent(R, Up) :- region_of(R, Op, _), op_region(Op, Up).
closest_parallel(R, R) :- parallel(R).
closest_parallel(R, P) :- region_parent(R, Up), !parallel(R), closest_parallel(Up, P).

write_source(V, V) :- tensor_use(Op, I, V), operand_writes(Op, I).
write_source(V, X2) :- write_source(V, X), !defines_contents(X), operand_alias(Op, I, X), use(Op, I, X2).

Decl write_origin(V, D)
  descr [doc("D ends the walk of write_source from V: a definition, or a value no operand aliases."),
         arg(V, "value id"), arg(D, "value id")]
  bound [/number, /number].
write_origin(V, D) :- write_source(V, D), defines_contents(D).
write_origin(V, D) :- write_source(V, D), !has_aliasing_operand(D).

# A write in an scf.forall body to a buffer whose definition is outside
# the body: in place, the iterations would race on it.
parallel_write_conflict(Op, I) :-
  operand_writes(Op, I), tensor_use(Op, I, V), write_origin(V, D),
  op_region(Op, R), closest_parallel(R, P), value_region(D, DR), !closest_parallel(DR, P).
parallel_write_conflict(Op, I) :-
  operand_writes(Op, I), tensor_use(Op, I, V), write_origin(V, D),
  value_region(D, DR), closest_parallel(DR, P), op_region(Op, R), !closest_parallel(R, P).

read_only_value(V) :- not_writable(V).
read_only_value(V) :- read_only_memory(V).

# What is read-only whoever holds it: a constant (a constant global once
# bufferized), a to_tensor of a buffer not marked writable. The results
# of unknown ops are not writable only because One-Shot declines to write
# them in place; a caller of a function returning one may.
read_only_memory(V) :- not_writable(V), result(V, Op, _), !unknown_op(Op).

# %t = func.call @c() where @c returns a constant (or a view of one): the
# result's buffer is the callee's read-only memory.
read_only_memory(R) :-
  call(Call, F), analyzed(F), callee_result_read_only(F, J), result(R, Call, J), tensor_value(R).

# In a call cycle a callee is decided after its caller, so no summary
# says whether its result is read-only. A function calling itself returns
# read-only memory if one of its returns may alias some before any
# decision (every alias step taken); a call to another function of the
# cycle, whose body the caller's facts do not hold, is assumed to.
Decl cycle_call(Call, G, F)
  descr [doc("Call, in function F, calls G, a function of F's call cycle not yet analyzed."),
         arg(Call, "op id"), arg(G, "op id"), arg(F, "op id")]
  bound [/number, /number, /number].
Decl may_return_read_only(F)
  descr [doc("A func.return of F may give read-only memory (read_only_memory), whatever the decisions."),
         arg(F, "op id")]
  bound [/number].
cycle_call(Call, G, F) :- call(Call, G), !analyzed(G), op_ancestor(Call, F), func(F, _), call_path(G, F).
may_return_read_only(F) :-
  return_op(Ret, F), tensor_use(Ret, _, V), conflict_class(V, C), conflict_class(W, C), read_only_memory(W).
read_only_memory(R) :- cycle_call(Call, F, F), may_return_read_only(F), result(R, Call, _), tensor_value(R).
read_only_memory(R) :- cycle_call(Call, G, F), G != F, result(R, Call, _), tensor_value(R).
