package mlirexec

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Stats are the run-time memory counts of one program run, as seen by the
// runtime hooks. Byte counts are the sizes the program asked for: the
// padding the lowering adds for an `alignment` attribute is not counted, so
// two programs that allocate the same buffers compare equal whatever their
// alignment. Allocations include those of bufferization.clone and of any
// helper buffers (such as MLIR's dealloc_helper arrays); stack allocations
// (memref.alloca) and globals are not counted. Copies are memref.copy
// operations (including those from bufferization.clone), whether lowered to
// a memcpy or, for strided layouts, to memrefCopy; element-wise copying in
// loops or linalg ops is not a copy here.
type Stats struct {
	Allocs     int64 // heap allocations
	Frees      int64 // frees of live allocations
	AllocBytes int64 // bytes requested by all allocations
	Copies     int64 // memref.copy operations executed
	CopyBytes  int64 // bytes moved by them
	PeakBytes  int64 // maximum of live (allocated, not yet freed) bytes at any moment
	LeakBytes  int64 // bytes still live at exit
	Leaks      int64 // allocations still live at exit
	BadFrees   int64 // frees of pointers that were not live (double or invalid); not performed
}

// Result is the outcome of running a program.
type Result struct {
	// Output is the program's stdout, with the run-dependent pointer in
	// printMemref's "base@ = 0x..." replaced by "base@ = <ptr>".
	Output string
	// Stderr is the program's stderr without the runtime's stats line. It
	// holds a MLIREXEC-BADFREE line for each bad free.
	Stderr string
	Stats  Stats
}

// Options adjust Run, Reference and Valgrind. The zero value is ready to use.
type Options struct {
	// OneShotOptions are extra options for --one-shot-bufferize in
	// Reference, each "name" or "name=value", for example
	// "allow-return-allocs-from-loops" or "analysis-heuristic=top-down".
	// bufferize-function-boundaries is always on.
	OneShotOptions []string
	// SkipDeallocation leaves out --buffer-deallocation-pipeline in
	// Reference. MLIR's deallocation rejects unstructured (cf) loops; the
	// result then frees nothing.
	SkipDeallocation bool
	// CacheDir is where the compiled runtime is kept; by default
	// os.UserCacheDir()/bufferlog-mlirexec (or the temp dir without one).
	CacheDir string
	// WorkDir, if set, receives the intermediate files (lowered IR, object
	// file, executable) and keeps them; by default a temporary directory
	// is used and removed.
	WorkDir string
}

// ToolError is a failed external tool run. Its message includes the tool's
// stderr, which is where MLIR's diagnostics are.
type ToolError struct {
	Tool   string   // tool path
	Args   []string // arguments
	Stderr string   // complete stderr
	Err    error    // from exec (exit status, signal, context)
}

func (e *ToolError) Error() string {
	stderr := strings.TrimSpace(e.Stderr)
	const max = 8000
	if len(stderr) > max {
		stderr = stderr[:max] + "\n... (stderr truncated)"
	}
	return fmt.Sprintf("%s %s: %v\n%s", filepath.Base(e.Tool), strings.Join(e.Args, " "), e.Err, stderr)
}

func (e *ToolError) Unwrap() error { return e.Err }

// Tool names. They are looked up on PATH on every call, so a test can
// adjust PATH.
const (
	toolOpt      = "mlir-opt-22"
	toolRunner   = "mlir-runner-22"
	toolCC       = "gcc"
	toolObjcopy  = "objcopy"
	toolValgrind = "valgrind"
)

// lowerPasses take memref IR (with bufferization.clone/dealloc allowed) to
// the LLVM dialect. use-generic-functions makes allocations and frees call
// the runtime's _mlir_memref_to_llvm_* hooks instead of malloc/free.
var lowerPasses = []string{
	"--convert-bufferization-to-memref",
	"--convert-linalg-to-loops",
	"--lower-affine",
	"--convert-scf-to-cf",
	"--expand-strided-metadata",
	"--lower-affine", // expand-strided-metadata creates affine.apply
	"--finalize-memref-to-llvm=use-generic-functions",
	"--convert-math-to-llvm",
	"--convert-arith-to-llvm",
	"--convert-index-to-llvm",
	"--convert-func-to-llvm",
	"--convert-cf-to-llvm",
	"--convert-ub-to-llvm",
	"--reconcile-unrealized-casts",
}

