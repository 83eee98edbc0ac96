#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real link for remote logdirs: two network namespaces made here (client and server), joined
# by a veth pair with addresses of their own (10.200.17.1 and .2), the link shaped by HTB, and a
# server of one kind in the server namespace. For each rate it prints medians of
# TDBG_BENCH_RUNS (default 3), measured in turns, with the bytes on the wire (the client veth's
# rx+tx):
#  ssh: a throwaway sshd; the ssh:// open both ways -- the files sent by the server's tfdbg-gtk
#    (the build's, over the exec channel) and read over compressed SFTP -- against rsync -az of
#    the logdir and a local open, the round trips of one open, and what reopening costs with
#    TDBG_SSH_CACHE; TDBG_BENCH_UNCOMPRESSED=1 adds one uncompressed SFTP open.
#  s3: moto's S3 server (tests/common/s3-server.py, run by TDBG_STORE_PYTHON, a Python with
#    moto[server] and boto3) holding the logdir; tfdbg-gtk inspect --json of the s3:// address
#    against rclone copy of the prefix (configured by environment variables alone) and a local
#    inspect --json of the copy, which must print the same, and against that local inspect alone.
# TDBG_BENCH_RATES (default "100mbit 1gbit") names the rates; "unshaped" is the bare link.
# Where namespaces cannot be made (not root, no CAP_NET_ADMIN), HTB or a program the kind needs
# is missing it says so and skips (exit 77). Everything made here is removed at the end, on
# failure too.
#   bench-netns.sh ssh BENCH-LOAD LOGDIR TFDBG-GTK BENCH-REMOTE-OPEN
#   bench-netns.sh s3 BENCH-LOAD LOGDIR TFDBG-GTK
# bench-load writes LOGDIR when missing; a logdir it did not write is taken as it is (a small
# one checks that the benchmark works).
set -euo pipefail

usage() { echo "usage: $0 ssh|s3 BENCH-LOAD LOGDIR TFDBG-GTK [BENCH-REMOTE-OPEN]" >&2; exit 2; }
[ $# -ge 4 ] || usage
kind=$1
bench_load=$2
logdir=$(realpath -m "$3")
program=$(realpath "$4")
helper=${5:-}
rates=${TDBG_BENCH_RATES:-100mbit 1gbit}
runs=${TDBG_BENCH_RUNS:-3}
server_ip=10.200.17.2
client_ip=10.200.17.1
store_python=${TDBG_STORE_PYTHON:-}
s3_server=$(dirname "$(realpath "$0")")/../common/s3-server.py

skip() { echo "SKIP: $*"; exit 77; }

needs=(ip tc unshare)
case $kind in
  ssh) [ -n "$helper" ] || usage; needs+=(rsync ssh ssh-keygen /usr/sbin/sshd) ;;
  s3) needs+=(rclone) ;;
  *) usage ;;
esac
for p in "${needs[@]}"; do
  command -v "$p" >/dev/null || skip "$p is not installed (tools/install-deps installs it)"
done
if [ "$kind" = s3 ]; then
  [ -n "$store_python" ] || skip "no Python with moto[server] and boto3 (-Dobject_store_python=PATH or TDBG_STORE_PYTHON=PATH)"
  "$store_python" -c 'import moto.server, boto3' 2>/dev/null || skip "$store_python cannot import moto.server and boto3"
fi
# The link is private to this machine: no proxy can reach it.
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY all_proxy ALL_PROXY

sns=tdbg-srv-$$
cns=tdbg-cli-$$
sif=tdbgs$$
cif=tdbgc$$
work=$(mktemp -d /tmp/tdbg-netns-XXXXXX)
server_pid=
s3_stdin=

