// Package python extracts the routes a Python server registers (FastAPI,
// Flask, Flask-RESTful, Starlette) by running the routes/script interpreter
// over its modules with Python's statements and the frameworks' calls.
package python
