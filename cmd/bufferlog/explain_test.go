package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"bufferlog/extract"
	"bufferlog/facts"
	"bufferlog/internal/explain"
	"bufferlog/internal/golden"
	"bufferlog/ir"
)

// TestExplainGolden runs `bufferlog explain` with the args of each
// testdata/explain/*.txtar on its input.mlir and compares the text with
// its want section (-update rewrites it). The temporary directory is
// written DIR.
func TestExplainGolden(t *testing.T) {
	golden.Run(t, "../../testdata/explain/*.txtar", func(t *testing.T, c *golden.Case) map[string][]byte {
		dir := t.TempDir()
		argText, _ := c.Section("args")
		input, ok := c.Section("input.mlir")
		if !ok {
			t.Fatal("no input.mlir section")
		}
		if err := os.WriteFile(filepath.Join(dir, "input.mlir"), input, 0o644); err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := run(t, "", append(append([]string{"explain"}, strings.Fields(string(argText))...), filepath.Join(dir, "input.mlir"))...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return map[string][]byte{"want/output": []byte(strings.ReplaceAll(stdout, dir, "DIR"))}
	})
}

// TestExplainMinCopy: explain --policy mincopy explains a copy or an
// allocation for exactly the operands bufferize --policy mincopy puts out
// of place, which on greedy_copies_more.mlir are not oneshot's, and names
// the policy in each decision's derivation (TestExplainFollowsPolicy
// checks every policy on every executable program).
func TestExplainMinCopy(t *testing.T) {
	const file = "../../testdata/oneshot/greedy_copies_more.mlir"
	input, err := loadFile(file, true)
	if err != nil {
		t.Fatal(err)
	}
	want, got, e, ok := outOfPlaceBoth(t, file, input, "--policy", "mincopy")
	if !ok {
		t.Fatal("bufferize --policy mincopy rejects the program")
	}
	if !slices.Equal(want, got) || len(want) == 0 {
		t.Errorf("bufferize --policy mincopy puts out of place %q, explain --policy mincopy explains %q", want, got)
	}
	oneshot, _, _, _ := outOfPlaceBoth(t, file, input)
	if slices.Equal(oneshot, want) {
		t.Errorf("oneshot puts the same operands out of place as mincopy, %q: the program tests nothing", want)
	}
	for _, d := range e.Decisions {
		if (d.Kind == "copy" || d.Kind == "alloc") && !strings.Contains(d.Why.Note, "decided by the mincopy policy") {
			t.Errorf("%s: %s: derivation %q [%s], want it decided by the mincopy policy", d.Kind, d.Summary, d.Why.Fact, d.Why.Note)
		}
	}
}

// TestExplainCommand runs the built binary: JSON output parses back into
// explain.Explanation with a conflict's read, write and definition
// located; --op and --value select decisions; deallocations and clones are
// located in the memref IR written with -o; bad flags and inputs fail
// with no output.
func TestExplainCommand(t *testing.T) {
	dir := t.TempDir()
	const conflict = "../../testdata/oneshot/greedy_copies_more.mlir"
	t.Run("json", func(t *testing.T) {
		stdout, stderr, code := run(t, "", "explain", "--format", "json", "-o", filepath.Join(dir, "g.mlir"), conflict)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var e explain.Explanation
		if err := json.Unmarshal([]byte(stdout), &e); err != nil {
			t.Fatal(err)
		}
		var c *explain.Conflict
		for _, d := range e.Decisions {
			if d.Kind == "copy" && d.Value == "%F" {
				c = d.Conflict
				if d.Why == nil || !strings.HasPrefix(d.Why.Fact, "out_of_place(op#5 tensor.insert, 1)") {
					t.Errorf("copy of %%F: why %+v", d.Why)
				}
			}
		}
		// mlir-opt's C_0: READ 0 on the extract at 9:8, CONFL-WRITE 1 on
		// the fill at 8:8, DEF result 0 of the insert at 7:8.
		if c == nil || c.Read.At.Line != 9 || c.Read.Index != 0 || c.Write.At.Line != 8 || c.Write.Index != 1 ||
			c.Definition.At.Line != 7 || c.Definition.Site != "result 0" {
			t.Errorf("conflict %+v", c)
		}
		if e.Bufferized != filepath.Join(dir, "g.mlir") {
			t.Errorf("bufferized %q", e.Bufferized)
		}
	})
	t.Run("stdin", func(t *testing.T) {
		// The input is read once: from stdin, the explanation is the one of
		// the file, carets and all, with its name <stdin> (and the memref
		// IR's, FILE.memref.mlir, -.memref.mlir).
		src, err := os.ReadFile(conflict)
		if err != nil {
			t.Fatal(err)
		}
		fromFile, stderr, code := run(t, "", "explain", conflict)
		if code != 0 {
			t.Fatalf("file: exit %d: %s", code, stderr)
		}
		fromStdin, stderr, code := run(t, string(src), "explain", "-")
		if code != 0 {
			t.Fatalf("stdin: exit %d: %s", code, stderr)
		}
		want := strings.ReplaceAll(fromFile, strings.TrimSuffix(conflict, ".mlir")+".memref.mlir", "-.memref.mlir")
		if want = strings.ReplaceAll(want, conflict, "<stdin>"); fromStdin != want {
			t.Errorf("explain - gives\n%s\nwant\n%s", fromStdin, want)
		}
	})
	t.Run("json all conflicts", func(t *testing.T) {
		// The first insert of the chain, in place, would join %t to three
		// in-place writes (its own, lines 8 and 11) that clobber %t
		// (argument 0) before the extract at 12:12 reads it.
		stdout, stderr, code := run(t, "", "explain", "--format", "json", "--op", "7:9", "../../testdata/roundtrip/tensor_014_insert_chain.mlir")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		var e explain.Explanation
		if err := json.Unmarshal([]byte(stdout), &e); err != nil {
			t.Fatal(err)
		}
		if len(e.Decisions) != 1 {
			t.Fatalf("%d decisions at 7:9, want 1", len(e.Decisions))
		}
		d := e.Decisions[0]
		var writes []int
		for _, c := range d.Conflicts {
			if c.Read.At.Line != 12 || c.Read.At.Col != 12 || c.Read.Index != 0 || c.Write.Index != 1 || c.Definition.Site != "bbArg 0" {
				t.Errorf("conflict %+v", c)
			}
			writes = append(writes, c.Write.At.Line)
		}
		if !slices.Equal(writes, []int{7, 8, 11}) || d.Conflict == nil || !reflect.DeepEqual(*d.Conflict, d.Conflicts[0]) {
			t.Errorf("conflicts' writes at lines %v, want [7 8 11], the recorded one first; recorded %+v", writes, d.Conflict)
		}
	})
	t.Run("moves", func(t *testing.T) {
		// The copies of %p (%alloc_1 under another name, which dies in
		// ^bb1) and of %alloc_0 in ^bb2 (freed where it dies) move their
		// buffers: each is explained as a move, and no free is listed at
		// either copy.
		out := filepath.Join(dir, "moves.mlir")
		stdout, stderr, code := run(t, "", "explain", "--max-stack-bytes=0", "-o", out, "../../testdata/exec/cf_branch_02.mlir")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		for _, w := range []string{
			out + `:22:5: move: %alloc_1's buffer moves into %alloc_2: op#22 memref.copy and the memref.alloc of %alloc_2 are elided, and so is the memref.dealloc of %alloc_1 after the copy`,
			`moves(%alloc_1, op#22 memref.copy, %alloc_2)  [dealloc`,
			`dealloc_in_block(%alloc_1, op#22 memref.copy)  [dealloc`,
			`no fact matches maybe_strided(%p)`,
			out + `:28:5: move: %alloc_0's buffer moves into %alloc_3: op#27 memref.copy`,
			`dealloc_in_block(%alloc_0, op#27 memref.copy)  [dealloc`,
		} {
			if !strings.Contains(stdout, w) {
				t.Errorf("output lacks %s:\n%s", w, stdout)
			}
		}
		for _, w := range []string{"dealloc: %alloc_1 is freed after", "dealloc: %alloc_0 is freed"} {
			if strings.Contains(stdout, w) {
				t.Errorf("output has %s", w)
			}
		}
	})
	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		want     []string // substrings of stdout, OUT the memref IR
		wantErr  string
	}{
		{"op", []string{"--op", "7:8", conflict}, 0, []string{"7:8: copy: operand 1 of tensor.insert (%F)"}, ""},
		{"value", []string{"--value", "%F", conflict}, 0, []string{"7:8: copy: operand 1 of tensor.insert (%F)", "read: operand 0 of op#8 tensor.extract"}, ""},
		{"cf loop", []string{"--max-stack-bytes=0", "../../testdata/exec/cf_loop_01.mlir"}, 0, []string{
			`OUT:26:5: dealloc: %alloc is freed after op#24 func.call, its last use in a block it is not live out of`,
		}, ""},
		{"clone", []string{"../../testdata/exec/scf_if_01.mlir"}, 0, []string{
			`OUT:15:7: clone: a copy handed on instead of operand #0 of scf.yield, because it hands a borrowed buffer`,
		}, ""},
		{"arm", []string{"--max-stack-bytes=0", "../../testdata/exec/scf_if_04.mlir"}, 0, []string{
			`OUT:19:7: dealloc: %alloc is freed just before op#19 scf.yield, in a region of its scf.if that does not hand it on`,
			`dealloc_in_arm(%alloc, op#19 scf.yield)  [dealloc`,
		}, ""},
		{"when", []string{"--max-stack-bytes=0", "../../testdata/exec/scf_if_05.mlir"}, 0, []string{
			`OUT:26:5: dealloc: %r is freed after op#23 func.call if region #1 of its scf.if ran, the only region giving it a buffer it owns`,
			`dealloc_when(%r, op#23 func.call, 1)  [dealloc`,
		}, ""},
		{"cf block", []string{"--max-stack-bytes=0", "../../testdata/exec/cf_loop_02.mlir"}, 0, []string{
			`OUT:31:5: dealloc: %alloc is freed after op#28 func.call, its last use in a block it is not live out of`,
			`dealloc_in_block(%alloc, op#28 func.call)  [dealloc`,
		}, ""},
		{"before return", []string{"--max-stack-bytes=0", deallocFile}, 0, []string{
			`dealloc: %acc is freed just before op#387 func.return, whose block runs after every block that uses it`,
			`dealloc_before_return(%acc@cf_carry_two, op#387 func.return)  [dealloc`,
		}, ""},
		{"partial hand-over", []string{"--max-stack-bytes=0", "../../testdata/exec/cf_branch_02.mlir"}, 0, []string{
			`OUT:14:5: dealloc: %alloc_1 is freed at the start of ^bb2(op#2.r0), which it is not live into, reached from its only predecessor`,
			`cf_dies_on_edge(%alloc_1, ^bb2(op#2.r0))  [dealloc`,
			`used_elsewhere(%alloc_1)  [dealloc`,
		}, ""},
		{"edge block", []string{"--max-stack-bytes=0", deallocFile}, 0, []string{
			`OUT:349:5: dealloc: %a is freed on the edge to ^bb1(op#292.r0), which it is not live into, on a block of its own between op#301 cf.cond_br and it`,
			`dealloc_on_branch(%a@back_edge, op#301 cf.cond_br, ^bb1(op#292.r0))  [dealloc`,
			`cf_dies_on_branch(%a@back_edge, op#301 cf.cond_br, ^bb1(op#292.r0))  [dealloc`,
			`cf_root(%a@back_edge)  [dealloc`,
		}, ""},
		{"lend", []string{"--max-stack-bytes=0", "--optimize=empty,move,reuse", "../../testdata/exec/scf_if_06.mlir"}, 0, []string{
			`OUT:26:7: dealloc: %alloc is freed after op#25 func.call, the last op of its block that uses it or a view of it (or an scf.if result it is lent to)`,
			`lends_to(%alloc, %r)  [dealloc`,
			`OUT:26:7: dealloc: %r is freed after op#25 func.call if region #0 of its scf.if ran, the only region giving it a buffer it owns`,
		}, ""},
		{"bad format", []string{"--format=xml", conflict}, 2, nil, `unknown --format "xml"`},
		{"bad op", []string{"--op", "x", conflict}, 2, nil, `--op "x": want LINE:COL or FILE:LINE:COL`},
		{"missing", []string{"testdata/missing.mlir"}, 1, nil, "testdata/missing.mlir: error: cannot read input"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "_")+".mlir")
			stdout, stderr, code := run(t, "", append([]string{"explain", "-o", out}, tc.args...)...)
			if code != tc.wantCode || !strings.Contains(stderr, tc.wantErr) || (tc.wantErr == "") != (stderr == "") {
				t.Fatalf("exit %d, stderr %q; want exit %d, stderr with %q", code, stderr, tc.wantCode, tc.wantErr)
			}
			if tc.wantCode != 0 {
				if stdout != "" {
					t.Errorf("output on error: %q", stdout)
				}
				return
			}
			for _, w := range tc.want {
				if w = strings.ReplaceAll(w, "OUT", out); !strings.Contains(stdout, w) {
					t.Errorf("output lacks %s:\n%s", w, stdout)
				}
			}

		})
	}
}

