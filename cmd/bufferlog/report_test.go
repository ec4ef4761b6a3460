package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"bufferlog/internal/browser"
	"bufferlog/internal/explain"
	"bufferlog/internal/tooltest"
)

// TestReportInChromium writes the report of programs with copies,
// deallocations and buffers handed across regions, loads each page in
// headless Chromium, saves a screenshot (in $BUFFERLOG_ARTIFACTS when set)
// and clicks every highlighted op: each must open the explanation of its
// decision, with the summary and root fact explain gives, and only that.
func TestReportInChromium(t *testing.T) {
	tooltest.Slow(t)
	chromium, driver := tooltest.Require(t, "chromium"), tooltest.Require(t, "chromedriver")
	tooltest.Require(t, "dot")
	dir := os.Getenv("BUFFERLOG_ARTIFACTS")
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
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
	for _, name := range []string{"scf_if_01", "greedy_two_writers_01", "cf_loop_01"} {
		t.Run(name, func(t *testing.T) {
			input := filepath.Join("..", "..", "testdata", "exec", name+".mlir")
			page := filepath.Join(dir, "report-"+name+".html")
			if _, stderr, code := run(t, "", "report", input, "-o", page); code != 0 {
				t.Fatalf("report: exit %d: %s", code, stderr)
			}
			stdout, stderr, code := run(t, "", "explain", "--format", "json", input)
			if code != 0 {
				t.Fatalf("explain: exit %d: %s", code, stderr)
			}
			var e explain.Explanation
			if err := json.Unmarshal([]byte(stdout), &e); err != nil {
				t.Fatal(err)
			}
			if len(e.Decisions) == 0 {
				t.Fatal("explain gives no decision: nothing to check")
			}
			if err := b.Open("file://" + page); err != nil {
				t.Fatal(err)
			}
			png, err := b.Screenshot()
			if err != nil {
				t.Fatal(err)
			}
			shot := filepath.Join(dir, "report-"+name+".png")
			if err := os.WriteFile(shot, png, 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("screenshot: %s (%d bytes)", shot, len(png))
			if n, err := b.Count(".graph img"); err != nil || n != 1 {
				t.Errorf("%d graphs in the page (%v), want 1", n, err)
			}
			if n, err := b.Count(".mark"); err != nil || n != len(e.Decisions) {
				t.Errorf("%d decisions marked (%v), want explain's %d", n, err, len(e.Decisions))
			}
			highlighted, err := b.Count(".at[data-decision]")
			if err != nil || highlighted == 0 {
				t.Fatalf("%d highlighted ops (%v)", highlighted, err)
			}
			opened := 0
			for i, d := range e.Decisions {
				at := fmt.Sprintf(`.at[data-decision="%d"]`, i)
				if n, _ := b.Count(at); n == 0 {
					continue // a later decision on an already highlighted line: its badge only
				}
				if err := b.Click(at); err != nil {
					t.Fatal(err)
				}
				section := fmt.Sprintf("#decision-%d", i)
				if shown, err := b.Visible(section); err != nil || !shown {
					t.Errorf("%s %s at %d:%d: explanation shown %v (%v) after clicking its op", d.Kind, d.Value, d.At.Line, d.At.Col, shown, err)
					continue
				}
				opened++
				if text, err := b.Text(section + " .summary"); err != nil || text != strings.TrimSpace(d.Summary) {
					t.Errorf("%s %s: summary %q (%v), want %q", d.Kind, d.Value, text, err, d.Summary)
				}
				if d.Why != nil {
					if text, err := b.Text(section + " > details > summary .fact"); err != nil || text != d.Why.Fact {
						t.Errorf("%s %s: root fact %q (%v), want %q", d.Kind, d.Value, text, err, d.Why.Fact)
					}
				}
				if n, err := b.Count(".explanation:not([hidden])"); err == nil && n != 1 {
					t.Errorf("%s %s: %d explanations shown at once, want 1", d.Kind, d.Value, n)
				}
			}
			if opened != highlighted {
				t.Errorf("%d of %d highlighted ops opened their explanation", opened, highlighted)
			}
			t.Logf("%d decisions, %d highlighted ops, each opened its explanation", len(e.Decisions), highlighted)
		})
	}
}
