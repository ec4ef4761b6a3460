package main

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/mangle/ast"

	"bufferlog/driver"
	"bufferlog/facts"
	"bufferlog/internal/tooltest"
	"bufferlog/rules"
	"bufferlog/rules/contract"
	"bufferlog/solve"
)

func TestQuery(t *testing.T) {
	dir := t.TempDir()
	write := fileWriter(t, dir)
	pairs := write("pairs.mg", "Decl pair(A, B) descr [doc(\"test pairs\"), arg(A, \"number\"), arg(B, \"value id\")].\npair(1, 1). pair(1, 2). pair(3, 3).\n")
	// Replaces the built-in alias.mg: only 8-byte tensors count.
	alias := write("alias.mg", "Decl tensor_value(V) descr [doc(\"8-byte tensors\"), driver(/reads), arg(V, \"value id\")].\ntensor_value(V) :- value_type(V, /tensor, 8).\n")
	badSyntax := write("syntax.mg", "Decl p(X) descr [doc(\"p\")].\np(X) :- tensor_value(X)\n")
	badPred := write("pred.mg", "Decl p(X) descr [doc(\"p\")].\n\np(X) :- tensor_valu(X).\n")
	for _, tt := range []struct {
		name     string
		args     []string
		wantCode int
		want     string // stdout, exactly
		wantErr  string // in stderr; "" means stderr must be empty
	}{
		{"value constant", []string{"may_alias_step(X, 9)"}, 0,
			aliasFile + ":1:14: may_alias_step(%t, %y)\n" + aliasFile + ":5:3: may_alias_step(%x, %y)\n", ""},
		{"whole module at once", []string{"may_alias_step(X, 9)", "-j", "1"}, 0,
			aliasFile + ":1:14: may_alias_step(%t, %y)\n" + aliasFile + ":5:3: may_alias_step(%x, %y)\n", ""},
		{"op and value names", []string{"writes_value(V, Op)"}, 0,
			aliasFile + ":1:14: writes_value(%t, op#5 tensor.insert)\n" +
				aliasFile + ":8:3: writes_value(%y, op#9 scf.for)\n" +
				aliasFile + ":9:51: writes_value(%a, op#10 linalg.fill)\n" +
				aliasFile + ":14:6: writes_value(%b, op#14 my.op)\n", ""},
		{"name constant and wildcard", []string{"aliases(Op, _, V, /equivalent)", "--engine=mangle"}, 0,
			aliasFile + ":5:8: aliases(op#5 tensor.insert, 1, %x, /equivalent)\n" +
				aliasFile + ":8:8: aliases(op#8 arith.select, 1, %y, /equivalent)\n" +
				aliasFile + ":8:8: aliases(op#8 arith.select, 2, %y, /equivalent)\n" +
				aliasFile + ":10:10: aliases(op#10 linalg.fill, 1, %z, /equivalent)\n" +
				aliasFile + ":13:3: aliases(op#13 cf.br, 0, %b, /equivalent)\n", ""},
		{"string constant", []string{`op(Op, "my.op")`}, 0, aliasFile + `:15:8: op(op#14 my.op, "my.op")` + "\n", ""},
		{"blocks", []string{"dominates_block(A, B)."}, 0,
			aliasFile + ":1:1: dominates_block(^bb0(op#0.r0), ^bb0(op#0.r0))\n" +
				aliasFile + ":2:3: dominates_block(^bb0(op#1.r0), ^bb0(op#1.r0))\n" +
				aliasFile + ":2:3: dominates_block(^bb0(op#1.r0), ^bb1(op#1.r0))\n" +
				aliasFile + ":14:1: dominates_block(^bb1(op#1.r0), ^bb1(op#1.r0))\n" +
				aliasFile + ":10:5: dominates_block(^bb0(op#9.r0), ^bb0(op#9.r0))\n" +
				// linalg.fill's body is implicit: it has no position of its own.
				aliasFile + ":1:1: dominates_block(^bb0(op#10.r0), ^bb0(op#10.r0))\n", ""},
		{"repeated variable, added file", []string{"pair(X, X)", "--rules", pairs}, 0,
			aliasFile + ":1:33: pair(1, %c)\n" + aliasFile + ":2:3: pair(3, %c0)\n", ""},
		{"replaced file", []string{"tensor_value(V)", "--rules", alias}, 0,
			aliasFile + ":6:3: tensor_value(%s)\n", ""},
		{"no match", []string{"op_before(A, A)"}, 0, "", ""},
		{"query syntax", []string{"may_alias_step(X,, Y)"}, 1, "", "<query>:1:18: error: syntax error: extraneous input ',' expecting"},
		{"ids are numbers", []string{"may_alias_step(X, %y)"}, 1, "", "<query>:1:19: error: syntax error: token recognition error at: '%'"},
		{"not one atom", []string{"p(X) :- q(X)"}, 1, "", "<query>:1:1: error: a query is one atom, such as may_alias_step(X, Y)\n"},
		{"unknown predicate", []string{"may_alias(X, Y)"}, 1, "", "<query>:1:1: error: unknown predicate may_alias\n"},
		{"arity", []string{"tensor_value(X, Y)"}, 1, "", "<query>:1:1: error: tensor_value takes 1 arguments, not 2\n"},
		{"rule syntax", []string{"p(X)", "--rules", badSyntax}, 1, "", badSyntax + ":3:1: error: syntax error: missing '.' at '<EOF>'\n"},
		{"rule predicate", []string{"p(X)", "--rules", badPred}, 1, "", badPred + ":3:1: error: in clause \"p(X) :- tensor_valu(X).\" could not find predicate tensor_valu(A0)\n"},
		{"missing rules", []string{"p(X)", "--rules", filepath.Join(dir, "none.mg")}, 1, "", filepath.Join(dir, "none.mg") + ": error: cannot read rules: no such file or directory\n"},
		{"schema not replaceable", []string{"p(X)", "--rules", write("schema.mg", "")}, 1, "", "schema.mg is generated from the fact schema and cannot be replaced\n"},
		{"engine", []string{"p(X)", "--engine", "souffle"}, 2, "", "bufferlog query: unknown engine \"souffle\" (ours or mangle)\n"},
		// alias.mg:149 is writes_value(V, Op) :- use(Op, I, V), writes(Op, I).
		{"why", []string{"writes_value(V, 5)", "--why"}, 0,
			aliasFile + ":1:14: writes_value(%t, op#5 tensor.insert)\n" +
				"  writes_value(%t, op#5 tensor.insert)  [alias.mg:149]\n" +
				"    at " + aliasFile + ":1:14\n" +
				"      func.func @f(%t: tensor<4xf32>, %c: i1, %f: f32) -> tensor<4xf32> {\n" +
				"                   ^\n" +
				"    use(op#5 tensor.insert, 1, %t)  [extracted from the IR]\n" +
				"      at " + aliasFile + ":5:8\n" +
				"          %x = tensor.insert %f into %t[%c0] : tensor<4xf32>\n" +
				"               ^\n" +
				"    writes(op#5 tensor.insert, 1)  [extracted from the IR]\n" +
				"      at " + aliasFile + ":5:8\n" +
				"          %x = tensor.insert %f into %t[%c0] : tensor<4xf32>\n" +
				"               ^\n", ""},
		{"why needs our engine", []string{"writes_value(V, 5)", "--why", "--engine=mangle"}, 2, "", "bufferlog query: --why needs --engine=ours\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			stdout, stderr, code := run(t, "", append([]string{"query", aliasFile}, tt.args...)...)
			if code != tt.wantCode || stdout != tt.want || !strings.Contains(stderr, tt.wantErr) || (tt.wantErr == "") != (stderr == "") {
				t.Errorf("exit %d, stdout:\n%s\nstderr: %q\nwant exit %d, stdout:\n%s\nstderr: %q", code, stdout, stderr, tt.wantCode, tt.want, tt.wantErr)
			}
		})
	}
}

