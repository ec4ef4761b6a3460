package browser

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"time"
)

// Options say which executables to run and how long to wait.
type Options struct {
	Chromium, Driver string // paths of chromium and chromedriver
	// Timeout bounds the start and each command; 0 means 30s.
	Timeout time.Duration
	// Width and Height are the window's size; 0 means 1400x1000.
	Width, Height int
}

// Browser is one headless Chromium session.
type Browser struct {
	driver  *exec.Cmd
	profile string
	base    string // http://127.0.0.1:PORT/session/ID
	timeout time.Duration
	client  http.Client
}

// elementKey is the key of an element reference in WebDriver's JSON.
const elementKey = "element-6066-11e4-a52e-4f735466cecf"

// Start runs chromedriver and opens a session with headless Chromium.
func Start(opt Options) (*Browser, error) {
	if opt.Timeout == 0 {
		opt.Timeout = 30 * time.Second
	}
	if opt.Width == 0 {
		opt.Width, opt.Height = 1400, 1000
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	profile, err := os.MkdirTemp("", "bufferlog-chromium-")
	if err != nil {
		return nil, err
	}
	b := &Browser{profile: profile, timeout: opt.Timeout}
	b.driver = exec.Command(opt.Driver, "--port="+strconv.Itoa(port))
	if err := b.driver.Start(); err != nil {
		os.RemoveAll(profile)
		return nil, fmt.Errorf("starting %s: %v", opt.Driver, err)
	}
	root := "http://127.0.0.1:" + strconv.Itoa(port)
	if err := b.waitReady(root); err != nil {
		b.Close()
		return nil, err
	}
	caps := map[string]any{"capabilities": map[string]any{"alwaysMatch": map[string]any{
		"browserName": "chrome",
		"goog:chromeOptions": map[string]any{
			"binary": opt.Chromium,
			"args": []string{"--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--user-data-dir=" + profile, "--hide-scrollbars", "--force-device-scale-factor=1",
				fmt.Sprintf("--window-size=%d,%d", opt.Width, opt.Height)},
		},
	}}}
	var session struct {
		SessionID string `json:"sessionId"`
	}
	if err := b.call(http.MethodPost, root+"/session", caps, &session); err != nil {
		b.Close()
		return nil, fmt.Errorf("opening a Chromium session: %v", err)
	}
	b.base = root + "/session/" + session.SessionID
	return b, nil
}

// freePort returns a local TCP port that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// waitReady polls chromedriver's status until it accepts sessions.
func (b *Browser) waitReady(root string) error {
	deadline := time.Now().Add(b.timeout)
	var last error
	for time.Now().Before(deadline) {
		var status struct {
			Ready bool `json:"ready"`
		}
		if last = b.call(http.MethodGet, root+"/status", nil, &status); last == nil && status.Ready {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("chromedriver not ready after %v: %v", b.timeout, last)
}

// call sends one WebDriver command and decodes the value of its answer
// into out (if not nil).
func (b *Browser) call(method, url string, in, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), b.timeout)
	defer cancel()
	var body bytes.Buffer
	if in != nil {
		if err := json.NewEncoder(&body).Encode(in); err != nil {
			return err
		}
	}
	req, err := http.NewRequestWithContext(ctx, method, url, &body)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := b.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var answer struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&answer); err != nil {
		return fmt.Errorf("%s %s: %s: %v", method, url, resp.Status, err)
	}
	if resp.StatusCode != http.StatusOK {
		var werr struct{ Error, Message string }
		json.Unmarshal(answer.Value, &werr)
		return fmt.Errorf("%s: %s", werr.Error, werr.Message)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(answer.Value, out)
}

// Open loads url and waits for the page to load.
func (b *Browser) Open(url string) error {
	return b.call(http.MethodPost, b.base+"/url", map[string]string{"url": url}, nil)
}

// element returns the reference of the first element matching selector.
func (b *Browser) element(selector string) (string, error) {
	var ref map[string]string
	if err := b.call(http.MethodPost, b.base+"/element", map[string]string{"using": "css selector", "value": selector}, &ref); err != nil {
		return "", fmt.Errorf("%s: %v", selector, err)
	}
	return ref[elementKey], nil
}

// Count returns how many elements match selector.
func (b *Browser) Count(selector string) (int, error) {
	var refs []map[string]string
	err := b.call(http.MethodPost, b.base+"/elements", map[string]string{"using": "css selector", "value": selector}, &refs)
	return len(refs), err
}

// Click clicks the first element matching selector.
func (b *Browser) Click(selector string) error {
	id, err := b.element(selector)
	if err != nil {
		return err
	}
	return b.call(http.MethodPost, b.base+"/element/"+id+"/click", map[string]any{}, nil)
}

// Text returns the rendered text of the first element matching selector:
// empty if it is hidden.
func (b *Browser) Text(selector string) (string, error) {
	id, err := b.element(selector)
	if err != nil {
		return "", err
	}
	var text string
	err = b.call(http.MethodGet, b.base+"/element/"+id+"/text", nil, &text)
	return text, err
}

// Visible reports whether the first element matching selector is shown.
func (b *Browser) Visible(selector string) (bool, error) {
	id, err := b.element(selector)
	if err != nil {
		return false, err
	}
	var shown bool
	err = b.call(http.MethodGet, b.base+"/element/"+id+"/displayed", nil, &shown)
	return shown, err
}

// Screenshot returns a PNG of the window.
func (b *Browser) Screenshot() ([]byte, error) {
	var data string
	if err := b.call(http.MethodGet, b.base+"/screenshot", nil, &data); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(data)
}

// Close ends the session, which quits Chromium, then chromedriver.
func (b *Browser) Close() error {
	var err error
	if b.base != "" {
		err = b.call(http.MethodDelete, b.base, nil, nil)
		b.base = ""
	}
	if b.driver != nil && b.driver.Process != nil {
		err = errors.Join(err, b.driver.Process.Kill())
		b.driver.Wait()
		b.driver = nil
	}
	return errors.Join(err, os.RemoveAll(b.profile))
}
