package mlirexec

import (
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
)

//go:embed csrc/mlirexec_rt.c
var runtimeSource []byte

// rtKind selects how the runtime is built.
type rtKind int

const (
	rtShared rtKind = iota // shared library for mlir-runner's --shared-libs
	rtNative               // object for a standalone executable (prints, main)
)

func (k rtKind) file() string {
	if k == rtNative {
		return "mlirexec_rt_native.o"
	}
	return "libmlirexec_rt.so"
}

func (k rtKind) flags() []string {
	if k == rtNative {
		return []string{"-O2", "-g", "-DMLIREXEC_NATIVE", "-c"}
	}
	return []string{"-O2", "-g", "-fPIC", "-shared"}
}

// buildMu keeps one process from compiling the same file twice at once;
// other processes are covered by the rename into place.
var buildMu sync.Mutex

// buildRuntime returns the path of the compiled runtime, compiling it with
// gcc if the cache does not have this version yet.
func buildRuntime(ctx context.Context, opt Options, kind rtKind) (string, error) {
	flags := kind.flags()
	// One directory per version of the source and build flags.
	key := string(runtimeSource) + "\x00" + strings.Join(rtShared.flags(), " ") + "\x00" + strings.Join(rtNative.flags(), " ")
	sum := sha256.Sum256([]byte(key))
	root := opt.CacheDir
	if root == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		root = filepath.Join(base, "bufferlog-mlirexec")
	}
	dir := filepath.Join(root, hex.EncodeToString(sum[:8]))
	path := filepath.Join(dir, kind.file())
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	buildMu.Lock()
	defer buildMu.Unlock()
	if _, err := os.Stat(path); err == nil {
		return path, nil
	}
	cc, err := exec.LookPath(toolCC)
	if err != nil {
		return "", fmt.Errorf("mlirexec: building the runtime: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// Compile from a file rather than stdin so that debug info (valgrind's
	// stack traces) names it.
	src := filepath.Join(dir, "mlirexec_rt.c")
	if err := writeAtomic(src, runtimeSource); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(dir, "build-*-"+kind.file())
	if err != nil {
		return "", err
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	args := append(flags, src, "-o", tmp.Name())
	if _, _, err := runTool(ctx, cc, nil, args...); err != nil {
		return "", fmt.Errorf("mlirexec: building the runtime: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return "", err
	}
	return path, nil
}

// writeAtomic writes data to path through a temporary file and a rename, so
// that a concurrent reader never sees a partial file.
func writeAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "write-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // no-op after a successful rename
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
