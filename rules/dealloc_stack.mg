# dealloc_stack.mg: buffers promoted to the stack.
#
# A buffer of static size that its function allocates once per call and
# never hands on lives no longer than the function's frame: memref.alloca
# can hold it, with no malloc and no free (MLIR's promote-buffers-to-stack).
# The driver gives the stack that the promoted buffers of one function may
# take together (stack_limit: --max-stack-bytes); the rewrite turns the
# memref.alloc of each stack_buffer into memref.alloca, and the
# deallocation rules own, and so free, none of them (owned, in
# dealloc_handover.mg).

Decl stack_limit(N)
  descr [doc("The buffers promoted to the stack in one function may take N bytes in all (--max-stack-bytes; 0 promotes none)."), driver(/adds),
         arg(N, "number")]
  bound [/number].

Decl alloc_within(Op, Y)
  descr [doc("Y is the memref.alloc Op or an op whose regions hold it, up to its function."),
         arg(Op, "op id"), arg(Y, "op id")]
  bound [/number, /number].
alloc_within(Op, Op) :- op(Op, "memref.alloc").
alloc_within(Op, Y) :- alloc_within(Op, X), !op(X, "func.func"), parent_op(X, Y).

Decl alloc_func(Op, F)
  descr [doc("The memref.alloc Op is in the function F."),
         arg(Op, "op id"), arg(F, "op id")]
  bound [/number, /number].
alloc_func(Op, F) :- alloc_within(Op, F), op(F, "func.func").

Decl runs_repeatedly(Op)
  descr [doc("The memref.alloc Op may run more than once in one call of its function: an op that holds it runs its regions other than once each (a loop, a linalg payload, an op bufferlog does not know), or the function's body has several blocks, which branches may cycle through."),
         arg(Op, "op id")]
  bound [/number].
# scf.for ... { %a = memref.alloc() }: an alloca there takes new stack at
# each trip, which only the function's return gives back. scf.if and its
# kin run a region once (single_run_op, dealloc_handover.mg).
runs_repeatedly(Op) :- alloc_within(Op, Y), Y != Op, op(Y, Name), Name != "func.func", !single_run_op(Name).
# ^bb1: %a = memref.alloc() ... cf.cond_br %c, ^bb1, ^bb2
runs_repeatedly(Op) :- alloc_func(Op, F), region_of(R, F, 0), block_in_region(_, R, 1).

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
# copy in another block (a cf successor, or nested in a region) is taken
# to be one. A source used after the copy, a view, a global or an
# argument (no root the rules free), and their copies, stay candidates
# for the stack.
copied_whole(X) :- may_end_with_copy(X, _).
copied_whole(T) :- may_end_with_copy(_, T).

Decl may_end_with_copy(X, T)
  descr [doc("A memref.copy of all of the root X into the new buffer T may be X's last use."),
         arg(X, "value id"), arg(T, "value id")]
  bound [/number, /number].
may_end_with_copy(X, T) :- copy_to_new(Copy, V, T), copy_source(V, X), root_block(X, B), op_in_block(Copy, B, P), last_use(X, P).
may_end_with_copy(X, T) :- copy_to_new(Copy, V, T), copy_source(V, X), root_block(X, RB), op_in_block(Copy, B, _), B != RB.

Decl stack_candidate(X, F, N)
  descr [doc("X, the result of a memref.alloc of the function F, of static size N bytes, allocated once per call of F, never handed on (escapes), never stored and in no move: a memref.alloca can hold it."),
         arg(X, "value id"), arg(F, "op id"), arg(N, "number")]
  bound [/number, /number, /number].
# func.func @f(...) { %a = memref.alloc() : memref<4xf32> ... uses of %a
# ... }: %a dies before @f returns.
stack_candidate(X, F, N) :-
  new_buffer(X), result(X, Op, 0), alloc_func(Op, F), !runs_repeatedly(Op), !escapes(X), !stored(X), !copied_whole(X),
  value_type(X, /memref, N), N > 0.

Decl stack_bytes(F, T)
  descr [doc("The stack candidates of the function F take T bytes together."),
         arg(F, "op id"), arg(T, "number")]
  bound [/number, /number].
stack_bytes(F, T) :- stack_candidate(_, F, N) |> do fn:group_by(F), let T = fn:sum(N).

Decl stack_buffer(X)
  descr [doc("X is allocated on the stack (memref.alloca) and never freed: of static size, allocated once per call, never handed on, and its function's stack buffers fit in --max-stack-bytes together. X is a stack candidate of a function whose candidates fit in stack_limit together; the deallocation frees it nowhere."), driver(/reads),
         arg(X, "value id")]
  bound [/number].
# All of a function's candidates or none: the stack a call takes stays
# within the limit whatever path it runs.
stack_buffer(X) :- stack_candidate(X, F, _), stack_bytes(F, T), stack_limit(M), T <= M.
