"""URL configuration for mysite: the admin, the polls app, the REST API."""
from django.contrib import admin
from django.urls import include, path, re_path
from rest_framework import routers

from api.views import GroupViewSet, UserViewSet
from polls import views as poll_views

router = routers.DefaultRouter()
router.register(r"users", UserViewSet)
router.register(r"groups", GroupViewSet, basename="group")

urlpatterns = [
    path("admin/", admin.site.urls),
    path("polls/", include("polls.urls")),
    path("api/", include(router.urls)),
    path("api/v2/", include(("api.urls", "api"), namespace="v2")),
    re_path(r"^archive/(?P<year>[0-9]{4})/(?P<slug>[\w-]+)/$", poll_views.archive),
    re_path(r"^legacy/([0-9]+)/$", poll_views.archive),
    path("health/", poll_views.health),
    # path("commented/", poll_views.health),
]
urlpatterns += [
    path("about/", poll_views.AboutView.as_view()),
]