// Run lowers memrefIR and runs its @main (no arguments, no results) with
// the counting runtime. A program that runs to the end returns a Result
// even when it leaks or frees badly; those show in Stats. A tool failure,
// including a crash of the program, returns a *ToolError.
func Run(ctx context.Context, memrefIR []byte, opt Options) (*Result, error) {
	runner, err := exec.LookPath(toolRunner)
	if err != nil {
		return nil, err
	}
	prog, cleanup, err := lowerToFile(ctx, memrefIR, opt, false)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	return runCounted(ctx, runner, prog.file, "-e", "main", "--entry-point-result=void", prog.sharedLibs)
}

// RunLowered runs a program another pipeline lowered to the LLVM dialect
// (an LLVM integration test's), with runnerArgs as mlir-runner-22's
// arguments after the file, its copies routed through the counting
// runtime: Stats counts its copies, and its allocations only where the
// pipeline lowered them to the runtime's hooks (not to malloc).
func RunLowered(ctx context.Context, lowered []byte, runnerArgs []string, opt Options) (*Result, error) {
	runner, err := exec.LookPath(toolRunner)
	if err != nil {
		return nil, err
	}
	rt, err := buildRuntime(ctx, opt, rtShared)
	if err != nil {
		return nil, err
	}
	prog, err := instrument(lowered, false)
	if err != nil {
		return nil, err
	}
	dir, cleanup, err := workDir(opt)
	if err != nil {
		return nil, err
	}
	defer cleanup()
	file := filepath.Join(dir, "program.llvm.mlir")
	if err := os.WriteFile(file, prog, 0o644); err != nil {
		return nil, err
	}
	return runCounted(ctx, runner, file, append(slices.Clone(runnerArgs), "--shared-libs="+rt)...)
}

// runCounted runs the lowered program file with the runner and reads the
// counting runtime's report from its stderr.
func runCounted(ctx context.Context, runner, file string, args ...string) (*Result, error) {
	stdout, stderr, err := runTool(ctx, runner, nil, append([]string{file}, args...)...)
	if err != nil {
		return nil, err
	}
	stats, rest, err := parseStats(stderr)
	if err != nil {
		return nil, &ToolError{Tool: runner, Args: []string{file}, Stderr: stderr, Err: err}
	}
	return &Result{Output: NormalizeOutput(stdout), Stderr: rest, Stats: stats}, nil
}

// loweredProgram is memref IR lowered to the LLVM dialect in a file of a
// work directory, with the --shared-libs argument mlir-runner-22 needs to
// load it: the upstream runner libraries and the counting runtime.
type loweredProgram struct {
	dir, file, sharedLibs string
}

// lowerToFile lowers memrefIR (for a native build if native) into a new
// work directory, which cleanup removes.
func lowerToFile(ctx context.Context, memrefIR []byte, opt Options, native bool) (*loweredProgram, func(), error) {
	rt, err := buildRuntime(ctx, opt, rtShared)
	if err != nil {
		return nil, nil, err
	}
	libs, err := runnerLibs()
	if err != nil {
		return nil, nil, err
	}
	lowered, err := lower(ctx, memrefIR, native)
	if err != nil {
		return nil, nil, err
	}
	dir, cleanup, err := workDir(opt)
	if err != nil {
		return nil, nil, err
	}
	file := filepath.Join(dir, "program.llvm.mlir")
	if err := os.WriteFile(file, lowered, 0o644); err != nil {
		cleanup()
		return nil, nil, err
	}
	return &loweredProgram{dir, file, "--shared-libs=" + strings.Join(append(libs, rt), ",")}, cleanup, nil
}

// Reference bufferizes tensorIR with MLIR's own passes,
// --one-shot-bufferize=bufferize-function-boundaries (plus
// opt.OneShotOptions) and --buffer-deallocation-pipeline (unless
// opt.SkipDeallocation), and returns the memref IR.
func Reference(ctx context.Context, tensorIR []byte, opt Options) ([]byte, error) {
	mlirOpt, err := exec.LookPath(toolOpt)
	if err != nil {
		return nil, err
	}
	oneShot := "--one-shot-bufferize=" + strings.Join(append([]string{"bufferize-function-boundaries"}, opt.OneShotOptions...), " ")
	args := []string{"-", oneShot}
	if !opt.SkipDeallocation {
		args = append(args, "--buffer-deallocation-pipeline")
	}
	out, _, err := runTool(ctx, mlirOpt, tensorIR, args...)
	if err != nil {
		return nil, err
	}
	return []byte(out), nil
}

