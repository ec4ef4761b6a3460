package workload

import (
	"bufio"
	"bytes"
	"maps"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
)

type genCase struct {
	name string
	gen  func() Program
	// The generated op count must lie in [minOps, maxOps].
	minOps, maxOps int
	// checkWithMLIROpt marks the cases also run through mlir-opt-22.
	checkWithMLIROpt bool
}

var genCases = []genCase{
	{name: "Chain(0)", gen: func() Program { return Chain(0) }, minOps: 22, maxOps: 22},
	{name: "Chain(100)", gen: func() Program { return Chain(100) }, minOps: 95, maxOps: 100},
	{name: "Chain(1000)", gen: func() Program { return Chain(1000) }, minOps: 995, maxOps: 1000, checkWithMLIROpt: true},
	{name: "Chain(10000)", gen: func() Program { return Chain(10000) }, minOps: 9995, maxOps: 10000},
	{name: "Module(50,100)", gen: func() Program { return Module(50, 100) }, minOps: 50, maxOps: 100},
	{name: "Module(10,0)", gen: func() Program { return Module(10, 0) }, minOps: 10, maxOps: 1000},
	{name: "Module(1000,100)", gen: func() Program { return Module(1000, 100) }, minOps: 990, maxOps: 1010, checkWithMLIROpt: true},
	{name: "Module(10000,100)", gen: func() Program { return Module(10000, 100) }, minOps: 9990, maxOps: 10010},
	{name: "Module(1000,37)", gen: func() Program { return Module(1000, 37) }, minOps: 990, maxOps: 1010},
}

func TestGenerate(t *testing.T) {
	for _, tc := range genCases {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.gen()
			if again := tc.gen(); !bytes.Equal(p.Text, again.Text) || p.Ops != again.Ops {
				t.Fatalf("not deterministic: two runs differ")
			}
			if p.Ops < tc.minOps || p.Ops > tc.maxOps {
				t.Errorf("Ops = %d, want in [%d, %d]", p.Ops, tc.minOps, tc.maxOps)
			}
			sum := 0
			for _, k := range p.OpCounts {
				sum += k
			}
			if sum != p.Ops {
				t.Errorf("OpCounts sum to %d, Ops = %d", sum, p.Ops)
			}
			if got := countOpsInText(t, p.Text); !maps.Equal(got, p.OpCounts) {
				t.Errorf("ops counted in the text differ from OpCounts:\ntext:     %v\nOpCounts: %v", got, p.OpCounts)
			}
		})
	}
}

// TestChainMix checks that a chain contains every kind of unit, including
// the long-range reads, which only start after longReadDistance units.
func TestChainMix(t *testing.T) {
	p := Chain(1000)
	text := string(p.Text)
	for _, want := range []string{
		"#map = affine_map<(d0) -> (d0)>",
		"linalg.generic {indexing_maps = [#map]",
		"linalg.generic {indexing_maps = [#map, #map]",
		"tensor.empty()",
		"tensor.extract_slice",
		"linalg.fill",
		"tensor.insert_slice",
		"scf.for",
		"iter_args(",
		"tensor.insert",
		"tensor.extract ",
		"[%c5]", // long-range read
		"func.func @main()",
		"call @printMemrefF32",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("Chain(1000) lacks %q", want)
		}
	}
}

func TestMLIROptAccepts(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	for _, tc := range genCases {
		if !tc.checkWithMLIROpt {
			continue
		}
		t.Run(tc.name, func(t *testing.T) {
			p := tc.gen()

			// Parsing and printing gives back the same bytes.
			printed, stderr := runTool(t, p.Text, mlirOpt)
			if !bytes.Equal(printed, p.Text) {
				t.Errorf("mlir-opt-22 prints the program differently (generator and printer disagree); first difference at line %d\n%s",
					firstDifferentLine(printed, p.Text), stderr)
			}

			// mlir-opt counts the same operations.
			_, stats := runTool(t, p.Text, mlirOpt, "--print-op-stats", "-o", "/dev/null")
			if got := parseOpStats(t, stats); !maps.Equal(got, p.OpCounts) {
				t.Errorf("mlir-opt-22 --print-op-stats:\n%v\nOpCounts:\n%v", got, p.OpCounts)
			}

			// One-shot bufferization accepts it.
			runTool(t, p.Text, mlirOpt, "--one-shot-bufferize=bufferize-function-boundaries", "-o", "/dev/null")
		})
	}
}

// runTool runs path with args on input and returns its stdout and stderr;
// it fails the test if the tool fails.
func runTool(t *testing.T, input []byte, path string, args ...string) (stdout, stderr []byte) {
	t.Helper()
	stdout, stderr, err := execTool(input, path, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", path, strings.Join(args, " "), err, stderr)
	}
	return stdout, stderr
}

// execTool runs path with args on input.
func execTool(input []byte, path string, args ...string) (stdout, stderr []byte, err error) {
	var out, errOut bytes.Buffer
	cmd := exec.Command(path, args...)
	cmd.Stdin = bytes.NewReader(input)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err = cmd.Run()
	return out.Bytes(), errOut.Bytes(), err
}

// parseOpStats reads the table printed by --print-op-stats, lines such as
// "   linalg.generic       , 5".
func parseOpStats(t *testing.T, stats []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(stats))
	for sc.Scan() {
		name, count, ok := strings.Cut(sc.Text(), ",")
		if !ok {
			continue
		}
		k, err := strconv.Atoi(strings.TrimSpace(count))
		if err != nil {
			t.Fatalf("bad --print-op-stats line %q", sc.Text())
		}
		counts[strings.TrimSpace(name)] = k
	}
	return counts
}

// countOpsInText counts operations in generated text line by line, as a
// check of the generator's own counting that does not need mlir-opt. It
// knows the generator's layout: one op per line, short forms "call" and
// "return" inside functions, and a linalg.yield inside each linalg.fill.
func countOpsInText(t *testing.T, text []byte) map[string]int {
	t.Helper()
	counts := map[string]int{}
	for line := range strings.Lines(string(text)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '}' || line[0] == '^' || line[0] == '#' {
			continue
		}
		if _, rest, ok := strings.Cut(line, " = "); ok && line[0] == '%' {
			line = rest
		}
		op, _, _ := strings.Cut(line, " ")
		op, _, _ = strings.Cut(op, "(") // "tensor.empty() : ..."
		switch op {
		case "module":
			op = "builtin.module"
		case "call":
			op = "func.call"
		case "return":
			op = "func.return"
		case "linalg.fill":
			counts["linalg.yield"]++
		}
		if !strings.Contains(op, ".") {
			t.Fatalf("cannot tell the op of line %q", line)
		}
		counts[op]++
	}
	return counts
}

func firstDifferentLine(a, b []byte) int {
	line := 1
	for i := 0; i < len(a) && i < len(b) && a[i] == b[i]; i++ {
		if a[i] == '\n' {
			line++
		}
	}
	return line
}