// TestSentence checks how explain words a fact from its predicate's doc:
// the first sentence, each column's name replaced, as a whole word, by
// what the fact holds (a value by its plain name, an op, a block, a
// number), and nothing else; and as a clause after a colon.
func TestSentence(t *testing.T) {
	m, err := ir.Parse("s.mlir", []byte("func.func @f(%x: f32) -> f32 {\n  func.return %x : f32\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	db, names, err := extract.Module(m, extract.Options{})
	if err != nil {
		t.Fatal(err)
	}
	decl := &facts.Predicate{Name: "freed", Doc: "A is freed after Op, at the start of B, if region #K ran: A's buffer, not Ax's. More words.",
		Columns: []facts.Column{{Name: "A", Kind: facts.ValueKind}, {Name: "Op", Kind: facts.OpKind}, {Name: "B", Kind: facts.BlockKind}, {Name: "K", Kind: facts.NumberKind}}}
	st := &stepper{db: db, names: names, preds: map[string]*facts.Predicate{decl.Name: decl}}
	n := facts.Number
	row := []facts.Value{n(0), n(2), n(1), n(1)}
	if got, want := st.sentence(decl.Name, row), "%x is freed after op#2 func.return, at the start of ^bb0(op#1.r0), if region #1 ran: %x's buffer, not Ax's"; got != want {
		t.Errorf("sentence %q\nwant     %q", got, want)
	}
	if got, want := st.sentence("undeclared", row), "undeclared(0, 2, 1, 1)"; got != want {
		t.Errorf("a fact without a doc: %q, want %q", got, want)
	}
	for s, want := range map[string]string{"In place it would": "in place it would", "WOp writes": "WOp writes", "%x is": "%x is"} {
		if got := asClause(s); got != want {
			t.Errorf("asClause(%q) = %q, want %q", s, got, want)
		}
	}
}
