from django.urls import path, re_path

from . import views

urlpatterns = [
    path("products/", views.ProductList.as_view(), name="product-list"),
    path("products/<int:pk>/", views.ProductDetail.as_view(), name="product-detail"),
    re_path(r"^categories/(?P<slug>[-\w]+)/$", views.category),
]
