// Command bufferlog is the command-line front end of bufferlog.
//
//	bufferlog fmt [--generic] [-o OUT] FILE... | -
//
// fmt parses MLIR files and prints them back, in the custom (pretty) form
// for the ops bufferlog knows and the generic form for all others. Each
// file is parsed, verified and printed in memory first, so a file with an
// error produces a diagnostic (FILE:LINE:COL: error: ...) and no output;
// the exit status is non-zero if any file failed.
package main
