ROOT_URLCONF = "mysite.urls"
INSTALLED_APPS = ["rest_framework", "shop"]
