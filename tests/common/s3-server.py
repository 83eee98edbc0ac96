#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""An S3 server on 127.0.0.1 for the tests (moto's standalone server), with Signature V4
checked: an IAM user and its key are made, the bucket filled, then moto's auth is switched on,
so that every request after is signed or refused.

Usage: s3-server.py [--host ADDRESS] PYTHON_WITH_MOTO BUCKET [PREFIX=FOLDER …] [PREFIX=count:N …]
Prints one line "ENDPOINT KEY SECRET" once the server is ready, then serves until its standard
input closes. PREFIX=FOLDER uploads the folder's files under PREFIX/; PREFIX=count:N uploads N
small objects there. --host listens on another address of this machine than 127.0.0.1 (the
netns benchmark's server namespace)."""
import os
import socket
import subprocess
import sys
import time
import urllib.request


def free_port(host):
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def main():
    args, host = sys.argv[1:], "127.0.0.1"
    if args[:1] == ["--host"]:
        host, args = args[1], args[2:]
    python, bucket, uploads = args[0], args[1], args[2:]
    port = free_port(host)
    endpoint = f"http://{host}:{port}"
    server = subprocess.Popen([python, "-m", "moto.server", "-H", host, "-p", str(port)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                urllib.request.urlopen(endpoint + "/moto-api/", timeout=1)
                break
            except OSError:
                time.sleep(0.05)
        # boto3 runs in the same Python as moto; this script may run in another.
        setup = f"""
import boto3, concurrent.futures, os, sys
kw = dict(endpoint_url={endpoint!r}, region_name="us-east-1",
          aws_access_key_id="setup", aws_secret_access_key="setup")
iam = boto3.client("iam", **kw)
iam.create_user(UserName="reader")
iam.put_user_policy(UserName="reader", PolicyName="s3", PolicyDocument='{{"Version": "2012-10-17", '
                    '"Statement": [{{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}}]}}')
key = iam.create_access_key(UserName="reader")["AccessKey"]
s3 = boto3.client("s3", **kw)
s3.create_bucket(Bucket={bucket!r})
def put(item):
    s3.put_object(Bucket={bucket!r}, Key=item[0], Body=item[1])
objects = []
for upload in {uploads!r}:
    prefix, what = upload.split("=", 1)
    if what.startswith("count:"):
        objects += [(f"{{prefix}}/object-{{i:05d}}", b"x") for i in range(int(what[6:]))]
        continue
    for name in sorted(os.listdir(what)):
        path = os.path.join(what, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                objects.append((f"{{prefix}}/{{name}}", f.read()))
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    list(pool.map(put, objects))
print(key["AccessKeyId"], key["SecretAccessKey"])
"""
        done = subprocess.run([python, "-c", setup], capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("s3-server.py: filling the bucket failed:\n" + done.stderr)
        keys = done.stdout.split()
        request = urllib.request.Request(endpoint + "/moto-api/reset-auth", data=b"0", method="POST",
                                         headers={"Content-Type": "text/plain"})
        urllib.request.urlopen(request, timeout=10)
        print(endpoint, keys[0], keys[1], flush=True)
        sys.stdin.read()
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
