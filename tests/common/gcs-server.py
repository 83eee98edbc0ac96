#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Google Cloud Storage on 127.0.0.1 for the tests: gcp-storage-emulator's JSON API, filled
with the buckets' objects, and in front of it a small server that adds what the emulator lacks:

- objects.list in pages of 100 with nextPageToken/pageToken (the emulator answers one page),
  the folders of a listing with a delimiter (prefixes) on its first page;
- PREFIX=listed:N: N small objects named in PREFIX/'s listing beside the emulator's own (the
  emulator takes many minutes to be filled with 10,000 objects; a listing is what they are for);
- buckets whose names start with "private-" answered only with an access token it issued
  (the emulator checks no credentials), 401 with Google's error document otherwise;
- an OAuth 2 token endpoint (/token) that checks a service account's JWT (RS256, with the key's
  public half: a wrong key is refused, "invalid_grant"), its audience, issuer and expiry, and
  an authorized_user's refresh token ("refresh-token-short": tokens of 61 s); a metadata server's token address that wants
  "Metadata-Flavor: Google";
- faults on demand: POST /fault {"match": TEXT, "status": N, "count": K} answers the next K
  requests whose path contains TEXT with status N and Google's error document for it;
  {"clear": true} takes back those left;
- {"match": TEXT, "ignore_range": true, "count": K} answers the next K reads of an object whose
  path contains TEXT with the whole object (200), as a server that ignores Range does;
- GET /grants: how many access tokens it has issued;
- GET /reads: the object reads (alt=media) since the last POST /reads: how many, how many
  asked for a range, and the most that were in flight at once; and the listings' pages asked,
  how many of them without a delimiter (every object under the prefix).

