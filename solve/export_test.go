package solve

// JoinedOn exports joinedOn to the tests of package solve_test, which
// read the built-in rules (package rules imports solve).
func (p *Program) JoinedOn(pred string, col int, guard string, gcol int) bool {
	return p.joinedOn(pred, col, guard, gcol)
}

// EarlyLead exports earlyLead to the tests of package solve_test.
const EarlyLead = earlyLead
