package golang

import (
	"go/ast"
	"go/token"
	"strconv"
	"strings"

	"github.com/wirelint/wirelint/internal/lazyre"
	"github.com/wirelint/wirelint/routes"
)

// grpcGatewayFramework is grpc-ecosystem/grpc-gateway's runtime.ServeMux
// (v1 and v2): the generated RegisterXHandler functions register each
// method of a gRPC service on it with Handle, under a path pattern that
// protoc-gen-grpc-gateway writes as a package variable (pattern_Svc_Method_0
// = runtime.MustPattern(runtime.NewPattern(1, ops, pool, verb))).
var grpcGatewayFramework = goFrameworkDef{
	name:         "grpc-gateway",
	imports:      grpcGatewayRuntime,
	importName:   "runtime",
	constructors: names("NewServeMux"),
	routerTypes:  names("ServeMux"),
	calls:        grpcGatewayCalls{},
}

// grpcGatewayRuntime reports whether path is grpc-gateway's runtime package.
func grpcGatewayRuntime(path string) bool {
	return path == "github.com/grpc-ecosystem/grpc-gateway/v2/runtime" || path == "github.com/grpc-ecosystem/grpc-gateway/runtime"
}

// grpcGatewayCalls reads Handle (a method and a compiled pattern) and
// HandlePath (a method and a path template) on a ServeMux.
type grpcGatewayCalls struct{}

func (grpcGatewayCalls) routerCall(a *goAnalysis, f *goFile, env *goEnv, c *ast.CallExpr, r *routes.Router, sel *ast.Ident, args []value, at routes.Pos) value {
	switch sel.Name {
	case "Handle", "HandlePath":
		if len(args) < 2 {
			return nil
		}
		method, ok := str(args[0])
		if !ok {
			return a.lost(c, r)
		}
		p, ok := a.routePath(f, c, args, 1, strings.ToUpper(method), sel.Pos())
		if !ok {
			return nil
		}
		r.Add([]string{strings.ToUpper(method)}, gatewayTemplate(p), at)
		return nil
	}
	return a.lost(c, r)
}

// gatewayCall evaluates runtime.MustPattern(p), which is p, and
// runtime.NewPattern(version, ops, pool, verb, opts...), which is the path template
// the operations spell (see decodePattern); ok is false for any other
// function of the package.
func gatewayCall(c *ast.CallExpr, name string, args []value) (value, bool) {
	switch name {
	case "MustPattern":
		if len(args) == 1 {
			return args[0], true
		}
	case "NewPattern":
		// v1 takes options after the verb (AssumeColonVerbOpt)
		if len(c.Args) >= 4 {
			if p, ok := decodePattern(c.Args[1], c.Args[2], c.Args[3]); ok {
				return goString(p), true
			}
		}
		return nil, true
	}
	return nil, false
}

// The opcodes of a grpc-gateway pattern (utilities.OpCode).
const (
	gwNop = iota
	gwPush
	gwLitPush
	gwPushM
	gwConcatN
	gwCapture
)

// decodePattern turns the operations of a compiled grpc-gateway pattern
// (pairs of opcode and operand, the operands indexing pool) and its verb
// back into the path template protoc-gen-grpc-gateway compiled:
// /v1/{name}/items, /v1/{name=**} for a variable matching several segments,
// /v1/items:cancel for a custom verb. ok is false when the literals are not
// constants or the operations are not ones the generator writes.
func decodePattern(opsExpr, poolExpr, verbExpr ast.Expr) (string, bool) {
	ops, ok := intList(opsExpr)
	if !ok || len(ops)%2 != 0 {
		return "", false
	}
	pool, ok := stringLits(poolExpr)
	if !ok {
		return "", false
	}
	verb, ok := stringLit(verbExpr)
	if !ok {
		return "", false
	}
	var stack []string
	for i := 0; i < len(ops); i += 2 {
		op, arg := ops[i], ops[i+1]
		switch op {
		case gwNop:
		case gwPush:
			stack = append(stack, "*")
		case gwPushM:
			stack = append(stack, "**")
		case gwLitPush:
			if arg < 0 || arg >= len(pool) {
				return "", false
			}
			stack = append(stack, pool[arg])
		case gwConcatN:
			if arg < 1 || arg > len(stack) {
				return "", false
			}
			joined := strings.Join(stack[len(stack)-arg:], "/")
			stack = append(stack[:len(stack)-arg], joined)
		case gwCapture:
			if arg < 0 || arg >= len(pool) || len(stack) == 0 {
				return "", false
			}
			top := stack[len(stack)-1]
			v := "{" + pool[arg] + "}"
			if top != "*" {
				v = "{" + pool[arg] + "=" + top + "}"
			}
			stack[len(stack)-1] = v
		default:
			return "", false
		}
	}
	p := "/" + strings.Join(stack, "/")
	if verb != "" {
		p += ":" + verb
	}
	return p, true
}