// TestQueryWhyDecisions: --why on a predicate that reads the in-place
// decisions keeps every fact of the analysis, so the derivation reaches
// the driver's decision and the facts extracted from the IR.
func TestQueryWhyDecisions(t *testing.T) {
	const file = "../../testdata/oneshot/greedy_copies_more.mlir"
	stdout, stderr, code := run(t, "", "query", file, "copy_contents(Op, I)", "--why")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		file + ":7:8: copy_contents(op#5 tensor.insert, 1)\n  copy_contents(op#5 tensor.insert, 1)  [decisions.mg:",
		"    out_of_place(op#5 tensor.insert, 1)  [given by the decision driver]\n",
		"      reads(op#5 tensor.insert, 1)  [extracted from the IR]\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
}

// TestQueryEngines checks that Mangle's engine and ours derive the same
// facts for every predicate of the built-in rules that does not depend on
// the in-place decisions (those only our driver takes) and is not the
// checker's (where Mangle's engine loses facts), and that every
// predicate has facts on some input, so that each comparison means
// something.
func TestQueryEngines(t *testing.T) {
	tooltest.Slow(t)
	preds, err := rules.Predicates(rules.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	// Each input with the flags it is queried with: deallocFile also with
	// no stack, where its buffers show every shape of heap ownership and
	// take each other's storage, and with fresh results as arguments.
	inputs := [][]string{{aliasFile}, {inplaceFile}, {"../../testdata/roundtrip/cf_006_tensor_block_args.mlir"},
		{"../../testdata/roundtrip/program_027_empty_elimination.mlir"},
		{"../../testdata/roundtrip/program_016_cfg_tensor_loop.mlir"}, {"../../testdata/roundtrip/bufferization_006_alloc_tensor_loop.mlir"},
		{deallocFile}, {deallocFile, "--max-stack-bytes=0", "--results-to-out-params=all"}, {checkFile},
		// A cf loop whose exit joins its tensor and an argument of disjoint
		// origins (disjoint_origins).
		{"../../testdata/exec/cf_loop_11.mlir"},
		// Frees written in the input (freed_in_input) and a buffer in
		// memory space 1 (other_space).
		{"../../testdata/roundtrip/memref_001_alloc.mlir"}}
	// The checker's predicates are about memref IR: they are compared on
	// checkFile only, and the others on the rest.
	checkPreds, err := rules.Predicates(rules.Checker())
	if err != nil {
		t.Fatal(err)
	}
	ofChecker := map[string]bool{}
	for _, p := range checkPreds {
		ofChecker[p.Name] = true
	}
	seen := map[string]bool{}
	for _, args := range inputs {
		in := args[0]
		for _, p := range preds {
			if _, ok := facts.Lookup(p.Name); ok || ofChecker[p.Name] != (in == checkFile) {
				continue
			}
			vars := make([]string, p.Arity())
			for i, c := range p.Columns {
				vars[i] = c.Name
			}
			q := p.Name + "(" + strings.Join(vars, ", ") + ")"
			ours, errOurs, _ := run(t, "", append([]string{"query", in, q}, args[1:]...)...)
			seen[p.Name] = seen[p.Name] || ours != ""
			// The checker's rules follow facts along paths in one large
			// recursive component, where Mangle's semi-naive engine loses
			// facts (shared/notes/mangle.md, section 1): ours only.
			if ofChecker[p.Name] || slices.ContainsFunc(append(driver.DriverPredicates(), driver.DeallocDriverPredicates()...), prog.Restrict(p.Name).Needs) {
				if errOurs != "" {
					t.Errorf("%s %s: %s", in, q, errOurs)
				}
				continue
			}
			theirs, errTheirs, _ := run(t, "", append([]string{"query", in, q, "--engine=mangle"}, args[1:]...)...)
			if ours != theirs || errOurs != "" || errTheirs != "" {
				t.Errorf("%s %s: ours (stderr %q):\n%s\nmangle (stderr %q):\n%s", in, q, errOurs, ours, errTheirs, theirs)
			}
		}
	}
	// The re-checks must stay empty: decisions that leave a conflict,
	// buffers sharing storage while live (reuse_overlap), or an input's
	// free the rules cannot follow (unfollowed_free), are an error (TestMinCopy checks every program, TestRecheck in package
	// rules that they find faults). extra_excuse is for alternative rule
	// files to derive (TestDiffRulesGolden shows its effects).
	// unconfirmed_with is empty once the deallocation's assumptions
	// settle, which is when query shows the facts; its facts in the rounds
	// before are TestDeallocationSettlesChains' (package driver).
	empty := append(contract.Names(contract.RemainingConflict, contract.RemainingReadOnly, contract.RemainingParallelWrite, contract.ReuseOverlap,
		contract.UnfollowedFree, contract.UnconfirmedWith),
		"extra_excuse")
	for _, p := range preds {
		if _, ok := facts.Lookup(p.Name); !ok && !seen[p.Name] && !slices.Contains(empty, p.Name) {
			t.Errorf("no input has %s facts", p.Name)
		}
	}
}

func TestRulesCommand(t *testing.T) {
	stdout, _, code := run(t, "", "rules")
	if code != 0 {
		t.Fatalf("rules: exit %d", code)
	}
	// Every built-in file and alternative is listed, in order, with the
	// first line of its header.
	lines := strings.Split(stdout, "\n")
	var listed []string
	for _, name := range append(rules.Names(), rules.Alternatives()...) {
		doc, ok := rules.Describe(name)
		if !ok || doc == "" {
			t.Errorf("%s has no description", name)
		}
		for _, l := range lines {
			if f := strings.Fields(l); len(f) > 1 && f[0] == name && strings.HasSuffix(l, doc) {
				listed = append(listed, name)
			}
		}
	}
	if want := append(rules.Names(), rules.Alternatives()...); !slices.Equal(listed, want) {
		t.Errorf("rules lists %v, want %v:\n%s", listed, want, stdout)
	}
	if len(rules.Alternatives()) < 2 {
		t.Errorf("alternatives %v, want at least two", rules.Alternatives())
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"rules", "show", "schema.mg"}, facts.Decls()},
		{[]string{"rules", "schema.mg"}, facts.Decls()},
		{[]string{"rules", "show", "alt:cfg-paths"}, mustShow(t, "alt:cfg-paths")},
		{[]string{"rules", "alt:disjoint-slices"}, mustShow(t, "alt:disjoint-slices")},
	} {
		if stdout, _, code := run(t, "", tc.args...); code != 0 || stdout != tc.want {
			t.Errorf("%v: exit %d, %.60q", tc.args, code, stdout)
		}
	}
	for _, args := range [][]string{{"rules", "nope.mg"}, {"rules", "show", "nope.mg"}, {"rules", "show", "alt:../inplace"}} {
		if stdout, stderr, code := run(t, "", args...); code != 1 || stdout != "" || !strings.Contains(stderr, "no built-in rule file or alternative") {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
}

func mustShow(t *testing.T, name string) string {
	t.Helper()
	text, ok := rules.Show(name)
	if !ok || !strings.HasPrefix(text, "# ") {
		t.Fatalf("Show(%s) = %.40q, %v", name, text, ok)
	}
	return text
}

// TestQueryPerFunction checks that evaluating function by function gives
// the output of evaluating the whole module, byte for byte, for every
// built-in predicate whose rules allow it, on every corpus file; and that
// the predicates whose rules join two functions are left to the whole
// module.
func TestQueryPerFunction(t *testing.T) {
	tooltest.Slow(t)
	rs := analysisRules(t)
	prog := rs.prog
	preds := rs.decls()
	var local []*query
	for _, p := range preds {
		if _, ok := facts.Lookup(p.Name); ok {
			continue
		}
		vars := make([]ast.BaseTerm, p.Arity())
		for i := range vars {
			vars[i] = ast.Variable{Symbol: fmt.Sprintf("X%d", i)}
		}
		// Queries of the decisions always run the module analysis.
		restricted := prog.Restrict(p.Name)
		if restricted.FunctionLocal(preds) && !slices.ContainsFunc(driver.DriverPredicates(), restricted.Needs) {
			local = append(local, &query{pred: p, args: vars})
		}
	}
	// op_before pairs the module's functions; the classes are unions over
	// every function, which are local.
	for name, want := range map[string]bool{"op_before": false, "may_alias_step": true, "alias_class": true} {
		if got := slices.ContainsFunc(local, func(q *query) bool { return q.pred.Name == name }); got != want {
			t.Errorf("%s function-local: %v, want %v", name, got, want)
		}
	}
	files, err := filepath.Glob("../../testdata/roundtrip/*.mlir")
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	compared, split := 0, 0
	for _, file := range files {
		m, opts, err := loadForExtraction(file, nil)
		if err != nil {
			continue // not extracted at all, either way
		}
		for _, q := range local {
			p := pipeline{rules: rs, opts: opts}
			one, _ := p.start(1)
			two, _ := p.start(2)
			whole, wnames, werr := derive(m, one, q.pred.Name, "ours")
			parts, pnames, perr := derive(m, two, q.pred.Name, "ours")
			if werr != nil || perr != nil {
				if fmt.Sprint(werr) != fmt.Sprint(perr) {
					t.Errorf("%s %s: whole module: %v, per function: %v", file, q.pred.Name, werr, perr)
				}
				continue
			}
			if len(whole) != 1 {
				t.Fatalf("%s %s: one worker gave %d DBs", file, q.pred.Name, len(whole))
			}
			split += len(parts) - 1
			if got, want := q.answer(parts, pnames, nil), q.answer(whole, wnames, nil); !bytes.Equal(got, want) {
				t.Errorf("%s %s: per function:\n%s\nwhole module:\n%s", file, q.pred.Name, got, want)
			}
			compared++
		}
	}
	if compared == 0 || split <= compared {
		t.Fatalf("%d (file, predicate) pairs compared, over %d functions: nothing was split", compared, split)
	}
	t.Logf("%d (file, predicate) pairs compared, %d predicates function-local", compared, len(local))
}
