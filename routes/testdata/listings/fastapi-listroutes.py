import json, sys
from fastapi_app import app
json.dump([{"path": r.path, "methods": sorted(r.methods)} for r in app.routes if getattr(r, "methods", None)], sys.stdout, indent=1)
