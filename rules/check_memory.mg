# check_memory.mg: which memory each memref of memref IR may name, path by path, and writes into read-only memory.
#
# Memory comes from allocation sites, called tokens: a memref.alloc or
# memref.alloca, a memref.get_global, a function argument, a call that
# returns memory of its own (a fresh buffer, a global), an op with no
# memory model. A token defined in a loop is allocated anew each
# iteration: the checker tells the instance of the latest run of its op
# (/cur) from all earlier ones together (/old), so that the buffer a loop
# carries from the last iteration is not mistaken for the one just
# allocated.
#
# refers(P, H, X, A, G, M) says that at the program point P, the memref
# H (and its views) may name instance A of the token X, on some path
# guarded by G, sure or not (M); see check_flow.mg. It is derived along
# the paths of check_flow.mg: a token names itself from its definition
# on; what one memref names passes to the memrefs it is handed to
# (binds): block arguments, iter_args, scf results, arith.select, and the
# results of calls that may return their argument.
#
# Memory that never changes hands (static_token: a global or an argument
# only read or written, a buffer allocated or a call's result used and
# freed once in one block, a buffer returned by the return that ends its
# block) names itself wherever it is in use: no path is followed for it,
# and its faults are found without paths.
#
# Functions are summarized for their callers, over the whole call graph
# (recursion included): which arguments a function may return
# (may_return_arg, check_flow.mg), whether a result is memory the caller
# owns (fresh: every return gives a heap buffer of the function, each
# once), whether it may be read-only memory, and which arguments it may
# write.
#
# A write (memref.store, the target of memref.copy, linalg outs, an op
# with no memory model, a call whose callee writes that argument) into
# memory that may be a constant global, an argument marked
# bufferization.writable = false, or memory a callee returns that may be
# such, is a fault (check.mg lists them all).

Decl alloc_kind(Name, K)
  descr [doc("The result of an op named Name is new memory of kind K: /heap (to be freed by the function) or /stack."),
         arg(Name, "string"), arg(K, "name")].

Decl token(X, K)
  descr [doc("X is an allocation site of kind K: /heap (memref.alloc), /stack (memref.alloca), /global (memref.get_global), /arg (a function argument), /unknown (a memref result of an op with no memory model, or of a function without a body)."),
         arg(X, "value id"), arg(K, "name")]
  bound [/number, /name].

Decl allocator(Name)
  descr [doc("Ops named Name allocate memory (alloc_kind)."),
         arg(Name, "string")].

Decl is_call(D)
  descr [doc("D is a func.call of a function of the module."),
         arg(D, "op id")]
  bound [/number].

Decl is_global(X)
  descr [doc("X is the result of a memref.get_global."),
         arg(X, "value id")]
  bound [/number].

Decl arg_of(F, X)
  descr [doc("X is an argument of the function F."),
         arg(F, "op id"), arg(X, "value id")]
  bound [/number, /number].

Decl annotated(F, I)
  descr [doc("Argument I of the function F has a bufferization.access annotation."),
         arg(F, "op id"), arg(I, "number")]
  bound [/number, /number].

Decl call_token(X, F, J)
  descr [doc("X, result J of a call of F, is an allocation site: some return of F gives as J memory that is none of F's arguments."),
         arg(X, "value id"), arg(F, "op id"), arg(J, "number")]
  bound [/number, /number, /number].

Decl token_value(X)
  descr [doc("X is an allocation site: a token or a call_token."),
         arg(X, "value id")]
  bound [/number].

Decl handed_on(X)
  descr [doc("An op may hand the memory of the token X (or a view of it) to another memref (binds: a branch, a loop or region terminator, an arith.select, a call that may return it), or to a tensor (bufferization.to_tensor)."),
         arg(X, "value id")]
  bound [/number].

Decl single_free(X, F)
  descr [doc("The op F, in the block of X and after it, is the only op that frees X or a view of it; X is a memref.alloc, or the result of a call of a function that returns none of its arguments there."),
         arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].

Decl other_free(X, F)
  descr [doc("Another op than F frees X or a view of it."),
         arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].

Decl used_late(X)
  descr [doc("Some op other than its single free uses X or a view of it and is not between X's definition and that free in their block (nor nested in an op that is)."),
         arg(X, "value id")]
  bound [/number].

Decl returned_alone(X, Ret)
  descr [doc("The memref.alloc X, which nothing frees, is returned by the func.return Ret that ends its block."),
         arg(X, "value id"), arg(Ret, "op id")]
  bound [/number, /number].

