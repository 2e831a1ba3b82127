package golang

import (
	"go/ast"

	"github.com/wirelint/wirelint/routes"
)

// value is what the extractor's interpreter evaluates a Go expression to: a
// closed set of named types, written down here with what each means.
//
//   - nil: unknown (anything this analysis does not model);
//   - goString: a folded string constant;
//   - goDynamic: a value known not to be static, with the reason;
//   - goAssumed: a string read at run time, taken from where the repository
//     sets it (a config file, a declared default), with the assumptions;
//   - goRouter: a router of the route model;
//   - *goFunc: a function of the server, with its scope and receiver;
//   - *goRoute: a gorilla/mux route under construction;
//   - *fiberRoute: Fiber v3's app.Route(path), its methods chained;
//   - *goLost: what a router method this analysis does not know returns;
//   - *goWrap: a value of a struct type of the server holding a router;
//   - *goStrip: http.StripPrefix(prefix, handler);
//   - goStatic: a handler serving files from a folder;
//   - *goList: a slice literal, append on one, or a variadic parameter;
//   - *goStruct: a struct literal with string or router fields (options
//     passed on).
type value interface{ isValue() }

type (
	// goString is a folded string constant.
	goString string
	// goRouter is a router of the route model; r is never nil.
	goRouter struct{ r *routes.Router }
)

func (goString) isValue()    {}
func (goDynamic) isValue()   {}
func (goAssumed) isValue()   {}
func (goRouter) isValue()    {}
func (*goFunc) isValue()     {}
func (*goRoute) isValue()    {}
func (*fiberRoute) isValue() {}
func (*goLost) isValue()     {}
func (*goWrap) isValue()     {}
func (*goStrip) isValue()    {}
func (goStatic) isValue()    {}
func (*goList) isValue()     {}
func (*goStruct) isValue()   {}
func (*goTyped) isValue()    {}

// goTyped is a value of a struct type the module declares, made by a
// literal (&handlers.Web{DB: db}), of which nothing but its type is kept:
// a method called on it with a router (h.RegisterRoutes(g)) is the type's.
type goTyped struct {
	typ string // the struct type's name
	pkg *goPkg
}

// goStruct is a keyed struct literal: its fields as evaluated, by name.
type goStruct struct {
	fields map[string]value
	// whole marks a literal of a struct type the module declares, passed
	// by value: its string fields the literal leaves out are in fields as
	// "", and reading any other field it leaves out gives nil (a zero
	// value this analysis does not model). Without it, a field not in
	// fields is unknown.
	whole bool
}

// goList is a slice: its elements as evaluated, in order.
type goList struct{ items []value }

// spread returns args with a final slice passed with ... (f(xs...))
// replaced by its elements, as the callee's variadic parameter receives
// them; args unchanged otherwise.
func spread(c *ast.CallExpr, args []value) []value {
	if !c.Ellipsis.IsValid() || len(args) == 0 {
		return args
	}
	if l, ok := args[len(args)-1].(*goList); ok {
		return append(args[:len(args)-1:len(args)-1], l.items...)
	}
	return args
}

// str returns v's string when v is a folded string.
func str(v value) (string, bool) {
	s, ok := v.(goString)
	return string(s), ok
}

// routerOf returns v's router when v is one.
func routerOf(v value) (*routes.Router, bool) {
	r, ok := v.(goRouter)
	return r.r, ok
}
