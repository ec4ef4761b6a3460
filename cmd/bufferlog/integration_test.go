package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

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
// valgrind error and no byte lost.
func TestLLVMIntegration(t *testing.T) {
	tooltest.Slow(t)
	script := tooltest.IntegrationScript(t, "../..")
	for _, tool := range []string{"mlir-opt-22", "mlir-runner-22", "FileCheck-22", "valgrind", "bash"} {
		tooltest.Require(t, tool)
	}
	cmd := exec.Command("bash", script, binary)
	cmd.Env = append(os.Environ(), "VALGRIND=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
	cases, passed := 0, 0
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
		case bl != "PASS" || out != "SAME":
			t.Errorf("%s: bufferlog=%s out=%s:%s", name, bl, out, rest)
		case !strings.Contains(rest, "vg_bl=[0 errors, lost 0 bytes]"):
			t.Errorf("%s: valgrind on bufferlog's program:%s", name, rest)
		default:
			passed++
		}
	}
	if cases == 0 {
		t.Fatalf("no case in the runner's report:\n%s", out)
	}
	t.Logf("LLVM integration tests: bufferlog passes %d of %d, valgrind-clean", passed, cases)
}
