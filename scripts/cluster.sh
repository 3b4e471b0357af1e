#!/usr/bin/env bash
# A three-node MariaDB Galera cluster on loopback, for running several API instances against a
# replicated database and for failure tests (README, Running on a cluster). Uses Debian's mariadbd and galera-4 with
# rsync state transfers. It never touches the system MariaDB (3306, /run/mysqld): every node has its
# own ports, socket, pid file and folder, and is stopped only by the PID this script recorded.
#
#   scripts/cluster.sh start [--dir DIR] [--base-port P]   # or: npm run cluster -- start
#   scripts/cluster.sh status | stop [--clean]                        [--dir DIR]
#   scripts/cluster.sh kill-node N | start-node N | restart-node N    [--dir DIR]
#
# Environment: CLUSTER_DIR (folder for the nodes, as --dir; default a new mktemp -d folder, which
# is remembered in ${TMPDIR:-/tmp}/calendar-galera.state so that stop/status need no arguments),
# CLUSTER_PORTS ("3311 3312 3313": SQL ports; group, IST and SST ports are SQL port + 1000, + 2000
# and + 3000), CLUSTER_DB (database created once the cluster is up; default calendar),
# CLUSTER_TIMEOUT (seconds to wait for Synced; default 120), CLUSTER_STOP_TIMEOUT (seconds between
# TERM and KILL; default 60), MARIADBD, GALERA_PROVIDER (paths of the server and of galera-4).
#
# Exit codes: 0 ok; 1 failure (with the tail of the failing node's error log); 2 usage;
# 3 a prerequisite is missing (galera-4, rsync, the MariaDB server, root): CI prints a skip line;
# 4 the cluster is already running (start refuses).
set -euo pipefail

readonly NODES=(1 2 3)
MARIADBD="${MARIADBD:-/usr/sbin/mariadbd}"
GALERA_PROVIDER="${GALERA_PROVIDER:-/usr/lib/galera/libgalera_smm.so}"
TIMEOUT="${CLUSTER_TIMEOUT:-120}"
STOP_TIMEOUT="${CLUSTER_STOP_TIMEOUT:-60}"
# Where a start without --dir is remembered, so that stop/status work without arguments after it.
STATE_FILE="${CLUSTER_STATE_FILE:-${TMPDIR:-/tmp}/calendar-galera.state}"
# Offsets from a node's SQL port to its Galera ports. Below 32768 for the default SQL ports, so
# they never collide with the kernel's ephemeral client ports (32768-60999).
readonly GROUP_OFFSET=1000 IST_OFFSET=2000 SST_OFFSET=3000

DIR=""
PORTS=()
DB_NAME=""
CREATED=0  # 1 when this script made the folder (stop --clean may then delete it)
FRESH=1    # 0 when start found an earlier cluster in the folder
LAUNCHED=0 # 1 once start has launched a node

log() { printf 'cluster: %s\n' "$*" >&2; }
die() {
  log "$1"
  exit "${2:-1}"
}

