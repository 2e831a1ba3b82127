from django.http import HttpResponse, JsonResponse
from django.views import View, generic
from django.views.decorators.http import require_http_methods, require_POST


class IndexView(generic.ListView):
    template_name = "polls/index.html"

    def get_queryset(self):
        return []


class QuestionView(View):
    def get(self, request, pk):
        return JsonResponse({"id": pk})

    def put(self, request, pk):
        return JsonResponse({"id": pk})

    def delete(self, request, pk):
        return HttpResponse(status=204)


class AboutView(generic.TemplateView):
    template_name = "about.html"


@require_POST
def vote(request, question_id):
    return HttpResponse("voted")


@require_http_methods(["GET", "HEAD"])
def archive(request, year, slug=None):
    return HttpResponse(year)


def health(request, name=None):
    return HttpResponse("ok")