// gatewayTemplate spells a grpc-gateway path template (as HandlePath takes
// it and decodePattern gives it back) as a route the template parser reads:
// {name} and {name=*} are {name}; a variable matching the rest of the path
// ({name=**}), or a bare **, is a catch-all; a variable over several
// segments ({name=shelves/*}) is those segments as they come on the wire,
// each wildcard a parameter (shelves/{name}; the earlier ones of several
// {name_1}, {name_2}...), as generators of OpenAPI from protos spell it.
func gatewayTemplate(p string) string {
	verb := ""
	if i := strings.LastIndexByte(p, ':'); i > strings.LastIndexByte(p, '/') && i > strings.LastIndexByte(p, '}') {
		p, verb = p[:i], p[i:]
	}
	var out []string
	for _, seg := range splitTemplate(strings.TrimPrefix(p, "/")) {
		if !strings.HasPrefix(seg, "{") || !strings.HasSuffix(seg, "}") {
			if seg == "**" {
				seg = "*"
			}
			out = append(out, seg)
			continue
		}
		name, pat, _ := strings.Cut(seg[1:len(seg)-1], "=")
		if pat == "" {
			pat = "*"
		}
		parts := strings.Split(pat, "/")
		wild := 0
		for _, part := range parts {
			if part == "*" {
				wild++
			}
		}
		n := 0
		for _, part := range parts {
			switch part {
			case "**":
				out = append(out, "*")
			case "*":
				n++
				if n == wild {
					out = append(out, "{"+name+"}")
				} else {
					out = append(out, "{"+name+"_"+strconv.Itoa(n)+"}")
				}
			default:
				out = append(out, part)
			}
		}
	}
	return "/" + strings.Join(out, "/") + verb
}

// splitTemplate splits a path template at the slashes outside braces.
func splitTemplate(p string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '{':
			depth++
		case '}':
			depth--
		case '/':
			if depth == 0 {
				out = append(out, p[start:i])
				start = i + 1
			}
		}
	}
	return append(out, p[start:])
}

// intList reads a []int{...} literal of integer constants.
func intList(e ast.Expr) ([]int, bool) {
	return litList(e, func(el ast.Expr) (int, bool) {
		bl, ok := el.(*ast.BasicLit)
		if !ok || bl.Kind != token.INT {
			return 0, false
		}
		n, err := strconv.Atoi(bl.Value)
		return n, err == nil
	})
}

// stringLits reads a []string{...} literal of string constants.
func stringLits(e ast.Expr) ([]string, bool) { return litList(e, stringLit) }

// litList reads a composite literal whose every element read accepts.
func litList[T any](e ast.Expr, read func(ast.Expr) (T, bool)) ([]T, bool) {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil, false
	}
	out := make([]T, 0, len(cl.Elts))
	for _, el := range cl.Elts {
		v, ok := read(el)
		if !ok {
			return nil, false
		}
		out = append(out, v)
	}
	return out, true
}

// gatewayRegister matches the registration functions protoc-gen-grpc-gateway
// writes for a service: RegisterSvcHandler (a connection),
// RegisterSvcHandlerClient, RegisterSvcHandlerServer and
// RegisterSvcHandlerFromEndpoint; the first group is the service.
var gatewayRegister = lazyre.New(`^Register(\w+?)Handler(Client|Server|FromEndpoint)?$`)

