#!/usr/bin/env bash
# Formats the C++ sources with clang-format (Google base, 100 columns: .clang-format), or with
# --check only reports files that are not formatted (the test suite runs this). The version is
# pinned to Debian 12's clang-format 14, because other versions format some constructs
# differently; scripts/install-deps.sh installs it.
set -euo pipefail
cd "$(dirname "$0")/.."

pinned=14
tool=""
for candidate in clang-format-$pinned clang-format; do
  if command -v "$candidate" >/dev/null &&
    "$candidate" --version | grep -q "clang-format version $pinned\."; then
    tool=$candidate
    break
  fi
done
if [ -z "$tool" ]; then
  echo "format.sh: clang-format $pinned is needed (Debian package clang-format-$pinned);" \
    "found: $(clang-format --version 2>/dev/null || echo none)" >&2
  exit 2
fi

mapfile -t files < <(git ls-files -- 'src/*.cc' 'src/*.h' 'tests/*.cc' 'tests/*.h' 'bench/*.cc' \
  'python/*.cc' 2>/dev/null || find src tests bench -name '*.cc' -o -name '*.h')
case "${1:-}" in
  --check) exec "$tool" --dry-run -Werror "${files[@]}" ;;
  "") exec "$tool" -i "${files[@]}" ;;
  *) echo "usage: scripts/format.sh [--check]" >&2; exit 2 ;;
esac