Decl static_token(X)
  descr [doc("No path need be followed for the token X: it is handed to no other memref, and it is not heap memory, or it is freed once, in its own block, after every use (single_free), or it is a memref.alloc returned by the return that ends its block (returned_alone). What it names is X on every path; its faults (writes into read-only memory, foreign frees, a returned buffer the callers do not free) are found without paths, and a buffer so freed has none."),
         arg(X, "value id")]
  bound [/number].

Decl ages_here(P, X)
  descr [doc("The op P defines the memref X: if X is an allocation site, the instance before becomes an earlier one (/old)."),
         arg(P, "op id"), arg(X, "value id")]
  bound [/number, /number].

Decl refers(P, H, X, A, G, M)
  descr [doc("At the program point P, the memref H (no view) may name instance A (/cur: of the latest run of X's op, /old: of an earlier one) of the token X, on a path guarded by the scf.if region G (/none: any path) that is sure or not (M)."),
         arg(P, "op id"), arg(H, "value id"), arg(X, "value id"), arg(A, "name"), arg(G, "region id"), arg(M, "name")].

Decl guarded_at(P, G)
  descr [doc("Some fact at the program point P is guarded by the scf.if region G."),
         arg(P, "op id"), arg(G, "region id")]
  bound [/number, /number].

Decl returned(Ret, J, X)
  descr [doc("Operand J of the func.return Ret may be memory of the token X."),
         arg(Ret, "op id"), arg(J, "number"), arg(X, "value id")]
  bound [/number, /number, /number].

