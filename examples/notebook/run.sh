#!/usr/bin/env bash
# Executes tour.ipynb headless on the GoNB kernel and checks its outputs:
# every cell ran without an error, and each step cell printed and showed
# (as HTML) what the same step of tour.go does (go run ./examples/notebook
# -check).
#
#   bash examples/notebook/run.sh           # install what is missing, execute, check
#   bash examples/notebook/run.sh -update   # the same, then write the outputs into tour.ipynb
#
# What it needs, and installs when missing:
#   - Jupyter's nbconvert: Debian's jupyter-nbconvert (apt-get, as root);
#   - GoNB v0.11.4, goimports and gopls at pinned versions, built with the
#     Go toolchain into a tools directory of their own, and the GoNB kernel
#     installed there (gonb --install with JUPYTER_DATA_DIR), so neither the
#     user's Go bin directory nor their Jupyter kernels are touched.
# The tools directory is $NOTEBOOK_TOOLS, by default
# ${XDG_CACHE_HOME:-~/.cache}/structframe-notebook; a stamp file there says
# which versions it holds, and other versions are rebuilt.
set -euo pipefail

GONB_VERSION=v0.11.4
X_TOOLS_VERSION=v0.51.0 # golang.org/x/tools, for goimports
GOPLS_VERSION=v0.23.0   # golang.org/x/tools/gopls (v0.24 needs Go 1.27)
TIMEOUT=${NOTEBOOK_CELL_TIMEOUT:-600} # seconds for one cell; the first cells download modules

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tools=${NOTEBOOK_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/structframe-notebook}
update=false
case "${1:-}" in
  "") ;;
  -update|--update) update=true ;;
  *) echo "usage: $0 [-update]" >&2; exit 2 ;;
esac

die() { echo "run.sh: $*" >&2; exit 1; }
say() { echo "-- $*"; }

command -v go >/dev/null || die "the Go toolchain is not on PATH"

# nbconvert, from Debian's package.
if ! command -v jupyter-nbconvert >/dev/null; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    say "installing jupyter-nbconvert (apt-get)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jupyter-nbconvert >/dev/null
  else
    die "jupyter-nbconvert is missing: install Debian's package as root (apt-get install jupyter-nbconvert) or Jupyter's nbconvert another way, then run this again"
  fi
fi
command -v jupyter-nbconvert >/dev/null || die "jupyter-nbconvert is still missing after apt-get install"

# goinstall MODULE VERSION PACKAGE builds PACKAGE of MODULE at VERSION into
# $tools/bin. It builds inside the downloaded module, with that module's own
# go.mod and go.sum (what 'go install PACKAGE@VERSION' builds), because
# 'go install PACKAGE@VERSION' also reads the module's list of versions to
# look for a deprecation notice, and fails where a module proxy serves the
# version but refuses that list.
goinstall() {
  local info dir
  info=$(go mod download -json "$1@$2") ||
    die "cannot download $1@$2: $(sed -n 's/^[[:space:]]*"Error": "\(.*\)",*$/\1/p' <<<"$info")"
  dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p' <<<"$info")
  [ -n "$dir" ] || die "go mod download $1@$2 gave no directory"
  (cd "$dir" && GOBIN="$tools/bin" go install "$3") || die "cannot build $3 of $1@$2"
}

stamp="gonb $GONB_VERSION, x/tools $X_TOOLS_VERSION, gopls $GOPLS_VERSION, $(go env GOVERSION)"
if [ "$(cat "$tools/stamp" 2>/dev/null)" != "$stamp" ] || [ ! -x "$tools/bin/gonb" ] ||
  [ ! -x "$tools/bin/goimports" ] || [ ! -x "$tools/bin/gopls" ] ||
  [ ! -f "$tools/jupyter/kernels/gonb/kernel.json" ]; then
  say "building GoNB $GONB_VERSION, goimports $X_TOOLS_VERSION and gopls $GOPLS_VERSION into $tools"
  rm -rf "$tools/bin" "$tools/jupyter" "$tools/stamp" # only what this script made there
  mkdir -p "$tools/bin"
  goinstall github.com/janpfeifer/gonb "$GONB_VERSION" .
  goinstall golang.org/x/tools "$X_TOOLS_VERSION" ./cmd/goimports
  goinstall golang.org/x/tools/gopls "$GOPLS_VERSION" .
  PATH="$tools/bin:$PATH" JUPYTER_DATA_DIR="$tools/jupyter" "$tools/bin/gonb" --install --logtostderr 2>&1 |
    sed 's/^/   /'
  [ -f "$tools/jupyter/kernels/gonb/kernel.json" ] || die "gonb --install wrote no kernel.json"
  echo "$stamp" >"$tools/stamp"
fi

# Execute. The kernel runs in the notebook's directory (the set-up cell
# finds this module from there) and finds goimports and gopls on PATH.
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
say "executing tour.ipynb (nbconvert, GoNB $GONB_VERSION)"
start=$SECONDS
(
  cd "$here"
  PATH="$tools/bin:$PATH" JUPYTER_DATA_DIR="$tools/jupyter" JUPYTER_RUNTIME_DIR="$out/runtime" \
    jupyter-nbconvert --to notebook --execute --allow-errors \
    --ExecutePreprocessor.kernel_name=gonb \
    --ExecutePreprocessor.timeout="$TIMEOUT" \
    --ExecutePreprocessor.record_timing=False \
    --output-dir "$out" --output tour tour.ipynb
) >"$out/nbconvert.log" 2>&1 || { cat "$out/nbconvert.log" >&2; die "nbconvert failed"; }
say "executed in $((SECONDS - start)) s"

say "checking the outputs"
(cd "$root" && go run ./examples/notebook -check "$out/tour.ipynb")

if $update; then
  cp "$out/tour.ipynb" "$here/tour.ipynb"
  say "wrote the outputs into examples/notebook/tour.ipynb"
fi
