#!/bin/sh
# The image's command names the role; anything else runs as given (a shell, node -e ...).
set -e
cd /app
case "$1" in
  api)           shift; exec node apps/api/dist/main.js "$@" ;;
  projector)     shift; exec node apps/projector/dist/main.js "$@" ;;
  transcoder)    shift; exec node apps/transcoder/dist/main.js "$@" ;;
  all-in-one)    shift; exec node apps/api/dist/all-in-one.js "$@" ;;
  migrate)       shift; exec node apps/projector/dist/migrate.js "$@" ;;
  create-bucket) shift; exec node apps/projector/dist/create-bucket.js "$@" ;;
  projections)   shift; exec node apps/projector/dist/cli.js "$@" ;;
  *)             exec "$@" ;;
esac
