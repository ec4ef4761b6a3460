package report

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bufferlog/internal/browser"
	"bufferlog/internal/explain"
	"bufferlog/internal/tooltest"
)

const tensorIR = `func.func @f(%t: tensor<8xf32>, %x: f32, %i: index) -> (tensor<8xf32>, f32) {
  %e = tensor.empty() : tensor<8xf32>
  %A = linalg.fill ins(%x : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %B = tensor.insert %x into %A[%i] : tensor<8xf32>
  %C = linalg.fill ins(%x : f32) outs(%A : tensor<8xf32>) -> tensor<8xf32>
  %D = tensor.insert %x into %t[%i] : tensor<8xf32>
  %r = tensor.extract %B[%i] : tensor<8xf32>
  return %C, %r : tensor<8xf32>, f32
}
`

const memrefIR = `func.func @f(%t: memref<8xf32>, %x: f32, %i: index) -> (memref<8xf32>, f32) {
  %alloc = memref.alloc() : memref<8xf32>
  linalg.fill ins(%x : f32) outs(%alloc : memref<8xf32>)
  %alloc_0 = memref.alloc() : memref<8xf32>
  memref.copy %alloc, %alloc_0 : memref<8xf32> to memref<8xf32>
  memref.store %x, %alloc_0[%i] : memref<8xf32>
  %alloc_1 = memref.alloc() : memref<8xf32>
  memref.copy %t, %alloc_1 : memref<8xf32> to memref<8xf32>
  memref.store %x, %alloc_1[%i] : memref<8xf32>
  memref.dealloc %alloc_1 : memref<8xf32>
  %clone = bufferization.clone %alloc : memref<8xf32> to memref<8xf32>
  %r = memref.load %alloc_0[%i] : memref<8xf32>
  memref.dealloc %alloc_0 : memref<8xf32>
  memref.dealloc %alloc : memref<8xf32>
  func.return %clone, %r : memref<8xf32>, f32
}
`

// loc locates line n of the tensor IR (file "in.mlir") or the memref IR
// ("in.memref.mlir") at the first non-blank column.
func loc(file string, n int) explain.Location {
	text := tensorIR
	if file == "in.memref.mlir" {
		text = memrefIR
	}
	l := strings.Split(text, "\n")[n-1]
	return explain.Location{File: file, Line: n, Col: len(l) - len(strings.TrimLeft(l, " ")) + 1, Text: l}
}

// conflictWhy is a derivation three levels deep with the roles of a
// conflict.
func conflictWhy(op string, line int) *explain.Step {
	at, read, write := loc("in.mlir", line), loc("in.mlir", 7), loc("in.mlir", 5)
	return &explain.Step{
		Fact: fmt.Sprintf("out_of_place(op#%d %s, 1)", line, op), Rule: "decisions.mg:12", At: &at,
		Body: []*explain.Step{{
			Fact: "raw_conflict(op#7 tensor.extract, 0, op#5 linalg.fill, 1, %B)", Rule: "inplace.mg:659", At: &read,
			Body: []*explain.Step{
				{Fact: "use(op#7 tensor.extract, 0, %B)", At: &read, Role: "read"},
				{Fact: "use(op#5 linalg.fill, 1, %A)", At: &write, Role: "write"},
			},
		}},
	}
}

