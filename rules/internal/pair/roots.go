package pair

import "github.com/wirelint/wirelint/reduce"

// Roots returns renames (canonical name → mirror name) with each canonical
// file root that no mirror definition shares a name with paired with a
// mirror definition declaring the same $id (a file root, or a bundle's entry
// keeping the file's $id), else a mirror file root with the same title, else
// a mirror file root equal as written: bom.json and its copy
// bom.SNAPSHOT.json are one definition. Explicit renames stay as given.
//
// canonical and mirror list each side's definitions in order, the first of a
// name winning; a file root is the definition whose Pointer is "". Parity and
// diffcheck both pair roots with it, so the two commands agree on what a
// definition's counterpart is.
func Roots(canonical, mirror []*reduce.Definition, renames map[string]string) map[string]string {
	out := make(map[string]string, len(renames))
	taken := map[string]bool{}
	for cn, mn := range renames {
		out[cn] = mn
		taken[mn] = true
	}
	canonicalNames := make(map[string]bool, len(canonical))
	for _, d := range canonical {
		canonicalNames[d.Name] = true
	}
	mirrorNames := make(map[string]bool, len(mirror))
	// candidates: mirror file roots, and for a match by $id any mirror
	// definition (a bundle embeds each file as a definition keeping its $id)
	var roots, all []*reduce.Definition
	for _, d := range mirror {
		if mirrorNames[d.Name] {
			continue
		}
		mirrorNames[d.Name] = true
		if !canonicalNames[d.Name] && !taken[d.Name] {
			all = append(all, d)
			if d.Pointer == "" {
				roots = append(roots, d)
			}
		}
	}
	sameID := func(c, m *reduce.Node) bool {
		return ID(c) != "" && ID(c) == ID(m)
	}
	sameTitle := func(c, m *reduce.Node) bool {
		return rootText(c, "title") != "" && rootText(c, "title") == rootText(m, "title")
	}
	sameContent := func(c, m *reduce.Node) bool { return reduce.Canonical(c) == reduce.Canonical(m) }
	ways := []struct {
		among []*reduce.Definition
		same  func(c, m *reduce.Node) bool
	}{{all, sameID}, {roots, sameTitle}, {roots, sameContent}}
	seen := map[string]bool{}
	for _, cd := range canonical {
		if seen[cd.Name] {
			continue
		}
		seen[cd.Name] = true
		if cd.Pointer != "" || out[cd.Name] != "" || mirrorNames[cd.Name] {
			continue
		}
	match:
		for _, w := range ways {
			for _, md := range w.among {
				if !taken[md.Name] && w.same(cd.Node, md.Node) {
					out[cd.Name] = md.Name
					taken[md.Name] = true
					break match
				}
			}
		}
	}
	return out
}

// ID returns the $id (or draft-04 id) schema node n declares, or "": what
// pairs a file root with the mirror definition keeping its $id.
func ID(n *reduce.Node) string { return rootText(n, "$id", "id") }

// rootText returns the first of keys that n holds as a string, or "".
func rootText(n *reduce.Node, keys ...string) string {
	for _, k := range keys {
		if v := reduce.Value(n, k); v != nil && reduce.IsString(v) {
			return v.Value
		}
	}
	return ""
}
