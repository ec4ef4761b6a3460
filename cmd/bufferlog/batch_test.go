package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bufferlog/driver"
	"bufferlog/internal/tooltest"
	"bufferlog/internal/workload"
	"bufferlog/rules"
	"bufferlog/solve"
)

// malformed are inputs bufferize must reject, one of each kind of error,
// by the path they get in the test tree and the position of their error.
var malformed = []struct{ path, src, at string }{
	{"bad_undeclared.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %b : tensor<4xf32>\n}\n", "2:10"},
	{"a/bad_type.mlir", "func.func @f(%a: tensor<4xfoo>) -> tensor<4xf32> {\n  return %a : tensor<4xf32>\n}\n", "1:27"},
	{"a/b/bad_unregistered.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = \"my.op\"(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n", "2:8"},
	{"a/b/c/bad_truncated.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %c0 = arith.constant 0 : index\n  %x = tensor.extract %a[%c0] : tens", "3:33"},
	{"d/bad_bitcast.mlir", "func.func @f(%a: tensor<4xi32>) -> tensor<4xf32> {\n  %0 = tensor.bitcast %a : tensor<4xi32> to tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n", "2:8"},
	{"d/bad_mismatch.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a : tensor<8xf32>\n}\n", "2:10"},
	{"d/e/bad_unknown_custom.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = tensor.bogus %a : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n", "2:8"},
	{"d/e/bad_sparse.mlir", "#sv = #sparse_tensor.encoding<{ map = (d0) -> (d0 : compressed) }>\nfunc.func @f(%a: tensor<4xf32, #sv>) -> index {\n  %c0 = arith.constant 0 : index\n  %d = tensor.dim %a, %c0 : tensor<4xf32, #sv>\n  return %d : index\n}\n", "2:1"},
	{"d/e/bad_redefinition.mlir", "func.func @f() {\n  return\n}\nfunc.func @f() {\n  return\n}\n", "4:1"},
	{"bad_callee.mlir", "func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = func.call @g(%a) : (tensor<4xf32>) -> tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n", "2:8"},
	{"a/bad_binary.mlir", "\x00\x01\x02 not MLIR", "1:1"},
}

// batchTree writes valid generated tensor programs and the malformed
// inputs into a nested tree under dir, and returns the paths of the valid
// ones, relative to dir.
func batchTree(t *testing.T, dir string, valid int) []string {
	t.Helper()
	subdirs := []string{"", "a", "a/b", "a/b/c", "d", "d/e"}
	var good []string
	for i := range valid {
		src := workload.Random(uint64(i), 4+i%5)
		if i%2 == 0 {
			src = workload.Executable(uint64(i), 3+i%4)
		}
		rel := filepath.Join(subdirs[i%len(subdirs)], fmt.Sprintf("p%03d.mlir", i))
		writeFile(t, filepath.Join(dir, rel), src)
		good = append(good, rel)
	}
	for _, m := range malformed {
		writeFile(t, filepath.Join(dir, m.path), m.src)
	}
	return good
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// treeFiles returns the contents of every file under dir by relative
// path.
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		files[rel], err = os.ReadFile(path)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// copyTree copies the files under src into dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	for rel, data := range treeFiles(t, src) {
		writeFile(t, filepath.Join(dst, rel), string(data))
	}
}

// stderrLines splits stderr into its diagnostics (FILE:LINE:COL: error:),
// its `ok IN -> OUT` and `FAILED IN` lines, and the rest.
func stderrLines(stderr string) (diags, progress, rest []string) {
	for _, line := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		switch {
		case diagnostic.MatchString(line) && strings.Contains(line, ": note: "):
			// A note belongs to the error before it.
		case diagnostic.MatchString(line):
			diags = append(diags, line)
		case strings.HasPrefix(line, "ok ") || strings.HasPrefix(line, "FAILED "):
			progress = append(progress, line)
		default:
			rest = append(rest, line)
		}
	}
	return diags, progress, rest
}

// copyType is the memref type a memref.copy line copies from.
var copyType = regexp.MustCompile(`memref\.copy %\S+, %\S+ : memref<([^,>]*)`)

// elementBytes are the sizes of the element types the generated
// programs use.
var elementBytes = map[string]int64{"f32": 4, "f64": 8, "i32": 4, "i64": 8, "index": 8, "i1": 1}

