package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
)

// interspersed reorders a command line so that the subcommand's flags come
// before its positional arguments. urfave/cli stops reading flags at the
// first file name, but `bufferlog fmt in.mlir -o out.mlir` is what people
// type.
func interspersed(app *cli.App, args []string) []string {
	// The app's own flags (--cpuprofile FILE) come before the command.
	at := 1
	for at < len(args) && strings.HasPrefix(args[at], "-") && args[at] != "-" {
		name := strings.TrimLeft(args[at], "-")
		at++
		if !strings.Contains(name, "=") && slices.ContainsFunc(app.Flags, func(f cli.Flag) bool {
			return slices.Contains(f.Names(), name) && !isBoolFlag(f)
		}) {
			at++
		}
	}
	if at >= len(args) {
		return args
	}
	cmd := app.Command(args[at])
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	known := map[string]bool{}
	// urfave/cli adds the help flag to every command.
	for _, f := range append([]cli.Flag{cli.HelpFlag}, cmd.Flags...) {
		for _, n := range f.Names() {
			known[n] = true
			takesValue[n] = !isBoolFlag(f)
		}
	}
	var flags, positional []string
	rest := args[at+1:]
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if a == "--" {
			positional = append(positional, rest[i+1:]...)
			break
		}
		name := strings.TrimLeft(a, "-")
		if a == "-" || !strings.HasPrefix(a, "-") || !known[strings.SplitN(name, "=", 2)[0]] {
			positional = append(positional, a)
			continue
		}
		flags = append(flags, a)
		if takesValue[name] && !strings.Contains(name, "=") && i+1 < len(rest) {
			i++
			flags = append(flags, rest[i])
		}
	}
	out := append(slices.Clone(args[:at+1]), flags...)
	if len(positional) > 0 {
		out = append(out, "--")
	}
	return append(out, positional...)
}

// isBoolFlag reports whether f takes no separate value: a BoolFlag, or a
// GenericFlag whose value says it is boolean to the flag package (such as
// --stats, which also takes --stats=json).
func isBoolFlag(f cli.Flag) bool {
	switch f := f.(type) {
	case *cli.BoolFlag:
		return true
	case *cli.GenericFlag:
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		return ok && b.IsBoolFlag()
	}
	return false
}
