# check_lifetime.mg: uses after free, double and foreign frees, and leaks in memref IR.
#
# Along the paths of check_flow.mg, with what each memref may name
# (refers, check_memory.mg), three more states are followed:
#
#   shares(P, H1, H2, ...)  the memrefs H1 and H2 may name one buffer on
#                           some path (pairs, so that what two memrefs
#                           name on different paths is not confused);
#   dangling(P, H, ...)     H may name freed memory: it, or a memref
#                           sharing its buffer, was freed (memref.dealloc
#                           of a view frees its buffer, and every view of
#                           it dies too);
#   owning(P, H, X, A, ...) the memref H names instance A of the heap
#                           token X, and is a reference that may still
#                           have to free it.
#
# A dangling memref used to access memory (a load, a store, a copy,
# linalg, an op with no memory model, a call or a return that passes it
# on) is a use after free; freeing it again is a double free. Freeing memory that is not the function's own heap memory
# (a global, an argument: callees borrow their arguments, a stack
# buffer, a call's result that is not fresh) is a foreign free.
#
# A heap buffer is leaked when its last owning reference stops being
# used (it dies on an edge, or at a return that does not hand it to the
# caller as a fresh result) without freeing it, and no memref still in
# use that may share its buffer (shares) names it. memref.dealloc of a
# memref ends its ownership of what it names; it ends every memref's
# ownership of a buffer it surely names (only the latest instance:
# earlier ones may be several), and, on the paths through an scf.if
# region that handed the freed buffer to the scf.if's result, that
# result's (lent). bufferization.to_tensor hands
# its buffer to a tensor, which owns it from there.

Decl freed(H, Op)
  descr [doc("Op (memref.dealloc, memref.realloc) frees the memory that the memref H names."),
         arg(H, "value id"), arg(Op, "op id")]
  bound [/number, /number].

Decl frees(P, H, Op)
  descr [doc("Op, at the program point P, frees the memory that the memref H names, H one whose paths are followed (no static_token)."),
         arg(P, "op id"), arg(H, "value id"), arg(Op, "op id")]
  bound [/number, /number, /number].

Decl shares(P, H1, H2, G, M)
  descr [doc("At the program point P, the memrefs H1 and H2, both in use, may name the same buffer, on a path guarded by G (/none: any) that is sure or not (M): one was handed to the other, or both were handed the same memory."),
         arg(P, "op id"), arg(H1, "value id"), arg(H2, "value id"), arg(G, "region id"), arg(M, "name")].

Decl dangling(P, H, G, M, F)
  descr [doc("At the program point P, the memory the memref H (in use) names may have been freed by the op F, on a path guarded by G, sure or not (M)."),
         arg(P, "op id"), arg(H, "value id"), arg(G, "region id"), arg(M, "name"), arg(F, "op id")].

Decl sole_free(P, X)
  descr [doc("The program point P frees a memref that names the latest instance of the token X and nothing else: that buffer is freed on every path through P."),
         arg(P, "op id"), arg(X, "value id")]
  bound [/number, /number].

Decl refers_else(P, H, X)
  descr [doc("The memref H, freed at P, may name other memory than the latest instance of X."),
         arg(P, "op id"), arg(H, "value id"), arg(X, "value id")]
  bound [/number, /number, /number].

Decl hands_off(P, H)
  descr [doc("The program point P hands the memory of H to a tensor (bufferization.to_tensor), which owns it from there."),
         arg(P, "op id"), arg(H, "value id")]
  bound [/number, /number].

Decl lent(P, T, H, G)
  descr [doc("At the program point P, on every path guarded by the scf.if region G, the memref T names the very buffer H names: an scf.if result handed H by that region, both still in use."),
         arg(P, "op id"), arg(T, "value id"), arg(H, "value id"), arg(G, "region id")]
  bound [/number, /number, /number, /number].

Decl released(P, H, X, A, G)
  descr [doc("At the program point P the memref H stops owning instance A of X on the paths guarded by G: P frees H, or that buffer for sure through another memref (sole_free, or on those paths lent), or hands H to a tensor."),
         arg(P, "op id"), arg(H, "value id"), arg(X, "value id"), arg(A, "name"), arg(G, "region id")].

