package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bufferlog/internal/mlirexec"
	"bufferlog/internal/tooltest"
)

// integrationLine is one case of the integration runner's report.
var integrationLine = regexp.MustCompile(`^(\S+) ref=(\S+) bufferlog=(\S+) split=(\S+) out=(\S+)(.*)$`)

// TestLLVMIntegration runs LLVM's executable integration tests that
// bufferize tensor code with bufferlog bufferize in place of One-Shot
// Bufferize and the deallocation passes (mlir-opt-22 before and after it,
// mlir-runner-22, FileCheck-22 on what the program prints), and the
// lowered programs under valgrind: every case the reference passes must
// pass, print what the reference's split pipeline prints, and run with no
// valgrind error and no byte lost. Each program that passes runs again
// with its copies counted (integrationCopies): bufferlog's may copy no
// more often, and no more bytes, than the split pipeline's with
// mlir-opt's own bufferization, but in the cases of copiesAboveReference.
func TestLLVMIntegration(t *testing.T) {
	tooltest.Slow(t)
	script := tooltest.IntegrationScript(t, "../..")
	for _, tool := range []string{"mlir-opt-22", "mlir-runner-22", "FileCheck-22", "valgrind", "bash", "gcc"} {
		tooltest.Require(t, tool)
	}
	work := t.TempDir()
	cmd := exec.Command("bash", script, binary)
	cmd.Env = append(os.Environ(), "VALGRIND=1", "WORK="+work)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	// The runner libraries run.sh links under work/lib load others from
	// their own directory, as run.sh arranges.
	lib := filepath.Join(work, "lib")
	real, err := filepath.EvalSymlinks(filepath.Join(lib, "libmlir_runner_utils.so"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("LD_LIBRARY_PATH", lib+":"+filepath.Dir(real))
	cases, passed := 0, 0
	var copies, refCopies, bytes, refBytes int64
	for _, line := range strings.Split(string(out), "\n") {
		m := integrationLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		cases++
		name, ref, bl, out, rest := m[1], m[2], m[3], m[5], m[6]
		switch {
		case ref != "PASS":
			t.Logf("%s: the reference does not pass (%s): not compared", name, ref)
			continue
		case bl != "PASS" || out != "SAME":
			t.Errorf("%s: bufferlog=%s out=%s:%s", name, bl, out, rest)
			continue
		case !strings.Contains(rest, "vg_bl=[0 errors, lost 0 bytes]"):
			t.Errorf("%s: valgrind on bufferlog's program:%s", name, rest)
			continue
		}
		passed++
		for _, run := range integrationRuns(t, filepath.Join(work, name)) {
			ours, err := integrationCopies(run.bl)
			if err != nil {
				t.Errorf("%s: counting bufferlog's copies: %v", name, err)
				continue
			}
			theirs, err := integrationCopies(run.split)
			if err != nil {
				t.Errorf("%s: counting the reference's copies: %v", name, err)
				continue
			}
			copies, bytes, refCopies, refBytes = copies+ours.Copies, bytes+ours.CopyBytes, refCopies+theirs.Copies, refBytes+theirs.CopyBytes
			t.Logf("%s RUN %d: copies %d (%d B), reference %d (%d B)", name, run.k, ours.Copies, ours.CopyBytes, theirs.Copies, theirs.CopyBytes)
			more := ours.Copies > theirs.Copies || ours.CopyBytes > theirs.CopyBytes
			if why, known := copiesAboveReference[name]; more != known {
				t.Errorf("%s RUN %d: bufferlog's program copies %d times (%d B), the reference's %d (%d B); known to copy more: %v %s", name, run.k, ours.Copies, ours.CopyBytes, theirs.Copies, theirs.CopyBytes, known, why)
			}
		}
	}
	if cases == 0 {
		t.Fatalf("no case in the runner's report:\n%s", out)
	}
	t.Logf("LLVM integration tests: bufferlog passes %d of %d, valgrind-clean; run-time copies %d (%d B), the reference's %d (%d B)", passed, cases, copies, bytes, refCopies, refBytes)
}

// copiesAboveReference are the cases whose bufferlog program copies
// more than the reference's, with the reason. The test fails when one of
// them no longer does, so that the list cannot go stale.
var copiesAboveReference = map[string]string{}

// integrationRun is one RUN line of a case, split at the bufferization:
// the commands that lower the bufferized program and run it, on
// bufferlog's path and on the control's (mlir-opt's own bufferization).
type integrationRun struct {
	k         int
	bl, split string
}

// integrationRuns returns the RUN lines of the case whose details the
// runner left in dir that bufferize and then run a program.
func integrationRuns(t *testing.T, dir string) []integrationRun {
	var runs []integrationRun
	for k := 1; ; k++ {
		bl, err1 := os.ReadFile(filepath.Join(dir, fmt.Sprintf("bl_%d.post.cmd", k)))
		split, err2 := os.ReadFile(filepath.Join(dir, fmt.Sprintf("split_%d.post.cmd", k)))
		if os.IsNotExist(err1) && os.IsNotExist(err2) {
			if _, err := os.Stat(filepath.Join(dir, fmt.Sprintf("bl_%d.sh", k))); err == nil {
				continue // a RUN line that does not bufferize
			}
			return runs
		}
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: RUN %d: %v, %v", dir, k, err1, err2)
		}
		if strings.Contains(string(bl), "mlir-runner-22 ") {
			runs = append(runs, integrationRun{k, string(bl), string(split)})
		}
	}
}

// integrationCopies runs the lowering commands of a RUN line's pipeline
// (mlir-opt-22 ... | mlir-runner-22 ARGS | ..., or mlir-opt-22 ... -o F
// && mlir-runner-22 F ARGS) and then the lowered program with its copies
// counted.
func integrationCopies(pipeline string) (mlirexec.Stats, error) {
	stages := strings.Split(strings.TrimSpace(pipeline), " | ")
	for i, stage := range stages {
		lowering := stages[:i:i]
		if before, runner, chained := strings.Cut(stage, " && "); chained {
			lowering, stage = append(lowering, before), runner
		}
		args := strings.Fields(stage)
		if len(args) == 0 || args[0] != "mlir-runner-22" {
			continue
		}
		args = slices.DeleteFunc(args[1:], func(a string) bool { return a == "2>&1" })
		lowered, err := exec.Command("bash", "-c", strings.Join(lowering, " | ")).Output()
		if err != nil {
			return mlirexec.Stats{}, fmt.Errorf("lowering: %v", err)
		}
		if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
			// The lowering wrote the program to the file the runner reads.
			if lowered, err = os.ReadFile(args[0]); err != nil {
				return mlirexec.Stats{}, err
			}
			args = args[1:]
		}
		res, err := mlirexec.RunLowered(context.Background(), lowered, args, mlirexec.Options{})
		if err != nil {
			return mlirexec.Stats{}, err
		}
		return res.Stats, nil
	}
	return mlirexec.Stats{}, fmt.Errorf("no mlir-runner-22 in %q", pipeline)
}
