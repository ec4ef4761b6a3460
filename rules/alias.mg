# alias.mg: which tensor values may share a buffer, which ops read and
# write those buffers, and in what order ops run: the vocabulary the
# in-place analysis is written in.
#
# The alias edges assume that every operand bufferizes in place, the most
# sharing there can be; the in-place analysis keeps the edges of the
# operands it decides to bufferize in place. Values, ops, blocks and
# regions are the ids of the schema (schema.mg); `bufferlog query FILE
# 'pred(X, Y)'` prints these facts with SSA names and source locations.

Decl tensor_value(V)
  descr [doc("V is an SSA value of tensor type, a result or a block argument: a value that needs a buffer. graph draws each of them."), driver(/reads),
         arg(V, "value id")]
  bound [/number].

Decl def_op(V, Op)
  descr [doc("V is a result of Op. Block arguments have no defining op."),
         arg(V, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl may_alias_step(V, W)
  descr [doc("W may share V's buffer, by one op or one control-flow edge, if operands bufferize in place. Its closure gives the alias sets."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl equivalent_step(V, W)
  descr [doc("W is V's buffer itself, on every execution, if the op that uses V bufferizes it in place. Its symmetric closure gives the equivalence classes."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl equivalence_class(V, R)
  descr [doc("R is the representative (least id) of V's equivalence class: the tensors that are one buffer if every operand bufferizes in place. Computed by union-find; the clauses below define it."),
         computed(/union_find, "equivalent_step", "tensor_value"),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].

Decl equivalent_member(V, W)
  descr [doc("V and W are connected by equivalent_step edges: the closure that defines equivalence_class, built only when asked for by name."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl alias_class(V, R)
  descr [doc("R is the representative (least id) of V's alias class: the tensors connected by may_alias_step edges in either direction, which may share a buffer if every operand bufferizes in place. Computed by union-find; the clauses below define it."),
         computed(/union_find, "may_alias_step", "tensor_value"),
         arg(V, "value id"), arg(R, "value id")]
  bound [/number, /number].

Decl alias_member(V, W)
  descr [doc("V and W are connected by may_alias_step edges: the closure that defines alias_class, built only when asked for by name."),
         arg(V, "value id"), arg(W, "value id")]
  bound [/number, /number].

Decl reads_value(V, Op)
  descr [doc("Op reads the contents of V's buffer (bufferizesToMemoryRead of the operand that uses V)."),
         arg(V, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl value_read(V)
  descr [doc("Some op reads V's contents, through a use of V or of a value that only aliases it (MLIR's isValueRead)."),
         arg(V, "value id")]
  bound [/number].

Decl writes_value(V, Op)
  descr [doc("Op writes V's buffer if it bufferizes the operand that uses V in place (bufferizesToMemoryWrite)."),
         arg(V, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl dominates_block(A, B)
  descr [doc("Block A dominates block B: both are in one region and every path from its entry to B passes A. Every block reachable from the entry dominates itself."),
         arg(A, "block id"), arg(B, "block id")]
  bound [/number, /number].

Decl op_before(A, B)
  descr [doc("Ops A and B are in one block and A comes first, so A runs before B whenever the block runs."),
         arg(A, "op id"), arg(B, "op id")]
  bound [/number, /number].

# Tensors are what bufferization gives buffers; memrefs already are
# buffers and scalars live in registers.
tensor_value(V) :- value_type(V, /tensor, _).

def_op(V, Op) :- result(V, Op, _).

# An op's operand aliases a result or an entry-block argument of the op
# (getAliasingValues): %r = tensor.insert %f into %t[%i] makes %r %t's
# buffer, %s = tensor.extract_slice %t[...] a part of it, and
# scf.forall shared_outs(%o = %t) passes %t to %o.
may_alias_step(V, W) :- use(Op, I, V), aliases(Op, I, W, _).

# A branch passes its operand to an argument of the successor block:
# cf.br ^bb1(%t) makes ^bb1's argument %t's buffer. The edge comes from
# the control flow, so it also holds for branches without a memory model.
may_alias_step(V, W) :- use(Op, I, V), forward(Op, I, W), tensor_value(V).

# A loop's init becomes the block argument of its first iteration:
# scf.for ... iter_args(%a = %t) starts %a in %t's buffer.
may_alias_step(V, W) :- use(Op, I, V), region_entry(Op, I, W), tensor_value(V).

# A terminator passes its operand to the next run of a region of the
# same op: scf.yield %x in an scf.for body becomes the next %a, and
# scf.condition passes its operands to the after-region of scf.while.
may_alias_step(V, W) :- use(Yield, I, V), yield_to_arg(Yield, I, W), tensor_value(V).

# A terminator passes its operand out of the op: scf.yield %x in an
# scf.if branch or the last iteration of a loop becomes the op's result.
may_alias_step(V, W) :- use(Yield, I, V), yield_to_result(Yield, I, W), tensor_value(V).

# Only an /equivalent alias that holds on every execution makes the same
# buffer: tensor.insert's result is its destination, but arith.select's
# result is one of two operands (maybe_alias), and scf.for's result is its
# init only if every iteration yields the buffer it got (/unknown here).
equivalent_step(V, W) :-
  use(Op, I, V), aliases(Op, I, W, /equivalent), !maybe_alias(Op, I, W).

# Classes are connected components: the engine computes them with
# union-find (computed(/union_find, ...) above), and these clauses are
# what it computes: every tensor is in its own class, joined with every
# value one step away in either direction; the representative is the
# class's least id. `bufferlog query --engine=mangle` evaluates them.
equivalent_member(V, V) :- tensor_value(V).
equivalent_member(V, W) :- equivalent_member(V, U), equivalent_step(U, W).
equivalent_member(V, W) :- equivalent_member(V, U), equivalent_step(W, U).
equivalence_class(V, R) :- equivalent_member(V, W) |> do fn:group_by(V), let R = fn:min(W).

alias_member(V, V) :- tensor_value(V).
alias_member(V, W) :- alias_member(V, U), may_alias_step(U, W).
alias_member(V, W) :- alias_member(V, U), may_alias_step(W, U).
alias_class(V, R) :- alias_member(V, W) |> do fn:group_by(V), let R = fn:min(W).

# tensor.extract %t[%i] reads %t; linalg.fill only writes its init, and
# tensor.extract_slice %t only makes an alias of %t.
reads_value(V, Op) :- use(Op, I, V), reads(Op, I).

# A loop that runs at least once reads its init exactly when the body
# reads the iter_arg: scf.for iter_args(%a = %t) reads %t only if some
# use of %a reads (read_through).
reads_value(V, Op) :- use(Op, I, V), read_through(Op, I, Arg), value_read(Arg).

value_read(V) :- reads_value(V, _).

# An operand that is neither read nor written only creates an alias
# (bufferizesToAliasOnly): the value is read when the alias is, as with
# %s = tensor.extract_slice %t followed by tensor.extract %s.
value_read(V) :-
  use(Op, I, V), aliases(Op, I, W, _), !reads(Op, I), !writes(Op, I), value_read(W).

# tensor.insert %f into %t writes %t's buffer when it bufferizes in
# place; out of place it writes a copy.
writes_value(V, Op) :- use(Op, I, V), writes(Op, I).

# Dominance is interval containment in the dominator tree (block_dom), a
# comparison per pair: no closure is computed. The pairs are those of
# one region, so the relation grows with the square of a region's blocks
# when a query asks for it.
dominates_block(A, B) :-
  block_in_region(A, R, _), block_in_region(B, R, _),
  block_dom(A, InA, OutA), block_dom(B, InB, OutB),
  InA <= InB, OutB <= OutA.

# Within a block ops run in order. The pairs are those of one block, so
# the relation grows with the square of a block's ops when a query asks
# for it.
op_before(A, B) :- op_in_block(A, Block, PA), op_in_block(B, Block, PB), PA < PB.
