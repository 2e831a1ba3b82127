from manualkit import make_manual_blueprint

MANUAL_AT = "/manual"
MANUAL_BP = make_manual_blueprint(MANUAL_AT, "/static/spec.yaml")
