#!/usr/bin/env bash
# Rebuilds assets/book.bin (every 7x6 position with at most 12 discs) from the
# BitBully databases (PyPI bitbully-databases 0.0.2, MIT; notice in
# assets/book.LICENSE). One command, from the repository root:
#
#   bash scripts/import-book.sh
#
# Downloads the wheel with pip into a temporary folder (nothing of it is
# committed), checks its hash, and runs our importer `fourbot book import`.
# The result is byte-for-byte the committed assets/book.bin.
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pip download bitbully-databases==0.0.2 --no-deps -d "$tmp" >&2
wheel="$tmp/bitbully_databases-0.0.2-py3-none-any.whl"
echo "42d4431d964dc37d58a8e776729b247ac3e2096c575f27b185ac013a45e26d74  $wheel" | sha256sum -c - >&2
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract("bitbully_databases/assets/book_12ply_distances.dat", sys.argv[2])' "$wheel" "$tmp"
dat="$tmp/bitbully_databases/assets/book_12ply_distances.dat"
echo "1e01874dbb9b296a96baa2f5483ae69333ac7009377b34b222f112d9d8e89704  $dat" | sha256sum -c - >&2
cargo run --release --quiet -- book import "$dat" --out assets/book.bin
