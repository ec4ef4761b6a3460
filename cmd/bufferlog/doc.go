// Command bufferlog is the command-line front end of bufferlog.
//
//	bufferlog fmt [--generic] [-o OUT] FILE... | -
//	bufferlog facts [--format mangle|souffle|json] [-o OUT] [--op-model F.mg]... FILE | --schema
//	bufferlog query [--rules F.mg]... [--op-model F.mg]... [--engine ours|mangle] [-j N] [--why] FILE 'pred(X, 3)'
//	bufferlog graph --func NAME [--policy P] [--format dot|svg] [-o OUT.dot|OUT.svg] FILE
//	bufferlog rules [NAME]
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
// once (solve.Program.FunctionLocal); --why prints each fact's
// derivation from the rules (solve.Explainer). rules lists or prints the
// built-in rule files. graph draws one function's buffers under the
// in-place decisions as Graphviz DOT (SVG through dot), from the facts
// decisions.mg and inplace.mg derive. facts and query build their output whole before
// writing it, so an error means a diagnostic and no output.
package main
