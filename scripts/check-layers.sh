#!/usr/bin/env bash
# The layers (docs/building.md): a lab and the core it may include know nothing of what runs them.
#   src/labs/*   include src/core and their own folder, never src/session, src/app, src/platform or src/cli;
#   src/core     includes only src/core;
#   src/session  includes src/core and src/session, never src/app, src/platform or src/cli;
#   src/app      its parts never include the frame (app/frame/app.hpp): only the frame's own files, frame/app*.cpp, do;
# and no header includes itself through others (no include cycle among src/'s headers).
set -euo pipefail
cd "$(dirname "$0")/.."
bad=0
check() {   # FOLDER PATTERN WHY: every #include "…" in FOLDER that matches PATTERN is a violation
  local hits
  hits=$(grep -rnE "#include \"($2)/" "$1" --include='*.hpp' --include='*.cpp' || true)
  if [ -n "$hits" ]; then echo "check-layers: $3:"; echo "$hits" | sed 's/^/  /'; bad=1; fi
}
check src/labs "session|app|platform|cli" "a lab includes what runs it (a lab may include src/core only)"
check src/core "session|app|platform|cli|labs" "src/core includes beyond itself"
check src/session "app|platform|cli|labs" "src/session includes the app, the platform, the CLI or a lab"
parts=$(grep -rlE '#include "app/frame/app.hpp"' src/app --include='*.cpp' --include='*.hpp' |
  grep -vE '^src/app/frame/app[a-z_]*\.cpp$' || true)
if [ -n "$parts" ]; then echo "check-layers: a part includes the frame (app/frame/app.hpp):"; echo "$parts" | sed 's/^/  /'; bad=1; fi
python3 - <<'PY' || bad=1
import glob, re, sys
g = {f[4:]: set(re.findall(r'#include "([a-z_/\-]+\.hpp)"', open(f, encoding="utf-8").read()))
     for f in glob.glob("src/**/*.hpp", recursive=True)}
seen, stack, cycles = {}, [], []
def visit(h):
    seen[h] = 1; stack.append(h)
    for d in sorted(g.get(h, ())):
        if seen.get(d) == 1: cycles.append(stack[stack.index(d):] + [d])
        elif d not in seen: visit(d)
    stack.pop(); seen[h] = 2
for h in sorted(g):
    if h not in seen: visit(h)
for c in cycles: print("check-layers: an include cycle: " + " -> ".join(c))
sys.exit(1 if cycles else 0)
PY
[ $bad = 0 ] && echo "check-layers: the labs include src/core only; src/core includes itself only; no part includes the frame; no include cycle"
exit $bad
