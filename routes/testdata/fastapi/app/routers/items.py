import fastapi

router = fastapi.APIRouter()


@router.get("/{item_id:int}")
def get_item(item_id: int):
    return {}


def path_for(name):
    return "/" + name


@router.put(path_for("bulk"))
def bulk():
    return {}
