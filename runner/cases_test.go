package runner

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryRuleHasCases pins that each rule of a family under rules/ has a
// case in the family's testdata whose expected findings name it, and that
// the family has a case named "silent" (a file or folder) that must stay
// quiet. suppress/invalid-ignore lives outside rules/ and is pinned by the
// check testscript instead.
func TestEveryRuleHasCases(t *testing.T) {
	texts := map[string]string{} // family -> every testdata file's text
	silent := map[string]bool{}
	for _, r := range Rules() {
		fam, _, _ := strings.Cut(r.ID, "/")
		dir := filepath.Join("..", "rules", fam, "testdata")
		if _, err := os.Stat(dir); err != nil {
			if fam != "suppress" {
				t.Errorf("family %s has no testdata folder (%v)", fam, err)
			}
			continue
		}
		if _, done := texts[fam]; !done {
			var b strings.Builder
			err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if strings.Contains(strings.ToLower(d.Name()), "silent") {
					silent[fam] = true
				}
				if !d.IsDir() {
					if data, err := os.ReadFile(p); err == nil && len(data) < 4<<20 {
						b.Write(data)
						b.WriteByte('\n')
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			texts[fam] = b.String()
		}
		if !strings.Contains(texts[fam], r.ID+" ") && !strings.Contains(texts[fam], `"`+r.ID+`"`) && !strings.Contains(texts[fam], "("+r.ID+")") {
			t.Errorf("no case in rules/%s/testdata produces %s", fam, r.ID)
		}
	}
	for fam := range texts {
		if !silent[fam] {
			t.Errorf("rules/%s/testdata has no silent case", fam)
		}
	}
}
