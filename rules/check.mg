# check.mg: the findings of bufferlog check, the static memory-safety checker of memref IR.
#
# bufferlog check reads memref IR (bufferlog bufferize's output, or any
# program at that level), evaluates these rules and reports each finding
# fact: FILE:LINE:COL: error: (or warning:) and the finding's derivation.
# The checker is in four files:
#
#   check_flow.mg      program points, the paths between them, the arms
#                      of scf.ifs, and which memrefs are in use where
#   check_memory.mg    which memory each memref may name on each path,
#                      function summaries, writes into read-only memory
#   check_lifetime.mg  frees, ownership: uses after free, double frees,
#                      frees of memory the function does not own, leaks
#   check.mg           the findings, and which are errors
#
# It follows every path through the CFG and the regions (a loop body
# runs again after itself; both arms of an scf.if and of a cf.cond_br
# run), and every call, with summaries of the callees. What it cannot
# see is a value: it does not know which arm a condition picks, nor how
# many times a loop runs. It assumes that every arm, and every loop
# exit, can be taken on some run; a fault on such a path is an error.
# A loop whose bounds are dynamic may run no iteration, but is meant to
# run: a fault only on paths that skip it is a warning, as is a fault
# that needs an op with no memory model (or a function without a body
# and without bufferization.access) to write, or memory of unknown origin
# to be freed. Both arms of two scf.ifs on the same condition are paired
# (check_flow.mg), so that freeing a result under its own condition, as
# bufferlog does, is no fault. The ownership convention is bufferlog's:
# a function owns what it allocates and what its callees return fresh,
# borrows its arguments, and hands its own fresh results to its caller.

Decl fault(At, Kind, V, Cause, E, M)
  descr [doc("A fault of kind Kind at the op At, about its operand V (for a leak, the leaked buffer); Cause is the memory at fault (the read-only or foreign allocation site; the operand of E, the free before; the returned stack buffer; the leaked buffer, or the other of two buffers a freed memref was picked from), E the op that matters besides (the free before; for a leak, where the buffer is lost; else At). M: the fault is on a sure path, or not (check_flow.mg)."),
         arg(At, "op id"), arg(Kind, "name"), arg(V, "value id"), arg(Cause, "value id"), arg(E, "op id"), arg(M, "name")]
  bound [/number, /name, /number, /number, /number, /name].

Decl finding(At, Kind, Severity, V, Cause, E)
  descr [doc("bufferlog check reports at the op At a fault of kind Kind (/readonly_write, /use_after_free, /double_free, /foreign_free, /stack_return, /leak) with Severity /error (on a sure path) or /warning (only on unsure ones); V, Cause and E as in fault."), driver(/reads),
         arg(At, "op id"), arg(Kind, "name"), arg(Severity, "name"), arg(V, "value id"), arg(Cause, "value id"),
         arg(E, "op id")]
  bound [/number, /name, /name, /number, /number, /number].

# memref.store %f, %g[%i] with %g = memref.get_global @cst of a constant
# global (or an argument marked bufferization.writable = false, or what a
# callee returns of such memory): the program writes read-only memory.
fault(Op, /readonly_write, V, X, Op, M) :- readonly_write(Op, V, X, M).
# memref.dealloc %a ... memref.load %a[%i].
fault(Op, /use_after_free, V, W, F, M) :- use_after_free(Op, V, F, M), use(F, 0, W).
# memref.dealloc %a ... memref.dealloc %a, in a row or in the next
# iteration of a loop.
fault(Op, /double_free, V, W, F, M) :- double_free(Op, V, F, M), use(F, 0, W).
# memref.dealloc %arg, of a global, of a stack buffer.
fault(Op, /foreign_free, V, X, Op, M) :- foreign_free(Op, V, X, M).
# %a = memref.alloca() ... func.return %a: the caller gets a dangling
# pointer into the returned frame.
fault(Ret, /stack_return, V, X, Ret, M) :- stack_return(Ret, V, X, M).
# %a = memref.alloc() not freed on some path: reported at the allocation.
fault(D, /leak, X, X, P, M) :- lost(X, P, M), result(X, D, _).
# %r = arith.select %c, %a, %b ... memref.dealloc %r: %a or %b leaks.
# Cause is the other buffer.
fault(D, /leak, X, Y, F, /sure) :- lost_pick(X, Y, F), result(X, D, _).

# A fault on a sure path is an error; one only on unsure paths (a loop
# with dynamic bounds skipped, an op with no memory model) a warning.
finding(At, K, /error, V, C, E) :- fault(At, K, V, C, E, /sure).
finding(At, K, /warning, V, C, E) :- fault(At, K, V, C, E, /unsure), !fault(At, K, V, C, E, /sure).
