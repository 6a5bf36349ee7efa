#!/usr/bin/env bash
# Backs up the event store that the server's configuration names, and the API's tables beside it (tokens,
# idempotency keys), into a new folder; infra/restore.sh puts it back. The read models are not backed up:
# they are made again from the events (the server catches up on start; `cli rebuild` on demand).
#
#   SQLite (DATA_DIR, default ./data): events.db and api.db, each copied by `VACUUM INTO`, a consistent
#     snapshot read while a server keeps writing (the files are in WAL mode: the copy waits for no writer).
#   PostgreSQL (DATABASE_URL): the schemas eventstore and api in one pg_dump, so one snapshot of both.
#   KurrentDB (KURRENTDB_URL): not here; the node's own file-copy backup or a disk snapshot (infra/README.md).
#
# The audit signing key (AUDIT_KEY, AUDIT_KEY_FILE or DATA_DIR/audit.key) is left out on purpose: keep it
# apart from the events it vouches for (infra/README.md "Backups and restore").
#
# Usage: infra/backup.sh DEST        DEST: a folder that does not exist yet
# PG_DUMP and PSQL may name other commands (e.g. `docker compose -f infra/compose.yaml exec -T postgres
# pg_dump`); the folder gets MANIFEST (what, when, how many events) and SHA256SUMS.
set -euo pipefail
umask 077 # the API tables hold token hashes: the backup is for its owner alone

die() {
  echo "backup: $*" >&2
  exit 2
}

[ $# -eq 1 ] || die "usage: infra/backup.sh DEST (a folder that does not exist yet)"
dest=$1
[ ! -e "$dest" ] || die "$dest already exists: name a new folder"
# A backup that failed halfway is no backup: its folder goes.
done=
trap '[ -n "$done" ] || rm -rf -- "$dest"' EXIT
[ -z "${KURRENTDB_URL:-}" ] ||
  die "KURRENTDB_URL is set: back up the KurrentDB node with its own procedure (infra/README.md)"

PG_DUMP=${PG_DUMP:-pg_dump}
PSQL=${PSQL:-psql}
created=$(date -u +%Y-%m-%dT%H:%M:%SZ)

# SQL text for a string literal: quotes doubled.
literal() { printf "'%s'" "${1//\'/\'\'}"; }

backup_sqlite() {
  local data_dir=${DATA_DIR:-./data}
  local events="$data_dir/events.db"
  [ -f "$events" ] || die "DATA_DIR: no event store in $data_dir (events.db does not exist)"
  command -v sqlite3 >/dev/null || die "sqlite3 is not installed (Debian: apt-get install sqlite3)"
  mkdir -p "$dest"
  for file in events.db api.db; do
    [ -f "$data_dir/$file" ] || continue
    # The busy timeout of the server's own connections, for the rare moment a WAL reader must wait.
    sqlite3 -bail -cmd '.timeout 5000' "$data_dir/$file" "VACUUM INTO $(literal "$dest/$file")"
  done
  local count
  count=$(sqlite3 -readonly "$dest/events.db" 'SELECT count(*) FROM events')
  printf 'kind=sqlite\ncreated=%s\nevents=%s\n' "$created" "$count" >"$dest/MANIFEST"
}

backup_postgres() {
  local url=$DATABASE_URL
  mkdir -p "$dest"
  # The store only ever grows: events counted before the dump starts are all in it (restore checks).
  local count
  count=$($PSQL "$url" -X -At -v ON_ERROR_STOP=1 -c 'SELECT count(*) FROM eventstore.events') ||
    die "DATABASE_URL: cannot read eventstore.events (is this the server's database?)"
  local api=()
  if [ "$($PSQL "$url" -X -At -c "SELECT to_regclass('api.api_tokens') IS NOT NULL")" = t ]; then
    api=(--schema=api)
  fi
  # To standard output: PG_DUMP may run in another container, whose files are not ours.
  $PG_DUMP --format=custom --schema=eventstore "${api[@]}" "$url" >"$dest/eventstore.dump"
  printf 'kind=postgres\ncreated=%s\nevents_at_least=%s\nschemas=eventstore%s\n' \
    "$created" "$count" "${api:+ api}" >"$dest/MANIFEST"
}

if [ -n "${DATABASE_URL:-}" ]; then backup_postgres; else backup_sqlite; fi
(
  cd "$dest"
  files=(*)
  sha256sum -- "${files[@]}" >SHA256SUMS
)
done=1
echo "backup: $(tr '\n' ' ' <"$dest/MANIFEST")-> $dest"
