package browser

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"

	"bufferlog/internal/tooltest"
)

// startForTest opens a browser for t, closed when t ends.
func startForTest(t *testing.T) *Browser {
	t.Helper()
	b, err := Start(Options{Chromium: tooltest.Require(t, "chromium"), Driver: tooltest.Require(t, "chromedriver")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := b.Close(); err != nil {
			t.Errorf("closing the browser: %v", err)
		}
	})
	return b
}

// TestBrowser loads a page from an httptest server, reads text and
// visibility, clicks a button whose script shows a hidden element, and
// takes a screenshot; a missing element is an error.
func TestBrowser(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(`<!DOCTYPE html><html><body>
<h1 id="title">Hello &lt;world&gt;</h1>
<button id="show" onclick="document.getElementById('secret').hidden = false">show</button>
<p id="secret" hidden>now you see me</p>
<ul><li>a</li><li>b</li><li>c</li></ul>
</body></html>`))
	}))
	defer srv.Close()
	b := startForTest(t)
	if err := b.Open(srv.URL); err != nil {
		t.Fatal(err)
	}
	if text, err := b.Text("#title"); err != nil || text != "Hello <world>" {
		t.Errorf("title %q, %v", text, err)
	}
	if n, err := b.Count("li"); err != nil || n != 3 {
		t.Errorf("%d li, %v; want 3", n, err)
	}
	if shown, err := b.Visible("#secret"); err != nil || shown {
		t.Errorf("#secret shown %v (%v) before the click", shown, err)
	}
	if err := b.Click("#show"); err != nil {
		t.Fatal(err)
	}
	if shown, err := b.Visible("#secret"); err != nil || !shown {
		t.Errorf("#secret shown %v (%v) after the click", shown, err)
	}
	if text, err := b.Text("#secret"); err != nil || text != "now you see me" {
		t.Errorf("secret %q, %v", text, err)
	}
	png, err := b.Screenshot()
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("screenshot is no PNG (%d bytes): %v", len(png), err)
	}
	if err := b.Click("#nothing"); err == nil {
		t.Error("clicking a missing element succeeded")
	}
}
