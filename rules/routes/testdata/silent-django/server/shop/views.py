from rest_framework import generics, viewsets
from rest_framework.decorators import action, api_view
from rest_framework.response import Response


class OrderViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = None

    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        return Response({"status": "cancelled"})


class ProductList(generics.ListCreateAPIView):
    queryset = None


class ProductDetail(generics.RetrieveUpdateDestroyAPIView):
    queryset = None


@api_view(["GET"])
def category(request, slug):
    return Response({"slug": slug})
