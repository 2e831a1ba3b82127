package routes

var jsExts = []string{".js", ".mjs", ".cjs", ".ts", ".mts", ".cts"}

func FromPython(root string, display func(string) string) (*Set, error) { return &Set{}, nil }
func FromJS(root string, display func(string) string) (*Set, error)     { return &Set{}, nil }
