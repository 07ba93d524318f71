#!/usr/bin/env bash
# Installs the Debian packages LayoutEngine builds against, when they are missing:
# FreeType, HarfBuzz, ICU, fontconfig and pkg-config. Safe to run again; does nothing when all are present.
set -euo pipefail
packages=(libfreetype-dev libharfbuzz-dev libicu-dev libfontconfig-dev pkg-config)
# Optional: headless Chromium for the report's browser test, Debian's colour emoji font for the emoji test and
# Unicode's test files (unicode-data) for the conformance tests, Liberation Sans (fonts-liberation2: a font that
# kerns a space with the next word, for the word cache's test)
# (each skipped without it). Not installed when
# LAYOUT_NO_BROWSER=1; a failure to install it is a warning, never an error.
optional=(chromium fonts-noto-color-emoji unicode-data fonts-liberation2)
if [ "${LAYOUT_NO_BROWSER:-0}" = 1 ]; then optional=(); fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
missing_optional=()
for p in "${optional[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing_optional+=("$p")
done
if [ ${#missing[@]} -eq 0 ] && [ ${#missing_optional[@]} -eq 0 ]; then exit 0; fi
if [ ${#missing[@]} -eq 0 ]; then
  # Only optional packages are missing: try them, quietly, as root only.
  if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing_optional[@]}"; } >/dev/null 2>&1 \
      || echo "install-deps: could not install ${missing_optional[*]} (optional; the browser test will be skipped)" >&2
  fi
  exit 0
fi
echo "installing: ${missing[*]}" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "install-deps: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
  sudo="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
if [ ${#missing_optional[@]} -gt 0 ]; then
  $sudo apt-get install -y -qq --no-install-recommends "${missing_optional[@]}" >/dev/null 2>&1 \
    || echo "install-deps: could not install ${missing_optional[*]} (optional; the browser test will be skipped)" >&2
fi
