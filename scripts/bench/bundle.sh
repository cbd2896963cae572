#!/bin/sh
# The bench, the server and the load processes bundled into plain JavaScript in .devbench/, for a
# machine with Node.js and no node_modules (the lent 16-core machine of docs/performance.md):
#   scripts/bench/bundle.sh && node .devbench/scripts/bench/bench.js --burst --procs 4
# run from the repository's root (the server finds migrations/ beside package.json). The packages
# with native code or data files travel as they are, in .devbench/node_modules; playwright-core
# (the --fps mode only) is replaced by an empty module.
set -e
cd "$(dirname "$0")/../.."
rm -rf .devbench
BANNER="import { createRequire as __cr } from 'node:module'; import { fileURLToPath as __fu } from 'node:url'; import { dirname as __dn } from 'node:path'; const require = __cr(import.meta.url); const __filename = __fu(import.meta.url); const __dirname = __dn(__filename);"
npx esbuild server/main.ts scripts/bench/bench.ts scripts/bench/phones.ts --bundle --platform=node \
  --format=esm --outdir=.devbench --packages=bundle --log-level=warning --banner:js="$BANNER" \
  --external:@electric-sql/pglite '--external:@node-rs/*' --external:sharp --external:bufferutil \
  --external:utf-8-validate --external:playwright-core --external:chromium-bidi
cp -r node_modules/@fastify/swagger-ui/static .devbench/server/static
mkdir -p .devbench/node_modules/@electric-sql .devbench/node_modules/@node-rs .devbench/node_modules/playwright-core
cp -r node_modules/@electric-sql/pglite .devbench/node_modules/@electric-sql/
cp -r node_modules/@node-rs/argon2 node_modules/@node-rs/argon2-linux-x64-gnu .devbench/node_modules/@node-rs/
echo '{"name":"playwright-core","type":"module","exports":{".":"./index.js"}}' > .devbench/node_modules/playwright-core/package.json
echo 'export const chromium = null; export default { chromium };' > .devbench/node_modules/playwright-core/index.js
echo "bundled into .devbench/"
