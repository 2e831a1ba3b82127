package validate

import (
	"testing"
	"time"

	"github.com/wirelint/wirelint/reduce"
)

func TestTmpCorpus(t *testing.T) {
	for _, f := range []string{"perf/github/api.github.com.json", "perf/stripe/spec3.json", "perf/kubernetes/swagger-v1.27.0.json", "pairs/kubernetes-v2-v3/openapiconv/v3/core.json"} {
		ws := reduce.NewWorkspace("/work/shared/corpus")
		start := time.Now()
		doc, err := ws.Load("/work/shared/corpus/"+f, "")
		if err != nil {
			t.Log(err)
			continue
		}
		set, err := Compile(ws, doc, Options{})
		if err != nil {
			t.Fatal(err)
		}
		bad := 0
		for _, d := range doc.Definitions {
			if _, err := set.Schema(d.Pointer); err != nil {
				bad++
				if bad < 4 {
					t.Log(err)
				}
			}
		}
		t.Logf("%s: %d defs, %d failed, %d pattern problems, %v", f, len(doc.Definitions), bad, len(set.PatternProblems()), time.Since(start))
	}
}
