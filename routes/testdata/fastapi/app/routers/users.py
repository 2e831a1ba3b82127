from fastapi import APIRouter, Depends

router = APIRouter(prefix="/users", tags=["users"])


@router.get("/", response_model=list[dict])
async def list_users():
    return []


@router.get("/{user_id}", dependencies=[Depends(lambda: None)])
async def get_user(user_id: int):
    return {}


@router.post(
    "/",
    status_code=201,
    responses={409: {"description": "exists"}},
)
async def create_user():
    return {}
