// Package solve will evaluate the rules over a fact database to a fixpoint
// (semi-naive, stratified) and drive the in-place decisions of the
// analysis policies.
//
// Status: not implemented yet (the facts and engine issue).
package solve