Decl heap_token(X)
  descr [doc("The allocation site X is heap memory the function owns, a memref.alloc or a call whose result is fresh, whose paths are followed (no static_token)."),
         arg(X, "value id")]
  bound [/number].

Decl owning(P, H, X, A, G, M)
  descr [doc("At the program point P, the memref H (in use) may name instance A of the heap token X, not yet freed: H may still have to free it. G and M as in refers."),
         arg(P, "op id"), arg(H, "value id"), arg(X, "value id"), arg(A, "name"), arg(G, "region id"), arg(M, "name")].

Decl carried_to(P, Q, H)
  descr [doc("What holds of H at P holds at Q of H or of a memref H is handed to (step)."),
         arg(P, "op id"), arg(Q, "op id"), arg(H, "value id")]
  bound [/number, /number, /number].

Decl named(Q, X, A)
  descr [doc("Some memref in use at the program point Q may name instance A of the token X."),
         arg(Q, "op id"), arg(X, "value id"), arg(A, "name")]
  bound [/number, /number, /name].

Decl returned_fresh(Ret, X, A)
  descr [doc("The func.return Ret hands instance A of X to the caller as a fresh result, which the caller owns."),
         arg(Ret, "op id"), arg(X, "value id"), arg(A, "name")]
  bound [/number, /number, /name].

Decl named_with(P, Q, H, X, A)
  descr [doc("When the memref H, which may own instance A of the token X, stops being used between P and Q, another memref at Q may name that very buffer: one that may share H's buffer at P, or one such a memref is handed to on the way."),
         arg(P, "op id"), arg(Q, "op id"), arg(H, "value id"), arg(X, "value id"), arg(A, "name")]
  bound [/number, /number, /number, /number, /name].

Decl lost(X, P, M)
  descr [doc("A heap buffer of the token X may be lost at the program point P, not freed: its last owning memref stops being used there (or it is never used) and no memref in use that may share its buffer names it, or P returns without handing it to the caller as a fresh result. M: on a sure path or not."),
         arg(X, "value id"), arg(P, "op id"), arg(M, "name")]
  bound [/number, /number, /name].

Decl picks(P, T, X, Y)
  descr [doc("The op P (an arith.select, a call of a function that may return either argument, a branch passing two operands to one block argument) makes its memref T name one of two operands that, on one path, name the distinct heap buffers X and Y: which one only the run knows."),
         arg(P, "op id"), arg(T, "value id"), arg(X, "value id"), arg(Y, "value id")]
  bound [/number, /number, /number, /number].

Decl pick_freed(X, Y, F)
  descr [doc("The memref.dealloc F frees a memref that may name the heap buffer X and the heap buffer Y, which an op picked between (picks), and that memref is the pick's result or shares its buffer (shares_name)."),
         arg(X, "value id"), arg(Y, "value id"), arg(F, "op id")]
  bound [/number, /number, /number].

Decl freed_by(X, F)
  descr [doc("The op F frees a memref that may name the heap buffer X."),
         arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].

Decl freed_apart(X, F)
  descr [doc("F frees one of two picked buffers (pick_freed), X one of them, and another op frees a memref that may name X."),
         arg(X, "value id"), arg(F, "op id")]
  bound [/number, /number].

Decl lost_pick(X, Y, F)
  descr [doc("The memref.dealloc F frees a memref that may name the heap buffer X or Y, which an op picked between (picks): it frees one of them, and no other op frees either."),
         arg(X, "value id"), arg(Y, "value id"), arg(F, "op id")]
  bound [/number, /number, /number].

Decl shares_name(H, T)
  descr [doc("A memref.dealloc frees H, which is T or may share T's buffer there (shares)."),
         arg(H, "value id"), arg(T, "value id")]
  bound [/number, /number].

Decl passes_on(Op)
  descr [doc("Op, a func.call or func.return, passes its memref operands on to where they may be accessed: the callee, the caller."),
         arg(Op, "op id")]
  bound [/number].