// textCounts counts the allocations, copies and deallocations of printed
// memref IR line by line, independently of countOps, which walks the IR.
func textCounts(t *testing.T, text string) opCounts {
	t.Helper()
	var c opCounts
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.Contains(line, "= memref.alloc("):
			c.Allocs++
		case strings.Contains(line, "memref.dealloc "):
			c.Deallocs++
		case strings.Contains(line, "memref.copy "):
			c.Copies++
			m := copyType.FindStringSubmatch(line)
			if m == nil {
				t.Fatalf("cannot read the type of %q", line)
			}
			parts := strings.Split(m[1], "x")
			size, ok := elementBytes[parts[len(parts)-1]]
			if !ok {
				t.Fatalf("element type of %q", line)
			}
			for _, d := range parts[:len(parts)-1] {
				n, err := strconv.ParseInt(d, 10, 64)
				if err != nil {
					size = -1
					break
				}
				size *= n
			}
			if size < 0 {
				c.DynamicCopies++
			} else {
				c.CopiedBytes += size
			}
		}
	}
	return c
}

// TestBufferizeBatch drives the built binary over a tree of 190 generated
// programs and 10 malformed files: with --out-dir, a rerun into the same
// directory with --stats-file, and with --in-place on a copy of the tree.
func TestBufferizeBatch(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	root := t.TempDir()
	in, out := filepath.Join(root, "in"), filepath.Join(root, "out")
	good := batchTree(t, in, 190)
	inputs := treeFiles(t, in)

	stdout, stderr, code := run(t, "", "bufferize", "--out-dir", out, "-j", "2", in)
	if code != 1 || stdout != "" {
		t.Fatalf("exit %d, stdout %q; want 1 and nothing on stdout", code, stdout)
	}
	outputs := treeFiles(t, out)
	if got, want := slices.Sorted(maps.Keys(outputs)), slices.Sorted(slices.Values(good)); !slices.Equal(got, want) {
		t.Fatalf("%d output files, want the %d valid inputs' paths:\n%v", len(got), len(want), got)
	}
	var all [][]byte
	for _, rel := range good {
		if bytes.Contains(outputs[rel], []byte("tensor<")) {
			t.Errorf("%s: the output still has tensors", rel)
		}
		all = append(all, outputs[rel])
	}
	// One mlir-opt-22 run verifies every output, each on its own; only if
	// it fails are they verified one by one, to name the culprits.
	if !verifyWithMLIR(t, mlirOpt, bytes.Join(all, []byte("\n// -----\n")), "--split-input-file") {
		for _, rel := range good {
			if !verifyWithMLIR(t, mlirOpt, outputs[rel]) {
				t.Errorf("%s: mlir-opt-22 rejects it", rel)
			}
		}
	}

	diags, progress, rest := stderrLines(stderr)
	if len(diags) != len(malformed) {
		t.Errorf("%d diagnostics, want %d:\n%s", len(diags), len(malformed), strings.Join(diags, "\n"))
	}
	for _, m := range malformed {
		prefix := filepath.Join(in, m.path) + ":" + m.at + ": error: "
		if !slices.ContainsFunc(diags, func(d string) bool { return strings.HasPrefix(d, prefix) }) {
			t.Errorf("no diagnostic %q...", prefix)
		}
	}
	// The progress lines come in the order of the walk, whatever the
	// order the workers finished in.
	var wantProgress []string
	for _, rel := range slices.Sorted(maps.Keys(inputs)) {
		if slices.Contains(good, rel) {
			wantProgress = append(wantProgress, "ok "+filepath.Join(in, rel)+" -> "+filepath.Join(out, rel))
		} else {
			wantProgress = append(wantProgress, "FAILED "+filepath.Join(in, rel))
		}
	}
	sortWalk(wantProgress)
	if !slices.Equal(progress, wantProgress) {
		t.Errorf("progress lines:\n%s\nwant:\n%s", strings.Join(progress, "\n"), strings.Join(wantProgress, "\n"))
	}
	summary := fmt.Sprintf("bufferize: 190 ok, %d failed", len(malformed))
	if len(rest) != 2 || rest[0] != summary || !strings.HasPrefix(rest[1], "outputs: ") {
		t.Errorf("summary %q", rest)
	}

	t.Run("rerun", func(t *testing.T) {
		stats := filepath.Join(root, "stats.json")
		_, stderr, code := run(t, "", "bufferize", in, "--out-dir", out, "-j", "2", "--stats-file", stats)
		if code != 1 {
			t.Errorf("exit %d, want 1", code)
		}
		if again := treeFiles(t, out); !maps.EqualFunc(again, outputs, bytes.Equal) {
			t.Errorf("the rerun wrote other files or contents: %d files", len(again))
		}
		if _, _, rest := stderrLines(stderr); len(rest) != 2 || rest[0] != summary {
			t.Errorf("summary %q", rest)
		}
		data, err := os.ReadFile(stats)
		if err != nil {
			t.Fatal(err)
		}
		sum := checkStatsJSON(t, data)
		if sum.Files != 190+len(malformed) || sum.OK != 190 || sum.Failed != len(malformed) {
			t.Errorf("files %d, ok %d, failed %d", sum.Files, sum.OK, sum.Failed)
		}
		var want opCounts
		for _, r := range sum.Results {
			rel, _ := filepath.Rel(in, r.Input)
			if r.Error != "" {
				continue
			}
			c := textCounts(t, string(outputs[rel]))
			if r.Counts != c {
				t.Errorf("%s: counts %+v, the output has %+v", rel, r.Counts, c)
			}
			want.add(c)
		}
		if sum.Totals != want || want.Allocs == 0 || want.Copies == 0 || want.Deallocs == 0 {
			t.Errorf("totals %+v, the outputs have %+v", sum.Totals, want)
		}
		t.Logf("totals of the 190 outputs: %+v; seconds %+v", sum.Totals, sum.Seconds)
	})

	t.Run("in-place", func(t *testing.T) {
		tree := filepath.Join(root, "inplace")
		copyTree(t, in, tree)
		stdout, stderr, code := run(t, "", "bufferize", "--in-place", "-j", "2", tree)
		if code != 1 || stdout != "" {
			t.Fatalf("exit %d, stdout %q; want 1 and nothing on stdout", code, stdout)
		}
		if diags, _, _ := stderrLines(stderr); len(diags) != len(malformed) {
			t.Errorf("%d diagnostics, want %d", len(diags), len(malformed))
		}
		after := treeFiles(t, tree)
		if len(after) != len(inputs) {
			t.Errorf("%d files after, %d before", len(after), len(inputs))
		}
		for _, rel := range good {
			if !bytes.Equal(after[rel], outputs[rel]) {
				t.Errorf("%s is not its bufferized form", rel)
			}
			if info, err := os.Stat(filepath.Join(tree, rel)); err != nil || info.Mode().Perm() != 0o644 {
				t.Errorf("%s: mode %v, %v; want the input's 0644", rel, info.Mode(), err)
			}
		}
		for _, m := range malformed {
			if !bytes.Equal(after[m.path], []byte(m.src)) {
				t.Errorf("%s changed", m.path)
			}
		}
	})
}

