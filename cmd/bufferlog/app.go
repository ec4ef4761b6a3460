package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"bufferlog/ir"

	"github.com/urfave/cli/v2"
)

// errReported is returned after diagnostics were already written to stderr,
// so main only sets the exit status.
var errReported = cli.Exit("", 1)

func newApp() *cli.App {
	app := &cli.App{
		Name:  "bufferlog",
		Usage: "bufferize MLIR tensor programs with Datalog rules",
		// --rules and --op-model take file names, which may contain commas.
		DisableSliceFlagSeparator: true,
		Commands: []*cli.Command{
			demoCommand(),
			fmtCommand(),
			factsCommand(),
			queryCommand(),
			bufferizeCommand(),
			explainCommand(),
			reportCommand(),
			graphCommand(),
			rulesCommand(),
			diffRulesCommand(),
			checkCommand(),
		},
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "cpuprofile", Usage: "write a CPU profile of the command to `FILE` (go tool pprof reads it)"},
			&cli.StringFlag{Name: "memprofile", Usage: "write a heap profile to `FILE` when the command ends"},
		},
		Before: startProfiles,
		After:  stopProfiles,
		ExitErrHandler: func(c *cli.Context, err error) {
			var coder cli.ExitCoder
			if errors.As(err, &coder) {
				if msg := err.Error(); msg != "" {
					fmt.Fprintln(os.Stderr, msg)
				}
				os.Exit(coder.ExitCode())
			}
		},
	}
	for _, cmd := range app.Commands {
		// A flag that does not parse is a usage error: exit status 2 and
		// one line on stderr, not the help on stdout, which may be
		// carrying output.
		cmd.OnUsageError = func(c *cli.Context, err error, _ bool) error {
			return cli.Exit(fmt.Sprintf("bufferlog %s: %v", c.Command.Name, err), 2)
		}
	}
	return app
}

func fmtCommand() *cli.Command {
	return &cli.Command{
		Name:      "fmt",
		Usage:     "parse MLIR files and print them back",
		ArgsUsage: "FILE... (- for stdin)",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "generic", Usage: "print every operation in the generic form"},
			&cli.BoolFlag{Name: "verify", Value: true, Usage: "run the structural verifier"},
			&cli.StringFlag{Name: "o", Usage: "write the output to `FILE` instead of stdout (one input only)"},
		},
		Action: func(c *cli.Context) error {
			files := c.Args().Slice()
			if len(files) == 0 {
				return cli.Exit("bufferlog fmt: no input files (use - for stdin)", 2)
			}
			if c.String("o") != "" && len(files) > 1 {
				return cli.Exit("bufferlog fmt: -o takes a single input file", 2)
			}
			opts := ir.PrintOptions{Generic: c.Bool("generic")}
			failed := false
			for _, f := range files {
				m, err := loadFile(f, c.Bool("verify"))
				if err != nil {
					fmt.Fprintln(os.Stderr, err)
					failed = true
					continue
				}
				if err := writeModule(c.String("o"), m, opts); err != nil {
					return cli.Exit(err.Error(), 1)
				}
			}
			if failed {
				return errReported
			}
			return nil
		},
	}
}

// readInput reads a file, or stdin for "-".
func readInput(name string) (string, []byte, error) {
	if name == "-" {
		src, err := io.ReadAll(os.Stdin)
		return "<stdin>", src, err
	}
	src, err := os.ReadFile(name)
	var pathErr *os.PathError
	if errors.As(err, &pathErr) {
		err = fmt.Errorf("%s: error: cannot read input: %v", name, pathErr.Err)
	}
	return name, src, err
}

// loadFile parses and verifies one file. Every diagnostic comes from here,
// before any output is written, so a bad file produces no output at all.
func loadFile(name string, verify bool) (*ir.Module, error) {
	m, _, err := loadSource(name, verify)
	return m, err
}

// loadSource is loadFile that also returns the text it read, for the
// commands that show it: the input, stdin among them, is read once. The
// ops of a long block are parsed on all CPUs (ir.ParseOptions).
func loadSource(name string, verify bool) (*ir.Module, []byte, error) {
	display, src, err := readInput(name)
	if err != nil {
		return nil, nil, err
	}
	m, err := ir.ParseWith(display, src, ir.ParseOptions{Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return nil, nil, err
	}
	if verify {
		if err := ir.Verify(m); err != nil {
			return nil, nil, err
		}
	}
	return m, src, nil
}

// writeModule prints m to stdout, or atomically to a file (see
// writeOutput). Printing streams: the text is never held whole in memory.
func writeModule(path string, m *ir.Module, opts ir.PrintOptions) error {
	return writeOutput(path, func(w io.Writer) error { return ir.Print(w, m, opts) })
}

// writeOutput calls write on stdout for "" or "-", or on a temporary file
// renamed to path once write succeeds, so readers never see a partial
// output.
func writeOutput(path string, write func(io.Writer) error) error {
	switch path {
	case "", "-":
		return write(os.Stdout)
	case os.DevNull:
		return write(io.Discard)
	}
	tmp, err := os.CreateTemp(dirOf(path), ".bufferlog-*")
	if err != nil {
		return err
	}
	// CreateTemp makes the file private: give it the mode of the file it
	// replaces (an input replaced in place keeps its own), or the usual one.
	mode := os.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
	}
	err = tmp.Chmod(mode)
	if err == nil {
		err = write(tmp)
	}
	if err == nil {
		// On disk before the rename, so that a crash cannot leave the
		// new name on an empty file.
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

func dirOf(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			return path[:i+1]
		}
	}
	return "."
}

// startProfiles starts the CPU profile that --cpuprofile asks for.
func startProfiles(c *cli.Context) error {
	name := c.String("cpuprofile")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return cli.Exit(fmt.Sprintf("bufferlog: %v", err), 1)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return cli.Exit(fmt.Sprintf("bufferlog: %v", err), 1)
	}
	return nil
}

// stopProfiles ends the CPU profile and writes the heap profile. A command
// that fails exits before it (ExitErrHandler): its profiles are cut short.
func stopProfiles(c *cli.Context) error {
	if c.String("cpuprofile") != "" {
		pprof.StopCPUProfile()
	}
	name := c.String("memprofile")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err == nil {
		err = pprof.Lookup("allocs").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return cli.Exit(fmt.Sprintf("bufferlog: %v", err), 1)
	}
	return nil
}
