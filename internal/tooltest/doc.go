// Package tooltest owns the policy for tests that need an external tool such
// as mlir-opt-22 or FileCheck-22: [Require] skips the test when the tool is
// missing on a developer's machine, but fails it under CI (CI=true), where a
// silently skipped test would hide a missing install step. [Slow] marks
// the tests of the full tier, which go test -short skips.
package tooltest
