from fastapi import FastAPI

app = FastAPI()

import svc.wiring
