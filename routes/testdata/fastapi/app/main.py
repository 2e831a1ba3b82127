"""A FastAPI app: routers from other modules, nested prefixes, api_route,
include_in_schema=False, decorators across lines, commented-out routes."""
from fastapi import FastAPI, APIRouter

from .routers import items
from .routers.users import router as users_router
from .settings import API_PREFIX

app = FastAPI(title="shop")

api = APIRouter(prefix=API_PREFIX)
api.include_router(users_router)
api.include_router(items.router, prefix="/items")

app.include_router(api)


@app.get("/health")
def health():
    return {"ok": True}


@app.api_route(
    "/ping",
    methods=["GET", "POST"],
)
def ping():
    return "pong"


@app.get("/internal/metrics", include_in_schema=False)
def metrics():
    return ""

# @app.get("/commented-out")
NOT_A_ROUTE = """
@app.get("/in-a-docstring")
"""


@app.delete(f"{API_PREFIX}/sessions/{{session_id}}")
def logout(session_id: str):
    return None
