package workload

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
)

const execUnits = 12

func TestExecutableDeterministic(t *testing.T) {
	seen := map[string]uint64{}
	for seed := uint64(1); seed <= 60; seed++ {
		p := Executable(seed, execUnits)
		if again := Executable(seed, execUnits); p != again {
			t.Fatalf("seed %d: two runs differ", seed)
		}
		if !strings.Contains(p, "func.func @main() {") || !strings.Contains(p, "call @printMemrefF32") {
			t.Errorf("seed %d: no @main() or no printing:\n%s", seed, p)
		}
		if other, ok := seen[p]; ok {
			t.Errorf("seeds %d and %d give the same program", other, seed)
		}
		seen[p] = seed
	}
}

// TestExecutableMix checks that the seeds together use every kind of step.
func TestExecutableMix(t *testing.T) {
	var all strings.Builder
	for seed := uint64(1); seed <= 60; seed++ {
		all.WriteString(Executable(seed, execUnits))
	}
	text := all.String()
	for _, want := range []string{
		"tensor.insert ", "tensor.extract ", "tensor.extract_slice", "tensor.insert_slice",
		"] [2] : tensor<16xf32>", // a strided slice
		"linalg.fill", "linalg.add", "linalg.copy", "linalg.generic", "tensor.empty()",
		"arith.constant dense<[", "scf.for", "iter_args(", ", f32) {", // a scalar iter_arg
		"scf.if", "arith.cmpf", "func.call @bump", "func.call @accum", "tensor.from_elements",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("no program of seeds 1..60 contains %q", want)
		}
	}
}

// TestExecutableValuesStayExact checks the generator's model: every printed
// value is a small non-negative integer.
func TestExecutableValuesStayExact(t *testing.T) {
	for seed := uint64(1); seed <= 60; seed++ {
		_, printed := executable(seed, execUnits)
		if len(printed) < 3 {
			t.Errorf("seed %d prints %d tensors, want at least 3", seed, len(printed))
		}
		for _, v := range printed {
			for _, x := range v {
				if x < 0 || x > execCap || x != float64(int64(x)) {
					t.Errorf("seed %d prints %v", seed, x)
				}
			}
		}
	}
}

func TestExecutableMLIROptAccepts(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	for seed := uint64(1); seed <= 20; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p := Executable(seed, execUnits)
			runTool(t, []byte(p), mlirOpt, "--one-shot-bufferize=bufferize-function-boundaries", "-o", "/dev/null")
		})
	}
}

const runnerLibDir = "/usr/lib/llvm-22/lib"

var lowerToLLVM = strings.Fields(`--convert-bufferization-to-memref --convert-linalg-to-loops --lower-affine
	--convert-scf-to-cf --expand-strided-metadata --lower-affine --finalize-memref-to-llvm --convert-math-to-llvm
	--convert-arith-to-llvm --convert-index-to-llvm --convert-func-to-llvm --convert-cf-to-llvm
	--convert-ub-to-llvm --reconcile-unrealized-casts`)

// TestExecutableRunsAsModelled bufferizes a few programs with MLIR's
// reference pipeline, runs them and compares what they print with the
// generator's model.
func TestExecutableRunsAsModelled(t *testing.T) {
	mlirOpt := tooltest.Require(t, "mlir-opt-22")
	runner := tooltest.Require(t, "mlir-runner-22")
	libs := []string{
		filepath.Join(runnerLibDir, "libmlir_runner_utils.so.22.1"),
		filepath.Join(runnerLibDir, "libmlir_c_runner_utils.so.22.1"),
	}
	for _, lib := range libs {
		if _, err := os.Stat(lib); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("runner library missing under CI=true: %v", err)
			}
			t.Skipf("runner library missing: %v", err)
		}
	}
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			p, want := executable(seed, execUnits)
			args := append([]string{"--one-shot-bufferize=bufferize-function-boundaries", "--buffer-deallocation-pipeline"}, lowerToLLVM...)
			lowered, _ := runTool(t, []byte(p), mlirOpt, args...)
			out, _ := runTool(t, lowered, runner, "-e", "main", "--entry-point-result=void", "--shared-libs="+strings.Join(libs, ","))
			got := parsePrinted(t, out)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("printed\n%v\nwant (model)\n%v\nprogram:\n%s", got, want, p)
			}
		})
	}
}

var printedData = regexp.MustCompile(`data = \n\[([^\]]*)\]`)

// parsePrinted reads the 1-D tensors printed by printMemrefF32.
func parsePrinted(t *testing.T, out []byte) [][]float64 {
	t.Helper()
	var tensors [][]float64
	for _, m := range printedData.FindAllSubmatch(out, -1) {
		var v []float64
		for f := range strings.SplitSeq(string(m[1]), ",") {
			x, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
			if err != nil {
				t.Fatalf("bad printed value %q in\n%s", f, out)
			}
			v = append(v, x)
		}
		tensors = append(tensors, v)
	}
	return tensors
}

// TestExecutableDump writes seeds 1..N (N from BUFFERLOG_EXEC_DUMP_SEEDS,
// default 70; units from BUFFERLOG_EXEC_DUMP_UNITS, default 12) to the
// directory named by BUFFERLOG_EXEC_DUMP, as gen_NNN.mlir with the values
// the generator's model expects it to print in gen_NNN.want, for running
// them by hand (see testdata/exec/README.md). It does nothing otherwise.
func TestExecutableDump(t *testing.T) {
	dir := os.Getenv("BUFFERLOG_EXEC_DUMP")
	if dir == "" {
		t.Skip("BUFFERLOG_EXEC_DUMP not set")
	}
	n := uint64(70)
	if s := os.Getenv("BUFFERLOG_EXEC_DUMP_SEEDS"); s != "" {
		var err error
		if n, err = strconv.ParseUint(s, 10, 64); err != nil {
			t.Fatal(err)
		}
	}
	units := execUnits
	if s := os.Getenv("BUFFERLOG_EXEC_DUMP_UNITS"); s != "" {
		var err error
		if units, err = strconv.Atoi(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= n; seed++ {
		p, want := executable(seed, units)
		var exp bytes.Buffer
		for _, v := range want {
			fmt.Fprintln(&exp, v)
		}
		name := filepath.Join(dir, fmt.Sprintf("gen_%03d", seed))
		if err := os.WriteFile(name+".mlir", []byte(p), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name+".want", exp.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