Decl use_after_free(Op, V, F, M)
  descr [doc("Op accesses its operand V, which may name memory that the op F freed; M: on a sure path or not."),
         arg(Op, "op id"), arg(V, "value id"), arg(F, "op id"), arg(M, "name")]
  bound [/number, /number, /number, /name].

Decl stack_return(Ret, V, X, M)
  descr [doc("The func.return Ret returns its operand V, which may name the stack buffer X (a memref.alloca of the returning function): the caller gets memory of a frame that no longer exists. M: on a sure path or not."),
         arg(Ret, "op id"), arg(V, "value id"), arg(X, "value id"), arg(M, "name")]
  bound [/number, /number, /number, /name].

Decl double_free(Op, V, F, M)
  descr [doc("Op frees its operand V, which may name memory that the op F freed already."),
         arg(Op, "op id"), arg(V, "value id"), arg(F, "op id"), arg(M, "name")]
  bound [/number, /number, /number, /name].

Decl foreign_free(Op, V, X, M)
  descr [doc("Op frees its operand V, which may name memory of the allocation site X that the function does not own: a global, an argument, a stack buffer, a call's result that is not fresh (M = /sure when on a sure path), or memory of unknown origin (M = /unsure)."),
         arg(Op, "op id"), arg(V, "value id"), arg(X, "value id"), arg(M, "name")]
  bound [/number, /number, /number, /name].

Decl foreign_kind(K, M)
  descr [doc("Freeing memory of kind K is a fault for sure (M = /sure), or maybe (/unsure: memory of unknown origin)."),
         arg(K, "name"), arg(M, "name")].

# --- Frees ------------------------------------------------------------------------

# memref.dealloc %v where %v = memref.subview %a: %a's buffer is freed.
freed(H, Op) :- memref_effect(Op, I, /free), use(Op, I, V), handle(V, H).
frees(P, H, Op) :- freed(H, Op), !static_token(H), host(Op, P).

# Two memrefs name the same buffer when one is handed to the other
# (cf.br ^bb1(%x) with %x still in use after), or both are handed the
# same (a block argument and an iter_arg given one buffer), and from then
# on while both are in use. Pairs are followed path by path, not read off
# what each may name: the carriers of a loop that swaps two buffers each
# iteration never name the same one, though each may name either.
# A pair formed by handing over is guarded as the handed memref is.
shares(Q, T1, T2, G2, M2) :-
  refers(P, H, _, _, G, M), step(P, Q, H, T1, G, _, E), hands(P, Q, H, T2), step(P, Q, H, T2, G, G2, E), T1 != T2,
  mode_join(M, E, M2).
shares(Q, T2, T1, G2, M2) :-
  refers(P, H, _, _, G, M), step(P, Q, H, T1, G, _, E), hands(P, Q, H, T2), step(P, Q, H, T2, G, G2, E), T1 != T2,
  mode_join(M, E, M2).
# A pair carried over an edge keeps its guard, or takes that of the arm
# one of them is handed out of.
shares(Q, T1, T2, G2, M2) :-
  shares(P, H1, H2, G, M), step(P, Q, H1, T1, G, G2, E), step(P, Q, H2, T2, G, G2, E), T1 != T2, mode_join(M, E, M2).
shares(Q, T1, T2, G2, M2) :-
  shares(P, H1, H2, G, M), step(P, Q, H1, T1, G, G, E), step(P, Q, H2, T2, G, G2, E), G2 != G, T1 != T2,
  mode_join(M, E, M2).
shares(Q, T2, T1, G2, M2) :-
  shares(P, H1, H2, G, M), step(P, Q, H1, T1, G, G, E), step(P, Q, H2, T2, G, G2, E), G2 != G, T1 != T2,
  mode_join(M, E, M2).

# memref.dealloc %m: %m, and every memref that may name its buffer, name
# freed memory from the next point on.
dangling(Q, T, G2, M2, Op) :- frees(P, H, Op), refers(P, H, _, _, G, M), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2).
dangling(Q, T, G2, M2, Op) :- frees(P, H, Op), shares(P, H, H2, G, M), step(P, Q, H2, T, G, G2, E), mode_join(M, E, M2).
dangling(Q, T, G2, M2, F) :- dangling(P, H, G, M, F), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2).

# --- Ownership ---------------------------------------------------------------------

