#!/usr/bin/env bash
# Fetches ONNX's "light" real models (AlexNet, DenseNet-121, Inception v1/v2, ResNet-50,
# ShuffleNet, SqueezeNet, VGG-19, ZFNet-512, weights replaced by ConstantOfShape nodes, with
# reference outputs). Only the onnx sdist ships them (onnx/backend/test/data/light/), so this
# downloads the sdist of the installed onnx version from PyPI and extracts that folder.
#
#   tools/fetch_onnx_light_models.sh [DEST]     # DEST: $SHLO_ONNX_LIGHT_DIR or ~/.cache/shlo/onnx-light
#
# Used by tests/onnx/test_models.py (SHLO_ONNX_LIGHT=1) and tools/onnx_conformance.py --light.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
python="${PYTHON:-$here/.venv/bin/python}"
[ -x "$python" ] || python=python3
dest="${1:-${SHLO_ONNX_LIGHT_DIR:-$HOME/.cache/shlo/onnx-light}}"
version="${ONNX_VERSION:-$("$python" -c 'import onnx; print(onnx.__version__)')}"

if ls "$dest"/light_*.onnx >/dev/null 2>&1 && [ "$(cat "$dest/VERSION" 2>/dev/null)" = "$version" ]; then
    echo "ONNX $version light models already in $dest"
    exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# --no-binary onnx (not :all:): the sdist of onnx only; its build backend (scikit-build-core,
# needed by pip to prepare the metadata) may come as a wheel.
"$python" -m pip download --quiet --no-deps --no-binary onnx "onnx==$version" -d "$tmp"
tar -xzf "$tmp/onnx-$version.tar.gz" -C "$tmp" "onnx-$version/onnx/backend/test/data/light"
mkdir -p "$dest"
cp "$tmp/onnx-$version/onnx/backend/test/data/light/"* "$dest/"
echo "$version" > "$dest/VERSION"
echo "ONNX $version light models in $dest:"
ls "$dest"
