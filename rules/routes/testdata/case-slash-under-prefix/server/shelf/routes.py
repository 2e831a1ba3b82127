from fastapi import APIRouter

shelf_router = APIRouter()


@shelf_router.get("/")
def list_shelves():
    return []


@shelf_router.post("/")
def add_shelf():
    return {}


@shelf_router.get("/{shelf_id}")
def one_shelf(shelf_id: str):
    return {}
