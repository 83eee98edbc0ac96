#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# A real link for remote logdirs: two network namespaces made here (client and server), joined
# by a veth pair with addresses of their own (10.200.17.1 and .2), the link shaped by HTB, a
# throwaway sshd in the server namespace. For each rate it prints the ssh:// open both ways --
# the files sent by the server's tfdbg-gtk (the build's, over the exec channel) and read over
# compressed SFTP -- against rsync -az of the logdir and a local open (medians of
# TDBG_BENCH_RUNS, default 3, measured in turns), the bytes on the wire (the client veth's
# rx+tx) and the round trips of one open, and what reopening costs with TDBG_SSH_CACHE;
# TDBG_BENCH_UNCOMPRESSED=1 adds one uncompressed SFTP open. Where namespaces cannot be made
# (not root, no CAP_NET_ADMIN) or HTB is missing it says so and skips (exit 77). Everything
# made here is removed at the end, on failure too.
#   bench-netns.sh BENCH-LOAD BENCH-REMOTE-OPEN LOGDIR TFDBG-GTK   (bench-load writes LOGDIR when missing)
set -euo pipefail

bench_load=$1
helper=$2
logdir=$(realpath -m "$3")
program=$(realpath "$4")
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
  echo "$(echo "$(now) $start" | awk '{ print $1 - $2 }') $(($(wire_bytes) - before))"
}
ratio() { echo "$1 $2" | awk '{ printf "%.2f", $1 / $2 }'; }

for rate in $rates; do
  for dev in "$sns $sif" "$cns $cif"; do
    set -- $dev
    tc -n "$1" class replace dev "$2" parent 1: classid 1:10 htb rate "$rate" ceil "$rate"
  done
  exec_times=() sftp_times=() rsync_times=()
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
  exec_median=$(printf '%s\n' "${exec_times[@]}" | median)
  sftp_median=$(printf '%s\n' "${sftp_times[@]}" | median)
  rsync_median=$(printf '%s\n' "${rsync_times[@]}" | median)
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
done