# %a = memref.alloc(), %r = func.call @make() returning a fresh buffer.
heap_token(X) :- kind_of(X, /heap), !static_token(X).

# %a = memref.alloc(): %a owns the new buffer.
owning(Q, X, X, /cur, /none, /sure) :- heap_token(X), result(X, D, _), flow(D, Q, _), live(Q, X).
owning(Q, T, X, A, G2, M2) :-
  owning(P, H, X, A, G, M), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2), !ages_here(P, X), !released(P, H, X, A, G).
owning(Q, T, X, /old, G2, M2) :-
  owning(P, H, X, A, G, M), step(P, Q, H, T, G, G2, E), mode_join(M, E, M2), ages_here(P, X), !released(P, H, X, A, G).

# memref.dealloc %m ends %m's ownership of whatever it names; when %m
# names exactly the latest instance of %x, every memref's.
released(P, H, X, A, G) :- frees(P, H, _), refers(P, H, X, A, G, _).
released(P, H, X, /cur, G) :- sole_free(P, X), refers(P, H, X, /cur, G, _).
released(P, H, X, A, G) :- hands_off(P, H), refers(P, H, X, A, G, _).
# %r = scf.if %c { ... } else { scf.yield %a } ... memref.dealloc %a ...
# scf.if %c { memref.dealloc %r }: on the paths through the else region,
# freeing %a frees %r's buffer.
released(P, T, X, A, G) :- frees(P, H, _), lent(P, T, H, G), refers(P, T, X, A, G, _).
lent(Q, T, H, R) :- hands(P, Q, H, T), exits_arm(P, Q, R), step(P, Q, H, H, _, _, _).
lent(Q, T, H, G) :- lent(P, T, H, G), step(P, Q, T, T, G, G, _), step(P, Q, H, H, G, G, _).
sole_free(P, X) :- frees(P, H, _), refers(P, H, X, /cur, _, _), !refers_else(P, H, X).
refers_else(P, H, X) :- frees(P, H, _), refers(P, H, X, _, _, _), refers(P, H, Y, _, _, _), Y != X.
refers_else(P, H, X) :- frees(P, H, _), refers(P, H, X, /old, _, _).
hands_off(P, H) :- op(Op, "bufferization.to_tensor"), use(Op, 0, V), handle(V, H), host(Op, P).

# --- Leaks -------------------------------------------------------------------------

# What goes on past an edge: a memref still in use or handed on, and
# which buffers some memref in use names.
carried_to(P, Q, H) :- step(P, Q, H, _, _, _, _).
named(Q, X, A) :- refers(Q, _, X, A, _, _).
# Two memrefs of a loop that swaps its buffers each may name either one,
# but never the same: when one dies, the other does not name its buffer,
# nor does the loop's result it is handed to (%r, %s = scf.for ...
# iter_args(%p = %a, %q = %b), return %r: %s's buffer is not %r's).
named_with(P, Q, H, X, A) :-
  owning(P, H, X, A, _, _), shares(P, H, H2, _, _), step(P, Q, H2, T, _, _, _), refers(Q, T, X, A, _, _).

# %a = memref.alloc() that nothing uses.
lost(X, D, /sure) :- heap_token(X), result(X, D, _), flow(D, Q, _), !live(Q, X).
# The last use of %a on a path, with no memref.dealloc, and no other
# memref in use naming its buffer: nobody can free it any more.
lost(X, P, M) :-
  owning(P, H, X, A, G, M0), crosses(P, Q, G, _, E), mode_join(M0, E, M), !released(P, H, X, A, G), !carried_to(P, Q, H),
  !ages_here(P, X), !named_with(P, Q, H, X, A).
lost(X, P, M) :-
  owning(P, H, X, A, G, M0), crosses(P, Q, G, _, E), mode_join(M0, E, M), !released(P, H, X, A, G), !carried_to(P, Q, H),
  ages_here(P, X), !named(Q, X, /old).
# func.return that does not hand %a to the caller as a fresh result.
lost(X, Ret, M) :-
  owning(Ret, H, X, A, G, M), return_op(Ret, _), !released(Ret, H, X, A, G), !returned_fresh(Ret, X, A).
