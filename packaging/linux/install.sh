#!/usr/bin/env bash
# Install (or remove) the Tenace bundle for one user, or system-wide with PREFIX=/usr/local (as root).
#
#   ./install.sh               # copies this folder to ~/.local/lib/tenace, links ~/.local/bin/tenace
#                              # and tenace-cli, adds the menu entry and the icons
#   ./install.sh --uninstall   # removes all of that again
#
# Run it from the unpacked bundle (dist/tenace/, where packaging/build.sh puts a copy of it).
set -euo pipefail
PREFIX="${PREFIX:-$HOME/.local}"
BUNDLE="$(cd "$(dirname "$0")" && pwd)"
LIB="$PREFIX/lib/tenace"
BIN="$PREFIX/bin"
SHARE="${XDG_DATA_HOME:-$PREFIX/share}"
[ "$PREFIX" = "$HOME/.local" ] || SHARE="$PREFIX/share"
SIZES="16 24 32 48 64 128 256 512"

uninstall() {
    rm -f "$BIN/tenace" "$BIN/tenace-cli" "$SHARE/applications/tenace.desktop"
    for s in $SIZES; do rm -f "$SHARE/icons/hicolor/${s}x${s}/apps/tenace.png"; done
    rm -rf "$LIB"
}

if [ "${1:-}" = "--uninstall" ]; then
    uninstall
    echo "Tenace removed from $PREFIX"
    exit 0
fi
[ -x "$BUNDLE/tenace" ] && [ -d "$BUNDLE/_internal" ] || { echo "install.sh: run me from the bundle folder" >&2; exit 2; }

if [ "$BUNDLE" != "$LIB" ]; then
    rm -rf "$LIB"
    mkdir -p "$(dirname "$LIB")"
    cp -a "$BUNDLE" "$LIB"
fi
mkdir -p "$BIN" "$SHARE/applications"
ln -sf "$LIB/tenace" "$BIN/tenace"
ln -sf "$LIB/tenace-cli" "$BIN/tenace-cli"
for s in $SIZES; do
    install -D -m 644 "$LIB/_internal/share/icons/hicolor/${s}x${s}/apps/tenace.png" \
        "$SHARE/icons/hicolor/${s}x${s}/apps/tenace.png"
done
# the menu entry starts the installed copy even when $BIN is not on the desktop session's PATH
sed "s|^Exec=tenace\$|Exec=$LIB/tenace|" "$LIB/_internal/share/applications/tenace.desktop" \
    > "$SHARE/applications/tenace.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$SHARE/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$SHARE/icons/hicolor" || true
echo "Tenace installed in $LIB; run 'tenace' (from $BIN) or pick Tenace in the Games menu"
