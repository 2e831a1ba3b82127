package python

import (
	"strings"

	"github.com/wirelint/wirelint/routes/script"
)

// flaskMethods are the methods of a Flask app or Blueprint, and of a
// Flask-RESTful or Flask-RESTX Api or Namespace, this analysis reads: the
// verb decorators Flask 2 added (get, post, put, delete, patch), route,
// add_url_rule, register_blueprint, add_resource and init_app.
var flaskMethods = verbMethods(map[string]pyMethod{
	"route": routeMethod, "add_url_rule": flaskAddURLRule, "register_blueprint": includeMethod,
	"add_resource": flaskAddResource, "init_app": flaskInitApp,
}, "get", "put", "post", "delete", "patch")

// flaskExt reads the names of flask, flask_restful and flask_restx: the
// Flask and Blueprint constructors (url_prefix= read), and Api and
// Namespace (prefix= and path= read; an app passed in mounts it).
func flaskExt(call *pyCall, ext *script.Ext) (script.Value, bool) {
	top, name := topPackage(ext.Module), lastName(ext.Name)
	switch {
	case top == "flask" && (name == "Flask" || name == "Blueprint"):
		r := call.ev.NewRouter("flask")
		r.Sub = name == "Blueprint"
		r.Listened = !r.Sub // a WSGI application, served by a process of its own (see newRouter)
		if name == "Blueprint" {
			call.prefixArg(r, "url_prefix", "blueprint url_prefix")
		}
		return script.Router{R: r}, true
	case (top == "flask_restful" || top == "flask_restx") && (name == "Api" || name == "Namespace"):
		r := call.ev.NewRouter("flask")
		if len(call.args) > 0 {
			if parent, ok := call.args[0].(script.Router); ok {
				parent.R.Mount("", r, false)
			}
		}
		call.prefixArg(r, "prefix", "Api prefix")
		if p := call.kw("path"); p != nil && name == "Namespace" {
			s, _ := call.pathArg(p, "")
			r.Prefix = s
		}
		return script.Router{R: r}, true
	}
	return nil, false
}

// flaskAddURLRule reads add_url_rule(rule, endpoint, view_func, methods=):
// GET unless methods= says otherwise, or the methods a MethodView's class
// defines.
func flaskAddURLRule(call *pyCall) {
	def := []string{"GET"}
	view := call.kw("view_func")
	if view == nil {
		view = call.arg(2)
	}
	if view != nil && view.Kind == script.ExprCall && view.X.Kind == script.ExprAttr && view.X.Name == "as_view" {
		def = nil // a MethodView serves the methods its class defines
		if cls, ok := call.eval(view.X.X).(*script.Class); ok && len(cls.Methods) > 0 {
			def = cls.Methods
		}
	}
	call.register(def, call.arg(0))
}

// flaskAddResource reads Flask-RESTful's add_resource(Resource, *urls): a
// route per url with the handlers the class defines.
func flaskAddResource(call *pyCall) {
	var methods []string
	if len(call.args) > 0 {
		if cls, ok := call.args[0].(*script.Class); ok {
			methods = cls.Methods
		}
	}
	for _, u := range call.c.Args[min(1, len(call.c.Args)):] {
		p, ok := call.pathArg(u, strings.Join(methods, ","))
		if !ok {
			continue
		}
		call.r.Add(methods, p, call.pos)
	}
}

// flaskInitApp reads an Api's init_app(app): the Api mounted on the app.
func flaskInitApp(call *pyCall) {
	if len(call.args) > 0 {
		if parent, ok := call.args[0].(script.Router); ok {
			parent.R.Mount("", call.r, false)
		}
	}
}