usage() {
  sed -n '7,20p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

# --- prerequisites --------------------------------------------------------------------------------

# One line and exit 3 for anything missing, so that CI can print a skip line. Installs nothing.
check_prereqs() {
  [ "$(id -u)" = 0 ] || die "skipped: must run as root (mariadbd is started with --user=mysql)" 3
  [ -x "$MARIADBD" ] || die "skipped: MariaDB server not found at $MARIADBD (apt-get install mariadb-server)" 3
  [ -e "$GALERA_PROVIDER" ] || die "skipped: galera-4 is not installed ($GALERA_PROVIDER missing; apt-get install galera-4)" 3
  command -v rsync >/dev/null || die "skipped: rsync is not installed (needed for state transfers; apt-get install rsync)" 3
  command -v wsrep_sst_rsync >/dev/null || die "skipped: wsrep_sst_rsync not found (part of mariadb-server)" 3
  local tool
  for tool in mariadb mariadb-install-db mariadb-admin my_print_defaults setsid runuser ss; do
    command -v "$tool" >/dev/null || die "skipped: $tool not found" 3
  done
  id mysql >/dev/null 2>&1 || die "skipped: there is no mysql user (it comes with mariadb-server)" 3
}

# --- state ----------------------------------------------------------------------------------------

node_dir() { printf '%s/node%s' "$DIR" "$1"; }
sql_port() { printf '%s' "${PORTS[$(($1 - 1))]}"; }
group_port() { printf '%s' $(($(sql_port "$1") + GROUP_OFFSET)); }
ist_port() { printf '%s' $(($(sql_port "$1") + IST_OFFSET)); }
sst_port() { printf '%s' $(($(sql_port "$1") + SST_OFFSET)); }

# cluster.conf inside the folder holds what stop/status need; it is parsed, never sourced.
load_conf() {
  local conf="$DIR/cluster.conf" key value
  [ -f "$conf" ] || die "no cluster in $DIR (no cluster.conf there)"
  while IFS='=' read -r key value; do
    case "$key" in
      ports) read -r -a PORTS <<<"$value" ;;
      db) DB_NAME="$value" ;;
      created) CREATED="$value" ;;
    esac
  done <"$conf"
  [ "${#PORTS[@]}" = 3 ] || die "$conf names no three ports"
}

# The folder of an existing cluster: --dir, CLUSTER_DIR, else the one the last start remembered.
find_dir() {
  if [ -z "$DIR" ]; then
    DIR="${CLUSTER_DIR:-}"
  fi
  if [ -z "$DIR" ]; then
    [ -f "$STATE_FILE" ] || die "no cluster known: no --dir, no CLUSTER_DIR and no $STATE_FILE"
    DIR="$(sed -n 's/^dir=//p' "$STATE_FILE")"
    [ -n "$DIR" ] || die "$STATE_FILE names no folder"
    if [ ! -d "$DIR" ] && [ "${1:-}" = stop ]; then
      rm -f "$STATE_FILE"
      log "nothing to stop: the remembered folder $DIR is gone (forgotten now)"
      exit 0
    fi
  fi
  [ -d "$DIR" ] || die "cluster folder $DIR does not exist"
  DIR="$(cd "$DIR" && pwd)"
  load_conf
}

# --- processes ------------------------------------------------------------------------------------

# The PID this script recorded for node N, if that process is still the node's mariadbd. Checking
# the command line guards against a recycled PID: we never signal a process we did not start.
node_pid() {
  local pidfile pid
  pidfile="$(node_dir "$1")/node.pid"
  [ -s "$pidfile" ] || return 1
  pid="$(<"$pidfile")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  [ -r "/proc/$pid/cmdline" ] || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" | grep -qF -- "--defaults-file=$(node_dir "$1")/my.cnf" || return 1
  printf '%s' "$pid"
}

node_alive() { node_pid "$1" >/dev/null; }

sql() {
  local n="$1"
  shift
  # --no-defaults: the [client] sections of /etc/mysql must not point us at the system server.
  mariadb --no-defaults --protocol=TCP -h127.0.0.1 -P"$(sql_port "$n")" -uroot \
    --connect-timeout=2 -N -B "$@"
}

# "STATE SIZE" of node N (e.g. "Synced 3"), or nothing when it does not answer.
wsrep_state() {
  sql "$1" -e "SELECT MAX(IF(VARIABLE_NAME='WSREP_LOCAL_STATE_COMMENT',VARIABLE_VALUE,NULL)),
      MAX(IF(VARIABLE_NAME='WSREP_CLUSTER_SIZE',VARIABLE_VALUE,NULL))
    FROM information_schema.GLOBAL_STATUS
    WHERE VARIABLE_NAME IN ('WSREP_LOCAL_STATE_COMMENT','WSREP_CLUSTER_SIZE')" 2>/dev/null |
    tr '\t' ' ' || true
}

