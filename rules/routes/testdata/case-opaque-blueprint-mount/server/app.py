from flask import Flask
from exportkit import exports_blueprint

from .docs_ui import MANUAL_AT, MANUAL_BP

app = Flask(__name__)
app.register_blueprint(MANUAL_BP, url_prefix=MANUAL_AT)
app.register_blueprint(exports_blueprint, url_prefix="/exports")


@app.route("/kettles")
def kettles():
    return []