Usage: gcs-server.py DIR BUCKET [PREFIX=FOLDER ...] [PREFIX=count:N ...] [PREFIX=listed:N ...]
Folders go to BUCKET and to private-BUCKET, counts to BUCKET. DIR receives the credential files:
service-account.json, wrong-key.json (the same account, another key), authorized-user.json,
each with the front's /token as its token_uri. Prints one line "EMULATOR_HOST FRONT_URL" once
ready, then serves until its standard input closes."""
import base64
import concurrent.futures
import http.server
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

PAGE = 100
NO_READS = {"reads": 0, "ranged": 0, "max_in_flight": 0, "listings": 0, "deep_listings": 0}
ACCOUNT = "reader@tfdbg-tests.iam.gserviceaccount.com"
CLIENT_ID, CLIENT_SECRET, REFRESH_TOKEN = "client-id.apps", "client-secret-x", "refresh-token-y"
# Its tokens live 61 s: a client that renews a minute early renews them after a second.
SHORT_REFRESH_TOKEN = "refresh-token-short"
ERRORS = {
    401: ("authError", "Invalid Credentials"),
    403: ("forbidden", "The caller does not have permission"),
    429: ("rateLimitExceeded", "The project exceeded the rate limit for CloudStorage"),
    503: ("backendError", "We encountered an internal error. Please try again."),
}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def unb64(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class State:
    def __init__(self, emulator, front):
        self.emulator, self.front = emulator, front
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.tokens = set()
        self.grants = 0
        self.faults = []
        self.listed = {}
        self.lock = threading.Lock()
        self.reads = dict(NO_READS)
        self.in_flight = 0

    def read_started(self, ranged):
        with self.lock:
            self.in_flight += 1
            self.reads["reads"] += 1
            self.reads["ranged"] += 1 if ranged else 0
            self.reads["max_in_flight"] = max(self.reads["max_in_flight"], self.in_flight)

    def read_ended(self):
        with self.lock:
            self.in_flight -= 1

    def issue(self, lifetime=3599):
        token = "ya29." + secrets.token_urlsafe(24)
        with self.lock:
            self.tokens.add(token)
            self.grants += 1
        return {"access_token": token, "expires_in": lifetime, "token_type": "Bearer"}

    def check_jwt(self, assertion):
        head, claims, signature = assertion.split(".")
        header = json.loads(unb64(head))
        body = json.loads(unb64(claims))
        if header.get("alg") != "RS256":
            return "alg is not RS256"
        try:
            self.key.public_key().verify(unb64(signature), f"{head}.{claims}".encode(), padding.PKCS1v15(),
                                         hashes.SHA256())
        except InvalidSignature:
            return "Invalid JWT Signature."
        now = time.time()
        if body.get("iss") != ACCOUNT or body.get("aud") != self.front + "/token":
            return "Invalid JWT: wrong issuer or audience"
        if not body.get("iat", now + 99) <= now + 5 < body.get("exp", 0) <= now + 3700:
            return "Invalid JWT: Token must be a short-lived token and in a reasonable timeframe"
        if "devstorage" not in body.get("scope", ""):
            return "Invalid JWT: no storage scope"
        return None

    def take_fault(self, path, kind="status"):
        with self.lock:
            for fault in self.faults:
                if fault["match"] in path and fault["count"] > 0 and kind in fault:
                    fault["count"] -= 1
                    return fault[kind]
        return None


class Front(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state = None

    def log_message(self, *args):
        pass

    def answer(self, status, body, content_type="application/json", headers=()):
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def google_error(self, status, reason=None, message=None):
        reason = reason or ERRORS.get(status, ("error", ""))[0]
        message = message or ERRORS.get(status, ("", "error"))[1]
        self.answer(status, {"error": {"code": status, "message": message,
                                       "errors": [{"reason": reason, "message": message}]}})

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        if self.path == "/reads":
            with self.state.lock:
                self.state.reads = dict(NO_READS)
            return self.answer(200, {})
        if self.path == "/fault":
            fault = json.loads(body)
            with self.state.lock:
                if fault.get("clear"):
                    self.state.faults.clear()
                else:
                    self.state.faults.append(fault)
            return self.answer(200, {})
        if self.path != "/token":
            return self.google_error(404, "notFound", "No such address")
        form = {k: v[0] for k, v in urllib.parse.parse_qs(body.decode()).items()}
        grant = form.get("grant_type")
        if grant == "urn:ietf:params:oauth:grant-type:jwt-bearer":
            refused = self.state.check_jwt(form.get("assertion", ".."))
        elif grant == "refresh_token":
            ok = (form.get("client_id"), form.get("client_secret")) == (CLIENT_ID, CLIENT_SECRET) and \
                form.get("refresh_token") in (REFRESH_TOKEN, SHORT_REFRESH_TOKEN)
            refused = None if ok else "Bad Request"
            if ok and form.get("refresh_token") == SHORT_REFRESH_TOKEN:
                return self.answer(200, self.state.issue(61))
        else:
            refused = "unsupported grant_type"
        if refused:
            return self.answer(400, {"error": "invalid_grant", "error_description": refused})
        self.answer(200, self.state.issue())

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        if url.path == "/grants":
            return self.answer(200, {"grants": self.state.grants})
        if url.path == "/reads":
            with self.state.lock:
                return self.answer(200, dict(self.state.reads))
        if url.path == "/computeMetadata/v1/instance/service-accounts/default/token":
            if self.headers.get("Metadata-Flavor") != "Google":
                return self.answer(403, b"Missing Metadata-Flavor:Google header.", "text/plain")
            return self.answer(200, self.state.issue())
        status = self.state.take_fault(url.path)
        if status:
            return self.google_error(status)
        parts = url.path.split("/")
        bucket = parts[4] if len(parts) > 4 and url.path.startswith("/storage/v1/b/") else ""
        if bucket.startswith("private-"):
            auth = self.headers.get("Authorization", "")
            if not auth.startswith("Bearer ") or auth[7:] not in self.state.tokens:
                return self.google_error(401, "required" if not auth else "authError",
                                         "Anonymous caller does not have storage.objects.list access"
                                         if not auth else "Invalid Credentials")
        query = urllib.parse.parse_qs(url.query)
        if len(parts) == 6 and parts[5] == "o":
            return self.list_page(url, query)
        if query.get("alt") != ["media"]:
            return self.forward(self.path)
        self.state.read_started("Range" in self.headers)
        try:
            self.forward(self.path, keep_range=not self.state.take_fault(url.path, "ignore_range"))
        finally:
            self.state.read_ended()

    def forward(self, path, keep_range=True):
        headers = {k: v for k, v in self.headers.items() if k.lower() == "range" and keep_range}
        request = urllib.request.Request(self.state.emulator + path, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                status, data, got = answer.status, answer.read(), answer.headers
        except urllib.error.HTTPError as refused:
            status, data, got = refused.code, refused.read(), refused.headers
        extra = [(k, v) for k, v in got.items() if k.lower() == "content-range"]
        self.answer(status, data, got.get("Content-Type", "application/octet-stream"), extra)

    def list_page(self, url, query):
        """The emulator's one page cut into pages of PAGE, the token an offset."""
        keep = {k: v for k, v in query.items() if k in ("prefix", "delimiter")}
        path = url.path + "?" + urllib.parse.urlencode(keep, doseq=True)
        try:
            with urllib.request.urlopen(self.state.emulator + path, timeout=30) as answer:
                listing = json.loads(answer.read())
        except urllib.error.HTTPError as refused:
            return self.answer(refused.code, refused.read())
        with self.state.lock:
            self.state.reads["listings"] += 1
            self.state.reads["deep_listings"] += 0 if "delimiter" in keep else 1
        items = listing.get("items", [])
        listed = self.state.listed.get(query.get("prefix", [""])[0], 0)
        items += [{"kind": "storage#object", "name": f"{query['prefix'][0]}object-{i:05d}", "size": "1"}
                  for i in range(listed)]
        items = sorted(items, key=lambda item: item["name"])
        start = int(query.get("pageToken", ["0"])[0])
        page = {"kind": "storage#objects", "items": items[start:start + PAGE]}
        if start == 0 and listing.get("prefixes"):
            page["prefixes"] = listing["prefixes"]
        if start + PAGE < len(items):
            page["nextPageToken"] = str(start + PAGE)
        self.answer(200, page)


