# A small FastAPI app of our own; fastapi-routes.json is what the listing snippet
# (fastapi-listroutes.py, the README's three lines) printed for it under Debian's
# python3-fastapi 0.92.0 (starlette 0.26.1): python3 fastapi-listroutes.py > fastapi-routes.json
from fastapi import APIRouter, FastAPI

users = APIRouter(prefix="/users", tags=["users"])


@users.get("/")
def list_users():
    return []


@users.get("/{user_id}")
def read_user(user_id: int):
    return {"id": user_id}


@users.api_route("/{user_id}", methods=["PUT", "PATCH"])
def update_user(user_id: int):
    return {"id": user_id}


app = FastAPI()
app.include_router(users, prefix="/api/v1")


@app.delete("/api/v1/items/{item_id}")
def delete_item(item_id: str):
    return None


@app.get("/files/{file_path:path}")
def read_file(file_path: str):
    return {"path": file_path}
