#!/usr/bin/env bash
# Build Tenace's one-folder desktop bundle with PyInstaller, then check it with --self-test.
#
#   packaging/build.sh                 # -> dist/tenace/ (tenace, tenace-cli, _internal/, install.sh)
#   packaging/build.sh --no-test       # build only
#   TENACE_DIST=/tmp/d TENACE_WORK=/tmp/w packaging/build.sh   # other output folders
#
# Needs uv (PyInstaller comes from the "packaging" dependency group of pyproject.toml).
# Run it on the platform you build for (Linux, Windows under Git Bash, or macOS):
# PyInstaller does not cross-compile.
set -euo pipefail
cd "$(dirname "$0")/.."
DIST="${TENACE_DIST:-dist}"
WORK="${TENACE_WORK:-build/pyinstaller}"
RUN_TEST=1
[ "${1:-}" = "--no-test" ] && RUN_TEST=0

command -v uv >/dev/null 2>&1 || export PATH="$HOME/.local/bin:$PATH"
uv run --group packaging pyinstaller packaging/tenace.spec --noconfirm --clean \
    --distpath "$DIST" --workpath "$WORK" --log-level WARN

BUNDLE="$DIST/tenace"
case "$(uname -s)" in
    Linux*) cp packaging/linux/install.sh "$BUNDLE/install.sh" ;;
esac
echo "bundle: $BUNDLE ($(du -sh "$BUNDLE" | cut -f1))"

if [ "$RUN_TEST" = 1 ]; then
    EXE="$BUNDLE/tenace"
    [ -x "$EXE" ] || EXE="$BUNDLE/tenace.exe"
    QT_QPA_PLATFORM="${QT_QPA_PLATFORM:-offscreen}" "$EXE" --self-test
fi