fail_node() {
  local n="$1" msg="$2"
  log "$msg"
  log "last lines of $(node_dir "$n")/error.log:"
  tail -n 30 "$(node_dir "$n")/error.log" >&2 2>/dev/null || true
  exit 1
}

# Wait until node N is Synced in a cluster of at least MIN_SIZE nodes.
wait_synced() {
  local n="$1" min_size="$2" deadline state size
  deadline=$((SECONDS + TIMEOUT))
  while :; do
    node_alive "$n" || fail_node "$n" "node $n (port $(sql_port "$n")) died while starting"
    read -r state size <<<"$(wsrep_state "$n")" || true
    if [ "${state:-}" = Synced ] && [ "${size:-0}" -ge "$min_size" ]; then
      return 0
    fi
    [ "$SECONDS" -lt "$deadline" ] ||
      fail_node "$n" "node $n (port $(sql_port "$n")) not Synced with cluster size >= $min_size after ${TIMEOUT}s (state: ${state:-no answer}, size: ${size:-?})"
    sleep 0.5
  done
}

port_busy() { ss -Hltn "sport = :$1" | grep -q .; }

check_ports_free() {
  local n p
  for n in "$@"; do
    for p in sql_port group_port ist_port sst_port; do
      if port_busy "$("$p" "$n")"; then
        die "node $n: port $("$p" "$n") (${p%_port}) is already in use on this machine"
      fi
    done
  done
}

# After a kill -9 the node's grastate.dat says seqno -1. Started plainly it reports local state
# 00000000-...:-1 and gets a full rsync SST, even while the donor's gcache holds all it missed
# (tried). Asking InnoDB for its position first (--wsrep-recover, as Debian's galera_recovery and
# mysqld_safe do) and passing it as --wsrep-start-position lets it rejoin by IST.
recovered_position() {
  local n="$1" nd grastate seqno pos
  nd="$(node_dir "$n")"
  grastate="$nd/data/grastate.dat"
  [ -f "$grastate" ] || return 0
  seqno="$(sed -n 's/^seqno:[[:space:]]*//p' "$grastate")"
  [ "$seqno" = "-1" ] || return 0
  "$MARIADBD" --defaults-file="$nd/my.cnf" --user=mysql --wsrep-recover \
    --log-error="$nd/recover.log" >/dev/null 2>&1 || true
  pos="$(sed -n 's/.*WSREP: Recovered position: *//p' "$nd/recover.log" 2>/dev/null | tail -n 1)"
  case "$pos" in
    *:-1 | "") ;;
    *) printf '%s' "$pos" ;;
  esac
}

launch_node() {
  local n="$1" bootstrap="$2" nd pidfile pos args
  nd="$(node_dir "$n")"
  pidfile="$nd/node.pid"
  check_ports_free "$n"
  args=(--defaults-file="$nd/my.cnf" --user=mysql)
  if [ "$bootstrap" = 1 ]; then
    args+=(--wsrep-new-cluster)
  else
    pos="$(recovered_position "$n")"
    [ -z "$pos" ] || args+=(--wsrep-start-position="$pos")
  fi
  rm -f "$pidfile"
  LAUNCHED=1
  # setsid: the nodes outlive the shell (and npm) that started them. The inner sh writes its own
  # PID before exec'ing mariadbd, so node.pid is the server's PID whether or not setsid forks.
  # stdin/stdout/stderr are detached, or a caller reading our output would wait for the nodes.
  # shellcheck disable=SC2016 # $$, $0 and $@ are the inner shell's.
  setsid /bin/sh -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$MARIADBD" "${args[@]}" \
    </dev/null >>"$nd/console.log" 2>&1 &
  disown # no "Killed" job notice from this shell when stop or kill-node ends it
  for _ in $(seq 50); do
    [ -s "$pidfile" ] && break
    sleep 0.1
  done
  [ -s "$pidfile" ] || die "node $n: mariadbd did not start"
  if [ "$bootstrap" = 1 ]; then
    log "node $n: started pid $(<"$pidfile") on port $(sql_port "$n"), bootstrapping (--wsrep-new-cluster)"
  else
    log "node $n: started pid $(<"$pidfile") on port $(sql_port "$n"), joining${pos:+ from recovered position $pos}"
  fi
}

