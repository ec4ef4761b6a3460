// Package ir reads, represents and writes MLIR's textual IR.
//
// It is the ground every other bufferlog package stands on: extract walks
// its operations to produce facts, and rewrite edits it to produce memref
// IR. It has no dependencies outside the standard library.
//
// # Data model
//
// A [Module] holds one top-level builtin.module [Operation] plus the
// file-level text that is not an operation (alias definitions, resource
// blocks). Every operation, whatever its dialect, has the shape of MLIR's
// generic form: a name, operands ([Value]s), results, successor [Block]s,
// properties (inherent attributes, `<{...}>`), discardable attributes
// (`{...}`), [Region]s, and a location. A Region is a list of Blocks; a
// Block has arguments and a list of operations. Values keep their use
// lists, so use-def navigation is direct in both directions.
//
// [Type] and [Attribute] are small interfaces with one concrete struct per
// kind that bufferization looks into (tensors, memrefs, integers, dense
// elements, symbol references...); everything else, such as dialect types
// and attributes or affine maps, is kept verbatim as text.
//
// # Parsing
//
// [Parse] is a hand-written recursive-descent parser. The generic form of
// any op of any dialect is parsed by one routine, so unknown ops round-trip
// untouched. Ops that bufferization works on also have a custom (pretty)
// syntax: an opSyntax registered under the op's name, whose Parse reads the
// text after the op name into an [OpState] and whose Print writes it back.
// Each dialect's syntaxes live in one file (syntax_func.go,
// syntax_tensor.go, ...), registered from init; the forms and pieces that
// several dialects share are in syntax_common.go. Ops that MLIR declares
// with an assembly format can instead be a row of a table: their
// signature and the format string, which format.go interprets to parse
// and print them (the shape dialect's, in syntax_shape.go); the kinds of
// attributes, enums and custom<...> directives such rows may use are in
// format_kinds.go, the directives' Go code beside its dialect
// (syntax_gpu.go). An entry the interpreter cannot run panics at init. Custom parsers read operand
// references first and resolve them once the types are known, as MLIR's own
// parsers do; forward references get typed placeholders that the definition
// replaces. Errors are *Error values printed as `FILE:LINE:COL: error: msg`,
// MLIR's format; the parser stops at the first one. [ParseWith] can parse
// the ops of a long block (a module's functions, a large function's body)
// on several goroutines, in chunks cut at guessed op boundaries that each
// chunk's parse then proves (parse_chunks.go); it gives what [Parse] gives.
//
// # Printing
//
// [Print] writes the custom form of every op that has one and the generic
// form otherwise ([PrintOptions].Generic forces the generic form). A custom
// printer that finds an op it cannot express (a missing property, say)
// returns false and the generic form is printed instead, so output is always
// valid. SSA names from the source are kept where they are unique in their
// function.
//
// # Structure
//
// [Verify] checks what MLIR's verifier checks structurally: terminators,
// successor argument counts and types, and that every use is dominated by
// its definition. [Dominance] answers dominance and post-dominance queries
// across blocks and nested regions in constant time after a linear
// numbering pass; [Walk], [SymbolTable] and the use lists cover navigation.
package ir
