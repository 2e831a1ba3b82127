from django.urls import path

from polls import views

# not included by ROOT_URLCONF: never served
urlpatterns = [
    path("old/", views.health),
]
