package differential

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/wirelint/wirelint/internal/validate"
	"github.com/wirelint/wirelint/reduce"
)

func TestTmpEq(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "c.json"), []byte(`{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{"traffic":{"title": "Traffic", "type": "object", "properties": {"timestamp": {"type": "string", "format": "date-time"}, "uniques": {"type": "integer"}, "count": {"type": "integer"}}, "required": ["timestamp", "uniques", "count"]}}}`), 0o644)
	os.WriteFile(filepath.Join(dir, "m.yaml"), []byte(`openapi: 3.0.3
info: {title: t, version: "1"}
paths: {}
components:
  schemas:
    traffic: {"title": "Traffic", "type": "object", "properties": {"timestamp": {"type": "string", "format": "date-time"}, "uniques": {"type": "integer"}, "count": {"type": "integer"}}, "required": ["timestamp", "uniques", "count"]}
`), 0o644)
	ws := reduce.NewWorkspace(dir)
	c, _ := ws.Load(filepath.Join(dir, "c.json"), "")
	m, _ := ws.Load(filepath.Join(dir, "m.yaml"), "")
	cs, _ := validate.Compile(ws, c, validate.Options{})
	ms, _ := validate.Compile(ws, m, validate.Options{})
	a, _ := cs.Schema("/$defs/traffic")
	b, _ := ms.Schema("/components/schemas/traffic")
	x, y := a.Compiled(), b.Compiled()
	fmt.Printf("%+v\n%+v\n", *x, *y)
	fmt.Printf("%+v\n%+v\n", *x.Properties["count"], *y.Properties["count"])
	t.Log(equalSchemas(x, y))
}
