from fastapi import FastAPI

from shelf.routes import shelf_router

app = FastAPI()
app.include_router(shelf_router, prefix="/shelves")
