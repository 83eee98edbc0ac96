#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A logdir in a bucket of a server on this machine against the same logdir on disk: the
# million-trace logdir (bench-load's, written when missing) put into gcp-storage-emulator (in
# memory, on 127.0.0.1, read as Google's libraries read an emulator: STORAGE_EMULATOR_HOST),
# then tfdbg-gtk inspect --json of the gs:// address and of the folder, in turns, which must
# print the same. It prints medians of TDBG_BENCH_RUNS (default 3) and their ratio. Skips (77)
# without a Python that has gcp-storage-emulator (TDBG_STORE_PYTHON). The server and its
# scratch folder are removed at the end, on failure too.
#   bench-store-open.sh BENCH-LOAD LOGDIR TFDBG-GTK
# (moto's S3 server is no measure of a reader here: it reads and copies the whole object for
# every ranged GET; netns-s3 measures s3:// over a link of a given rate instead.)
set -euo pipefail

[ $# -eq 3 ] || { echo "usage: $0 BENCH-LOAD LOGDIR TFDBG-GTK" >&2; exit 2; }
bench_load=$1
logdir=$(realpath -m "$2")
program=$(realpath "$3")
runs=${TDBG_BENCH_RUNS:-3}
python=${TDBG_STORE_PYTHON:-}

[ -n "$python" ] || { echo "SKIP: no Python with gcp-storage-emulator (-Dobject_store_python=PATH)"; exit 77; }
"$python" -c 'import gcp_storage_emulator' 2>/dev/null ||
  { echo "SKIP: $python cannot import gcp_storage_emulator"; exit 77; }
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

work=$(mktemp -d /tmp/tdbg-store-open-XXXXXX)
server_pid=
cleanup() {
  set +e
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

if [ ! -e "$logdir" ] || [ -e "$logdir/bench-steps" ]; then
  "$bench_load" --dir "$logdir" --runs 1 > /dev/null
fi
echo "# logdir $logdir: $(du -sb "$logdir" | cut -f1) bytes"

port=$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
"$python" -m gcp_storage_emulator start --host 127.0.0.1 --port "$port" --in-memory --quiet \
  > "$work/emulator.log" 2>&1 &
server_pid=$!
# The bucket, then each file of the logdir as one object (the emulator's multipart upload).
"$python" - "127.0.0.1:$port" "$logdir" <<'EOF'
import json, os, sys, time, urllib.request
host, folder = sys.argv[1:]
for _ in range(400):
    try:
        urllib.request.urlopen(f"http://{host}/", timeout=1).read()
        break
    except OSError:
        time.sleep(0.05)
request = urllib.request.Request(f"http://{host}/storage/v1/b?project=bench", method="POST",
                                 data=json.dumps({"name": "tfdbg-bench"}).encode(),
                                 headers={"Content-Type": "application/json"})
urllib.request.urlopen(request, timeout=60).read()
url = f"http://{host}/upload/storage/v1/b/tfdbg-bench/o?uploadType=multipart"
for name in sorted(os.listdir(folder)):
    path = os.path.join(folder, name)
    if not name.startswith("tfdbg_events.") or not os.path.isfile(path):
        continue
    with open(path, "rb") as f:
        data = f.read()
    about = json.dumps({"name": "run/" + name})
    body = (f"--tfdbg-part\r\nContent-Type: application/json\r\n\r\n{about}\r\n"
            "--tfdbg-part\r\nContent-Type: application/octet-stream\r\n\r\n").encode()
    body += data + b"\r\n--tfdbg-part--\r\n"
    request = urllib.request.Request(url, data=body, method="POST",
                                     headers={"Content-Type": "multipart/related; boundary=tfdbg-part"})
    urllib.request.urlopen(request, timeout=600).read()
EOF

now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{ print $1 - $2 }'; }
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# inspect --json of LOCATION into FILE: its seconds.
inspect_into() {
  local start
  start=$(now)
  env -u CLOUDSDK_API_ENDPOINT_OVERRIDES_STORAGE -u GOOGLE_APPLICATION_CREDENTIALS \
    STORAGE_EMULATOR_HOST="127.0.0.1:$port" "$program" inspect --json "$1" > "$2"
  since "$start"
}

uri=gs://tfdbg-bench/run
gs_times=() local_times=()
for _ in $(seq "$runs"); do
  gs_times+=("$(inspect_into "$uri" "$work/gs.json")")
  local_times+=("$(inspect_into "$logdir" "$work/local.json")")
  cmp -s "$work/gs.json" "$work/local.json" ||
    { diff "$work/gs.json" "$work/local.json" | head -n 20 >&2; echo "inspect --json of $uri and of $logdir differ" >&2; exit 1; }
done
gs_median=$(median "${gs_times[@]}")
local_median=$(median "${local_times[@]}")
echo "gs:// from gcp-storage-emulator on 127.0.0.1: inspect --json ${gs_median} s (runs: ${gs_times[*]})," \
     "the folder ${local_median} s (runs: ${local_times[*]}); ratio $(echo "$gs_median $local_median" | awk '{ printf "%.2f", $1 / $2 }')"
