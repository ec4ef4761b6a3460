package ir_test

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
)

// TestDialectRoundTrip measures the parser on LLVM's round-trip tests of
// the dialects (mlir/test/Dialect/*/ops.mlir and the like, and
// mlir/test/IR for the builtin dialect), which are not part of the
// repository: BUFFERLOG_DIALECT_TESTS names a directory holding them, in
// LLVM's layout. Each file is split at `// -----`; of the cases
// mlir-opt-22 parses, each that bufferlog parses must print, pretty and
// generic, so that mlir-opt-22 reads what it read from the input; one
// that bufferlog cannot parse must get a located diagnostic, and is
// counted. The table of counts per dialect is logged.
func TestDialectRoundTrip(t *testing.T) {
	dir := os.Getenv("BUFFERLOG_DIALECT_TESTS")
	if dir == "" {
		t.Skip("BUFFERLOG_DIALECT_TESTS is not set: LLVM's dialect tests are not part of the repository")
	}
	opt := tooltest.Require(t, "mlir-opt-22")
	type counts struct{ cases, roundTrip, unparsed int }
	byDialect := map[string]*counts{}
	unparsed := map[string]int{}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".mlir") {
			return err
		}
		dialect := dialectOf(path)
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		c := byDialect[dialect]
		if c == nil {
			c = &counts{}
			byDialect[dialect] = c
		}
		for i, part := range caseSplit.Split(string(src), -1) {
			if strings.TrimSpace(part) == "" {
				continue
			}
			if _, err := mlirGeneric(t, opt, []byte(part)); err != nil {
				continue // mlir-opt-22 does not parse it either
			}
			c.cases++
			name := fmt.Sprintf("%s#%d", path, i)
			if _, err := ir.Parse(name, []byte(part)); err != nil {
				var e *ir.Error
				if !errors.As(err, &e) {
					t.Errorf("%s: not a located diagnostic: %v", name, err)
				}
				c.unparsed++
				unparsed[dialect+": "+firstLine(err.Error())]++
				continue
			}
			t.Run(strings.TrimPrefix(name, dir), func(t *testing.T) {
				checkRoundTrip(t, opt, name, []byte(part))
				if !t.Failed() {
					c.roundTrip++
				}
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var table bytes.Buffer
	fmt.Fprintf(&table, "| dialect | cases mlir-opt-22 parses | round-trip | syntax unknown to bufferlog |\n|---|--:|--:|--:|\n")
	for _, d := range slices.Sorted(maps.Keys(byDialect)) {
		c := byDialect[d]
		fmt.Fprintf(&table, "| %s | %d | %d | %d |\n", d, c.cases, c.roundTrip, c.unparsed)
	}
	t.Logf("LLVM's dialect round-trip tests under %s:\n%s", dir, table.String())
	for _, msg := range slices.Sorted(maps.Keys(unparsed)) {
		t.Logf("%3d x %s", unparsed[msg], msg)
	}
}

// caseSplit is the separator of split-input-file test cases.
var caseSplit = regexp.MustCompile(`(?m)^// -----+[ \t]*$`)

// dialectOf names the dialect a test file of LLVM's tree is for: the
// directory under Dialect/, or builtin for mlir/test/IR.
func dialectOf(path string) string {
	parts := strings.Split(filepath.ToSlash(path), "/")
	for i, p := range parts[:len(parts)-1] {
		if p == "Dialect" && i+2 < len(parts) {
			return parts[i+1]
		}
		if p == "IR" {
			return "builtin"
		}
	}
	return "other"
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