cleanup() {
  set +e
  [ -n "$s3_stdin" ] && exec {s3_stdin}>&-   # s3-server.py stops when its standard input closes
  for ns in "$sns" "$cns"; do
    # Only the processes in the namespaces made here: the server and what serves its connections.
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
  done
  [ -n "$server_pid" ] && wait "$server_pid" 2>/dev/null
  ip netns del "$sns" 2>/dev/null   # takes the veth pair with it
  ip netns del "$cns" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

ip netns add "$sns" 2>/dev/null || skip "cannot create a network namespace (needs root or CAP_NET_ADMIN)"
ip netns add "$cns"
ip -n "$sns" link set lo up
ip -n "$cns" link set lo up
ip -n "$cns" link add "$cif" type veth peer name "$sif" netns "$sns"
ip -n "$cns" addr add "$client_ip/24" dev "$cif"
ip -n "$sns" addr add "$server_ip/24" dev "$sif"
ip -n "$cns" link set "$cif" up
ip -n "$sns" link set "$sif" up
tc -n "$sns" qdisc add dev "$sif" root handle 1: htb default 10 2>/dev/null || skip "the kernel has no HTB queueing discipline"
tc -n "$cns" qdisc add dev "$cif" root handle 1: htb default 10

# bench-load's logdir (written when missing, its bench-steps stamp tells it), or any other named.
if [ ! -e "$logdir" ] || [ -e "$logdir/bench-steps" ]; then
  "$bench_load" --dir "$logdir" --runs 1 > /dev/null
fi
echo "# logdir $logdir: $(du -sb "$logdir" | cut -f1) bytes"

in_client() { ip netns exec "$cns" "$@"; }
wire_bytes() {
  local rx tx
  rx=$(in_client cat "/sys/class/net/$cif/statistics/rx_bytes")
  tx=$(in_client cat "/sys/class/net/$cif/statistics/tx_bytes")
  echo $((rx + tx))
}
now() { date +%s.%N; }
since() { echo "$(now) $1" | awk '{ print $1 - $2 }'; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }
medians() { printf '%s\n' "$@" | median; }

# The server: its own host key, a client key in authorized_keys, and a root entry in a
# private /etc/shadow (not locked, no password).
start_ssh() {
  ssh-keygen -q -t ed25519 -N '' -f "$work/host_ed25519"
  ssh-keygen -q -t ed25519 -N '' -f "$work/client_ed25519"
  cp "$work/client_ed25519.pub" "$work/authorized_keys"
  printf 'root:*:19000:0:99999:7:::\n' > "$work/shadow"
  echo "$server_ip $(cut -d' ' -f1,2 "$work/host_ed25519.pub")" > "$work/known_hosts"
  cat > "$work/sshd_config" <<EOF
Port 22
ListenAddress $server_ip
HostKey $work/host_ed25519
PidFile none
AuthorizedKeysFile $work/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin yes
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
LogLevel VERBOSE
EOF
  ip netns exec "$sns" unshare -m sh -c "mkdir -p -m 0755 /run/sshd && mount --bind '$work/shadow' /etc/shadow && \
    exec /usr/sbin/sshd -D -e -f '$work/sshd_config'" > "$work/sshd.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do grep -qs "Server listening" "$work/sshd.log" && break; sleep 0.1; done
  grep -q "Server listening" "$work/sshd.log" || { cat "$work/sshd.log" >&2; echo "sshd did not start" >&2; exit 1; }

  uri="ssh://root@$server_ip:22$logdir"
  ssh_args=(--known-hosts "$work/known_hosts" --identity "$work/client_ed25519")
  rsync_ssh="ssh -F /dev/null -i $work/client_ed25519 -o UserKnownHostsFile=$work/known_hosts \
    -o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes -o BatchMode=yes"
}

# One ssh:// open: "seconds round_trips traces client_cpu path bytes"; the environment says
# which way (TDBG_SSH_REMOTE_PROGRAM).
open_remote() {
  local before out
  before=$(wire_bytes)
  out=$(in_client "$helper" "$uri" "${ssh_args[@]}" "$@")
  echo "$out $(($(wire_bytes) - before))"
}
open_exec() { TDBG_SSH_REMOTE_PROGRAM=$program open_remote "$@"; }
open_sftp() { TDBG_SSH_REMOTE_PROGRAM=no open_remote "$@"; }

# rsync -az of the logdir into a fresh folder, then a local open: "seconds bytes".
rsync_and_open() {
  local before start
  rm -rf "$work/copy"
  before=$(wire_bytes)
  start=$(now)
  in_client rsync -az -e "$rsync_ssh" "root@$server_ip:$logdir/" "$work/copy/"
  in_client "$helper" "$work/copy" > /dev/null
  echo "$(since "$start") $(($(wire_bytes) - before))"
}

bench_ssh() {
  local rate=$1 t exec_rt traces exec_cpu exec_path exec_bytes sftp_rt sftp_cpu sftp_bytes rbytes
  local cached_t cached_bytes plain_t plain_cpu plain_bytes exec_median sftp_median rsync_median
  local exec_times=() sftp_times=() rsync_times=()
  for _ in $(seq "$runs"); do
    read -r t exec_rt traces exec_cpu exec_path exec_bytes < <(open_exec)
    [ "$exec_path" = exec ] || { echo "the exec path was not used (read over $exec_path)" >&2; exit 1; }
    exec_times+=("$t")
    read -r t sftp_rt _ sftp_cpu _ sftp_bytes < <(open_sftp)
    sftp_times+=("$t")
    read -r t rbytes < <(rsync_and_open)
    rsync_times+=("$t")
  done
  # With a cache of read bytes (TDBG_SSH_CACHE): the first open fills it, the second is timed.
  rm -rf "$work/cache"
  TDBG_SSH_CACHE=$work/cache open_exec > /dev/null
  read -r cached_t _ _ _ _ cached_bytes < <(TDBG_SSH_CACHE=$work/cache open_exec)
  exec_median=$(medians "${exec_times[@]}")
  sftp_median=$(medians "${sftp_times[@]}")
  rsync_median=$(medians "${rsync_times[@]}")
  echo "$rate: ssh:// through the server's tfdbg-gtk ${exec_median} s (runs: ${exec_times[*]}), over SFTP" \
       "${sftp_median} s (runs: ${sftp_times[*]}), rsync -az + local open ${rsync_median} s (runs: ${rsync_times[*]})"
  echo "$rate: ratio to rsync -az + local open: exec $(ratio "$exec_median" "$rsync_median")," \
       "SFTP $(ratio "$sftp_median" "$rsync_median")"
  echo "$rate: on the wire: exec $exec_bytes bytes, SFTP $sftp_bytes bytes, rsync -az $rbytes bytes" \
       "(exec/rsync $(ratio "$exec_bytes" "$rbytes")); $traces traces; round trips per open: exec $exec_rt," \
       "SFTP $sftp_rt; client CPU exec $exec_cpu s, SFTP $sftp_cpu s"
  echo "$rate: reopening (exec) with a cache of read bytes: $cached_t s, $cached_bytes bytes on the wire"
  if [ "${TDBG_BENCH_UNCOMPRESSED:-0}" = 1 ]; then
    read -r plain_t _ _ plain_cpu _ plain_bytes < <(open_sftp --no-compression)
    echo "$rate: uncompressed SFTP (one run): ${plain_t} s, $plain_bytes bytes, client CPU $plain_cpu s"
  fi
}

# moto's S3 server on the server's address, the logdir's files under s3://tfdbg-bench/run/; it
# serves until its standard input (a pipe held here) closes. Its temporary files go here.
start_s3() {
  mkfifo "$work/s3-stdin"
  TMPDIR=$work ip netns exec "$sns" "$store_python" "$s3_server" --host "$server_ip" "$store_python" tfdbg-bench \
    "run=$logdir" < "$work/s3-stdin" > "$work/s3-ready" 2> "$work/s3.log" &
  server_pid=$!
  exec {s3_stdin}> "$work/s3-stdin"
  # Filling the bucket with a large logdir takes a while.
  while [ ! -s "$work/s3-ready" ] && kill -0 "$server_pid" 2>/dev/null; do sleep 0.2; done
  read -r s3_endpoint s3_key s3_secret < "$work/s3-ready" \
    || { cat "$work/s3.log" >&2; echo "the S3 server did not start" >&2; exit 1; }
  uri=s3://tfdbg-bench/run
  # tfdbg-gtk finds these where AWS's tools do: the environment alone, no profile, no files.
  s3_env=(AWS_ENDPOINT_URL="$s3_endpoint" AWS_ACCESS_KEY_ID="$s3_key" AWS_SECRET_ACCESS_KEY="$s3_secret"
          AWS_REGION=us-east-1 AWS_CONFIG_FILE="$work/no-aws-config" AWS_SHARED_CREDENTIALS_FILE="$work/no-aws-credentials")
  # rclone's remote "bench" from the environment alone; its config and cache folders are here.
  rclone_env=(RCLONE_CONFIG="$work/rclone.conf" RCLONE_CACHE_DIR="$work/rclone-cache"
              RCLONE_CONFIG_BENCH_TYPE=s3 RCLONE_CONFIG_BENCH_PROVIDER=Other
              RCLONE_CONFIG_BENCH_ENDPOINT="$s3_endpoint" RCLONE_CONFIG_BENCH_REGION=us-east-1
              RCLONE_CONFIG_BENCH_ACCESS_KEY_ID="$s3_key" RCLONE_CONFIG_BENCH_SECRET_ACCESS_KEY="$s3_secret")
}

# inspect --json of LOCATION from the client into FILE: "seconds bytes"; a status other than
# 0 stops the benchmark.
inspect_into() {
  local before start
  before=$(wire_bytes)
  start=$(now)
  in_client env -u AWS_ENDPOINT_URL_S3 -u AWS_PROFILE -u AWS_SESSION_TOKEN "${s3_env[@]}" \
    "$program" inspect --json "$1" > "$2"
  echo "$(since "$start") $(($(wire_bytes) - before))"
}

# rclone copy of the prefix into a fresh folder, then a local inspect --json into FILE:
# "seconds bytes".
rclone_and_inspect() {
  local before start
  rm -rf "$work/copy"
  before=$(wire_bytes)
  start=$(now)
  # rclone 1.60's AWS SDK cannot take AWS_CA_BUNDLE with rclone's own HTTP transport
  # (LoadCustomCABundleError); the endpoint is plain http, no certificate is checked.
  in_client env -u AWS_CA_BUNDLE "${rclone_env[@]}" rclone copy -q "bench:tfdbg-bench/run" "$work/copy"
  in_client "$program" inspect --json "$work/copy" > "$1"
  echo "$(since "$start") $(($(wire_bytes) - before))"
}

# The report must be the same wherever the logdir was read from (it names no path).
same_report() {
  cmp -s "$1" "$2" || { diff "$1" "$2" | head -n 20 >&2; echo "inspect --json of $uri and of rclone's copy differ" >&2; exit 1; }
}

# A local inspect --json of rclone's copy alone: "seconds".
local_inspect() {
  local start
  start=$(now)
  in_client "$program" inspect --json "$work/copy" > /dev/null
  since "$start"
}

bench_s3() {
  local rate=$1 t s3_bytes rclone_bytes s3_median rclone_median local_median
  local s3_times=() rclone_times=() local_times=()
  for _ in $(seq "$runs"); do
    read -r t s3_bytes < <(inspect_into "$uri" "$work/s3.json") || { echo "inspect --json $uri failed" >&2; exit 1; }
    s3_times+=("$t")
    read -r t rclone_bytes < <(rclone_and_inspect "$work/copy.json") \
      || { echo "rclone copy or the local inspect --json of its copy failed" >&2; exit 1; }
    rclone_times+=("$t")
    same_report "$work/s3.json" "$work/copy.json"
    local_times+=("$(local_inspect)")
  done
  s3_median=$(medians "${s3_times[@]}")
  rclone_median=$(medians "${rclone_times[@]}")
  local_median=$(medians "${local_times[@]}")
  echo "$rate: s3:// inspect --json ${s3_median} s (runs: ${s3_times[*]}), rclone copy + local inspect --json" \
       "${rclone_median} s (runs: ${rclone_times[*]}); ratio $(ratio "$s3_median" "$rclone_median")"
  echo "$rate: a local inspect --json of the copy alone ${local_median} s (runs: ${local_times[*]});" \
       "s3:// against it: $(ratio "$s3_median" "$local_median")"
  echo "$rate: on the wire: s3:// $s3_bytes bytes, rclone copy $rclone_bytes bytes"
}

# The link's rate both ways: RATE for tc's HTB ("100mbit"), or "unshaped" (the bare veth pair).
set_rate() {
  local dev
  for dev in "$sns $sif" "$cns $cif"; do
    set -- $dev
    if [ "$rate" = unshaped ]; then
      tc -n "$1" qdisc del dev "$2" root 2>/dev/null
    else
      tc -n "$1" qdisc show dev "$2" | grep -q htb || tc -n "$1" qdisc add dev "$2" root handle 1: htb default 10
      tc -n "$1" class replace dev "$2" parent 1: classid 1:10 htb rate "$rate" ceil "$rate"
    fi
  done
}

"start_$kind"
for rate in $rates; do
  set_rate
  "bench_$kind" "$rate"
done
