package ir_test

import (
	"bytes"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bufferlog/internal/workload"
	"bufferlog/ir"
)

// parseBoth parses src serially and with three workers, and fails the
// test unless both give the same error or modules alike in every respect
// that the printed text and the use lists show. It returns how many
// blocks the parallel parse took in chunks.
func parseBoth(t *testing.T, name string, src []byte) int {
	t.Helper()
	serial, err1 := ir.Parse(name, src)
	parallel, chunked, err2 := ir.ParseCountingChunks(name, src, ir.ParseOptions{Workers: 3})
	if fmt.Sprint(err1) != fmt.Sprint(err2) {
		t.Fatalf("%s: serial parse: %v\nparallel parse: %v", name, err1, err2)
	}
	if err1 != nil {
		return chunked
	}
	for _, generic := range []bool{false, true} {
		if a, b := printModule(t, serial, generic), printModule(t, parallel, generic); !bytes.Equal(a, b) {
			t.Fatalf("%s (generic %v): the parallel parse prints other text", name, generic)
		}
	}
	if a, b := useLists(serial), useLists(parallel); !slices.Equal(a, b) {
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Fatalf("%s: use lists differ: serial %s, parallel %s", name, a[i], b[i])
			}
		}
		t.Fatalf("%s: use lists differ in length", name)
	}
	return chunked
}

// useLists describes every value of m, in the order of the text, by the
// ops that use it and at which operand, in use-list order.
func useLists(m *ir.Module) []string {
	index := map[*ir.Operation]int{}
	var values []*ir.Value
	var visit func(op *ir.Operation)
	visit = func(op *ir.Operation) {
		index[op] = len(index)
		values = append(values, op.Results()...)
		for _, r := range op.Regions {
			for _, b := range r.Blocks() {
				values = append(values, b.Args()...)
				for _, o := range b.Ops() {
					visit(o)
				}
			}
		}
	}
	visit(m.Op)
	var out []string
	for i, v := range values {
		var b strings.Builder
		fmt.Fprintf(&b, "value %d:", i)
		for _, u := range v.Uses() {
			fmt.Fprintf(&b, " %d#%d", index[u.Op], u.Index)
		}
		out = append(out, b.String())
	}
	return out
}

// TestParseWorkers checks that parsing long blocks in chunks gives what
// the serial parse gives, text and use lists alike, and that it happens:
// on a large function and a module of many functions, with and without
// the module op; on inputs whose layout misleads the cuts; and, with the
// sizes lowered so that every block of a few lines is cut, on the
// round-trip corpus.
func TestParseWorkers(t *testing.T) {
	module := workload.Module(60000, 30).Text
	open, end := bytes.Index(module, []byte("module {\n")), bytes.LastIndex(module, []byte("}\n"))
	if open < 0 || end < open {
		t.Fatal("the generated module has no module op")
	}
	chain := workload.Chain(20000).Text
	// Ops spread over two lines, the second as indented as the first:
	// the cuts fall inside ops, and the parse must start over serially.
	spread := regexp.MustCompile(`(?m)^(    %\w+ = tensor\.insert %\S+) (into)`).ReplaceAll(chain, []byte("$1\n    $2"))
	if bytes.Equal(spread, chain) {
		t.Fatal("no tensor.insert to spread over two lines")
	}
	for name, src := range map[string][]byte{
		"chain":    chain,
		"module":   module,
		"implicit": slices.Concat(module[:open], module[open+len("module {\n"):end]),
		"spread":   spread,
	} {
		// A cut inside an op makes the whole block parse serially.
		if chunked := parseBoth(t, name, src); (chunked == 0) != (name == "spread") {
			t.Errorf("%s: %d blocks parsed in chunks", name, chunked)
		}
	}
	defer ir.SetChunkSizes(200, 40)()
	// A region whose ops are as indented as the block's, at the block's
	// end (the parser does not ask for a terminator): each op line is
	// cut, the chunks inside the region parse on their own up to its
	// closing brace, and only the chunk of the region's op, which runs
	// past their cuts, tells that they are inside it.
	var b strings.Builder
	b.WriteString("func.func @f(%t: tensor<4xf32>, %c: index, %v: f32) {\n")
	for i := range 4 {
		fmt.Fprintf(&b, "  %%d%d = tensor.insert %%v into %%t[%%c] : tensor<4xf32>\n", i)
	}
	b.WriteString("  %r = scf.execute_region -> tensor<4xf32> {\n")
	for i := range 4 {
		fmt.Fprintf(&b, "  %%b%d = tensor.insert %%v into %%d0[%%c] : tensor<4xf32>\n", i)
	}
	b.WriteString("  scf.yield %b3 : tensor<4xf32>\n  }\n}\n")
	if chunked := parseBoth(t, "misindented", []byte(b.String())); chunked != 0 {
		t.Errorf("misindented: %d blocks parsed in chunks", chunked)
	}
	cut := 0
	for _, file := range corpusFiles(t) {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		cut += parseBoth(t, file, src)
	}
	if cut == 0 {
		t.Error("no block of the corpus was parsed in chunks")
	}
}

// TestParseWorkersErrors checks that an error anywhere in a chunked block,
// including those that only binding the chunks' names together can find,
// is reported as the serial parse reports it.
func TestParseWorkersErrors(t *testing.T) {
	chain := string(workload.Chain(20000).Text)
	// A tensor defined in the middle, far from the blocks' ends.
	defs := regexp.MustCompile(`(?m)^    (%\w+) = tensor\.insert .* : tensor<16xf32>\n`).FindAllStringSubmatchIndex(chain, -1)
	i := slices.IndexFunc(defs, func(d []int) bool { return d[0] > len(chain)/2 })
	if i < 0 {
		t.Fatal("no tensor.insert in the second half")
	}
	line, lineEnd, def := defs[i][0], defs[i][1], chain[defs[i][2]:defs[i][3]]
	const far = 200000 // bytes: more than a chunk
	later := strings.Index(chain[lineEnd+far:], "\n    %") + lineEnd + far + 1
	earlier := strings.LastIndex(chain[:line-far], "\n    %") + 1
	cases := map[string]string{
		"syntax":          chain[:line] + "    %x = = \n" + chain[line:],
		"undefined":       chain[:line] + "    %u = arith.addf %nowhere, %nowhere : f32\n" + chain[line:],
		"redefinition":    chain[:later] + chain[line:lineEnd] + chain[later:],
		"other type":      chain[:later] + "    %d = tensor.dim " + def + ", %c0 : tensor<8xf32>\n" + chain[later:],
		"block label":     chain[:line] + "    cf.br ^bb1\n" + chain[line:],
		"unclosed region": chain[:strings.LastIndex(chain, "}")],
		// Not an error for the parser (the verifier finds it), but a use
		// of a name that a later chunk binds.
		"use before def": chain[:earlier] + "    %d = tensor.dim " + def + ", %c0 : tensor<16xf32>\n" + chain[earlier:],
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := ir.Parse(name, []byte(src)); (err == nil) != (name == "use before def") {
				t.Fatalf("serial parse: %v", err)
			}
			parseBoth(t, name, []byte(src))
		})
	}
}
