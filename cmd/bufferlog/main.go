package main

import (
	"fmt"
	"os"
	"runtime/debug"
)

func main() {
	// bufferlog is a batch tool whose heap is mostly the IR it keeps until
	// exit: collecting less often trades a little memory for a lot of time.
	// GOGC, when set, is the user's choice and stands.
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(200)
	}
	app := newApp()
	if err := app.Run(interspersed(app, os.Args)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
