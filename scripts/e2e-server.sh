#!/usr/bin/env bash
# Serves the production build (build/) in the Workers runtime for the browser tests, on fresh local
# state: migrations and seed applied to an empty .wrangler/e2e (or E2E_STATE). Run `npm run build`
# first. Extra arguments go to `wrangler dev` (the benchmarks use them to set vars); E2E_CONFIG
# serves another config of the build (the D1-counting benchmark's entry). The session secret is new
# each start and left in the state folder (auth-secret), where the browser tests read it to sign the
# session cookies of the accounts they write (test/e2e/support/accounts.ts).
set -euo pipefail
port="${E2E_PORT:-8799}"
state="${E2E_STATE:-.wrangler/e2e}"
config="${E2E_CONFIG:-build/server/wrangler.json}"
rm -rf "$state"
mkdir -p "$state"
secret="$(head -c 48 /dev/urandom | base64 | tr -d '/+=\n')"
(umask 077 && printf '%s\n' "$secret" > "$state/auth-secret")
# wrangler's local trace store (its dev dashboard) writes every event of the app to disk, on the
# runtime's one thread: the tests and benchmarks measure the app and the runtime, not that tracer.
export X_LOCAL_OBSERVABILITY=false
# Its local explorer (on by default) is how the browser tests write to the server's D1 without
# holding its file's lock from another process (test/e2e/support/local-d1.ts).
export X_LOCAL_EXPLORER=true
wrangler d1 migrations apply DB --local --persist-to "$state" > /dev/null
tsx scripts/seed.ts --persist-to "$state" > /dev/null
exec wrangler dev --config "$config" --ip 127.0.0.1 --port "$port" \
  --persist-to "$state" --var "APP_URL:http://127.0.0.1:$port" \
  --var "BETTER_AUTH_SECRET:$secret" \
  --show-interactive-dev-session=false "$@"
