from fastapi import APIRouter

from svc import app
from svc.orders.views import orders_router, staff_orders_router

app.include_router(orders_router, prefix="/orders")

staff = APIRouter()
staff.include_router(staff_orders_router, prefix="/orders")
app.include_router(staff, prefix="/staff")