Decl returns_other(F, J)
  descr [doc("Result J of the function F may be memory that is none of its arguments."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl not_fresh(F, J)
  descr [doc("Some return of F gives as result J memory its callers cannot own: an argument, a global, a stack buffer, memory of unknown origin, a result of a call that is not fresh, or a buffer it also returns as another result."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl fresh(F, J)
  descr [doc("Every return of F gives as result J a heap buffer F owns, and no other result is that buffer: its callers own result J and must free it."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl kind_of(X, K)
  descr [doc("The allocation site X is memory of kind K: that of its token, or for a call's result /heap if the callee's result is fresh, else /borrowed."), driver(/reads),
         arg(X, "value id"), arg(K, "name")]
  bound [/number, /name].

Decl readonly(X)
  descr [doc("The allocation site X is read-only memory: a constant global, an argument marked bufferization.writable = false, or the result of a call that may return such memory (none of its own arguments)."),
         arg(X, "value id")]
  bound [/number].

Decl returns_readonly(F, J)
  descr [doc("Some return of F gives as result J read-only memory that is none of F's arguments."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].

Decl write_op(Op, I, C)
  descr [doc("Op writes the memory of its memref operand I, a memref whose writes matter (watched): for sure (C = /sure: memref.store, the target of memref.copy, linalg outs, a callee that writes it), or maybe (/unsure: an op with no memory model, a function without a body and without bufferization.access)."),
         arg(Op, "op id"), arg(I, "number"), arg(C, "name")]
  bound [/number, /number, /name].

Decl watched(H)
  descr [doc("A write through the memref H (no view) may matter: H is read-only or an argument (static_token), or H's paths are followed and what it names decides."),
         arg(H, "value id")]
  bound [/number].

Decl callee_writes(F, I, C)
  descr [doc("The function F writes the memory of its argument I: for sure (C = /sure) on a sure path, or maybe (/unsure)."),
         arg(F, "op id"), arg(I, "number"), arg(C, "name")]
  bound [/number, /number, /name].

Decl readonly_write(Op, V, X, M)
  descr [doc("Op writes through its operand V memory that may be the read-only allocation site X: for sure on a sure path (M = /sure), or not."),
         arg(Op, "op id"), arg(V, "value id"), arg(X, "value id"), arg(M, "name")]
  bound [/number, /number, /number, /name].

# --- Allocation sites -------------------------------------------------------------

# memref.alloc and memref.realloc make heap memory the function must
# free; memref.alloca stack memory freed with the function.
alloc_kind("memref.alloc", /heap).
alloc_kind("memref.realloc", /heap).
alloc_kind("bufferization.clone", /heap).
alloc_kind("memref.alloca", /stack).

# %a = memref.alloc(), %s = memref.alloca(), %g = memref.get_global @g,
# func.func @f(%arg: memref<...>).
token(X, K) :- op(D, Name), alloc_kind(Name, K), result(X, D, 0).
token(X, /global) :- global_ref(X, _).
token(X, /arg) :- func_arg(_, _, X), memref_value(X).
# %m = "mydialect.make"() : () -> memref<...>, or a call of a function
# declared without a body: memory nobody here knows.
token(X, /unknown) :-
  result(X, D, _), memref_value(X), !is_view(X), !branch_op(D), op(D, Name), !allocator(Name),
  Name != "arith.select", !is_call(D), !is_global(X).
allocator(Name) :- alloc_kind(Name, _).
is_call(D) :- call(D, _).
is_global(X) :- global_ref(X, _).
token(X, /unknown) :- call(D, F), func_external(F), result(X, D, _), memref_value(X).
# %r = func.call @f() where @f returns memory of its own.
call_token(X, F, J) :- call(D, F), !func_external(F), result(X, D, J), memref_value(X), returns_other(F, J).

# Every allocation site, a call's result among them.
token_value(X) :- token(X, _).
token_value(X) :- call_token(X, _, _).

# --- Memory no path need be followed for ------------------------------------------
#
# Most memory never changes hands: a global or an argument only read or
# written, a buffer allocated (or returned by a call), used and freed in
# one block, a buffer allocated and returned by its block. Such a token
# names itself wherever it is in use, and the paths add nothing; the
# checker follows the others only.
handed_on(X) :- binds(_, _, _, V), handle(V, X).
handed_on(X) :- op(Op, "bufferization.to_tensor"), use(Op, _, V), handle(V, X).

# %a = memref.alloc() ... scf.for ... { memref.store %f, %a[%i] } ...
# memref.dealloc %a, in one block: every use, nested or not, comes before
# the only free, which every run of the block reaches. Op ids follow a
# pre-order walk (op_last), so the ops between %a's definition and its
# free in their block, and all they nest, are those whose ids lie
# between: a use with a larger id than the free's, or a smaller one than
# %a's definition (in a block listed earlier), is outside.
single_free(X, F) :-
  token(X, /heap), op(D, "memref.alloc"), result(X, D, 0), op_in_block(D, B, PD), freed(X, F),
  op(F, "memref.dealloc"), op_in_block(F, B, PF), PD < PF, !other_free(X, F).
# %r = func.call @f() ... memref.dealloc %r, in one block, where @f
# returns none of its arguments as that result: %r is memory of @f's
# own, the caller's to free if @f's result is fresh (if not, freeing it
# is a foreign free, found without paths).
single_free(X, F) :-
  call(D, G), !func_external(G), return_op(_, G), result(X, D, J), memref_value(X), !may_return_arg(G, J, _),
  op_in_block(D, B, PD), freed(X, F), op(F, "memref.dealloc"), op_in_block(F, B, PF), PD < PF, !other_free(X, F).
other_free(X, F) :- freed(X, F), freed(X, F2), F2 != F.
used_late(X) :- single_free(X, F), use(U, _, V), handle(V, X), U > F.
used_late(X) :- single_free(X, _), result(X, D, _), use(U, _, V), handle(V, X), U < D.
static_token(X) :- token(X, K), K != /heap, !handed_on(X).
static_token(X) :- single_free(X, _), !handed_on(X), !used_late(X).
# %a = memref.alloc() ... func.return %a, in one block, and no free of
# %a: every run of the block hands %a to the caller at the return, and
# no op after it, nor in another block, can use %a. Only whether the
# callers free it (fresh) remains to check (lost, check_lifetime.mg).
returned_alone(X, Ret) :-
  token(X, /heap), op(D, "memref.alloc"), result(X, D, 0), op_in_block(D, B, _), return_op(Ret, _), op_in_block(Ret, B, _),
  use(Ret, _, V), handle(V, X), !freed(X, _).
static_token(X) :- returned_alone(X, _), !handed_on(X).

# Any memref result counts (what is no allocation site names nothing),
# so that this does not depend on the summaries.
ages_here(P, X) :- result(X, P, _), memref_value(X).

# --- What each memref names, along the paths ---------------------------------------

# Each allocation site names itself from its definition on: a fresh
# instance, on every path.
refers(Q, X, X, /cur, /none, /sure) :- token_value(X), !static_token(X), result(X, D, _), flow(D, Q, _), live(Q, X).
refers(Q, X, X, /cur, /none, /sure) :-
  token(X, /arg), !static_token(X), func_arg(F, _, X), entry_point(F, Q), live(Q, X).

# Carried over an edge: kept by a memref still in use, handed to the
# memref it is passed to. The latest instance of X becomes an earlier
# one where X's op runs again (a loop's next iteration).
refers(Q, T, X, A, G2, M2) :- refers(P, H, X, A, G, M), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2), !ages_here(P, X).
refers(Q, T, X, /old, G2, M2) :- refers(P, H, X, _, G, M), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2), ages_here(P, X).

# The guards a point's facts carry: those check_flow.mg moves on.
guarded_at(P, G) :- refers(P, _, _, _, G, _), /none != G.
guarded_at(P, G) :- dangling(P, _, G, _, _), /none != G.
guarded_at(P, G) :- shares(P, _, _, G, _), /none != G.

# --- Function summaries --------------------------------------------------------------

# func.return %a, %b: what each result may be.
returned(Ret, J, X) :- return_op(Ret, _), use(Ret, J, V), handle(V, H), refers(Ret, H, X, _, _, _).
returned(Ret, J, X) :- return_op(Ret, _), use(Ret, J, V), handle(V, X), static_token(X).
returns_other(F, J) :- return_op(Ret, F), returned(Ret, J, X), !arg_of(F, X).
arg_of(F, X) :- func_arg(F, _, X).

# A function returning its argument, a global, a stack buffer, memory of
# unknown origin, what a callee returns that is not fresh, or one buffer
# as two results, does not hand its callers a buffer to free.
not_fresh(F, J) :- token(X, K), K != /heap, returned(Ret, J, X), return_op(Ret, F).
not_fresh(F, J) :- return_op(Ret, F), returned(Ret, J, X), call_token(X, G, K), not_fresh(G, K).
not_fresh(F, J) :- return_op(Ret, F), returned(Ret, J, X), returned(Ret, J2, X), J != J2.
fresh(F, J) :- returns_other(F, J), !not_fresh(F, J).

# %r = func.call @make(): heap memory if @make's result is fresh,
# borrowed memory otherwise.
kind_of(X, K) :- token(X, K).
kind_of(X, /heap) :- call_token(X, F, J), fresh(F, J).
kind_of(X, /borrowed) :- call_token(X, F, J), !fresh(F, J).

# --- Read-only memory -----------------------------------------------------------------

# memref.global "private" constant @cst ...; %g = memref.get_global @cst.
readonly(X) :- global_ref(X, Name), constant_global(Name).
# func.func @f(%a: memref<...> {bufferization.writable = false}).
readonly(X) :- arg_not_writable(F, I), func_arg(F, I, X), memref_value(X).
# %r = func.call @f() where @f may return a constant global.
readonly(X) :- call_token(X, F, J), returns_readonly(F, J).
returns_readonly(F, J) :- return_op(Ret, F), returned(Ret, J, X), readonly(X), !arg_of(F, X).

# memref.store %v, %m[...]; memref.copy %a, %m; linalg.fill ... outs(%m),
# where %m may be read-only memory or an argument. Writes into a
# buffer the function allocated, and that no path is followed for, are
# no fault and tell the callers nothing: the rules start from the
# memrefs whose writes matter, not from every write.
write_op(Op, I, /sure) :- watched(H), handle(V, H), use(Op, I, V), memref_effect(Op, I, /write).
write_op(Op, I, /unsure) :- watched(H), handle(V, H), use(Op, I, V), memref_effect(Op, I, /unknown).
watched(H) :- readonly(H), static_token(H).
watched(H) :- func_arg(_, _, H), static_token(H).
watched(H) :- handle(_, H), !static_token(H).
# func.call @f(%m) where @f writes its argument.
write_op(Op, I, C) :- call(Op, F), callee_writes(F, I, C).
callee_writes(F, I, C) :-
  write_op(Op, K, C0), use(Op, K, V), handle(V, H), host(Op, P), refers(P, H, X, _, _, M), func_arg(F, I, X),
  mode_join(C0, M, C).
callee_writes(F, I, C) :- write_op(Op, K, C), use(Op, K, V), handle(V, X), static_token(X), func_arg(F, I, X).
# func.func private @ext(memref<...> {bufferization.access = "read-write"}):
# a function without a body writes what its annotation says, and maybe
# any argument without one.
callee_writes(F, I, /sure) :- func_external(F), arg_access(F, I, /write).
callee_writes(F, I, /sure) :- func_external(F), arg_access(F, I, /read_write).
callee_writes(F, I, /unsure) :- call(Op, F), func_external(F), use(Op, I, V), memref_value(V), !annotated(F, I).
annotated(F, I) :- arg_access(F, I, _).

# memref.store %f, %r[%i] where %r may name a constant global.
readonly_write(Op, V, X, M) :-
  write_op(Op, I, C), use(Op, I, V), handle(V, H), host(Op, P), refers(P, H, X, _, _, M0), readonly(X),
  mode_join(C, M0, M).
readonly_write(Op, V, X, C) :- write_op(Op, I, C), use(Op, I, V), handle(V, X), static_token(X), readonly(X).
