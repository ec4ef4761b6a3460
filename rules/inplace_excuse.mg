# inplace_excuse.mg: when a candidate read and write do not conflict,
# and the conflict rule itself (raw_conflict).
#
# One-Shot's excuses: the read happens before the write, the two ops are
# in exclusive regions of an scf.if, an element-wise op reads each element
# before writing it, the write happens before the definition or makes it,
# or the write and the read are of disjoint or matching slices. A write
# in a later block of a cf region than a block argument's is no excuse
# (late_write). Alternative rule files may add excuses (extra_excuse).

# --- Excuses ---------------------------------------------------------------

Decl excused_pair(ROp, RI, WOp, WI)
  descr [doc("The write cannot clobber what the read expects, whatever the read's definitions: the read comes first, is the write itself, is in an exclusive branch, is an element-wise read of the same op, or the subsets are disjoint."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
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

Decl equivalent_chain(V, X)
  descr [doc("X is reached from V by the reverse use-def walk that follows only equivalent aliases."),
         arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number].
equivalent_chain(V, V) :- raw_candidate(Op, RI, Op, WI), elementwise(Op, RI), elementwise(Op, WI), tensor_use(Op, RI, V).
equivalent_chain(V, V) :- raw_candidate(Op, RI, Op, WI), elementwise(Op, RI), elementwise(Op, WI), tensor_use(Op, WI, V).
equivalent_chain(V, X2) :-
  equivalent_chain(V, X), aliases(Op, I, X, /equivalent), !maybe_alias(Op, I, X), use(Op, I, X2).

excused_pair(ROp, RI, WOp, WI) :- raw_candidate(ROp, RI, WOp, WI), disjoint_subsets(ROp, RI, WOp, WI).

Decl subset_insertion(Op)
  descr [doc("Op inserts its source (operand 0) into a subset of its destination (operand 1): a slice for tensor.insert_slice and tensor.parallel_insert_slice, the whole destination for whole_insertion ops (SubsetInsertionOpInterface)."),
         arg(Op, "op id")]
  bound [/number].
subset_insertion(Op) :- op(Op, "tensor.insert_slice").
subset_insertion(Op) :- op(Op, "tensor.parallel_insert_slice").
subset_insertion(Op) :- whole_insertion(Op).

Decl whole_insertion(Op)
  descr [doc("Op is a subset insertion whose subset is its whole destination (operand 1): linalg.copy and bufferization.materialize_in_destination."),
         arg(Op, "op id")]
  bound [/number].
# linalg.copy ins(%s) outs(%d) and bufferization.materialize_in_destination
# %s in %d are insert ops too (the Linalg dialect's and the Bufferization
# dialect's SubsetInsertionOpInterface models): they insert their source
# (operand 0) into all of their destination (operand 1).
whole_insertion(Op) :- op(Op, "linalg.copy").
whole_insertion(Op) :- op(Op, "bufferization.materialize_in_destination").

Decl subset_asked(Ins)
  descr [doc("Some subset_query asks about the insert op Ins: the ops whose matching slices are looked for, each once however many values are asked about."),
         arg(Ins, "op id")]
  bound [/number].
# Slices. Ins is a tensor.insert_slice or tensor.parallel_insert_slice
# (operand 0 the source, 1 the destination); a matching slice is
# tensor.extract_slice %dest at Ins's offsets, sizes and strides. An
# insert is asked about for several values (subset_query), its matching
# slices are found once (subset_asked).
subset_asked(Ins) :- subset_query(Ins, _).
Decl matching_slice(X, Ins)
  descr [doc("X holds the subset the insert op Ins inserts into (isEquivalentSubset): the result of a tensor.extract_slice of Ins's destination at Ins's offsets, sizes and strides, or, for a whole_insertion op, its destination itself when that is an op result."),
         arg(X, "value id"), arg(Ins, "op id")]
  bound [/number, /number].
matching_slice(X, Ins) :-
  subset_asked(Ins), subset(Ins, Key), use(Ins, 1, Dest),
  use(ES, 0, Dest), op(ES, "tensor.extract_slice"), subset(ES, Key), result(X, ES, 0).
# An insert into the whole destination %d: the subset is %d itself. Only
# an op result matches: upstream asks isEquivalentSubset about op results,
# so a walk that ends at a block argument (linalg.copy ins(%arg) outs(%arg)
# with %arg a function argument) does not match, even %d itself.
matching_slice(X, Ins) :-
  subset_asked(Ins), whole_insertion(Ins), use(Ins, 1, X), result(X, _, _).

Decl subset_walk(Ins, V, X)
  descr [doc("The reverse use-def walk for subset_query(Ins, V) reaches X without passing a matching slice."),
         arg(Ins, "op id"), arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number, /number].
# The walk goes back through aliasing operands, like the definition walk,
# but through writing ops too (a linalg.fill of the slice still matches);
# it does not follow unknown ops, whose results and block arguments end it
# unmatched (findValueInReverseUseDefChain without followUnknownOps): an
# unknown op may alias its operand with other contents or another layout.
subset_walk(Ins, V, V) :- subset_query(Ins, V).
subset_walk(Ins, V, X2) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), !opaque_value(X),
  operand_alias(Op, I, X), use(Op, I, X2).
Decl unmatched_leaf(Ins, V)
  descr [doc("Some reverse use-def path from V ends at a value that is not a slice matching Ins: a value no operand aliases, or an opaque_value."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].
unmatched_leaf(Ins, V) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), !has_aliasing_operand(X).
unmatched_leaf(Ins, V) :-
  subset_walk(Ins, V, X), !matching_slice(X, Ins), opaque_value(X).
Decl matches_insert_destination(Ins, V)
  descr [doc("Every reverse use-def path from V ends at a slice of Ins's destination at Ins's subset (matchesInsertDestination)."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].
matches_insert_destination(Ins, V) :- subset_query(Ins, V), !unmatched_leaf(Ins, V).

Decl opaque_value(X)
  descr [doc("X is a result of an unknown op or an argument of a block in one: the subset walk, which does not follow unknown ops, ends at X."),
         arg(X, "value id")]
  bound [/number].
opaque_value(X) :- result(X, Op, _), unknown_op(Op).
opaque_value(X) :- block_arg(X, B, _), block_in_region(B, R, _), region_of(R, Op, _), unknown_op(Op).

Decl subset_query(Ins, V)
  descr [doc("The subset rule asks whether every reverse use-def path from V ends at a slice matching the insert op Ins."),
         arg(Ins, "op id"), arg(V, "value id")]
  bound [/number, /number].
subset_query(Ins, WV) :-
  raw_candidate(Ins, 1, WOp, WI), subset_insertion(Ins), tensor_use(WOp, WI, WV).
subset_query(Ins, RV) :-
  raw_candidate(Ins, 0, Ins, 1), subset_insertion(Ins), tensor_use(Ins, 0, RV).
subset_query(Ins, Src) :-
  raw_candidate(_, _, Ins, 1), subset_insertion(Ins), tensor_use(Ins, 0, Src).

Decl disjoint_subsets(ROp, RI, WOp, WI)
  descr [doc("The read and the write touch different parts of one tensor, or the write stores what the read already holds: the matching extract_slice/insert_slice patterns, and linalg.copy or materialize_in_destination of a tensor onto itself (areNonConflictingSubsets)."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number")]
  bound [/number, /number, /number, /number].
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

Decl excused_by_definition(WOp, WI, D)
  descr [doc("The write cannot come between definition D and a read of it: it happens before D, lies inside D's op, lies outside D's block (D a block argument), or is the write that makes D."),
         arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number].
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

Decl late_write(ROp, WOp, D)
  descr [doc("D is an argument of block B in a region of several blocks; the candidate write WOp is in another block of that region, and a path leads from B to it and on to the block of the read ROp without passing B again (which would define D anew): the write may run after D is defined and before the read."),
         arg(ROp, "op id"), arg(WOp, "op id"), arg(D, "value id")]
  bound [/number, /number, /number].
late_write(ROp, WOp, D) :-
  write_in_sibling_block(WOp, B, WB), reaches_avoiding(B, B, WB),
  candidate_definition(ROp, _, WOp, _, D), block_arg(D, B, _),
  op_ancestor(ROp, Y), op_in_block(Y, RB, _), reaches_on(WB, B, RB).

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

Decl extra_excuse(ROp, RI, WOp, WI, D)
  descr [doc("An excuse beyond MLIR's, for read RI of ROp, write WI of WOp and definition D, given by an alternative rule file added with --rules (bufferlog rules lists them). The built-in rules derive none, so they decide as MLIR does."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
Decl raw_conflict(ROp, RI, WOp, WI, D)
  descr [doc("If read operand RI of ROp and write operand WI of WOp end up in one buffer with the write in place, the write may clobber definition D before the read: a read-after-write conflict (hasReadAfterWriteInterference). The decision driver puts out of place an operand that would join such a read and in-place write in one alias set."), driver(/reads),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
# The conflict rule: a read with a definition, a write in its class, no
# excuse for the pair, and a definition the write may clobber.
raw_conflict(ROp, RI, WOp, WI, D) :- plain_conflict(ROp, RI, WOp, WI, D).
# A late write conflicts unless the written value and D come from
# different buffers whatever the decisions (disjoint_origins).
raw_conflict(ROp, RI, WOp, WI, D) :-
  late_conflict(ROp, RI, WOp, WI, D), tensor_use(WOp, WI, W), !disjoint_origins(W, D).

Decl plain_conflict(ROp, RI, WOp, WI, D)
  descr [doc("The conflicts of One-Shot's rule: a read with definition D, a write in its class, and no excuse for the pair or the definition."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
plain_conflict(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D), !excused_pair(ROp, RI, WOp, WI),
  !excused_by_definition(WOp, WI, D), !extra_excuse(ROp, RI, WOp, WI, D).

Decl late_conflict(ROp, RI, WOp, WI, D)
  descr [doc("A late_write with no excuse for the pair: a conflict unless the buffers of the written value and of D are disjoint_origins."),
         arg(ROp, "op id"), arg(RI, "number"), arg(WOp, "op id"), arg(WI, "number"), arg(D, "value id")]
  bound [/number, /number, /number, /number, /number].
# cf.cond_br %p, ^keep, ^write   ^write: %u = tensor.insert %v into %arg
# ... a later block reads %arg: One-Shot excuses the write because it is
# outside %arg's block (excused_by_definition), but in unstructured
# control flow it runs after %arg is defined and before the read.
late_conflict(ROp, RI, WOp, WI, D) :-
  candidate_definition(ROp, RI, WOp, WI, D), late_write(ROp, WOp, D), !excused_pair(ROp, RI, WOp, WI),
  !extra_excuse(ROp, RI, WOp, WI, D).

# --- Origins: where a late write's buffer can come from ---------------------

Decl late_pair(W, D)
  descr [doc("A late_conflict writes the value W while D, a block argument, is the definition of what the read reads: the pairs whose origins are compared."),
         arg(W, "value id"), arg(D, "value id")]
  bound [/number, /number].
late_pair(W, D) :- late_conflict(_, _, WOp, WI, D), tensor_use(WOp, WI, W).

Decl forced_copy(Op, I)
  descr [doc("In place, the write of operand I of Op would by itself clobber the value it writes before a read of that very value: every set of decisions puts the operand out of place, so its result's buffer is a new one."),
         arg(Op, "op id"), arg(I, "number")]
  bound [/number, /number].
# %u = tensor.insert %v into %a ... a later read of %a: whatever the other
# decisions, the insert copies %a.
forced_copy(WOp, WI) :- plain_conflict(ROp, RI, WOp, WI, D), tensor_use(WOp, WI, D), tensor_use(ROp, RI, D).
# The same with the read in a later block: ^write: %u = tensor.insert %v
# into %a, and a loop body that passes %a to the exit (cf_branch_06).
forced_copy(WOp, WI) :- late_conflict(ROp, RI, WOp, WI, D), tensor_use(WOp, WI, D), tensor_use(ROp, RI, D).

Decl origin_step(V, W)
  descr [doc("W's buffer may be V's: an alias edge (static_alias_step) through an operand that some decisions leave in place, i.e. not a forced_copy."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].
origin_step(V, W) :- tensor_use(Op, I, V), operand_alias(Op, I, W), !forced_copy(Op, I).
origin_step(V, W) :- shares_buffer(V, W).

Decl origin_walk(V, X)
  descr [doc("X's buffer may be V's, by alias edges (origin_step) followed from X to V, if every operand not forced out of place bufferizes in place; walked back from the values of late pairs only."),
         arg(V, "value id"), arg(X, "value id")]
  bound [/number, /number].
origin_walk(W, W) :- late_pair(W, _).
origin_walk(D, D) :- late_pair(_, D).
origin_walk(V, U) :- origin_walk(V, X), origin_step(U, X).

Decl aliases_in(X)
  descr [doc("Some alias edge (origin_step) leads into X: its buffer may come from another value's. A result of forced copies only has a new buffer of its own."), arg(X, "value id")]
  bound [/number].
aliases_in(X) :- origin_step(_, X).

Decl origin(V, R)
  descr [doc("R, a value no alias edge leads into (an argument, a constant, a new buffer), is where V's buffer may come from."),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].
origin(V, R) :- origin_walk(V, R), !aliases_in(R).

Decl shared_origin(W, D)
  descr [doc("The values of the late pair W, D may come from one buffer."), arg(W, "value id"), arg(D, "value id")]
  bound [/number, /number].
shared_origin(W, D) :- late_pair(W, D), origin(W, R), origin(D, R).

Decl has_origin(V)
  descr [doc("Some origin is known for V (a value of a cycle that no edge enters has none)."), arg(V, "value id")]
  bound [/number].
has_origin(V) :- origin(V, _).

Decl disjoint_origins(W, D)
  descr [doc("The late pair's W and D never share a buffer, whatever the decisions: their origins are known and none is common, so the late write cannot clobber D."),
         arg(W, "value id"), arg(D, "value id")]
  bound [/number, /number].
# %r = ^exit(%t | %a): the loop writes %t, an early exit reads the
# argument %a; %r joins them in one alias set, yet %t's buffer comes from
# a constant's copy and never is %a's (cf_loop_11).
disjoint_origins(W, D) :- late_pair(W, D), has_origin(W), has_origin(D), !shared_origin(W, D).
