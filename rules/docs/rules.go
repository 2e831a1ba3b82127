package docs

import "github.com/wirelint/wirelint/report"

// Rules lists the family's rules, in the order the catalogue shows them.
var Rules = []report.Rule{brokenLinkRule, brokenRefRule}
