package main

import (
	"fmt"
	"os"
)

func main() {
	app := newApp()
	if err := app.Run(interspersed(app, os.Args)); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
