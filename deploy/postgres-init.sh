#!/bin/sh
# PostgreSQL's first start in compose.yaml (its image runs this once, on an empty data volume):
# the two roles of docs/operations.md and a database the owner owns. The migrate service then
# creates the schema as the owner and grants the app role its privileges.
set -e
: "${PALMARES_OWNER_PASSWORD:?set PALMARES_OWNER_PASSWORD}"
: "${PALMARES_APP_PASSWORD:?set PALMARES_APP_PASSWORD}"
# psql quotes the names (:"…") and passwords (:'…') itself.
psql -v ON_ERROR_STOP=1 --no-psqlrc --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v owner="${PALMARES_OWNER_ROLE:-palmares_owner}" \
  -v app="${PALMARES_APP_ROLE:-palmares_app}" \
  -v database="${PALMARES_DATABASE:-palmares}" \
  -v owner_password="$PALMARES_OWNER_PASSWORD" \
  -v app_password="$PALMARES_APP_PASSWORD" <<'SQL'
CREATE ROLE :"owner" LOGIN PASSWORD :'owner_password';
CREATE ROLE :"app" LOGIN PASSWORD :'app_password';
CREATE DATABASE :"database" OWNER :"owner";
-- Only roles granted CONNECT (the grant step gives it to the app role) reach the database.
REVOKE CONNECT, TEMPORARY ON DATABASE :"database" FROM PUBLIC;
SQL
