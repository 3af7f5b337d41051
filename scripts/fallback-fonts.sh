#!/usr/bin/env bash
# Rebuilds the pictures' fallback fonts (docs/render.md, "Text on the charts
# and tables"; assets/fonts/README.md) from Debian 12's packages. One
# command, from the repository root (Debian or Ubuntu, after `apt-get
# update`):
#
#   bash scripts/fallback-fonts.sh
#
# - assets/fonts/WenQuanYiMicroHei-subset.ttf: the first face of
#   wqy-microhei.ttc (fonts-wqy-microhei 0.2.0-beta-3.1; Chinese, Japanese
#   kana and kanji, Korean Hangul), Apache-2.0;
# - assets/fonts/Symbola-subset.ttf: Symbola_hint.ttf (fonts-symbola
#   2.60-1.1; emoji of Unicode 9, symbols, mathematical letters), "free for
#   any use".
#
# Why a subset and not the files as shipped (8.3 MB together): the pictures
# draw each character with the first font that has it (DejaVu Sans Bold,
# then these two in this order), so each font keeps only the code points no
# earlier font has (no private-use ones: they mean nothing agreed), and
# loses what ab_glyph never reads: the TrueType hinting instructions (it
# draws unhinted outlines), the layout tables (it does no shaping) and the
# vertical metrics. The outlines and advances of the kept glyphs are those of
# the originals, so the pictures are the same; the files are 5.0 MB. The
# subsetter is fontTools (pinned below) in a throw-away virtualenv.
#
# Downloads the two .deb files with apt-get into a temporary folder
# (nothing of it is committed) and checks the fonts' hashes. The result is
# byte-for-byte the committed files.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && apt-get download fonts-wqy-microhei=0.2.0-beta-3.1 fonts-symbola=2.60-1.1) >&2
for deb in "$tmp"/*.deb; do
    dpkg-deb -x "$deb" "$tmp/x"
done
wqy="$tmp/x/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"
symbola="$tmp/x/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
echo "2420e8078af796b19a3f6ef13de527a1a91c1e7171eea115926c614ced1009b3  $wqy" | sha256sum -c - >&2
echo "af8bd8cc9c808272034651cb5ebf6c38370ae536fe631eb89462f127f11e793f  $symbola" | sha256sum -c - >&2
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet fonttools==4.69.1 >&2
"$tmp/venv/bin/python" - "$wqy" "$symbola" <<'EOF'
import sys
from fontTools import subset
from fontTools.ttLib import TTFont

wqy, symbola = sys.argv[1], sys.argv[2]


def private_use(cp):
    return 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000


def cut(source, number, earlier, out):
    """Keeps the code points of face `number` of `source` that are not in
    `earlier` and not private-use; writes `out`; returns what it keeps."""
    # The original modification time stays: the output is the same on every run.
    font = TTFont(source, fontNumber=number, recalcTimestamp=False)
    keep = sorted(cp for cp in font.getBestCmap() if cp not in earlier and not private_use(cp))
    options = subset.Options()
    options.hinting = False
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "vhea", "vmtx", "gasp"]
    # Every name record: the copyright and licence strings stay in the file.
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.name_legacy = True
    options.notdef_outline = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=keep)
    subsetter.subset(font)
    font.save(out)
    print(f"{out}: {len(keep)} code points", file=sys.stderr)
    return set(keep)


drawn = set(TTFont("assets/fonts/DejaVuSans-Bold.ttf").getBestCmap())
drawn |= cut(wqy, 0, drawn, "assets/fonts/WenQuanYiMicroHei-subset.ttf")
cut(symbola, 0, drawn, "assets/fonts/Symbola-subset.ttf")
EOF
ls -l assets/fonts/*.ttf >&2
