"""A Starlette app: Route and Mount lists, a routes list built in another
module, an endpoint class serving the methods it defines
(HTTPEndpoint answers any other with 405)."""
from starlette.applications import Starlette
from starlette.endpoints import HTTPEndpoint
from starlette.routing import Mount, Route

from users import user_routes


async def homepage(request):
    return None


class Thing(HTTPEndpoint):
    async def get(self, request):
        return None


routes = [
    Route("/", homepage),
    Route("/things/{thing_id:int}", Thing),
    Mount("/users", routes=user_routes),
    # Route("/old", homepage),
]

app = Starlette(debug=True, routes=routes)
