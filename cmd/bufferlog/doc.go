// Command bufferlog is the command-line front end of bufferlog.
//
//	bufferlog demo [--write FILE]
//	bufferlog fmt [--generic] [-o OUT] FILE... | -
//	bufferlog facts [--format mangle|souffle|json] [-o OUT] [--op-model F.mg]... FILE | --schema
//	bufferlog query [--rules F.mg]... [--op-model F.mg]... [--engine ours|mangle] [-j N] [--why] FILE 'pred(X, 3)'
//	bufferlog bufferize [flags] [--verify] FILE [-o OUT]
//	bufferlog bufferize [flags] [-j N] [--stats[=json]] [--stats-file F] --out-dir DIR | --in-place FILE|DIR...
//	bufferlog explain [--op LOC | --value %name] [--format text|json] [-o MEMREF] FILE
//	bufferlog report [--func NAME] -o REPORT.html FILE
//	bufferlog graph --func NAME [--policy P] [--format dot|svg] [-o OUT.dot|OUT.svg] FILE
//	bufferlog rules [show NAME | NAME]
//	bufferlog diff-rules [--rules A.mg]... --rules-b B.mg... [--policy P] [--heuristic H] [--format text|json] FILE...
//	bufferlog check [--format text|json] [--rules F.mg]... [--op-model F.mg]... FILE...
//
// fmt parses MLIR files and prints them back, in the custom (pretty) form
// for the ops bufferlog knows and the generic form for all others. Each
// file is parsed and verified before anything is written, so a file with
// an error produces a diagnostic (FILE:LINE:COL: error: ...) and no
// output; the exit status is non-zero if any file failed.
//
// facts prints the facts extracted from a file, or the schema. query
// evaluates the rules (the built-in files of package rules, replaced or
// extended by --rules files) and prints the facts of one predicate that
// match a pattern, with ids as names after their source locations; only
// the rules that predicate depends on run, and when none of them joins
// facts of two functions, each function is evaluated on its own, -j at
// once (solve.Program.FunctionLocal); --why prints each fact's derivation
// from the rules (solve.Explainer).
//
// What a command does to a file is a pipeline (pipeline.go), built once
// from its flags by newPipeline: the rules (the command's built-in files
// with those of --rules, compiled), the op models, the policy of the
// in-place analysis and how explain names it, the rewrite's options
// (layout, alignment, stack, unknown ops), the deallocation, the limits,
// and for bufferize --analysis-only, --print-conflicts and --verify. A
// flag a command lacks takes bufferize's default, so that explain, report,
// graph, diff-rules and query show what bufferize does with the same
// flags; demo runs the default pipeline. Each input goes through it as a
// pass (pipeline.start), which holds what its evaluations share.
//
// bufferize runs one pipeline per file (pipeline.run in batch.go): read,
// parse and verify; extract and evaluate the in-place rules (decide, through
// analyzeModule: extract.Split numbers the module and gives its call graph,
// and driver.AnalyzeParts extracts each function's part as its analysis
// nears, beside the analysis of the parts before it);
// rewrite to memref IR (or annotate, with --analysis-only); evaluate
// dealloc*.mg and insert the frees; print into a temporary file renamed
// over the output. One input file without --out-dir or --in-place is a
// batch of one written to -o or stdout. Otherwise batchJobs lists every
// input first (walking directories for *.mlir), maps each to its output
// and rejects clashes; then -j workers share the rules, compiled once (a
// solve.Program is immutable), and runJobs hands the results, in input
// order, to progress, which prints diagnostics and a bar or a line per
// file on stderr. The summary counts the memref.alloc, memref.copy and
// memref.dealloc ops of the outputs (countOps). Exit status: 0 if every
// file bufferized, 1 if one failed, 2 for a usage error.
//
// explain bufferizes a file and turns each decision into an
// internal/explain.Decision: the tensor-level ones from the in-place
// analysis (explainAnalysis: every conflict the decision driver kept, the
// derivation of the recorded one), the memref-level ones from the facts
// of dealloc*.mg; derivations come from solve.Explainer. report renders
// the same explanation, with the graph of one function, as one HTML page
// (internal/report). graph draws one function's buffers under the
// in-place decisions as Graphviz DOT (SVG through dot), from the facts
// decisions.mg and inplace*.mg derive. demo runs bufferize and explain on
// an example embedded in the binary.
//
// check evaluates the memory-safety checker (rules/check*.mg, compiled
// alone: rules.Checker) on memref IR and prints each finding fact as a
// diagnostic, FILE:LINE:COL: error: (or warning:), worded from the fact
// (memoryDescriber), with its derivation from solve.Explainer, the facts
// of check_flow.mg (program points, paths) shown without theirs;
// --format json prints the same as checkFinding objects. The checker
// type runs them: findings for check, verify for bufferize --verify,
// which checks each bufferized module before it is printed (extraction
// and evaluation only, unless there are findings to locate) with the
// built-in checker whatever --rules says. Exit status 1 if a file has an
// error finding or cannot be read.
//
// rules lists the built-in rule files and the shipped alternatives
// (--rules alt:NAME) with the first line of their header comments, or
// prints one. diff-rules runs the in-place analysis of each file under
// two rule sets, as bufferize does (decide, which checks each set's
// decisions with its own remaining_conflict), and lists the operands
// whose decision differs and the copies each set makes (copied_value,
// sized by solve.CopySizes). facts, query, explain and diff-rules build
// their output whole before writing it, so an error means a diagnostic
// and no output.
//
// Every command that evaluates rules compiles them with rules.Compile
// (compileRules), which rejects a rule set that breaks the contract with
// the drivers (package rules/contract) before anything is evaluated, and
// fails a file whose decisions the rules' re-check finds wrong
// (remainingConflicts). Each takes --timeout and --max-facts: an input's
// evaluations, --verify's included, share its pass's context, whose
// deadline is the timeout, and each has the fact budget, so that rules
// that never stop end in a diagnostic naming the clause that was running
// (solve.LimitError, worded by pipeline.limitError).
package main
