from fastapi import APIRouter

orders_router = APIRouter()
staff_orders_router = APIRouter()


@orders_router.get("/{order_id}")
def show(order_id: str):
    return {}


@orders_router.post("/{order_id}/cancel")
def cancel(order_id: str):
    return {}


@staff_orders_router.delete("/{order_id}")
def drop(order_id: str):
    return None
