#!/usr/bin/env bash
# Restores a folder made by infra/backup.sh into the store that the configuration names, which must hold no
# events yet: an empty DATA_DIR, or a PostgreSQL database without the eventstore schema (create a new one).
# Never over a live store: move the old one aside first. The files are checked against SHA256SUMS before
# anything is written, and the restored events are counted against MANIFEST after.
#
# Then, before any server starts on it:
#   npm run -s cli -- migrate    (PostgreSQL: grants the application role again, which the dump leaves out)
#   npm run -s cli -- verify     (every stream's hash chain; exit 0 when all holds)
# The read models are made again from the events when the server starts; read models left from another
# store (an old read-models.db, an old read_models schema) must be rebuilt: `npm run -s cli -- rebuild`.
#
# Usage: infra/restore.sh BACKUP        PG_RESTORE and PSQL may name other commands, as in backup.sh.
set -euo pipefail

die() {
  echo "restore: $*" >&2
  exit 2
}

[ $# -eq 1 ] || die "usage: infra/restore.sh BACKUP (a folder made by infra/backup.sh)"
backup=$1
[ -f "$backup/MANIFEST" ] || die "$backup has no MANIFEST: not a folder made by infra/backup.sh"
[ -z "${KURRENTDB_URL:-}" ] ||
  die "KURRENTDB_URL is set: restore the KurrentDB node with its own procedure (infra/README.md)"
(cd "$backup" && sha256sum --check --quiet SHA256SUMS) ||
  die "$backup does not match its SHA256SUMS: the backup is damaged"

manifest() { sed -n "s/^$1=//p" "$backup/MANIFEST"; }
kind=$(manifest kind)
PG_RESTORE=${PG_RESTORE:-pg_restore}
PSQL=${PSQL:-psql}
done=

restore_sqlite() {
  [ "$kind" = sqlite ] || die "the backup is of a $kind store, and DATABASE_URL is not set"
  command -v sqlite3 >/dev/null || die "sqlite3 is not installed (Debian: apt-get install sqlite3)"
  local data_dir=${DATA_DIR:-./data}
  [ ! -e "$data_dir/events.db" ] ||
    die "DATA_DIR: $data_dir already holds events.db: restore into an empty folder (move the old one aside)"
  mkdir -p "$data_dir"
  # A restore that fails halfway takes back the files it put in place.
  restored=()
  trap '[ -n "$done" ] || rm -f -- "${restored[@]}"' EXIT
  for file in events.db api.db; do
    [ -f "$backup/$file" ] || continue
    [ ! -e "$data_dir/$file" ] || die "DATA_DIR: $data_dir already holds $file"
    [ "$(sqlite3 -readonly "$backup/$file" 'PRAGMA integrity_check')" = ok ] || die "$backup/$file fails integrity_check"
    # Copied under another name, then renamed: a server never sees half a file.
    restored+=("$data_dir/.$file.restoring" "$data_dir/$file")
    cp "$backup/$file" "$data_dir/.$file.restoring"
    mv "$data_dir/.$file.restoring" "$data_dir/$file"
  done
  local count
  count=$(sqlite3 "$data_dir/events.db" 'SELECT count(*) FROM events')
  [ "$count" = "$(manifest events)" ] || die "restored $count events, the backup says $(manifest events)"
  echo "restore: $count events into $data_dir"
  [ ! -e "$data_dir/read-models.db" ] ||
    echo "restore: $data_dir/read-models.db is from before: run \`npm run -s cli -- rebuild\`"
}

restore_postgres() {
  [ "$kind" = postgres ] || die "the backup is of a $kind store, and DATABASE_URL is set"
  local url=$DATABASE_URL
  local present
  present=$($PSQL "$url" -X -At -v ON_ERROR_STOP=1 \
    -c "SELECT to_regclass('eventstore.events') IS NOT NULL OR to_regclass('api.api_tokens') IS NOT NULL") ||
    die "DATABASE_URL: cannot connect"
  [ "$present" = f ] ||
    die "DATABASE_URL: the database already has an event store (or API tables): restore into a new database"
  # Owned by this connection's user (the schema owner the server's DATABASE_URL names); the application
  # role's grants are given again by the next `migrate` (or start) as that owner.
  $PG_RESTORE --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$url" \
    <"$backup/eventstore.dump"
  local count
  count=$($PSQL "$url" -X -At -v ON_ERROR_STOP=1 -c 'SELECT count(*) FROM eventstore.events')
  [ "$count" -ge "$(manifest events_at_least)" ] ||
    die "restored $count events, the backup says at least $(manifest events_at_least)"
  echo "restore: $count events into the database at DATABASE_URL"
  if [ "$($PSQL "$url" -X -At -c "SELECT to_regclass('read_models.projection_checkpoints') IS NOT NULL")" = t ]; then
    echo "restore: the read_models schema is from before: run \`npm run -s cli -- rebuild\`"
  fi
}

if [ -n "${DATABASE_URL:-}" ]; then restore_postgres; else restore_sqlite; fi
done=1
echo "restore: next, \`npm run -s cli -- migrate\` and \`npm run -s cli -- verify\` on the restored store"
