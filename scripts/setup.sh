#!/usr/bin/env bash
# Installs everything MoE Lab needs on Debian 12, idempotently: Debian packages, Dear ImGui 1.86
# from Debian's source package (into the git-ignored .cache/), and the browser test's npm packages
# from the committed lockfile. Nothing third-party is committed to the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"

PACKAGES=(cmake g++ make emscripten libeigen3-dev doctest-dev libglfw3-dev libgl-dev
          chromium xvfb xauth fonts-dejavu-core fonts-droid-fallback python3 nodejs xz-utils dpkg-dev
          fonttools                   # pyftsubset: the page's font cut to the code points it draws
          libstb-dev                  # stb_image_write: PNG export of a view, the desktop app's --screenshot
          clang libclang-rt-14-dev    # the libFuzzer target (scripts/fuzz.sh): clang and its fuzzer runtime
          clang-format git            # scripts/format.sh (the test command's format check lists files with git)
          zbar-tools                  # zbarimg: the browser tests read QR codes back (a screenshot, a printed sheet)
          poppler-utils               # pdftoppm: the worksheet test renders the printed sheets' pages for zbarimg
          ca-certificates)            # the npm registry over https (scripts/npm_lock_install.py)
missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node may come from outside Debian on some machines: only ask for it when absent.
command -v node >/dev/null && missing=("${missing[@]/nodejs}")
missing=($(printf '%s\n' "${missing[@]}" | grep -v '^$' || true))
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  # (without the packages these only recommend: 709 packages instead of 972 on a fresh Debian 12, 586 MB instead of
  # 712: printer and desktop services, Perl and Python libraries, LLVM's development files)
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Debian's source packages: the source lines once, then each package's upstream tarball into .cache/apt-src.
source_package() {   # NAME VERSION: .cache/apt-src/NAME_VERSION.orig.tar.*
  local src=/etc/apt/sources.list.d/debian.sources
  if ! grep -rqs -e '^Types:.*deb-src' -e '^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/; then
    if [ -f "$src" ]; then      # Debian 12's deb822 format
      sed 's/^Types: deb$/Types: deb-src/' "$src" | $SUDO tee /etc/apt/sources.list.d/moe-lab-src.sources >/dev/null
    else                        # the older one-line format
      grep -h '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | sed 's/^deb /deb-src /' |
        $SUDO tee /etc/apt/sources.list.d/moe-lab-src.list >/dev/null
    fi
    $SUDO apt-get update -qq
  fi
  mkdir -p .cache/apt-src
  # Only the upstream tarball is used: a mirror that lacks the Debian part of the source package does not stop us.
  (cd .cache/apt-src && apt-get source --download-only "$1" >/dev/null 2>&1) || true
  ls .cache/apt-src/"$1"_"$2"*.orig.tar.* >/dev/null 2>&1 ||
    { echo "setup: could not fetch $1 $2 from Debian's source packages" >&2; exit 1; }
}

IMGUI_DIR=.cache/imgui-1.86
if [ ! -f "$IMGUI_DIR/imgui.cpp" ]; then
  echo "setup: fetching Dear ImGui 1.86 from Debian's source package"
  source_package imgui 1.86
  mkdir -p "$IMGUI_DIR"
  tar -xf "$(ls .cache/apt-src/imgui_1.86*.orig.tar.* | head -1)" -C "$IMGUI_DIR" --strip-components=1
fi

# libqrencode (the class's QR code in presentation mode), compiled into the page and the desktop app like ImGui.
QRENCODE_DIR=.cache/qrencode-4.1.1
if [ ! -f "$QRENCODE_DIR/qrencode.c" ]; then
  echo "setup: fetching libqrencode 4.1.1 from Debian's source package"
  source_package qrencode 4.1.1
  mkdir -p "$QRENCODE_DIR"
  tar -xf "$(ls .cache/apt-src/qrencode_4.1.1*.orig.tar.* | head -1)" -C "$QRENCODE_DIR" --strip-components=1
fi

# The browser test's npm packages go into the git-ignored cache, next to ImGui, not into tests/.
E2E=.cache/e2e
if [ ! -d "$E2E/node_modules/playwright-core" ] || ! cmp -s tests/e2e/package-lock.json "$E2E/package-lock.json"; then
  echo "setup: installing playwright-core, axe-core, IBM's checker and gift-pegjs from tests/e2e/package-lock.json into $E2E"
  mkdir -p "$E2E"
  cp tests/e2e/package.json tests/e2e/package-lock.json "$E2E/"
  python3 scripts/npm_lock_install.py "$E2E"   # (npm ci without Debian's npm: 359 packages to install instead of 710)
fi
echo "setup: done"
