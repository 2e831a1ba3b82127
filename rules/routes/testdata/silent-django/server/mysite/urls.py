from django.urls import include, path
from rest_framework.routers import DefaultRouter

from shop.views import OrderViewSet

router = DefaultRouter()
router.register("orders", OrderViewSet, basename="order")

urlpatterns = [
    path("api/", include(router.urls)),
    path("api/shop/", include("shop.urls")),
]
