// Package lsp is wirelint's language server: JSON-RPC 2.0 over a byte
// stream with the base protocol's Content-Length framing
// (https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/),
// for the handful of messages an editor needs to show wirelint's findings
// as the files are typed: initialize, the text document lifecycle with full
// synchronisation, published diagnostics, code actions from wirelint fix,
// and hover with a rule's explanation.
//
// It is hand-written rather than built on go.lsp.dev/protocol: the messages
// used are a few structs, and the module would add a dependency tree for
// them (see README "Editors").
package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"strings"
)

// message is a JSON-RPC request, response or notification.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  any             `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// JSON-RPC error codes used.
const (
	codeParseError     = -32700
	codeMethodNotFound = -32601
	codeInvalidParams  = -32602
)

// maxMessage bounds one message's body: an editor's whole-file sync of a
// large spec fits; anything larger is refused.
const maxMessage = 64 << 20

// readMessage reads one framed message.
func readMessage(r *bufio.Reader) (*message, error) {
	header, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(strings.TrimSpace(header.Get("Content-Length")))
	if err != nil || n < 0 || n > maxMessage {
		return nil, fmt.Errorf("bad Content-Length %q", header.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return nil, err
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return &message{Error: &rpcError{Code: codeParseError, Message: err.Error()}}, nil
	}
	return &m, nil
}

// writeMessage frames and writes m.
func writeMessage(w io.Writer, m *message) error {
	m.JSONRPC = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return err
}

// Position is a zero-based line and UTF-16 character offset.
type Position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// Range is a span of a document.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Location is a range in a document named by URI.
type Location struct {
	URI   string `json:"uri"`
	Range Range  `json:"range"`
}

// Diagnostic is one finding as an editor shows it.
type Diagnostic struct {
	Range              Range                `json:"range"`
	Severity           int                  `json:"severity"`
	Code               string               `json:"code"`
	Source             string               `json:"source"`
	Message            string               `json:"message"`
	RelatedInformation []RelatedInformation `json:"relatedInformation,omitempty"`
}

// RelatedInformation points at the finding's place in another document.
type RelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// TextEdit replaces a range.
type TextEdit struct {
	Range   Range  `json:"range"`
	NewText string `json:"newText"`
}

// CodeAction is a quick fix.
type CodeAction struct {
	Title       string        `json:"title"`
	Kind        string        `json:"kind"`
	Diagnostics []Diagnostic  `json:"diagnostics,omitempty"`
	Edit        WorkspaceEdit `json:"edit"`
}

// WorkspaceEdit holds edits by document URI.
type WorkspaceEdit struct {
	Changes map[string][]TextEdit `json:"changes"`
}

type textDocumentItem struct {
	URI  string `json:"uri"`
	Text string `json:"text"`
}

type textDocumentID struct {
	URI string `json:"uri"`
}

type initializeParams struct {
	RootURI          string `json:"rootUri"`
	RootPath         string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   textDocumentID `json:"textDocument"`
	ContentChanges []struct {
		Range *Range `json:"range"`
		Text  string `json:"text"`
	} `json:"contentChanges"`
}

type documentParams struct {
	TextDocument textDocumentID `json:"textDocument"`
}

type codeActionParams struct {
	TextDocument textDocumentID `json:"textDocument"`
	Range        Range          `json:"range"`
}

type hoverParams struct {
	TextDocument textDocumentID `json:"textDocument"`
	Position     Position       `json:"position"`
}
