// Package mlirexec is the execution harness for bufferized MLIR: it lowers
// memref-level IR to the LLVM dialect, runs it with mlir-runner-22, and
// counts what the program did with memory at run time. It exists so that
// bufferlog's output and MLIR's own bufferization (see [Reference]) can be
// compared by behaviour — same printed output, and how many allocations,
// bytes and copies each needed — and checked for leaks and bad frees.
//
// The package owns three things: the lowering pipeline, the rewrite of the
// lowered LLVM-dialect text that routes memory operations through counting
// hooks, and the small C runtime (csrc/mlirexec_rt.c) that implements those
// hooks.
//
// Data flow for [Run]:
//
//	memref IR
//	  -> mlir-opt-22 (lowering, --finalize-memref-to-llvm=use-generic-functions,
//	     so allocations call _mlir_memref_to_llvm_alloc/_free)
//	  -> instrument: "llvm.intr.memcpy" -> @mlirexec_memcpy, @memrefCopy ->
//	     @mlirexec_memrefCopy, alloc(size + alignment) -> @mlirexec_alloc_padded
//	  -> mlir-runner-22 -e main with the upstream runner utils (printing) and
//	     the runtime shared library (hooks)
//	  -> stdout becomes Result.Output (pointer values normalised); the runtime's
//	     MLIREXEC-STATS line on stderr becomes Result.Stats.
//
// [Valgrind] takes the same lowered, instrumented text, has mlir-runner-22
// dump it as an object file instead of running it, links it with gcc against
// the runtime built as a standalone object (which then also provides the
// print functions and main), and runs the executable under valgrind memcheck.
//
// [Reference] is the other input path: tensor IR through mlir-opt-22's
// one-shot bufferization and buffer deallocation pipeline, giving memref IR
// that [Run] accepts.
//
// The runtime source is embedded and compiled with gcc on first use into a
// per-user cache directory keyed by a hash of the source and flags; builds
// go to a temporary file that is renamed into place, so concurrent tests and
// processes are safe. Each version of the runtime gets its own directory;
// old ones are not removed. External tools are found on PATH with
// exec.LookPath.
//
// This is test infrastructure: programs are trusted, single-threaded and
// expected to be small.
package mlirexec
