from rest_framework import generics, mixins, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response


class UserViewSet(viewsets.ModelViewSet):
    queryset = None

    @action(detail=True, methods=["post"])
    def set_password(self, request, pk=None):
        return Response({"status": "password set"})

    @action(detail=False, url_path="recent-users")
    def recent(self, request):
        return Response([])


class GroupViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    queryset = None


class ItemList(generics.ListCreateAPIView):
    queryset = None


class ItemDetail(generics.RetrieveUpdateDestroyAPIView):
    queryset = None


@api_view(["GET", "POST"])
def stats(request):
    return Response({})


@api_view()
def export(request, path):
    return Response({})
