package js

import (
	"github.com/wirelint/wirelint/routes"
	"github.com/wirelint/wirelint/routes/script"
)

// fastifyMethods are the methods of a Fastify instance this analysis reads:
// the verbs and all() register routes, route({method, url}) one route,
// register(plugin, {prefix}) runs a plugin on a child instance under the
// prefix, and the methods Fastify documents as returning the instance
// (withTypeProvider<T>(), addHook, decorate...) hand it back.
var fastifyMethods = withVerbs(map[string]jsMethod{
	"route": fastifyRoute, "register": fastifyRegister,
	"withTypeProvider": same, "addHook": same, "decorate": same, "decorateRequest": same, "decorateReply": same,
	"setErrorHandler": same, "setNotFoundHandler": same, "addSchema": same, "addContentTypeParser": same,
	"setValidatorCompiler": same, "setSerializerCompiler": same, "setReplySerializer": same, "setSchemaErrorFormatter": same,
})

// fastifyExt reads the names of fastify and fastify-plugin: the instance
// constructor, and fp(plugin), which is the plugin.
func fastifyExt(call *jsCall, ext *script.Ext) (script.Value, bool) {
	switch mod := ext.Module; {
	case mod == "fastify" && (ext.Name == "default" || ext.Name == "" || ext.Name == "fastify" || ext.Name == "Fastify"):
		return script.Router{R: call.ev.NewRouter("fastify")}, true
	case mod == "fastify-plugin" && len(call.args) > 0:
		return call.args[0], true
	}
	return nil, false
}

// fastifyRoute reads route({method, url | path, ...}).
func fastifyRoute(call *jsCall) script.Value {
	if len(call.args) != 1 {
		return nil
	}
	opts, ok := call.args[0].(script.Dict)
	if !ok {
		return script.Router{R: call.r}
	}
	ms, ok1 := script.MethodsOf(opts["method"])
	url, ok2 := opts["url"].(script.Str)
	if !ok2 {
		url, ok2 = opts["path"].(script.Str)
	}
	if !ok1 || !ok2 {
		call.unresolved(routes.Unresolved{Pos: call.pos, Expr: call.text(call.arg(0)), Reason: "route method or url is not a constant this analysis can fold"})
		return script.Router{R: call.r}
	}
	call.r.Add(ms, string(url), call.pos)
	return script.Router{R: call.r}
}

// fastifyRegister reads register(plugin, opts): @fastify/static serves
// files below its prefix; a plugin function of the server runs on a child
// instance below opts.prefix; any other plugin is noted.
func fastifyRegister(call *jsCall) script.Value {
	ev, r, args := call.ev, call.r, call.args
	if len(args) < 1 {
		return nil
	}
	child := ev.NewRouter("fastify")
	var opts script.Value
	if len(args) > 1 {
		opts = args[1]
		if o, ok := args[1].(script.Dict); ok {
			if p, has := o["prefix"]; has {
				s, ok := p.(script.Str)
				if !ok {
					child.Orphan = "plugin prefix is not a constant this analysis can fold"
				}
				child.Prefix = string(s)
			}
		}
	}
	plugin := args[0]
	if m, ok := plugin.(*script.Module); ok {
		plugin = ev.jsDefault(m)
	}
	if ext, ok := plugin.(*script.Ext); ok && (ext.Module == "@fastify/static" || ext.Module == "fastify-static") {
		prefix := "/"
		if o, ok := opts.(script.Dict); ok {
			if p, ok := o["prefix"].(script.Str); ok {
				prefix = string(p)
			}
		}
		rr := r.Add([]string{"GET"}, prefix, call.pos)
		rr.Static, rr.Subtree = true, true
		return script.Router{R: r}
	}
	fn, ok := plugin.(*script.Func)
	if !ok {
		if _, ext := plugin.(*script.Ext); !ext {
			// a gap of the child instance, so it is scoped to the
			// prefixes its routes would have (the parent's and
			// opts.prefix), not to the whole server
			child.Gaps = append(child.Gaps, routes.Unresolved{Pos: call.pos, Method: routes.MethodAny, Expr: call.text(call.arg(0)), Reason: "registered plugin is not a function this analysis can follow"})
			r.Mount("", child, false)
		}
		return script.Router{R: r}
	}
	r.Mount("", child, false)
	ev.Invoke(fn, []script.Value{script.Router{R: child}, opts})
	return script.Router{R: r}
}
