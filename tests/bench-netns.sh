#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real link for remote logdirs: two network namespaces made here (client and server), joined
# by a veth pair with addresses of their own (10.200.17.1 and .2), the link shaped by HTB, a
# throwaway sshd in the server namespace. For each rate it prints the ssh:// open (medians of
# TDBG_BENCH_RUNS, default 3) against rsync -az of the logdir and a local open, the bytes on
# the wire (the client veth's rx+tx), and the round trips of one open; one uncompressed open
# shows the bytes compression saves, and a second open with TDBG_SSH_CACHE what reopening costs. Where namespaces cannot be made (not root, no
# CAP_NET_ADMIN) or HTB is missing it says so and skips (exit 77). Everything made here is
# removed at the end, on failure too.
#   bench-netns.sh BENCH-LOAD BENCH-REMOTE-OPEN LOGDIR   (bench-load writes LOGDIR when missing)
set -euo pipefail

bench_load=$1
helper=$2
logdir=$(realpath -m "$3")
rates=${TDBG_BENCH_RATES:-100mbit 1gbit}
runs=${TDBG_BENCH_RUNS:-3}
server_ip=10.200.17.2
client_ip=10.200.17.1

skip() { echo "SKIP: $*"; exit 77; }

for p in ip tc rsync ssh ssh-keygen /usr/sbin/sshd unshare; do
  command -v "$p" >/dev/null || skip "$p is not installed (tools/install-deps installs it)"
done

sns=tdbg-srv-$$
cns=tdbg-cli-$$
sif=tdbgs$$
cif=tdbgc$$
work=$(mktemp -d /tmp/tdbg-netns-XXXXXX)
sshd_pid=

cleanup() {
  set +e
  for ns in "$sns" "$cns"; do
    # Only the processes in the namespaces made here: sshd and what serves its connections.
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null; done
  done
  [ -n "$sshd_pid" ] && wait "$sshd_pid" 2>/dev/null
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

# The server: its own host key, a client key in authorized_keys, and a root entry in a
# private /etc/shadow (not locked, no password).
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
sshd_pid=$!
for _ in $(seq 100); do grep -qs "Server listening" "$work/sshd.log" && break; sleep 0.1; done
grep -q "Server listening" "$work/sshd.log" || { cat "$work/sshd.log" >&2; echo "sshd did not start" >&2; exit 1; }

"$bench_load" --dir "$logdir" --runs 1 > /dev/null
echo "# logdir $logdir: $(du -sb "$logdir" | cut -f1) bytes"

uri="ssh://root@$server_ip:22$logdir"
ssh_args=(--known-hosts "$work/known_hosts" --identity "$work/client_ed25519")
rsync_ssh="ssh -F /dev/null -i $work/client_ed25519 -o UserKnownHostsFile=$work/known_hosts \
  -o GlobalKnownHostsFile=/dev/null -o StrictHostKeyChecking=yes -o BatchMode=yes"

in_client() { ip netns exec "$cns" "$@"; }
wire_bytes() {
  local rx tx
  rx=$(in_client cat "/sys/class/net/$cif/statistics/rx_bytes")
  tx=$(in_client cat "/sys/class/net/$cif/statistics/tx_bytes")
  echo $((rx + tx))
}
now() { date +%s.%N; }
median() { sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# One ssh:// open: "seconds round_trips traces client_cpu bytes".
open_remote() {
  local before out
  before=$(wire_bytes)
  out=$(in_client "$helper" "$uri" "${ssh_args[@]}" "$@")
  echo "$out $(($(wire_bytes) - before))"
}

# rsync -az of the logdir into a fresh folder, then a local open: "seconds bytes".
rsync_and_open() {
  local before start
  rm -rf "$work/copy"
  before=$(wire_bytes)
  start=$(now)
  in_client rsync -az -e "$rsync_ssh" "root@$server_ip:$logdir/" "$work/copy/"
  in_client "$helper" "$work/copy" > /dev/null
  echo "$(echo "$(now) $start" | awk '{ print $1 - $2 }') $(($(wire_bytes) - before))"
}

for rate in $rates; do
  for dev in "$sns $sif" "$cns $cif"; do
    set -- $dev
    tc -n "$1" class replace dev "$2" parent 1: classid 1:10 htb rate "$rate" ceil "$rate"
  done
  ssh_times=() rsync_times=()
  for _ in $(seq "$runs"); do
    read -r t rt traces cpu bytes < <(open_remote)
    ssh_times+=("$t")
    read -r rs rbytes < <(rsync_and_open)
    rsync_times+=("$rs")
  done
  read -r plain_t _ _ plain_cpu plain_bytes < <(open_remote --no-compression)
  # With a cache of read bytes (TDBG_SSH_CACHE): the first open fills it, the second is timed.
  rm -rf "$work/cache"
  TDBG_SSH_CACHE=$work/cache open_remote > /dev/null
  read -r cached_t _ _ _ cached_bytes < <(TDBG_SSH_CACHE=$work/cache open_remote)
  ssh_median=$(printf '%s\n' "${ssh_times[@]}" | median)
  rsync_median=$(printf '%s\n' "${rsync_times[@]}" | median)
  echo "$rate: ssh:// open ${ssh_median} s (runs: ${ssh_times[*]}), rsync -az + local open ${rsync_median} s" \
       "(runs: ${rsync_times[*]}), ratio $(echo "$ssh_median $rsync_median" | awk '{ printf "%.2f", $1 / $2 }')"
  echo "$rate: uncompressed ssh:// (one run) / rsync+open: $(echo "$plain_t $rsync_median" | awk '{ printf "%.2f", $1 / $2 }')"
  echo "$rate: on the wire: ssh:// $bytes bytes compressed, $plain_bytes uncompressed (${plain_t} s);" \
       "rsync -az $rbytes bytes; $traces traces, $rt round trips per open; client CPU $cpu s" \
       "compressed, $plain_cpu s uncompressed"
  echo "$rate: reopening with a cache of read bytes: $cached_t s, $cached_bytes bytes on the wire"
done