# TERM, wait, then KILL. Only the PID we recorded, and only if it is still our mariadbd.
stop_node() {
  local n="$1" pid deadline
  pid="$(node_pid "$n")" || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  deadline=$((SECONDS + STOP_TIMEOUT))
  local ticks=0
  while [ -d "/proc/$pid" ] && [ "$SECONDS" -lt "$deadline" ]; do
    sleep 0.2
    # A TERM that reaches a joiner during its state transfer is lost (seen here: the node went
    # on to Synced and ignored it), so repeat it every 2 s until the server takes it.
    ticks=$((ticks + 1))
    if [ $((ticks % 10)) = 0 ]; then kill -TERM "$pid" 2>/dev/null || true; fi
  done
  if [ -d "/proc/$pid" ]; then
    log "node $n: pid $pid still running after ${STOP_TIMEOUT}s, sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    while [ -d "/proc/$pid" ]; do sleep 0.1; done
  fi
  log "node $n: stopped (pid $pid)"
}

# --- configuration --------------------------------------------------------------------------------

write_conf() {
  local n="$1" nd
  nd="$(node_dir "$n")"
  cat >"$nd/my.cnf" <<EOF
# Written by scripts/cluster.sh. Only this file is read (--defaults-file), not /etc/mysql.
[mysqld]
datadir=$nd/data
socket=$nd/mysqld.sock
pid-file=$nd/mariadbd.pid
log-error=$nd/error.log
tmpdir=$nd/tmp
port=$(sql_port "$n")
bind-address=127.0.0.1
skip-name-resolve
character-set-server=utf8mb4
collation-server=utf8mb4_unicode_ci
# Galera needs row-based replication, InnoDB and interleaved auto-increment locks.
binlog_format=ROW
default_storage_engine=InnoDB
innodb_autoinc_lock_mode=2
# Small enough for three nodes on a 2-core machine.
innodb_buffer_pool_size=64M
innodb_log_file_size=32M
innodb_flush_log_at_trx_commit=2
max_connections=200
wsrep_on=ON
wsrep_provider=$GALERA_PROVIDER
wsrep_cluster_name=calendar-galera
wsrep_cluster_address=gcomm://127.0.0.1:$(group_port 1),127.0.0.1:$(group_port 2),127.0.0.1:$(group_port 3)
wsrep_node_name=node$n
wsrep_node_address=127.0.0.1:$(group_port "$n")
wsrep_node_incoming_address=127.0.0.1:$(sql_port "$n")
wsrep_provider_options="gmcast.listen_addr=tcp://127.0.0.1:$(group_port "$n");ist.recv_addr=127.0.0.1:$(ist_port "$n");gcache.size=64M"
wsrep_sst_method=rsync
wsrep_sst_receive_address=127.0.0.1:$(sst_port "$n")
EOF
}

# --- commands -------------------------------------------------------------------------------------

# On a failed start: stop what it started, keeping the folder and its logs for inspection, or
# remove the folder when it was made for nothing (no node launched).
on_start_exit() {
  local rc=$? m
  [ "$rc" = 0 ] && return 0
  if [ "$LAUNCHED" = 1 ]; then
    for m in 3 2 1; do stop_node "$m"; done
    log "start failed; the nodes it started are stopped, logs kept in $DIR"
  elif [ "$CREATED" = 1 ] && [ "$FRESH" = 1 ]; then
    rm -rf "$DIR"
    if [ -f "$STATE_FILE" ] && [ "$(sed -n 's/^dir=//p' "$STATE_FILE")" = "$DIR" ]; then
      rm -f "$STATE_FILE"
    fi
  fi
}

