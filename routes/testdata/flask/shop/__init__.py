"""A Flask app factory: blueprints from other modules, url_prefix on the
blueprint and overridden at registration, nested blueprints, MethodView."""
from flask import Flask

from .api import api_bp
from .admin import admin


def create_app():
    app = Flask(__name__)
    app.register_blueprint(api_bp)
    app.register_blueprint(admin, url_prefix="/backoffice")

    @app.route("/")
    def index():
        return "hi"

    return app
