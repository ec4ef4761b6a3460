package report

import (
	_ "embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"slices"
	"strings"

	"bufferlog/internal/explain"
)

// Page is what one report shows.
type Page struct {
	// Input is the tensor IR text, the file Explanation.File names.
	Input string
	// Bufferized is the memref IR text, the file Explanation.Bufferized
	// names.
	Bufferized  string
	Explanation *explain.Explanation
	// GraphSVG is the graph of buffers (bufferlog graph), or nil.
	GraphSVG []byte
}

// Kinds are the kinds of decisions, in the legend's order.
var Kinds = []string{"copy", "alloc", "clone", "move", "hoist", "stack", "dealloc", "kept"}

//go:embed report.html.tmpl
var pageText string

var page = template.Must(template.New("page").Funcs(template.FuncMap{
	"caret": func(col int) string { return strings.Repeat(" ", max(col-1, 0)) + "^" },
}).Parse(pageText))

// view is the template's data.
type view struct {
	Title     string
	Panes     []pane
	Legend    []legendEntry
	Decisions []decision
	GraphSVG  template.URL
}

type pane struct {
	ID, Title, File string
	Lines           []line
}

type line struct {
	N int
	// Before and At split the text at the column of the first decision
	// on the line; At is highlighted. Without a decision, Before is all.
	Before, At string
	Kind       string // the first decision's kind, "" if none
	Marks      []decision
}

type legendEntry struct {
	Kind  string
	Count int
}

type decision struct {
	ID int
	explain.Decision
	Where string // pane id
}

// Render writes the HTML page of p to w. It fails, writing nothing, on a
// decision of an unknown kind or located outside the text it names.
func Render(w io.Writer, p Page) error {
	e := p.Explanation
	if e == nil {
		e = &explain.Explanation{}
	}
	v := view{Title: "bufferlog report: " + e.File}
	input := pane{ID: "input", Title: "tensor IR", File: e.File, Lines: lines(p.Input)}
	memref := pane{ID: "memref", Title: "memref IR", File: e.Bufferized, Lines: lines(p.Bufferized)}
	counts := map[string]int{}
	for i, d := range e.Decisions {
		if !slices.Contains(Kinds, d.Kind) {
			return fmt.Errorf("report: decision %d (%s): unknown kind %q (want one of %s)", i, d.Value, d.Kind, strings.Join(Kinds, ", "))
		}
		target := &input
		if e.Bufferized != "" && d.At.File == e.Bufferized {
			target = &memref
		}
		if d.At.Line < 1 || d.At.Line > len(target.Lines) {
			return fmt.Errorf("report: decision %d (%s %s): line %d is not in %s (%d lines)", i, d.Kind, d.Value, d.At.Line, target.Title, len(target.Lines))
		}
		dec := decision{ID: i, Decision: d, Where: target.ID}
		l := &target.Lines[d.At.Line-1]
		if l.Kind == "" {
			col := min(max(d.At.Col-1, 0), len(l.Before))
			l.Before, l.At, l.Kind = l.Before[:col], l.Before[col:], d.Kind
		}
		l.Marks = append(l.Marks, dec)
		v.Decisions = append(v.Decisions, dec)
		counts[d.Kind]++
	}
	for _, k := range Kinds {
		v.Legend = append(v.Legend, legendEntry{k, counts[k]})
	}
	v.Panes = []pane{input, memref}
	if p.GraphSVG != nil {
		v.GraphSVG = template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(p.GraphSVG))
	}
	var out strings.Builder
	if err := page.Execute(&out, v); err != nil {
		return err
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// lines splits text into its lines, without a last empty one.
func lines(text string) []line {
	var ls []line
	for i, s := range strings.Split(strings.TrimSuffix(text, "\n"), "\n") {
		ls = append(ls, line{N: i + 1, Before: s})
	}
	if text == "" {
		return nil
	}
	return ls
}
