// Package python extracts the routes a Python server registers (FastAPI,
// Flask, Flask-RESTful, Starlette, Django and the Django REST framework) by
// running the routes/script interpreter over its modules with Python's
// statements and the frameworks' calls.
//
// python.go runs the statements (imports, defs, classes, assignments);
// frame.go dispatches a call to its framework, and each framework has one
// file with its method table (fastapi.go, starlette.go, flask.go,
// django.go). Statement-level cases live in testdata/cases
// (routes/routecase runs them).
package python