// sortWalk sorts `ok IN -> OUT` and `FAILED IN` lines in the order in
// which filepath.WalkDir visits their inputs.
func sortWalk(lines []string) {
	input := func(line string) string {
		f := strings.Fields(line)
		return f[1]
	}
	slices.SortFunc(lines, func(a, b string) int {
		da, db := strings.Split(input(a), "/"), strings.Split(input(b), "/")
		return slices.Compare(da, db)
	})
}

// checkStatsJSON decodes --stats=json output, checking it has the fields
// of the schema and no others.
func checkStatsJSON(t *testing.T, data []byte) *runSummary {
	t.Helper()
	var generic map[string]any
	if err := json.Unmarshal(data, &generic); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	keys := func(v any) []string {
		m, _ := v.(map[string]any)
		return slices.Sorted(maps.Keys(m))
	}
	counts := []string{"allocs", "copied_bytes", "copies", "deallocs", "dynamic_copies"}
	for _, c := range []struct {
		what string
		got  []string
		want []string
	}{
		{"top level", keys(generic), []string{"failed", "files", "ok", "results", "seconds", "totals", "version"}},
		{"totals", keys(generic["totals"]), counts},
		{"seconds", keys(generic["seconds"]), []string{"analysis", "dealloc", "parse", "print", "rewrite", "wall"}},
	} {
		if !slices.Equal(c.got, c.want) {
			t.Errorf("%s: keys %v, want %v", c.what, c.got, c.want)
		}
	}
	results, _ := generic["results"].([]any)
	for _, r := range results {
		ks := keys(r)
		failed := slices.Contains(ks, "error")
		want := []string{"counts", "input", "output"}
		if failed {
			want = []string{"counts", "error", "input"}
		}
		if !slices.Equal(ks, want) || !slices.Equal(keys(r.(map[string]any)["counts"]), counts) {
			t.Errorf("result keys %v, want %v", ks, want)
		}
	}
	if generic["version"] != float64(statsVersion) {
		t.Errorf("version %v", generic["version"])
	}
	var sum runSummary
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	return &sum
}