cmd_start() {
  check_prereqs
  local started_at=$SECONDS n boot=1 prev
  [[ "$TIMEOUT" =~ ^[0-9]+$ ]] || die "CLUSTER_TIMEOUT must be a number of seconds" 2

  DIR="${DIR:-${CLUSTER_DIR:-}}"
  # Refuse when the cluster in the given folder, or else the one we remember, still runs.
  prev="$DIR"
  if [ -z "$prev" ] && [ -f "$STATE_FILE" ]; then
    prev="$(sed -n 's/^dir=//p' "$STATE_FILE")"
  fi
  if [ -n "$prev" ] && [ -f "$prev/cluster.conf" ]; then
    local keep_dir="$DIR" keep_ports=("${PORTS[@]}")
    DIR="$(cd "$prev" && pwd)"
    load_conf
    for n in "${NODES[@]}"; do
      if node_alive "$n"; then
        die "already running: node $n (pid $(node_pid "$n"), port $(sql_port "$n")) of the cluster in $DIR; use status or stop" 4
      fi
    done
    if [ -z "$keep_dir" ]; then
      log "note: the stopped cluster in $DIR stays; start --dir $DIR runs it again, stop --clean removes it"
    fi
    DIR="$keep_dir" PORTS=("${keep_ports[@]}") DB_NAME="" CREATED=0
  fi

  local remember=0
  if [ -z "$DIR" ]; then
    DIR="$(mktemp -d -t calendar-galera.XXXXXX)"
    CREATED=1 remember=1
  elif [ ! -d "$DIR" ]; then
    mkdir -p "$DIR"
    CREATED=1
  fi
  trap on_start_exit EXIT
  # mktemp -d makes a mode 700 folder: the nodes run as mysql and could not even enter it.
  chmod 755 "$DIR"
  DIR="$(cd "$DIR" && pwd)"

  if [ -f "$DIR/cluster.conf" ]; then
    # A folder from an earlier start (stopped without --clean): start it again with its data and
    # its ports. The node that stopped last holds every transaction and may bootstrap.
    FRESH=0
    load_conf
    boot=""
    for n in "${NODES[@]}"; do
      if grep -qs '^safe_to_bootstrap: *1' "$(node_dir "$n")/data/grastate.dat"; then
        boot="$n"
        break
      fi
    done
    [ -n "$boot" ] || die "no node in $DIR is safe to bootstrap (was it killed rather than stopped?); use stop --clean and start afresh"
  else
    [ "$(find "$DIR" -mindepth 1 -maxdepth 1 | head -n 1)" = "" ] ||
      die "$DIR is not empty and holds no cluster: give an empty or new folder"
    DB_NAME="${CLUSTER_DB:-calendar}"
    if [ "${#PORTS[@]}" = 0 ]; then
      read -r -a PORTS <<<"${CLUSTER_PORTS:-3311 3312 3313}"
    fi
    printf 'ports=%s\ndb=%s\ncreated=%s\n' "${PORTS[*]}" "$DB_NAME" "$CREATED" >"$DIR/cluster.conf"
  fi
  [[ "$DB_NAME" =~ ^[A-Za-z0-9_]+$ ]] || die "CLUSTER_DB must be letters, digits and _" 2
  [ "${#PORTS[@]}" = 3 ] || die "need exactly three SQL ports (CLUSTER_PORTS=\"3311 3312 3313\")" 2
  for n in "${PORTS[@]}"; do
    if ! [[ "$n" =~ ^[0-9]+$ ]] || [ "$n" -lt 1024 ] || [ "$n" -gt $((65535 - SST_OFFSET)) ]; then
      die "SQL port $n out of range (1024..$((65535 - SST_OFFSET)))" 2
    fi
  done
  check_ports_free "${NODES[@]}"
  # Only a start without --dir/CLUSTER_DIR is remembered: whoever chose a folder names it again,
  # and a second cluster (other ports, other folder) must not hide the default one from stop.
  if [ "$remember" = 1 ]; then printf 'dir=%s\n' "$DIR" >"$STATE_FILE"; fi

  for n in "${NODES[@]}"; do
    mkdir -p "$(node_dir "$n")/data" "$(node_dir "$n")/tmp"
    write_conf "$n"
  done
  # rsync SST runs as mysql and fails with "cannot stat destination" on root-owned folders.
  chown -R mysql:mysql "$DIR"/node1 "$DIR"/node2 "$DIR"/node3
  runuser -u mysql -- test -w "$(node_dir 1)/data" ||
    die "the mysql user cannot write to $(node_dir 1)/data: every parent folder of $DIR must be searchable by others (chmod o+x)"

  if [ "$FRESH" = 1 ]; then
    # Only node 1 gets system tables: nodes 2 and 3 start with empty data folders and receive
    # everything from node 1 by rsync SST. --auth-root-authentication-method=normal gives root an
    # empty password (instead of unix_socket only), as the app expects.
    log "initialising node 1 in $(node_dir 1)/data"
    mariadb-install-db --no-defaults --user=mysql --datadir="$(node_dir 1)/data" \
      --auth-root-authentication-method=normal --skip-test-db --skip-name-resolve \
      >"$(node_dir 1)/install.log" 2>&1 ||
      { tail -n 30 "$(node_dir 1)/install.log" >&2; die "mariadb-install-db failed for node 1"; }
  fi

  launch_node "$boot" 1
  wait_synced "$boot" 1
  if [ "$FRESH" = 1 ]; then
    # Accounts are replicated to the joiners by their SST. skip-name-resolve: TCP clients match
    # by address, so root@127.0.0.1 must exist besides root@localhost.
    sql "$boot" -e "CREATE USER IF NOT EXISTS 'root'@'127.0.0.1' IDENTIFIED BY '';
      GRANT ALL PRIVILEGES ON *.* TO 'root'@'127.0.0.1' WITH GRANT OPTION;
      ALTER USER 'root'@'localhost' IDENTIFIED BY '';" ||
      fail_node "$boot" "could not set up root accounts on node $boot"
  fi
  for n in "${NODES[@]}"; do
    [ "$n" = "$boot" ] && continue
    # One joiner at a time: an rsync donor serves one SST and blocks writes meanwhile.
    launch_node "$n" 0
    wait_synced "$n" 1
  done
  for n in "${NODES[@]}"; do wait_synced "$n" 3; done
  sql "$boot" -e "CREATE DATABASE IF NOT EXISTS \`$DB_NAME\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci" ||
    fail_node "$boot" "could not create database $DB_NAME"
  trap - EXIT
  log "cluster up in $((SECONDS - started_at)) s: ports ${PORTS[*]}, database $DB_NAME, folder $DIR"
  cmd_status_lines || true
}

