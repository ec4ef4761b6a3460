package mlirexec

import (
	"fmt"
	"regexp"
	"strings"
)

// Names of the runtime hooks, as the rewritten IR calls them.
const (
	hookMemcpy      = "mlirexec_memcpy"
	hookMemrefCopy  = "mlirexec_memrefCopy"
	hookAllocPadded = "mlirexec_alloc_padded"
	noopEntry       = "mlirexec_noop"
)

// The line shapes the rewrite looks for, as mlir-opt-22 prints them after
// the lowering pipeline.
var (
	funcStart = regexp.MustCompile(`^\s*llvm\.func @`)
	// %11 = llvm.call @_mlir_memref_to_llvm_alloc(%10) : (i64) -> !llvm.ptr
	allocCall = regexp.MustCompile(`^(\s*)(%[\w$.-]+) = llvm\.call @_mlir_memref_to_llvm_alloc\((%[\w$.-]+)\) : \(i64\) -> !llvm\.ptr\s*$`)
	// %10 = llvm.add %8, %9 : i64   (possibly with overflow flags)
	addDef = regexp.MustCompile(`^\s*(%[\w$.-]+) = llvm\.add (%[\w$.-]+), (%[\w$.-]+)\b[^:]*: i64\s*$`)
	// %9 = llvm.mlir.constant(64 : index) : i64
	constDef = regexp.MustCompile(`^\s*(%[\w$.-]+) = llvm\.mlir\.constant\((\d+) : (index|i64)\) : i64\s*$`)
	// "llvm.intr.memcpy"(%d, %s, %n) <{isVolatile = false}> : (!llvm.ptr, !llvm.ptr, i64) -> ()
	memcpyOp   = regexp.MustCompile(`^(\s*)"llvm\.intr\.memcpy"\((%[\w$.-]+), (%[\w$.-]+), (%[\w$.-]+)\)( <\{[^}]*\}>)? : \(!llvm\.ptr, !llvm\.ptr, i64\) -> \(\)\s*$`)
	memrefCopy = regexp.MustCompile(`@memrefCopy\b`)
	moduleOpen = regexp.MustCompile(`^module\b.*\{\s*$`)
)

// instrument rewrites lowered LLVM-dialect text so that the program's memory
// operations go through the runtime hooks:
//
//   - "llvm.intr.memcpy" (memref.copy between identity layouts) becomes a call
//     to @mlirexec_memcpy, and @memrefCopy (strided memref.copy) becomes
//     @mlirexec_memrefCopy, so copies are counted;
//   - for an allocation with an alignment attribute the lowering calls
//     _mlir_memref_to_llvm_alloc(size + alignment) and aligns the pointer
//     itself; such calls become @mlirexec_alloc_padded(size, alignment) so
//     that the runtime can count the requested size only.
//
// With noop, it also adds an empty function @mlirexec_noop, an entry point
// that lets mlir-runner compile the module without running main.
//
// It works line by line on mlir-opt's printed form, and fails rather than
// miscounting if a memcpy is printed in a form it does not know.
func instrument(lowered []byte, noop bool) ([]byte, error) {
	lines := strings.Split(string(lowered), "\n")
	// defs maps an SSA name to its defining line within the current
	// function; names are unique per function.
	defs := map[string]string{}
	moduleLine := -1
	for i, line := range lines {
		if moduleLine < 0 && moduleOpen.MatchString(line) {
			moduleLine = i
		}
		lines[i] = memrefCopy.ReplaceAllString(line, "@"+hookMemrefCopy)
		if funcStart.MatchString(line) {
			clear(defs)
			continue
		}
		if m := memcpyOp.FindStringSubmatch(line); m != nil {
			lines[i] = fmt.Sprintf("%sllvm.call @%s(%s, %s, %s) : (!llvm.ptr, !llvm.ptr, i64) -> ()", m[1], hookMemcpy, m[2], m[3], m[4])
			continue
		}
		if strings.Contains(line, "llvm.intr.memcpy") {
			return nil, fmt.Errorf("mlirexec: cannot instrument memcpy of unknown form: %s", strings.TrimSpace(line))
		}
		if m := allocCall.FindStringSubmatch(line); m != nil {
			if size, pad, ok := paddedSize(defs, m[3]); ok {
				lines[i] = fmt.Sprintf("%s%s = llvm.call @%s(%s, %s) : (i64, i64) -> !llvm.ptr", m[1], m[2], hookAllocPadded, size, pad)
			}
		}
		if name, _, ok := strings.Cut(strings.TrimSpace(line), " = "); ok && strings.HasPrefix(name, "%") {
			defs[name] = line
		}
	}
	if moduleLine < 0 {
		return nil, fmt.Errorf("mlirexec: no top-level module in lowered IR")
	}
	decls := []string{
		fmt.Sprintf("  llvm.func @%s(!llvm.ptr, !llvm.ptr, i64)", hookMemcpy),
		fmt.Sprintf("  llvm.func @%s(i64, i64) -> !llvm.ptr", hookAllocPadded),
	}
	if noop {
		decls = append(decls, fmt.Sprintf("  llvm.func @%s() {\n    llvm.return\n  }", noopEntry))
	}
	out := append(lines[:moduleLine+1:moduleLine+1], decls...)
	out = append(out, lines[moduleLine+1:]...)
	return []byte(strings.Join(out, "\n")), nil
}

// paddedSize reports whether the allocation size v is `size + alignment`
// with a constant alignment, the form the lowering emits for an alloc with
// an alignment attribute, and returns the two operands.
func paddedSize(defs map[string]string, v string) (size, pad string, ok bool) {
	m := addDef.FindStringSubmatch(defs[v])
	if m == nil {
		return "", "", false
	}
	if constDef.FindStringSubmatch(defs[m[3]]) == nil {
		return "", "", false
	}
	return m[2], m[3], true
}
