#!/usr/bin/env bash
# How the fonts in this folder were made (run by hand when they need refreshing; the
# build and the tests never run it). Needs apt-get, npm and fontTools (pip install fonttools).
#
#   Debian 12 fonts-noto-core 20201225-1   -> Noto Sans (+ Bold), Hebrew, Arabic, Thai,
#                                             Devanagari, Symbols and Symbols 2 (subsets:
#                                             arrows, shapes, misc symbols, dingbats)
#   Debian 12 fonts-noto-cjk 20220127      -> Noto Sans CJK JP Regular, subset to the common
#                                             characters below
#   npm @expo-google-fonts/noto-emoji 0.4.7 -> Noto Emoji (monochrome outlines), Medium
#
# All are under the SIL Open Font License 1.1 (OFL.txt here; Noto has no Reserved Font Name).
# The CJK subset keeps the ideographs people write names with: GB 2312 level 1 (3,755
# simplified), Big5 level 1 (5,401 traditional), JIS X 0208 level 1 (2,965 kanji), the 2,350
# Hangul syllables of KS X 1001, all kana, Bopomofo, CJK punctuation and fullwidth forms.
set -euo pipefail
out="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
cd "$work"
apt-get download fonts-noto-core fonts-noto-cjk
for deb in *.deb; do dpkg-deb -x "$deb" x; done
npm pack @expo-google-fonts/noto-emoji@0.4.7
tar xzf expo-google-fonts-noto-emoji-0.4.7.tgz
noto=x/usr/share/fonts/truetype/noto
for name in NotoSans-Regular NotoSans-Bold NotoSansHebrew-Regular NotoSansArabic-Regular \
    NotoSansThai-Regular NotoSansDevanagari-Regular; do
    cp "$noto/$name.ttf" "$out/"
done
pyftsubset "$noto/NotoSansSymbols-Regular.ttf" --no-hinting \
    --unicodes="2190-21FF,2300-23FF,2460-24FF,25A0-25FF,2600-26FF,2700-27BF" \
    --output-file="$out/NotoSansSymbols-Regular.ttf"
pyftsubset "$noto/NotoSansSymbols2-Regular.ttf" --no-hinting \
    --unicodes="2190-21FF,2300-23FF,25A0-25FF,2600-26FF,2700-27BF,2B00-2BFF" \
    --output-file="$out/NotoSansSymbols2-Regular.ttf"
cp package/500Medium/NotoEmoji_500Medium.ttf "$out/NotoEmoji-Medium.ttf"
python3 - <<'PY' > cjk.txt
def chars(codec, rows, cols):
    found = set()
    for row in rows:
        for col in cols:
            try:
                text = bytes([row, col]).decode(codec)
            except UnicodeDecodeError:
                continue
            found.update(text if len(text) == 1 else "")
    return found
big5_cols = [*range(0x40, 0x7F), *range(0xA1, 0xFF)]
big5 = chars("big5", range(0xA4, 0xC6), big5_cols) | chars("big5", [0xC6], range(0x40, 0x7F))
wanted = (
    chars("gb2312", range(0xB0, 0xD8), range(0xA1, 0xFF))
    | big5
    | chars("euc_jp", range(0xB0, 0xD0), range(0xA1, 0xFF))
    | chars("euc_kr", range(0xB0, 0xC9), range(0xA1, 0xFF))
)
for low, high in [(0x3000, 0x30FF), (0x3100, 0x312F), (0x31F0, 0x31FF), (0xFF01, 0xFFEF)]:
    wanted.update(map(chr, range(low, high + 1)))
print("".join(sorted(wanted)))
PY
pyftsubset x/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc --font-number=0 \
    --text-file=cjk.txt --no-hinting --output-file="$out/NotoSansCJKjp-Regular-common.otf"
rm -rf "$work"
