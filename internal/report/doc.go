// Package report renders the HTML report of one bufferized file: the
// tensor IR and the memref IR side by side with line numbers, each
// decision of an explain.Explanation (copy, alloc, clone, dealloc, kept)
// highlighted at its location in one of them, a legend counting the
// decisions of each kind, and, optionally, the graph of buffers as SVG.
//
// Data flows one way: the caller builds a Page (the two IR texts, the
// Explanation that `bufferlog explain --format json` emits, the SVG of
// `bufferlog graph`), and Render writes one self-contained page from it
// through html/template, which escapes every text. The page needs no
// network: its CSS and script are inline, the SVG is an inline image.
// Clicking a highlight shows that decision's summary and derivation tree
// (explain.Step, collapsible) in a side panel.
package report