cmd_status_lines() {
  local n pid alive state size ok=0
  for n in "${NODES[@]}"; do
    pid="$(node_pid "$n")" || pid="-"
    if [ "$pid" != "-" ]; then alive=yes; else alive=no; fi
    state="" size=""
    if [ "$alive" = yes ]; then read -r state size <<<"$(wsrep_state "$n")" || true; fi
    printf 'node%s port=%s pid=%s alive=%s state=%s size=%s\n' \
      "$n" "$(sql_port "$n")" "$pid" "$alive" "${state:--}" "${size:--}"
    [ "$state" = Synced ] && [ "$size" = 3 ] || ok=1
  done
  return "$ok"
}

cmd_status() {
  find_dir
  cmd_status_lines
}

cmd_stop() {
  local clean="$1" n
  find_dir stop
  # Reverse order: node 1 stops last, so its grastate.dat says safe_to_bootstrap: 1 and a later
  # start on this folder can bootstrap from it.
  for n in 3 2 1; do stop_node "$n"; done
  if [ "$clean" = 1 ]; then
    # A plain stop keeps the state file, so that a later status or stop --clean still finds it.
    if [ -f "$STATE_FILE" ] && [ "$(sed -n 's/^dir=//p' "$STATE_FILE")" = "$DIR" ]; then
      rm -f "$STATE_FILE"
    fi
    if [ "$CREATED" = 1 ]; then
      rm -rf "$DIR"
      log "removed $DIR"
    else
      log "kept $DIR: this script did not create it"
    fi
  fi
}