// TestBufferizeBatchCases runs small batches: file arguments, a file that
// cannot be read, a rerun after an input broke, the single-file form with
// --stats, and usage errors, which must write nothing.
func TestBufferizeBatchCases(t *testing.T) {
	dir := t.TempDir()
	ok1, ok2 := filepath.Join(dir, "in", "one.mlir"), filepath.Join(dir, "in", "sub", "two.mlir")
	writeFile(t, ok1, workload.Random(1, 3))
	writeFile(t, ok2, workload.Random(2, 3))
	writeFile(t, filepath.Join(dir, "other", "one.mlir"), workload.Random(3, 3))
	os.MkdirAll(filepath.Join(dir, "empty"), 0o755)
	bad := filepath.Join(dir, "bad.mlir")
	writeFile(t, bad, malformed[0].src)
	badRules := filepath.Join(dir, "bad.mg")
	writeFile(t, badRules, "foo(X) :- bar(X\n")
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")

	for _, tc := range []struct {
		name     string
		args     []string
		wantCode int
		wantErr  []string // lines of stderr, as regexps, in order
		wantOut  []string // files under out afterwards
		wantIn   string   // a substring of every file under out
	}{
		{"files by base name", []string{ok1, ok2, "--out-dir", out}, 0, []string{
			`^ok \S+/in/one\.mlir -> \S+/out/one\.mlir$`, `^ok \S+/two\.mlir -> \S+/out/two\.mlir$`,
			`^bufferize: 2 ok, 0 failed$`, `^outputs: \d+ memref\.alloc`,
		}, []string{"one.mlir", "two.mlir"}, ""},
		{"missing file", []string{ok1, filepath.Join(dir, "none.mlir"), "--out-dir", out}, 1, []string{
			`^ok `, `none\.mlir: error: cannot read input: no such file or directory$`, `^FAILED \S+none\.mlir$`,
			`^bufferize: 1 ok, 1 failed$`, `^outputs: `,
		}, []string{"one.mlir"}, ""},
		{"stats text", []string{in, "--out-dir", out, "--stats", "-j", "1"}, 0, []string{
			`^ok `, `^ok `, `^bufferize: 2 ok, 0 failed$`, `^outputs: `,
			`^time: parse \d+\.\d\ds, analysis \d+\.\d\ds, rewrite \d+\.\d\ds, dealloc \d+\.\d\ds, print \d+\.\d\ds \(summed over files\); wall \d+\.\d\ds$`,
		}, []string{"one.mlir", "sub/two.mlir"}, ""},
		// Every flag applies to every file.
		{"analysis only", []string{in, "--out-dir", out, "--analysis-only"}, 0, []string{
			`^ok `, `^ok `, `^bufferize: 2 ok, 0 failed$`, `^outputs: 0 memref\.alloc, 0 memref\.copy \(0 bytes static, 0 dynamic\), 0 memref\.dealloc$`,
		}, []string{"one.mlir", "sub/two.mlir"}, "__inplace_operands_attr__"},
		{"no deallocation", []string{in, "--out-dir", out, "--dealloc=none", "--function-boundary-type-conversion=identity-layout-map"}, 0, []string{
			`^ok `, `^ok `, `^bufferize: 2 ok, 0 failed$`, `^outputs: [1-9]\d* memref\.alloc, .*, 0 memref\.dealloc$`,
		}, []string{"one.mlir", "sub/two.mlir"}, "(%arg0: memref<16xf32>"},
		{"bad rule file", []string{in, "--out-dir", out, "--rules", badRules}, 1, []string{`^\S+bad\.mg:2:1: error: syntax error`}, nil, ""},
		// The first input is parsed while the rules compile: their error
		// still comes alone.
		{"bad rule file, malformed input", []string{bad, "--out-dir", out, "--rules", badRules}, 1, []string{`^\S+bad\.mg:2:1: error: syntax error`}, nil, ""},
		{"malformed input", []string{bad, "--out-dir", out}, 1, []string{`^\S+bad\.mlir:\d+:\d+: error: `, `^FAILED \S+bad\.mlir$`, `^bufferize: 0 ok, 1 failed$`, `^outputs: `}, nil, ""},
		{"no inputs", nil, 2, []string{`want input files or directories`}, nil, ""},
		{"directory needs --out-dir", []string{in}, 2, []string{`give --out-dir DIR, or --in-place`}, nil, ""},
		{"two files need --out-dir", []string{ok1, ok2}, 2, []string{`give --out-dir DIR`}, nil, ""},
		{"-o with a batch", []string{in, "--out-dir", out, "-o", filepath.Join(dir, "x.mlir")}, 2, []string{`-o takes a single input file`}, nil, ""},
		{"--out-dir and --in-place", []string{in, "--out-dir", out, "--in-place"}, 2, []string{`exclude each other`}, nil, ""},
		{"same output twice", []string{ok1, filepath.Join(dir, "other", "one.mlir"), "--out-dir", out}, 2, []string{`both be written to \S+/out/one\.mlir`}, nil, ""},
		{"--out-dir inside the input", []string{in, "--out-dir", filepath.Join(in, "out")}, 2, []string{`is inside the input directory`}, nil, ""},
		{"--out-dir onto the input", []string{ok1, "--out-dir", in}, 2, []string{`would overwrite the input`}, nil, ""},
		{"no *.mlir", []string{filepath.Join(dir, "empty"), "--out-dir", out}, 2, []string{`no \*\.mlir file in`}, nil, ""},
		{"stdin in a batch", []string{"-", ok1, "--out-dir", out}, 2, []string{`stdin`}, nil, ""},
		{"workers", []string{in, "--out-dir", out, "-j", "0"}, 2, []string{`want at least one worker`}, nil, ""},
		{"bad --stats", []string{in, "--out-dir", out, "--stats=xml"}, 2, []string{`want text or json`}, nil, ""},
		{"unknown flag", []string{ok1, "--nope"}, 2, []string{`flag provided but not defined: --nope`}, nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			os.RemoveAll(out)
			stdout, stderr, code := run(t, "", append([]string{"bufferize"}, tc.args...)...)
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			if code != tc.wantCode || stdout != "" || len(lines) != len(tc.wantErr) {
				t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit %d, %d lines", code, stdout, stderr, tc.wantCode, len(tc.wantErr))
			}
			for i, re := range tc.wantErr {
				if !regexp.MustCompile(re).MatchString(lines[i]) {
					t.Errorf("stderr line %q does not match %q", lines[i], re)
				}
			}
			var got []string
			if _, err := os.Stat(out); err == nil {
				files := treeFiles(t, out)
				got = slices.Sorted(maps.Keys(files))
				for name, data := range files {
					if !bytes.Contains(data, []byte(tc.wantIn)) {
						t.Errorf("%s lacks %q", name, tc.wantIn)
					}
				}
			}
			if !slices.Equal(got, tc.wantOut) {
				t.Errorf("files written %v, want %v", got, tc.wantOut)
			}
		})
	}

	t.Run("an input that broke keeps its earlier output", func(t *testing.T) {
		os.RemoveAll(out)
		tree := filepath.Join(dir, "broken")
		copyTree(t, in, tree)
		if _, stderr, code := run(t, "", "bufferize", tree, "--out-dir", out); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		before := treeFiles(t, out)
		writeFile(t, filepath.Join(tree, "one.mlir"), malformed[0].src)
		_, stderr, code := run(t, "", "bufferize", tree, "--out-dir", out)
		if code != 1 || !strings.Contains(stderr, "FAILED "+filepath.Join(tree, "one.mlir")+" ("+filepath.Join(out, "one.mlir")+", from an earlier run, left as it was)") {
			t.Errorf("exit %d, stderr:\n%s", code, stderr)
		}
		if after := treeFiles(t, out); !maps.EqualFunc(after, before, bytes.Equal) {
			t.Errorf("the outputs changed")
		}
	})

	t.Run("one file keeps stdout and --stats=json goes to stderr", func(t *testing.T) {
		// dynamic_03 copies a memref<?x?xf32> and a memref<2x2xf32>.
		stdout, stderr, code := run(t, "", "bufferize", "../../testdata/exec/dynamic_03.mlir", "--stats=json")
		if code != 0 || !strings.Contains(stdout, "memref.alloc") {
			t.Fatalf("exit %d, stdout %q", code, stdout)
		}
		sum := checkStatsJSON(t, []byte(stderr))
		c := textCounts(t, stdout)
		if sum.Files != 1 || sum.OK != 1 || sum.Totals != c || sum.Results[0].Output != "-" {
			t.Errorf("summary %+v; the output has %+v", sum, c)
		}
		if c.Copies != 2 || c.DynamicCopies != 1 || c.CopiedBytes != 2*2*4 {
			t.Errorf("counts %+v, want a static copy of 16 bytes and a dynamic one", c)
		}
	})

	t.Run("in place through a link replaces the file it names", func(t *testing.T) {
		target, link := filepath.Join(dir, "target.mlir"), filepath.Join(dir, "link.mlir")
		writeFile(t, target, workload.Random(4, 3))
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		if _, stderr, code := run(t, "", "bufferize", "--in-place", link); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		info, err := os.Lstat(link)
		data, _ := os.ReadFile(target)
		if err != nil || info.Mode()&os.ModeSymlink == 0 || !bytes.Contains(data, []byte("memref<16xf32")) {
			t.Errorf("link %v, %v; target:\n%s", info.Mode(), err, data)
		}
	})

	t.Run("one bad file: a diagnostic and nothing else", func(t *testing.T) {
		stdout, stderr, code := run(t, "", "bufferize", bad)
		if code != 1 || stdout != "" || stderr != bad+":2:10: error: use of undeclared SSA value name '%b'\n" {
			t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
		}
	})
}

