// Package golden runs golden tests over txtar archives: each archive
// holds a case's inputs (input.mlir, args, flags, ...) and, in sections
// named want/..., what the code under test must produce from them.
//
// A test gives Run a pattern of archives and a function that produces a
// case's want sections; Run compares them with the archive's, or, with
// go test's -update flag, writes them back for review in the diff. Every
// golden test of the repository goes through Run, so one flag updates
// them all and one rule keeps them from churning: a derivation names the
// rule file it cites without the rule's line (see Normalize), so moving a
// rule within its file changes no golden file.
package golden
