#!/usr/bin/env bash
# Checks that every .mlir file in this directory is accepted by mlir-opt, and
# that mlir-opt's own output re-parses, both in the custom (pretty) form and in
# the generic form (--mlir-print-op-generic --mlir-print-debuginfo).
#
# Usage: ./check.sh [files...]      (default: all *.mlir next to this script)
# Env:   MLIR_OPT (default: mlir-opt-22)
set -u
MLIR_OPT="${MLIR_OPT:-mlir-opt-22}"
dir="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" -gt 0 ]; then
  files=("$@")
else
  files=("$dir"/*.mlir)
fi
if ! command -v "$MLIR_OPT" >/dev/null 2>&1; then
  echo "check.sh: $MLIR_OPT not found (set MLIR_OPT)" >&2
  exit 2
fi
pass=0
fail=0
failed=()
for f in "${files[@]}"; do
  name="$(basename "$f")"
  if ! head -n 1 "$f" | grep -q '^//'; then
    echo "FAIL $name: first line is not a // comment"
    fail=$((fail + 1)); failed+=("$name"); continue
  fi
  if ! err="$("$MLIR_OPT" --allow-unregistered-dialect "$f" 2>&1 >/dev/null)"; then
    echo "FAIL $name: rejected by $MLIR_OPT"
    printf '%s\n' "$err" | head -n 5 | sed 's/^/    /'
    fail=$((fail + 1)); failed+=("$name"); continue
  fi
  if ! err="$("$MLIR_OPT" --allow-unregistered-dialect "$f" 2>/dev/null |
              "$MLIR_OPT" --allow-unregistered-dialect 2>&1 >/dev/null)"; then
    echo "FAIL $name: pretty-form round trip rejected"
    printf '%s\n' "$err" | head -n 5 | sed 's/^/    /'
    fail=$((fail + 1)); failed+=("$name"); continue
  fi
  if ! err="$("$MLIR_OPT" --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo "$f" 2>/dev/null |
              "$MLIR_OPT" --allow-unregistered-dialect 2>&1 >/dev/null)"; then
    echo "FAIL $name: generic-form round trip rejected"
    printf '%s\n' "$err" | head -n 5 | sed 's/^/    /'
    fail=$((fail + 1)); failed+=("$name"); continue
  fi
  pass=$((pass + 1))
done
echo "checked $((pass + fail)) files: $pass passed, $fail failed"
if [ "$fail" -ne 0 ]; then
  printf '  %s\n' "${failed[@]}"
  exit 1
fi
exit 0
