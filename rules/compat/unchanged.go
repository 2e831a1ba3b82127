package compat

import "github.com/wirelint/wirelint/reduce"

// sharedKey names a node of a parsed tree both revisions hold (reduce.Trees
// gives the two revisions one tree for a file whose bytes did not change),
// read from a base and a head document.
type sharedKey struct {
	base, head *reduce.Document
	node       *reduce.Node
}

// unchanged reports whether n, a node both revisions share, accepts the
// same payloads in both: its documents are of one dialect, and every $ref
// below it (a discriminator mapping's too) lands, in each revision, on one
// shared node again, and so on through everything those reach; a
// reference neither revision can follow counts as unchanged, as the
// comparison counts the same reference text both cannot follow. The answer
// is remembered: a large tree between two commits compares each unchanged
// schema without projecting it, once.
func (c *comparer) unchanged(base, head *reduce.Document, n *reduce.Node) bool {
	k := sharedKey{base, head, n}
	if v, ok := c.shared[k]; ok {
		return v
	}
	visited := map[sharedKey]bool{k: true}
	stack := []sharedKey{k}
	same := true
	follow := func(cur sharedKey, raw string) {
		bt, berr := c.baseReducer.Resolve(cur.base, raw)
		ht, herr := c.headReducer.Resolve(cur.head, raw)
		switch {
		case berr != nil && herr != nil:
			return
		case berr != nil || herr != nil || bt.Doc == nil || ht.Doc == nil || bt.Node == nil || bt.Node != ht.Node:
			same = false
			return
		}
		next := sharedKey{bt.Doc, ht.Doc, bt.Node}
		if v, known := c.shared[next]; known {
			same = same && v
			return
		}
		if !visited[next] {
			visited[next] = true
			stack = append(stack, next)
		}
	}
	for len(stack) > 0 && same {
		cur := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cur.base.Dialect != cur.head.Dialect {
			same = false
			break
		}
		var walk func(n *reduce.Node, depth int)
		walk = func(n *reduce.Node, depth int) {
			n = reduce.Deref(n)
			if n == nil || !same {
				return
			}
			if depth > 256 {
				same = false // too deep to tell: compared in full
				return
			}
			if n.Kind == reduce.MappingNode {
				for i := 0; i+1 < len(n.Content); i += 2 {
					key, v := n.Content[i].Value, reduce.Deref(n.Content[i+1])
					switch {
					case key == "$ref" && reduce.IsString(v):
						follow(cur, v.Value)
					case key == "discriminator" && reduce.IsMap(v):
						reduce.Pairs(reduce.Value(v, "mapping"), func(_, target *reduce.Node) bool {
							if reduce.IsString(target) {
								follow(cur, mappingRef(target.Value))
							}
							return true
						})
					}
				}
			}
			for _, child := range n.Content {
				walk(child, depth+1)
			}
		}
		walk(cur.node, 0)
	}
	if !same {
		c.shared[k] = false
		return false
	}
	for key := range visited {
		c.shared[key] = true
	}
	return true
}
