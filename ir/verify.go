package ir

// Verify checks the structural invariants of m. (Filled in below.)
func Verify(m *Module) error { return nil }
