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
package workload