returned_fresh(Ret, X, A) :-
  return_op(Ret, F), use(Ret, J, V), handle(V, H), refers(Ret, H, X, A, _, _), fresh(F, J).
# %a = memref.alloc() ... func.return %a, %a (or with a global as the
# same result at another return): the callers do not free it.
lost(X, Ret, /sure) :-
  returned_alone(X, Ret), static_token(X), return_op(Ret, F), use(Ret, J, V), handle(V, X), !fresh(F, J).

# %r = func.call @pick(%a, %b) (@pick may return either argument), then
# memref.dealloc %r and no free of %a or %b: one of the two leaks. The
# paths of the checker merge, so a memref naming two buffers at a free is
# no fault by itself (each may come from another path); one op choosing
# between two buffers it was given on one path is.
picks(P, T, X, Y) :-
  binds(P, _, T, V1), binds(P, _, T, V2), V1 != V2, handle(V1, H1), handle(V2, H2), refers(P, H1, X, _, G, _),
  refers(P, H2, Y, _, G, _), X != Y, heap_token(X), heap_token(Y).
pick_freed(X, Y, F) :-
  picks(_, T, X, Y), frees(P, H, F), refers(P, H, X, _, _, _), refers(P, H, Y, _, _, _), shares_name(H, T).
lost_pick(X, Y, F) :- pick_freed(X, Y, F), !freed_apart(X, F), !freed_apart(Y, F).
freed_by(X, F) :- frees(P, H, F), refers(P, H, X, _, _, _).
# Only for the frees of picked buffers: the pairs of every buffer and
# every free of a module would be as many as their product.
freed_apart(X, F) :- pick_freed(X, _, F), freed_by(X, F2), F2 != F.
freed_apart(Y, F) :- pick_freed(_, Y, F), freed_by(Y, F2), F2 != F.
shares_name(H, H) :- frees(_, H, _).
shares_name(H, T) :- frees(P, H, _), shares(P, H, T, _, _).

# --- Uses after free, double and foreign frees ----------------------------------------

# memref.dealloc %a ... memref.load %a[%i] (or memref.store, memref.copy,
# linalg, an op with no model: any effect but a free), or a call or a
# return that hands the dangling memref on. The rules start from the
# dangling memrefs, which are few, not from the accesses, which are
# about as many as ops.
use_after_free(Op, V, F, M) :-
  dangling(P, H, _, M, F), handle(V, H), use(Op, I, V), memref_effect(Op, I, E), E != /free, host(Op, P).
use_after_free(Op, V, F, M) :- dangling(P, H, _, M, F), handle(V, H), use(Op, _, V), host(Op, P), passes_on(Op).
passes_on(Op) :- call(Op, _).
passes_on(Op) :- return_op(Op, _).
# memref.dealloc %a, then memref.dealloc %a again.
double_free(Op, V, F, M) :- frees(P, H, Op), use(Op, 0, V), dangling(P, H, _, M, F).

# %a = memref.alloca() ... func.return %a, or a carrier that may hold
# %a: the frame that holds %a ends with the return.
stack_return(Ret, V, X, M) :- return_op(Ret, _), use(Ret, _, V), handle(V, H), refers(Ret, H, X, _, _, M), kind_of(X, /stack).
stack_return(Ret, V, X, /sure) :- return_op(Ret, _), use(Ret, _, V), handle(V, X), static_token(X), kind_of(X, /stack).

# memref.dealloc of a global, an argument, a memref.alloca, a borrowed
# call result: a fault; of memory of unknown origin: maybe one.
foreign_kind(/global, /sure).
foreign_kind(/arg, /sure).
foreign_kind(/stack, /sure).
foreign_kind(/borrowed, /sure).
foreign_kind(/unknown, /unsure).
foreign_free(Op, V, X, M) :-
  frees(P, H, Op), use(Op, 0, V), refers(P, H, X, _, _, M0), kind_of(X, K), foreign_kind(K, C), mode_join(M0, C, M).
foreign_free(Op, V, X, M) :- freed(X, Op), use(Op, 0, V), static_token(X), kind_of(X, K), foreign_kind(K, M).
