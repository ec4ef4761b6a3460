package mlirexec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// ValgrindReport is the outcome of running a program natively under
// valgrind memcheck.
type ValgrindReport struct {
	// Output is the program's stdout, normalised as in Result.Output, up
	// to its end or its crash (stdout is line buffered). The native
	// runtime prints the way the upstream runner utils do, so it should
	// equal Run's output. Exception: a memref with a zero-sized
	// dimension prints as [] here, where upstream prints an element read
	// out of bounds.
	Output string
	// Stats come from the same counting hooks as in Run, except that bad
	// frees are passed on to free() here so that memcheck reports them.
	Stats Stats
	// Leak summary, in bytes.
	DefinitelyLost, IndirectlyLost, PossiblyLost int64
	// Error contexts (distinct errors) by kind, as memcheck lists them.
	InvalidReads, InvalidWrites, InvalidFrees, Uninitialised int64
	// Errors is the total from memcheck's ERROR SUMMARY line, leaks
	// included.
	Errors int64
	// ExitCode is the program's exit status, 128+N if killed by signal N.
	ExitCode int
	// Log is valgrind's complete log.
	Log string
}

// Clean reports whether memcheck found nothing: no errors and no lost bytes.
func (r *ValgrindReport) Clean() bool {
	return r.Errors == 0 && r.DefinitelyLost == 0 && r.IndirectlyLost == 0 && r.PossiblyLost == 0
}

// Valgrind lowers memrefIR like Run, builds a standalone executable from it
// and runs that under valgrind --leak-check=full. Unlike Run it sees
// use-after-free and out-of-bounds accesses; it takes about a second.
//
// The executable is made by letting mlir-runner-22 dump its JIT object
// (entry @mlirexec_noop, so main does not run), renaming main with objcopy
// and linking with gcc against the native runtime, which provides main and
// the print functions. --mattr=-avx512f keeps the code decodable by
// valgrind 3.19, which does not know AVX-512 instructions.
func Valgrind(ctx context.Context, memrefIR []byte, opt Options) (*ValgrindReport, error) {
	tools := map[string]string{}
	for _, name := range []string{toolRunner, toolObjcopy, toolCC, toolValgrind} {
		p, err := exec.LookPath(name)
		if err != nil {
			return nil, err
		}
		tools[name] = p
	}
	nativeRT, err := buildRuntime(ctx, opt, rtNative)
	if err != nil {
		return nil, err
	}
	prog, cleanup, err := lowerToFile(ctx, memrefIR, opt, true)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	obj := filepath.Join(prog.dir, "program.o")
	exe := filepath.Join(prog.dir, "program.exe")
	logFile := filepath.Join(prog.dir, "valgrind.log")
	// The JIT still has to resolve every symbol, hence the libraries.
	if _, _, err := runTool(ctx, tools[toolRunner], nil, prog.file, "-e", noopEntry, "--entry-point-result=void",
		prog.sharedLibs, "--mattr=-avx512f", "--dump-object-file", "--object-filename="+obj); err != nil {
		return nil, err
	}
	if _, _, err := runTool(ctx, tools[toolObjcopy], nil, "--redefine-sym", "main=mlirexec_program_main", obj); err != nil {
		return nil, err
	}
	// -no-pie: the JIT object is not necessarily position independent.
	if _, _, err := runTool(ctx, tools[toolCC], nil, "-no-pie", "-o", exe, obj, nativeRT); err != nil {
		return nil, err
	}
	stdout, stderr, runErr := runTool(ctx, tools[toolValgrind], nil, "--leak-check=full",
		"--show-leak-kinds=definite,indirect,possible", "--log-file="+logFile, exe)
	log, err := os.ReadFile(logFile)
	if err != nil {
		if runErr != nil {
			return nil, runErr
		}
		return nil, err
	}
	rep := &ValgrindReport{Output: NormalizeOutput(stdout), Log: string(log)}
	// A program that fails or crashes still gets a report: memcheck's
	// verdict is the point.
	var exitErr *exec.ExitError
	if errors.As(runErr, &exitErr) {
		rep.ExitCode = exitErr.ExitCode()
		if ws, ok := exitErr.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			rep.ExitCode = 128 + int(ws.Signal())
		}
	} else if runErr != nil {
		return nil, runErr
	}
	if err := parseValgrindLog(rep); err != nil {
		return nil, &ToolError{Tool: tools[toolValgrind], Args: []string{exe}, Stderr: rep.Log, Err: err}
	}
	// A crashed program has no stats line, so only a clean exit needs one.
	stats, _, statsErr := parseStats(stderr)
	if statsErr != nil && rep.ExitCode == 0 {
		return nil, &ToolError{Tool: exe, Stderr: stderr, Err: statsErr}
	}
	rep.Stats = stats
	return rep, nil
}

var (
	vgLost    = regexp.MustCompile(`(definitely|indirectly|possibly) lost: ([\d,]+) bytes in`)
	vgSummary = regexp.MustCompile(`ERROR SUMMARY: ([\d,]+) errors`)
)

// parseValgrindLog fills rep's memcheck fields from rep.Log.
func parseValgrindLog(rep *ValgrindReport) error {
	num := func(s string) int64 {
		n, _ := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		return n
	}
	summary := false
	for _, line := range strings.Split(rep.Log, "\n") {
		// Lines look like "==1234== Invalid read of size 4".
		if _, rest, ok := strings.Cut(line, "== "); ok {
			line = rest
		}
		switch {
		case strings.HasPrefix(line, "Invalid read of size"):
			rep.InvalidReads++
		case strings.HasPrefix(line, "Invalid write of size"):
			rep.InvalidWrites++
		case strings.HasPrefix(line, "Invalid free()"), strings.HasPrefix(line, "Mismatched free()"):
			rep.InvalidFrees++
		case strings.Contains(line, "uninitialised value"), strings.Contains(line, "uninitialised byte"):
			rep.Uninitialised++
		}
		if m := vgLost.FindStringSubmatch(line); m != nil {
			switch m[1] {
			case "definitely":
				rep.DefinitelyLost = num(m[2])
			case "indirectly":
				rep.IndirectlyLost = num(m[2])
			case "possibly":
				rep.PossiblyLost = num(m[2])
			}
		}
		if m := vgSummary.FindStringSubmatch(line); m != nil {
			rep.Errors = num(m[1])
			summary = true
		}
	}
	if !summary {
		return fmt.Errorf("mlirexec: no ERROR SUMMARY in valgrind log")
	}
	return nil
}
