# dealloc_outparam.mg: function results turned into arguments that the callers allocate.
#
# A function that returns a fresh buffer makes each call malloc in the
# callee and free in the caller, where the caller could have allocated it
# itself: on its stack, out of its loops, once for many calls (MLIR's
# buffer-results-to-out-params). With --results-to-out-params, the
# driver adds optimization(/out_params) (and /out_params_public for
# every function, not only private ones); the rewrite then gives each
# out_param result an argument instead, each call an allocation of its
# own passed there, and each return a copy into the argument, or, when
# every return hands over the same allocation, the argument in its
# place. The deallocation rules are evaluated again on the changed
# module, where the callers' new buffers are theirs to free, promote or
# hoist.

Decl out_param(F, J)
  descr [doc("Result J of the function F becomes an argument that each call allocates and passes (--results-to-out-params): every return of F hands over as result J a buffer F owns (returns_owned), of static size and the identity layout; F has a body, is called only by func.call, and is private or every function may change."), driver(/reads),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# func.func private @make() -> memref<4xf32> { %a = memref.alloc() ...
# return %a }: becomes @make(%out: memref<4xf32>), and each call
# allocates %out. A result that may be an argument or a global, or a
# buffer also returned as another result, is no fresh buffer.
out_param(F, J) :-
  optimization(/out_params), returns_owned(F, J), !func_external(F), !func_referenced(F), signature_open(F),
  !unfit_result(F, J).

Decl signature_open(F)
  descr [doc("The signature of the function F may change: it is private, or --results-to-out-params=all asks for every function."),
         arg(F, "op id")]
  bound [/number].
# A public function's callers may be outside the module: its signature
# stays, as MLIR's pass keeps it unless asked.
signature_open(F) :- func_private(F).
signature_open(F) :- func(F, _), optimization(/out_params_public).

Decl unfit_result(F, J)
  descr [doc("Some return of the function F gives as result J a memref of dynamic size or with a layout: its callers cannot allocate it from its type."),
         arg(F, "op id"), arg(J, "number")]
  bound [/number, /number].
# return %a : memref<?xf32>: the size is known only in the callee.
unfit_result(F, J) :- return_op(Ret, F), use(Ret, J, V), value_type(V, /memref, N), N < 0.
# return %v : memref<4xf32, strided<[2]>>: a view, which a new buffer of
# that type cannot be.
unfit_result(F, J) :- return_op(Ret, F), use(Ret, J, V), memref_type(V, _, /other).