def upload(emulator, bucket, name, data):
    url = (f"{emulator}/upload/storage/v1/b/{bucket}/o?uploadType=media&name="
           + urllib.parse.quote(name, safe=""))
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/octet-stream"})
    urllib.request.urlopen(request, timeout=30).read()


def fill(emulator, bucket, uploads):
    """Folders go to @bucket and its private twin, counts of small objects to @bucket alone."""
    buckets = [bucket, "private-" + bucket]
    for name in buckets:
        request = urllib.request.Request(emulator + "/storage/v1/b?project=tests", method="POST",
                                         data=json.dumps({"name": name}).encode(),
                                         headers={"Content-Type": "application/json"})
        urllib.request.urlopen(request, timeout=30).read()
    objects = []
    for item in uploads:
        prefix, what = item.split("=", 1)
        if what.startswith("listed:"):
            continue
        if what.startswith("count:"):
            objects += [(bucket, f"{prefix}/object-{i:05d}", b"x") for i in range(int(what[6:]))]
            continue
        for name in sorted(os.listdir(what)):
            path = os.path.join(what, name)
            if os.path.isfile(path):
                with open(path, "rb") as f:
                    data = f.read()
                objects += [(b, f"{prefix}/{name}", data) for b in buckets]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda o: upload(emulator, *o), objects))


def write_credentials(directory, state):
    def pem(key):
        return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                 serialization.NoEncryption()).decode()
    other = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    account = {"type": "service_account", "project_id": "tfdbg-tests", "private_key_id": "k1",
               "client_email": ACCOUNT, "client_id": "1", "token_uri": state.front + "/token"}
    files = {
        "service-account.json": dict(account, private_key=pem(state.key)),
        "wrong-key.json": dict(account, private_key=pem(other)),
        "authorized-user.json": {"type": "authorized_user", "client_id": CLIENT_ID, "client_secret": CLIENT_SECRET,
                                 "refresh_token": REFRESH_TOKEN, "token_uri": state.front + "/token"},
    }
    for name, content in files.items():
        with open(os.path.join(directory, name), "w") as f:
            json.dump(content, f)


def main():
    directory, bucket, uploads = sys.argv[1], sys.argv[2], sys.argv[3:]
    port, front_port = free_port(), free_port()
    emulator = f"http://127.0.0.1:{port}"
    server = subprocess.Popen([sys.executable, "-m", "gcp_storage_emulator", "start", "--host", "127.0.0.1",
                               "--port", str(port), "--in-memory", "--quiet"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(400):
            try:
                urllib.request.urlopen(emulator + "/", timeout=1).read()
                break
            except OSError:
                time.sleep(0.05)
        fill(emulator, bucket, uploads)
        state = State(emulator, f"http://127.0.0.1:{front_port}")
        state.listed = {item.split("=", 1)[0] + "/": int(item.split(":", 1)[1]) for item in uploads
                        if item.split("=", 1)[1].startswith("listed:")}
        Front.state = state
        write_credentials(directory, state)
        front = http.server.ThreadingHTTPServer(("127.0.0.1", front_port), Front)
        threading.Thread(target=front.serve_forever, daemon=True).start()
        print(f"127.0.0.1:{port}", state.front, flush=True)
        sys.stdin.read()
        front.shutdown()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