// lower runs the lowering pipeline and instruments the result.
func lower(ctx context.Context, memrefIR []byte, noopEntry bool) ([]byte, error) {
	mlirOpt, err := exec.LookPath(toolOpt)
	if err != nil {
		return nil, err
	}
	out, _, err := runTool(ctx, mlirOpt, memrefIR, append([]string{"-"}, lowerPasses...)...)
	if err != nil {
		return nil, err
	}
	return instrument([]byte(out), noopEntry)
}

// runTool runs path with args, feeding stdin when it is not nil. A non-zero
// exit is a *ToolError carrying stderr.
func runTool(ctx context.Context, path string, stdin []byte, args ...string) (stdout, stderr string, err error) {
	cmd := exec.CommandContext(ctx, path, args...)
	if stdin != nil {
		cmd.Stdin = bytes.NewReader(stdin)
	}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = fmt.Errorf("%w (%v)", ctx.Err(), err)
		}
		return out.String(), errb.String(), &ToolError{Tool: path, Args: args, Stderr: errb.String(), Err: err}
	}
	return out.String(), errb.String(), nil
}

// workDir returns opt.WorkDir, or a fresh temporary directory that cleanup
// removes.
func workDir(opt Options) (dir string, cleanup func(), err error) {
	if opt.WorkDir != "" {
		return opt.WorkDir, func() {}, os.MkdirAll(opt.WorkDir, 0o755)
	}
	dir, err = os.MkdirTemp("", "mlirexec-")
	if err != nil {
		return "", nil, err
	}
	return dir, func() { os.RemoveAll(dir) }, nil
}

// runnerLibs finds the upstream runner utility libraries (printMemref*,
// print*, memrefCopy) next to the real mlir-runner-22 binary.
func runnerLibs() ([]string, error) {
	runner, err := exec.LookPath(toolRunner)
	if err != nil {
		return nil, err
	}
	dirs := []string{"/usr/lib/llvm-22/lib"}
	if real, err := filepath.EvalSymlinks(runner); err == nil {
		dirs = append([]string{filepath.Join(filepath.Dir(real), "..", "lib")}, dirs...)
	}
	for _, dir := range dirs {
		var libs []string
		for _, name := range []string{"libmlir_runner_utils.so", "libmlir_c_runner_utils.so"} {
			if m, _ := filepath.Glob(filepath.Join(dir, name+"*")); len(m) > 0 {
				libs = append(libs, m[0])
			}
		}
		if len(libs) == 2 {
			return libs, nil
		}
	}
	return nil, fmt.Errorf("mlirexec: libmlir_runner_utils.so and libmlir_c_runner_utils.so not found in %v", dirs)
}

const statsPrefix = "MLIREXEC-STATS "

// parseStats extracts the runtime's stats line from stderr and returns the
// remaining stderr.
func parseStats(stderr string) (Stats, string, error) {
	var s Stats
	var rest strings.Builder
	found := false
	sc := bufio.NewScanner(strings.NewReader(stderr))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, statsPrefix) {
			rest.WriteString(line)
			rest.WriteByte('\n')
			continue
		}
		fields := map[string]*int64{
			"allocs": &s.Allocs, "frees": &s.Frees, "alloc_bytes": &s.AllocBytes,
			"copies": &s.Copies, "copy_bytes": &s.CopyBytes, "peak_bytes": &s.PeakBytes,
			"leaks": &s.Leaks, "leak_bytes": &s.LeakBytes, "bad_frees": &s.BadFrees,
		}
		for _, kv := range strings.Fields(strings.TrimPrefix(line, statsPrefix)) {
			k, v, _ := strings.Cut(kv, "=")
			p, ok := fields[k]
			if !ok {
				return s, "", fmt.Errorf("mlirexec: unknown field %q in stats line %q", k, line)
			}
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return s, "", fmt.Errorf("mlirexec: bad stats line %q: %v", line, err)
			}
			*p = n
			delete(fields, k)
		}
		if len(fields) != 0 {
			return s, "", fmt.Errorf("mlirexec: incomplete stats line %q", line)
		}
		found = true
	}
	if !found {
		return s, "", fmt.Errorf("mlirexec: no %sline on stderr (did the program exit normally?)", statsPrefix)
	}
	return s, rest.String(), nil
}

var basePtr = regexp.MustCompile(`base@ = (0x[0-9a-fA-F]+|0|\(nil\))`)

// NormalizeOutput replaces the pointer values that printMemref prints
// ("base@ = 0x55d0c3a1e2b0") with "base@ = <ptr>", so outputs of different
// runs and different harnesses compare equal.
func NormalizeOutput(s string) string {
	return basePtr.ReplaceAllString(s, "base@ = <ptr>")
}
