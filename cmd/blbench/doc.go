// Command blbench runs bufferlog and mlir-opt-22 side by side on generated
// workloads (package internal/workload) and prints a table of wall time, CPU
// time and peak memory, in plain text or as Markdown for the README.
//
// Usage:
//
//	go run ./cmd/blbench [-sizes 1000,10000,100000,300000] [-kinds chain,module]
//	    [-phase parse,analysis,pipeline,verify] [-bufferlog PATH] [-reps 3 | -reps 3,3,1,1]
//	    [-timeout 10m] [-gomaxprocs N] [-markdown]
//	go run ./cmd/blbench -emit chain:100000 > chain100k.mlir
//
// For every kind and size it writes the workload to a temporary directory and
// runs each phase's bufferlog and mlir-opt commands reps times, alternating
// between the two, and reports the median wall time, the median CPU time
// (user and system, all threads) and the largest peak RSS of the child
// process. -gomaxprocs 1 runs bufferlog on one thread, to compare its CPU
// time with mlir-opt's on equal terms. -reps gives one count for all sizes, or one per size,
// so that the largest sizes can run fewer times. A phase (see phases) pairs a
// bufferlog command with the mlir-opt command doing the same work; -phase
// picks one or more; verify runs bufferize with --verify and without it,
// alternately, and reports in a table of its own what --verify adds to the
// wall and CPU time (the cost of checking the output). Without -bufferlog,
// the runner builds ./cmd/bufferlog first. A tool failing on a file is
// reported in the table, not fatal.
package main