// explanation has at least two decisions of every kind, located in both
// texts, with nested derivations.
func explanation() *explain.Explanation {
	leaf := func(fact, file string, line int) *explain.Step {
		at := loc(file, line)
		return &explain.Step{Fact: fact, At: &at}
	}
	d := func(kind, value, op, file string, line int, summary string, why *explain.Step) explain.Decision {
		return explain.Decision{Kind: kind, Value: value, Op: op, At: loc(file, line), Summary: summary, Why: why}
	}
	return &explain.Explanation{File: "in.mlir", Bufferized: "in.memref.mlir", Decisions: []explain.Decision{
		d("copy", "%A", "tensor.insert", "in.mlir", 4, "%A is copied for tensor.insert: in place it would be overwritten by linalg.fill before tensor.extract reads it.", conflictWhy("tensor.insert", 4)),
		d("copy", "%t", "tensor.insert", "in.mlir", 6, "%t is copied for tensor.insert: <the argument> is read-only & \"not writable\".",
			&explain.Step{Fact: "blocked_by_read_only(op#6 tensor.insert, 1, %t)", Rule: "decisions.mg:25", Body: []*explain.Step{leaf("read_only_value(%t)", "in.mlir", 1)}}),
		d("alloc", "%e", "tensor.empty", "in.mlir", 2, "%e gets a new buffer: tensor.empty allocates.", leaf("allocates(%e)", "in.mlir", 2)),
		d("alloc", "%alloc_1", "memref.alloc", "in.memref.mlir", 7, "%alloc_1 is the copy's buffer.", nil),
		d("clone", "%clone", "bufferization.clone", "in.memref.mlir", 11, "%clone is a copy handed to the caller so that %alloc can be freed.",
			&explain.Step{Fact: "needs_clone(op#15 func.return, 0)", Rule: "dealloc.mg:300", Body: []*explain.Step{leaf("returns(%alloc)", "in.memref.mlir", 15)}}),
		d("clone", "%alloc_0", "memref.copy", "in.memref.mlir", 5, "%alloc_0 starts as a copy of %alloc.", nil),
		d("dealloc", "%alloc_1", "memref.store", "in.memref.mlir", 9, "%alloc_1 is freed after its last use.",
			&explain.Step{Fact: "dealloc_after(%alloc_1, op#9 memref.store)", Rule: "dealloc.mg:120", Body: []*explain.Step{
				{Fact: "last_use(%alloc_1, op#9 memref.store)", Rule: "dealloc.mg:80", Body: []*explain.Step{leaf("use(op#9 memref.store, 1, %alloc_1)", "in.memref.mlir", 9)}},
			}}),
		d("dealloc", "%alloc_0", "memref.load", "in.memref.mlir", 12, "%alloc_0 is freed after the load.", leaf("dealloc_after(%alloc_0, op#12 memref.load)", "in.memref.mlir", 12)),
		d("kept", "%t", "func.func", "in.memref.mlir", 1, "%t is the caller's: it is not freed here.", leaf("func_arg(@f, 0, %t)", "in.memref.mlir", 1)),
		d("kept", "%clone", "func.return", "in.memref.mlir", 15, "%clone is returned: the caller frees it.", leaf("returns(%clone)", "in.memref.mlir", 15)),
	}}
}

func render(t *testing.T, p Page) string {
	t.Helper()
	var out bytes.Buffer
	if err := Render(&out, p); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestRender checks what the page holds, escaping and determinism.
func TestRender(t *testing.T) {
	hostile := explanation()
	hostile.Decisions[0].Summary = `<script>alert("x")</script>`
	hostile.Decisions[0].Why.Fact = `<img src=x onerror=alert(1)>`
	tests := []struct {
		name    string
		page    Page
		want    []string // substrings
		notWant []string
	}{
		{"legend counts", Page{Input: tensorIR, Bufferized: memrefIR, Explanation: explanation()},
			[]string{`data-kind="copy"><span class="swatch"></span>copy: <span class="count">2</span>`,
				`data-kind="kept"><span class="swatch"></span>kept: <span class="count">2</span>`,
				`id="memref-L15"`, `<span class="at k-alloc" data-decision="2">%e = tensor.empty() : tensor&lt;8xf32&gt;</span>`,
				`<span class="fact">raw_conflict(op#7 tensor.extract, 0, op#5 linalg.fill, 1, %B)</span><span class="rule">inplace.mg:659</span></summary>`,
				`<span class="fact">use(op#7 tensor.extract, 0, %B)</span><span class="role">read</span></summary>`},
			[]string{`class="graph"`}},
		{"escaped", Page{Input: tensorIR, Bufferized: memrefIR, Explanation: hostile},
			[]string{`&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;`, `&lt;img src=x onerror=alert(1)&gt;`},
			[]string{`<script>alert`, `<img src=x`}},
		{"graph", Page{Input: tensorIR, Bufferized: memrefIR, Explanation: explanation(), GraphSVG: []byte(`<svg><text>"%t"</text></svg>`)},
			[]string{`<img alt="graph of buffers" src="data:image/svg&#43;xml;base64,PHN2Zz48dGV4dD4iJXQiPC90ZXh0Pjwvc3ZnPg==">`}, nil},
		{"no explanation", Page{Input: tensorIR}, []string{`id="input-L9"`, `copy: <span class="count">0</span>`}, []string{`class="mark k-`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := render(t, tt.page)
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("the page lacks %s", w)
				}
			}
			for _, w := range append(tt.notWant, "http://", "https://", "<link") {
				if strings.Contains(got, w) {
					t.Errorf("the page holds %s", w)
				}
			}
			if again := render(t, tt.page); again != got {
				t.Error("two renderings differ")
			}
		})
	}
}

// TestKindsHaveColors checks that the page styles every kind of
// decision: a kind without a .k-KIND rule would be drawn without colour.
func TestKindsHaveColors(t *testing.T) {
	for _, k := range Kinds {
		if !strings.Contains(pageText, ".k-"+k+" { --c: #") {
			t.Errorf("report.html.tmpl has no colour for the kind %s", k)
		}
	}
}

