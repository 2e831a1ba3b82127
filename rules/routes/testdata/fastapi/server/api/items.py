from fastapi import APIRouter

router = APIRouter(prefix="/items")


@router.get("/{item_id}")
def get_item(item_id: int):
    return {}


@router.post(
    "/",
)
def create_item():
    return {}


@router.delete("/{item_id}")
def delete_item(item_id: int):
    return None

# @router.post("/admin/reindex")
