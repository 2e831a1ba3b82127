"""The spec names /items/{id} where the server says item_id, ends /items/
with a slash the joined route lacks, forgets a DELETE and an admin route;
the hidden metrics route is not undocumented."""
from fastapi import FastAPI

from api.items import router as items_router

app = FastAPI()
app.include_router(items_router, prefix="/api")


@app.get("/api/metrics", include_in_schema=False)
def metrics():
    return ""
