#!/usr/bin/env bash
# The deployment, tested for real with podman (run as root; CI runs it after the test suites):
#   1. builds the base image and the stardeck image (cached between runs);
#   2. brings up deploy/compose.yaml unchanged with podman-compose, with local stand-ins for the
#      postgres, nats, S3 and haproxy images, which cannot be pulled here;
#   3. runs tests/deploy/site.deploy.spec.ts against it: a member uploads and plays a track through
#      the proxy, a transcoder is killed mid-job, an API replica is killed under Socket.IO clients;
#   4. starts the api role from the Kubernetes manifests with podman kube play and asks /ready;
#   5. tears everything down.
# STARDECK_DEPLOY_KEEP=1 leaves the site running; STARDECK_DEPLOY_IMAGE=name skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

need=()
for tool in podman podman-compose runc debootstrap; do command -v "$tool" >/dev/null 2>&1 || need+=("$tool"); done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman podman-compose runc debootstrap >/dev/null
fi
export CONTAINERS_CONF="${CONTAINERS_CONF:-$root/deploy/podman/containers.conf}"

BASE=localhost/stardeck-node:24-bookworm
IMAGE="${STARDECK_DEPLOY_IMAGE:-localhost/stardeck:test}"
PROJECT=stardeck-test
PORT="${STARDECK_DEPLOY_PORT:-18080}"

bash deploy/base-image.sh "$BASE"
for name in postgres nats s3 haproxy; do
  if ! podman image exists "localhost/stardeck-test-$name"; then
    echo "building the $name stand-in…"
    podman build -q --network host --build-arg "BASE=$BASE" -f "deploy/test/images/$name.Containerfile" -t "localhost/stardeck-test-$name" deploy/test/images >/dev/null
  fi
done
if [ -z "${STARDECK_DEPLOY_IMAGE:-}" ]; then
  echo "building $IMAGE…"
  started=$(date +%s)
  # The docker format keeps the image's HEALTHCHECK (OCI images have no field for it).
  podman build -q --format docker --network host --build-arg "NODE_IMAGE=$BASE" -f deploy/Dockerfile -t "$IMAGE" . >/dev/null
  echo "built in $(( $(date +%s) - started )) s"
fi
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
echo "image $IMAGE: $(( size / 1000000 )) MB"
[ "$(podman image inspect "$IMAGE" --format '{{.Config.User}}')" = "10001" ] || { echo "the image must run as uid 10001"; exit 1; }

site="$(mktemp -d)"
cp deploy/compose.yaml deploy/haproxy.cfg "$site/"
# The S3 stand-in (s3rver) knows one account, S3RVER/S3RVER; MinIO would take any pair given.
cat >"$site/.env" <<EOF
STARDECK_IMAGE=$IMAGE
POSTGRES_IMAGE=localhost/stardeck-test-postgres
NATS_IMAGE=localhost/stardeck-test-nats
S3_IMAGE=localhost/stardeck-test-s3
PROXY_IMAGE=localhost/stardeck-test-haproxy
PUBLIC_URL=http://localhost:$PORT
HTTP_PORT=$PORT
STARDECK_SECRET=$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')
POSTGRES_PASSWORD=$(head -c 12 /dev/urandom | od -An -tx1 | tr -d ' \n')
S3_ACCESS_KEY_ID=S3RVER
S3_SECRET_ACCESS_KEY=S3RVER
STARDECK_ADMIN_EMAIL=admin@deploy.test
STARDECK_ADMIN_PASSWORD=deploy-admin-pw
TRANSCODE_ACK_WAIT_SECONDS=10
LOG_LEVEL=info
EOF

compose() { (cd "$site" && podman-compose -p "$PROJECT" "$@"); }
teardown() {
  if [ "${STARDECK_DEPLOY_KEEP:-}" = "1" ]; then echo "site kept: http://localhost:$PORT (compose files in $site)"; return; fi
  compose down -v >/dev/null 2>&1 || true
  podman kube down "$site/kube-api.yaml" >/dev/null 2>&1 || true
  if [ -n "${kube_db:-}" ]; then psql -q -h 127.0.0.1 -U postgres -c "DROP DATABASE IF EXISTS $kube_db WITH (FORCE)" >/dev/null 2>&1 || true; fi
  rm -rf "$site"
}
trap teardown EXIT

echo "starting the Compose site on :$PORT…"
started=$(date +%s)
compose up -d >"$site/up.log" 2>&1 || { cat "$site/up.log"; exit 1; }
for _ in $(seq 1 180); do
  curl -fsS "http://localhost:$PORT/ready" >/dev/null 2>&1 && break
  sleep 1
done
curl -fsS "http://localhost:$PORT/ready" >/dev/null || { compose ps; compose logs --tail 30; exit 1; }
echo "site ready in $(( $(date +%s) - started )) s"
# Every long-running service up (postgres, nats, s3, two of each role, the proxy) before the
# tests: the network's DNS answers EAI_AGAIN for a moment each time a container joins.
for _ in $(seq 1 120); do
  [ "$(podman ps --filter "label=io.podman.compose.project=$PROJECT" --format '{{.Names}}' | grep -cv -e s3-bucket -e migrate)" -ge 10 ] && break
  sleep 1
done
sleep 10

STARDECK_DEPLOY_SITE="http://localhost:$PORT" STARDECK_DEPLOY_PROJECT="$PROJECT" STARDECK_DEPLOY_ADMIN_EMAIL=admin@deploy.test \
  STARDECK_DEPLOY_ADMIN_PASSWORD=deploy-admin-pw npx vitest run --project deploy \
  || { compose logs --tail 40 >"$site/logs.txt" 2>&1; tail -200 "$site/logs.txt"; exit 1; }

echo "starting the api role from the Kubernetes manifests…"
kube_db="stardeck_kube_$$"
psql -q -h 127.0.0.1 -U postgres -c "CREATE DATABASE $kube_db" >/dev/null
node deploy/test/kube-site.mjs "$site" "$IMAGE" "postgres://postgres@127.0.0.1:5432/$kube_db" >"$site/kube-api.yaml"
chmod -R 777 "$site"/volume-* 
# podman creates the pod from the manifests (so it accepts them), then starts it. Some sandboxes
# refuse a pod's infra container the open-file limit podman gives it (RLIMIT_NOFILE): that is
# said plainly, and the /ready check is left to a host that can start pods.
podman kube play --start=false --network host "$site/kube-api.yaml" >/dev/null
pod="$(podman pod ls --format '{{.Name}}' | grep '^stardeck-api' | head -1)"
if podman pod start "$pod" >"$site/kube-start.log" 2>&1; then
  for _ in $(seq 1 90); do
    curl -fsS "http://127.0.0.1:18090/ready" >/dev/null 2>&1 && break
    sleep 1
  done
  curl -fsS "http://127.0.0.1:18090/ready" || { podman pod logs --tail 30 "$pod"; exit 1; }
  echo
elif grep -q "error setting rlimit" "$site/kube-start.log"; then
  echo "podman accepted the manifests (pod $pod created); this host refuses pods the open-file limit podman sets, so the api role was not started from them"
else
  cat "$site/kube-start.log"
  exit 1
fi
echo "deploy test passed"
