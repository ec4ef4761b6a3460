// Package workload generates large, deterministic tensor-level MLIR programs
// for benchmarking and stress-testing bufferlog against mlir-opt-22.
//
// It owns the shape of the benchmark inputs: [Chain] builds one long function,
// [Module] builds many medium functions linked by calls. Each generated
// [Program] carries its text and the exact number of operations per operation
// name, counted as `mlir-opt-22 --print-op-stats` counts them (every op,
// including builtin.module, func.func, terminators and ops nested in regions,
// and the linalg.yield hidden in the region of each linalg.fill).
//
// The text is exactly what mlir-opt-22 prints for it: the generator reproduces
// mlir-opt's SSA value naming (%0, %c4, %cst_0, %extracted_slice_12, ...), so
// parsing and printing a generated program with mlir-opt-22 gives back the
// same bytes. That makes the programs usable as golden files for a printer.
//
// [Executable] builds random programs that can be run, for differential
// tests that bufferize a program with bufferlog and with mlir-opt-22, run
// both and compare what they print. Each is a module whose @main() takes no
// arguments. It builds two or three tensor<16xf32> inputs with distinct
// values, then runs random steps that read and write earlier tensors:
// tensor.insert/extract, extract_slice/insert_slice (some strided),
// linalg.fill/add/copy/generic, tensor.empty, dense constants, scf.for with
// iter_args, scf.if on data, and calls of helpers that update their argument
// in place. At the end it prints the inputs, a selection of later tensors
// and some extracted scalars with printMemrefF32. Inside loops, each iter_arg
// is only updated in place, so one-shot bufferization accepts every program
// with its default options. Every value is a sum of small integers that
// stays below 2^16, so results are exact. The generator evaluates each
// program as it builds it, drops any step that would break that bound, and
// knows what the program must print.
//
// [Boundary] builds programs of the same kind whose buffers cross
// function boundaries: its entry also calls generated functions that
// return constants, arguments, views and fresh tensors in every
// combination (through scf.if, scf.for and scf.while too), chains of 1 to
// 1,000 calls, self-recursive functions and cf-dialect functions with
// loops and early exits, and writes into what they return. Its functions
// are named after the seed (s<seed>_...), so that [Link] can put many
// programs into one module whose @main runs them in turn, printing each
// seed before its output; [BoundaryFunction] maps a function name back
// to its program. Each program says which options mlir-opt-22's
// reference pipeline needs for it.
package workload
