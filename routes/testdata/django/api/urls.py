from django.urls import path, re_path

from . import views

urlpatterns = [
    path("items/", views.ItemList.as_view()),
    path("items/<int:pk>/", views.ItemDetail.as_view()),
    path("stats/", views.stats),
    re_path(r"^exports/(?P<path>.*)$", views.export),
]
