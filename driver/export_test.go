package driver

// EarlyLead exports earlyLead to the tests of package driver_test.
const EarlyLead = earlyLead
