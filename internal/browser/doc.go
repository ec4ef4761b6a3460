// Package browser drives headless Chromium for tests of HTML that
// bufferlog writes: it opens a page, clicks elements by CSS selector,
// reads their text and visibility, and takes PNG screenshots.
//
// It speaks the W3C WebDriver protocol, JSON over HTTP, to chromedriver
// (Debian package chromium-driver), which starts and controls Chromium
// (package chromium): a few HTTP requests need no library. Start runs
// chromedriver on a free local port, waits for it to be ready and opens
// a session whose Chromium runs headless, without sandbox (tests run as
// root in containers), GPU or /dev/shm, with a fresh profile directory.
// Each method is one or two WebDriver commands, each bounded by the
// Options' timeout; Close ends the session, then the chromedriver
// process it started. Tests find the executables with tooltest.Require.
package browser