// gatewayVariants returns the generated registration functions among decls
// not to read as orphans (functions with a router parameter that no call
// followed reaches): the variants of one service register the same
// patterns, so when the program calls any of them the others add nothing,
// and when it calls none (it passes one as a value, which is not followed)
// one of them, the Client variant when there is one, stands for all.
func (a *goAnalysis) gatewayVariants(decls []*ast.FuncDecl) map[*ast.FuncDecl]bool {
	type service struct {
		file *goFile
		name string
	}
	groups := map[service][]*ast.FuncDecl{}
	var order []service
	for _, d := range decls {
		f := a.byDecl[d]
		m := gatewayRegister().FindStringSubmatch(d.Name.Name)
		if f == nil || m == nil || d.Recv != nil || !importsGateway(f) {
			continue
		}
		k := service{f, m[1]}
		if groups[k] == nil {
			order = append(order, k)
		}
		groups[k] = append(groups[k], d)
	}
	out := map[*ast.FuncDecl]bool{}
	for _, k := range order {
		ds := groups[k]
		keep := -1
		for i, d := range ds {
			if a.called[d] {
				keep = -2 // served: every other variant is redundant
				break
			}
			if keep == -1 || strings.HasSuffix(d.Name.Name, "HandlerClient") {
				keep = i
			}
		}
		for i, d := range ds {
			if i != keep {
				out[d] = true
			}
		}
	}
	return out
}

// importsGateway reports whether f imports grpc-gateway's runtime.
func importsGateway(f *goFile) bool {
	for _, p := range f.imports {
		if grpcGatewayRuntime(p) {
			return true
		}
	}
	return false
}

// catchAllTail matches the catch-all a router's pattern ends with (echo's
// and chi's /*, gin's /*any, Fiber's /*), and what comes before it.
var catchAllTail = lazyre.New(`^(.*)/\*\w*$`)

// gatewayForward reports a registration whose pattern ends in a catch-all
// and whose handler hands the requests to a grpc-gateway mux, by any wrapper
// or literal (memos: e.Any("/api/v1/*", echo.WrapHandler(gwMux)); gin's
// r.Any("/v1/*any", gin.WrapH(gwmux))): the mux serves that subtree whole,
// under the prefix it returns.
func gatewayForward(env *goEnv, c *ast.CallExpr, args []value) (*routes.Router, string, bool) {
	if len(args) < 2 {
		return nil, "", false
	}
	p, ok := str(args[0])
	if !ok {
		return nil, "", false
	}
	m := catchAllTail().FindStringSubmatch(p)
	if m == nil {
		return nil, "", false
	}
	if gw := gatewayHandler(env, c, args, 1); gw != nil {
		return gw, m[1], true
	}
	return nil, "", false
}

// gatewayHandler returns the grpc-gateway mux the handler arguments of a
// registration (args[from:]) hand their requests to: the mux itself, a
// handler literal passing it on, or a wrapper the analysis does not read
// naming it; nil for none.
func gatewayHandler(env *goEnv, c *ast.CallExpr, args []value, from int) *routes.Router {
	for i := from; i < len(args) && i < len(c.Args); i++ {
		if r, ok := args[i].(goRouter); ok && r.r.Framework == grpcGatewayFramework.name {
			return r.r
		}
		if gw := forwardedGateway(args[i]); gw != nil {
			return gw
		}
		if gw := gatewayNamed(env, c.Args[i]); gw != nil {
			return gw
		}
	}
	return nil
}

// gatewayNamed returns the grpc-gateway mux an expression names through
// calls the analysis does not read (echo.WrapHandler(gwMux)), nil for none;
// a function literal in it is read by forwardedGateway, with its captures.
func gatewayNamed(env *goEnv, e ast.Expr) *routes.Router {
	return gatewayIn(env, e, false)
}

// forwardedGateway returns the grpc-gateway mux a handler literal hands its
// requests to, nil when it names none: argo-workflows registers
// mux.HandleFunc("/api/", func(w, r) { ...; webhookInterceptor(w, r, gwmux) }),
// a subtree the gateway serves whole. Only a gateway mux is taken so: it
// matches the whole path, whatever the handler does before passing it on.
func forwardedGateway(h value) *routes.Router {
	fn, ok := h.(*goFunc)
	if !ok || fn.lit == nil || fn.lit.Body == nil {
		return nil
	}
	return gatewayIn(fn.env, fn.lit.Body, true)
}

// gatewayIn returns the first grpc-gateway mux an identifier under n names
// in env (inside nested function literals too when lits is set).
func gatewayIn(env *goEnv, n ast.Node, lits bool) *routes.Router {
	var found *routes.Router
	ast.Inspect(n, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit && !lits || found != nil {
			return false
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := env.lookup(id.Name); ok {
				if r, ok := v.(goRouter); ok && r.r.Framework == grpcGatewayFramework.name {
					found = r.r
				}
			}
		}
		return true
	})
	return found
}
