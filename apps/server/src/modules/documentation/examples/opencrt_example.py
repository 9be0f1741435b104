"""OpenCRT API example (Python 3, standard library only): sign in, run one simulation, print each bond's WAL.

Usage: OPENCRT_URL=http://localhost:8080 OPENCRT_USER=analyst OPENCRT_PASSWORD=... python3 opencrt_example.py
"""
import json
import os
import urllib.parse
import urllib.request

base = os.environ.get("OPENCRT_URL", "http://localhost:8080").rstrip("/")
form = urllib.parse.urlencode({
    "grant_type": "password",
    "username": os.environ.get("OPENCRT_USER", "analyst"),
    "password": os.environ["OPENCRT_PASSWORD"],
}).encode()
with urllib.request.urlopen(urllib.request.Request(f"{base}/api/oauth/token", data=form)) as res:
    token = json.load(res)["access_token"]

# Rates are fractions per period; the first value is the settlement period (spec 000 §3).
body = {
    "DealName": os.environ.get("OPENCRT_DEAL", "STACR 2026-DNA1"),
    "SettlementDate": 20260217,
    "Cpr": [0, 0.10], "Cdr": [0, 0.01], "LossSeverity": [0, 0.25], "Delinquency": [0, 0], "Libor": [0, 0.04],
}
request = urllib.request.Request(
    f"{base}/api/simulate?useShallowResponse=true",
    data=json.dumps(body).encode(),
    headers={"content-type": "application/json", "authorization": f"Bearer {token}"},
)
with urllib.request.urlopen(request) as res:
    result = json.load(res)
for bond in result["BondsCashflows"]:
    print(f"{bond['BondName']}\tWAL {bond['Wal']:.2f}")