// TestRunJobsShared runs the pipeline (with deallocation, which
// evaluates the most rules) on generated programs with four
// workers sharing one compiled program, and with one: the outputs must be
// the same. Run with -race, it checks that sharing is safe.
func TestRunJobsShared(t *testing.T) {
	p := testPipeline(t, 1)
	p.dealloc = staticDealloc
	dir := t.TempDir()
	outputs := map[int]map[string][]byte{}
	for _, workers := range []int{1, 4} {
		var jobs []job
		for i := range 16 {
			in := filepath.Join(dir, fmt.Sprintf("p%d.mlir", i))
			src := workload.Executable(uint64(i), 5)
			if i%2 == 1 {
				src = workload.Random(uint64(i), 8)
			}
			writeFile(t, in, src)
			jobs = append(jobs, job{in: in, out: filepath.Join(dir, strconv.Itoa(workers), filepath.Base(in))})
		}
		var log bytes.Buffer
		for _, r := range runJobs(jobs, p, workers, newProgress(&log, progressLines, len(jobs))) {
			if r.err != nil {
				t.Fatal(r.err)
			}
		}
		outputs[workers] = treeFiles(t, filepath.Join(dir, strconv.Itoa(workers)))
		if len(outputs[workers]) != len(jobs) {
			t.Fatalf("%d workers: %d outputs", workers, len(outputs[workers]))
		}
	}
	if !maps.EqualFunc(outputs[1], outputs[4], bytes.Equal) {
		t.Error("four workers wrote other outputs than one")
	}
}

