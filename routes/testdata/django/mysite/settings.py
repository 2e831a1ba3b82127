from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
DEBUG = True
INSTALLED_APPS = [
    "django.contrib.admin",
    "rest_framework",
    "polls",
    "api",
]
ROOT_URLCONF = "mysite.urls"
