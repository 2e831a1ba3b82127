from flask import Blueprint

admin = Blueprint("admin", __name__, url_prefix="/admin")


@admin.route("/files/<path:name>")
def files(name):
    return ""


@admin.route("/settings", methods=("GET", "PUT"))
def settings():
    return ""