// TestRenderErrors: a decision of an unknown kind or outside its text is
// an error, and nothing is written.
func TestRenderErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(*explain.Decision)
		want   string
	}{
		{"unknown kind", func(d *explain.Decision) { d.Kind = "free" }, `unknown kind "free"`},
		{"line past the end", func(d *explain.Decision) { d.At.Line = 99 }, `line 99 is not in tensor IR (9 lines)`},
		{"memref line past the end", func(d *explain.Decision) { d.At = loc("in.memref.mlir", 1); d.At.Line = 17 }, `line 17 is not in memref IR (16 lines)`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := explanation()
			tt.change(&e.Decisions[0])
			var out bytes.Buffer
			err := Render(&out, Page{Input: tensorIR, Bufferized: memrefIR, Explanation: e})
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want %q", err, tt.want)
			}
			if out.Len() != 0 {
				t.Errorf("%d bytes written", out.Len())
			}
		})
	}
}

// TestRenderInChromium loads a rendered report in headless Chromium,
// saves screenshots (in $BUFFERLOG_ARTIFACTS if set), and checks that
// the legend and the highlights count the decisions of each kind, that
// clicking each highlight shows its decision's summary and root fact,
// and only those, and that a derivation step folds.
func TestRenderInChromium(t *testing.T) {
	chromium, driver := tooltest.Require(t, "chromium"), tooltest.Require(t, "chromedriver")
	dir := os.Getenv("BUFFERLOG_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	e := explanation()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, []byte(render(t, Page{Input: tensorIR, Bufferized: memrefIR, Explanation: e,
		GraphSVG: []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><text x="5" y="25">graph</text></svg>`)})), 0o644); err != nil {
		t.Fatal(err)
	}
	b, err := browser.Start(browser.Options{Chromium: chromium, Driver: driver})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := b.Close(); err != nil {
			t.Errorf("closing the browser: %v", err)
		}
	}()
	if err := b.Open("file://" + page); err != nil {
		t.Fatal(err)
	}
	screenshot := func(name string) {
		png, err := b.Screenshot()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s (%d bytes)", path, len(png))
	}
	screenshot("report.png")

	counts := map[string]int{}
	for _, d := range e.Decisions {
		counts[d.Kind]++
	}
	for _, k := range Kinds {
		text, err := b.Text(`#legend [data-kind="` + k + `"] .count`)
		if err != nil || text != fmt.Sprint(counts[k]) {
			t.Errorf("legend %s: %q (%v), want %d", k, text, err, counts[k])
		}
		if n, err := b.Count(".mark.k-" + k); err != nil || n != counts[k] {
			t.Errorf("%d highlights of %s (%v), want %d", n, k, err, counts[k])
		}
	}
	if shown, err := b.Visible("#panel"); err != nil || shown {
		t.Errorf("the panel shows (%v, %v) before any click", shown, err)
	}
	for i, d := range e.Decisions {
		if err := b.Click(fmt.Sprintf(`.mark[data-decision="%d"]`, i)); err != nil {
			t.Fatal(err)
		}
		section := fmt.Sprintf("#decision-%d", i)
		if shown, err := b.Visible(section); err != nil || !shown {
			t.Errorf("decision %d (%s %s): explanation shown %v (%v) after its click", i, d.Kind, d.Value, shown, err)
			continue
		}
		if text, err := b.Text(section + " .summary"); err != nil || text != d.Summary {
			t.Errorf("decision %d: summary %q (%v), want %q", i, text, err, d.Summary)
		}
		if d.Why != nil {
			if text, err := b.Text(section + " > details > summary .fact"); err != nil || text != d.Why.Fact {
				t.Errorf("decision %d: root fact %q (%v), want %q", i, text, err, d.Why.Fact)
			}
		}
		other := fmt.Sprintf("#decision-%d", (i+1)%len(e.Decisions))
		if shown, err := b.Visible(other); err != nil || shown {
			t.Errorf("decision %d: %s shown too (%v)", i, other, err)
		}
	}
	// The highlighted op text opens its decision too.
	if err := b.Click(`.at[data-decision="2"]`); err != nil {
		t.Fatal(err)
	}
	if shown, err := b.Visible("#decision-2"); err != nil || !shown {
		t.Errorf("clicking the highlighted op of decision 2: shown %v (%v)", shown, err)
	}
	if err := b.Click(`.mark[data-decision="0"]`); err != nil {
		t.Fatal(err)
	}
	screenshot("report-explanation.png")
	inner := `#decision-0 > details > details > summary .fact`
	if shown, err := b.Visible(inner); err != nil || !shown {
		t.Fatalf("the nested step shows %v (%v) before folding", shown, err)
	}
	if err := b.Click(`#decision-0 > details > summary`); err != nil {
		t.Fatal(err)
	}
	if shown, err := b.Visible(inner); err != nil || shown {
		t.Errorf("the nested step shows %v (%v) after folding its parent", shown, err)
	}
}
