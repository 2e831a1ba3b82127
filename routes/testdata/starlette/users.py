from starlette.routing import Route


async def list_users(request):
    return None


user_routes = [
    Route("/", list_users),
    Route("/{username}", list_users, methods=["GET", "PATCH"]),
]
