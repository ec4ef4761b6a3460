package ir

// buffer is an append-only byte buffer that the printer can roll back, so
// that a custom printer that gives up can be replaced by the generic form.
type buffer struct{ b []byte }

func (w *buffer) str(s string)   { w.b = append(w.b, s...) }
func (w *buffer) ch(c byte)      { w.b = append(w.b, c) }
func (w *buffer) String() string { return string(w.b) }
