from flask import Blueprint
from flask.views import MethodView

api_bp = Blueprint("api", __name__, url_prefix="/api")
orders = Blueprint("orders", __name__, url_prefix="/orders")


@orders.route("/<int:order_id>", methods=["GET", "DELETE"])
def order(order_id):
    return ""


@orders.post("/")
def create_order():
    return ""


class ItemAPI(MethodView):
    def get(self, item_id):
        return ""


api_bp.add_url_rule("/items/<item_id>", view_func=ItemAPI.as_view("item"))
api_bp.register_blueprint(orders)
'''
@api_bp.route("/in-a-docstring")
'''