// testPipeline returns the pipeline of the built-in rules, with the
// default extraction options on workers goroutines and the default
// policy, for tests that run files through it.
func testPipeline(t *testing.T, workers int) *pipeline {
	t.Helper()
	prog, err := solve.Compile(rules.Builtin()...)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := extractOptions(nil)
	if err != nil {
		t.Fatal(err)
	}
	opts.Workers = workers
	return &pipeline{rules: ruleSet{prog: prog}, opts: opts, policy: driver.OneShot(driver.BottomUp)}
}

// TestProgressBar checks the bar drawn on a terminal: redrawn in place,
// erased before a diagnostic and redrawn after it.
func TestProgressBar(t *testing.T) {
	failed := result{job: job{in: "x.mlir"}, err: fmt.Errorf("x.mlir:1:1: error: bad")}
	for _, tc := range []struct {
		name    string
		results []result
		want    string
	}{
		{"one ok", []result{{}}, "\r\033[K[" + strings.Repeat("#", 15) + strings.Repeat(".", 15) + "] 1/2 files, 0 failed, 0.0s"},
		{"a failure", []result{{}, failed}, "\r\033[K[" + strings.Repeat("#", 15) + strings.Repeat(".", 15) + "] 1/2 files, 0 failed, 0.0s" +
			"\r\033[Kx.mlir:1:1: error: bad\n" +
			"\r\033[K[" + strings.Repeat("#", 30) + "] 2/2 files, 1 failed, 0.0s"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			p := newProgress(&b, progressBar, 2)
			for _, r := range tc.results {
				p.finished(r)
				p.report(r)
				p.redraw()
			}
			if b.String() != tc.want {
				t.Errorf("got %q\nwant %q", b.String(), tc.want)
			}
		})
	}
}