node_arg() {
  [[ "${1:-}" =~ ^[123]$ ]] || die "need a node number: 1, 2 or 3" 2
}

# kill -9, for failure tests. The survivors notice within a few seconds (the socket closes; the
# group's suspect timeout is 5 s): a write on them right after the kill waited about 4 s here
# before the cluster shrank to 2 and it committed. Clients' timeouts must allow for that.
cmd_kill_node() {
  local n="$1" pid
  find_dir
  pid="$(node_pid "$n")" || die "node $n is not running"
  kill -KILL "$pid"
  while [ -d "/proc/$pid" ]; do sleep 0.1; done
  log "node $n: killed (pid $pid, kill -9)"
}

cmd_start_node() {
  local n="$1" m any=0 offset
  check_prereqs
  find_dir
  ! node_alive "$n" || die "node $n is already running (pid $(node_pid "$n"))" 4
  for m in "${NODES[@]}"; do
    [ "$m" != "$n" ] && node_alive "$m" && any=1
  done
  [ "$any" = 1 ] || die "no other node is running to join; use start"
  offset="$(stat -c %s "$(node_dir "$n")/error.log" 2>/dev/null || echo 0)"
  launch_node "$n" 0
  wait_synced "$n" 1
  # How it caught up: IST (only what it missed, from a donor's gcache) or SST (a full copy).
  # "IST received" is no evidence: after a full SST the joiner also replays the donor's gcache
  # and logs it. The rsync script's own line says which transfer it ran.
  local newlog
  newlog="$(tail -c +"$((offset + 1))" "$(node_dir "$n")/error.log")"
  if grep -q 'rsync IST completed on joiner' <<<"$newlog"; then
    log "node $n: Synced, caught up by IST"
  elif grep -q 'rsync SST completed on joiner' <<<"$newlog"; then
    log "node $n: Synced, caught up by SST (a full copy)"
  else
    log "node $n: Synced"
  fi
}

cmd_restart_node() {
  local n="$1"
  find_dir
  stop_node "$n"
  cmd_start_node "$n"
}

main() {
  local cmd="${1:-}" clean=0 node=""
  [ -n "$cmd" ] || usage
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --dir) DIR="${2:?--dir needs a folder}"; shift 2 ;;
      --dir=*) DIR="${1#--dir=}"; shift ;;
      --base-port | --base-port=*)
        local base
        if [ "$1" = --base-port ]; then base="${2:?--base-port needs a port}"; shift 2; else base="${1#--base-port=}"; shift; fi
        [[ "$base" =~ ^[0-9]+$ ]] || die "--base-port needs a number" 2
        PORTS=("$base" $((base + 1)) $((base + 2)))
        ;;
      --clean) clean=1; shift ;;
      -h | --help) usage 0 ;;
      [0-9]*) node="$1"; shift ;;
      *) log "unknown argument: $1"; usage ;;
    esac
  done
  case "$cmd" in
    start) cmd_start ;;
    stop) cmd_stop "$clean" ;;
    status) cmd_status ;;
    kill-node) node_arg "$node"; cmd_kill_node "$node" ;;
    start-node) node_arg "$node"; cmd_start_node "$node" ;;
    restart-node) node_arg "$node"; cmd_restart_node "$node" ;;
    -h | --help | help) usage 0 ;;
    *) log "unknown command: $cmd"; usage ;;
  esac
}

main "$@"
