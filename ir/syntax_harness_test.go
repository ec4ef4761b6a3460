package ir_test

import (
	"errors"
	"strings"
	"testing"

	"bufferlog/internal/tooltest"
	"bufferlog/ir"
)

// The syntax tests of the dialects are tables run by testRoundTrips (valid
// IR in the dialect's custom forms) and testSyntaxErrors (malformed IR).

// roundTripCase is valid IR; printed lists text its pretty output must
// contain.
type roundTripCase struct {
	name, src string
	printed   []string
}

// errorCase is malformed IR.
type errorCase struct{ name, src string }

// testRoundTrips runs each case as a subtest that checks the round trip
// through mlir-opt-22 (see checkRoundTrip), the case's printed texts, and
// that every op whose name starts with one of custom prints in its custom
// form: a custom printer that gives up falls back to the generic form,
// which the round trip alone would not notice.
func testRoundTrips(t *testing.T, cases []roundTripCase, custom ...string) {
	opt := tooltest.Require(t, "mlir-opt-22")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkRoundTrip(t, opt, tc.name+".mlir", []byte(tc.src))
			m, err := ir.Parse(tc.name+".mlir", []byte(tc.src))
			if err != nil {
				t.Fatal(err)
			}
			out := string(printModule(t, m, false))
			for _, want := range tc.printed {
				if !strings.Contains(out, want) {
					t.Errorf("pretty output lacks %q:\n%s", want, out)
				}
			}
			requireCustomForms(t, tc.src, out, custom)
		})
	}
}

// requireCustomForms checks that out, the pretty form of src, has no op
// whose name starts with one of prefixes in the generic form, unless src
// itself has one (inherent attributes may then sit in the dictionary).
func requireCustomForms(t *testing.T, src, out string, prefixes []string) {
	t.Helper()
	for _, prefix := range prefixes {
		if strings.Contains(src, `"`+prefix) {
			return
		}
	}
	for _, prefix := range prefixes {
		if i := strings.Index(out, `"`+prefix); i >= 0 {
			line := out[strings.LastIndexByte(out[:i], '\n')+1:]
			t.Errorf("printed in the generic form: %s", line[:strings.IndexByte(line, '\n')])
		}
	}
}

// testSyntaxErrors checks that each case fails to parse with an *ir.Error,
// a located diagnostic, never a panic.
func testSyntaxErrors(t *testing.T, cases []errorCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ir.Parse("in.mlir", []byte(tc.src))
			var e *ir.Error
			if !errors.As(err, &e) {
				t.Fatalf("want *ir.Error, got %v", err)
			}
		})
	}
}
