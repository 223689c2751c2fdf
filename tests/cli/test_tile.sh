#!/bin/sh
# End-to-end tests of `gfxkit tile`: sh tests/cli/test_tile.sh path/to/gfxkit
# info (text and JSON), addr (arguments, --coords file and stdin), chip tile
# indexes, invalid parameters, pack/unpack round trips and size errors, and the
# map PNG read back by python3's zlib (skipped when python3 is absent).
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

PY=
if command -v python3 >/dev/null 2>&1 && python3 -c 'import zlib, json' 2>/dev/null; then PY=python3; fi

# case 101 of the addrlib vectors (the README's worked example)
C101="--mode 2d --micro display --bpp 32 --width 100 --height 37 --slices 6 --pipe-config P8_32x32_16x16
 --tile-split 2048 --bank-width 1 --bank-height 2 --macro-aspect 2 --num-banks 16 --pipe-swizzle 3 --bank-swizzle 7"

# ---- help and usage
run "help" 0 tile --help
has out "help" '^usage: gfxkit tile info'
run "no subcommand" 2 tile
run "unknown subcommand" 2 tile frobnicate --mode 1d --bpp 8 --width 8 --height 8
has err "unknown subcommand" "unknown subcommand 'frobnicate'"
run "unknown option" 2 tile info --mode 1d --bpp 8 --width 8 --height 8 --colour red
run "bad number" 2 tile info --mode 1d --bpp 8 --width 8x --height 8
run "number too big" 2 tile info --mode 1d --bpp 8 --width 99999999999 --height 8
run "missing value" 2 tile info --mode

# ---- info
# shellcheck disable=SC2086
run "info 101" 0 tile info $C101
for kv in "pitch 128" "padded_height 128" "padded_slices 6" "surface_bytes 393216" "slice_bytes 65536" \
	"base_align 65536" "macro_tile_width 128" "amdgpu_tiling_flags 0x006a0ac4"; do
	has out "info 101 $kv" "^$kv\$"
done
# shellcheck disable=SC2086
run "info 101 json" 0 tile info $C101 --json
has out "info json" '^\{"pitch":128,"padded_height":128,"padded_slices":6,"surface_bytes":393216,"slice_bytes":65536,"base_align":65536,"pitch_align":128,"height_align":128,"macro_tile_width":128,"macro_tile_height":128,"diagnostics":\[\]'
if [ -n "$PY" ]; then
	if $PY -c 'import json, sys; d = json.loads(open("out").read()); sys.exit(0 if d["surface_bytes"] == 393216 and d["diagnostics"] == [] else 1)'; then ok; else bad "info json: python json"; fi
else
	skip "python3 not installed: the JSON parse check of tile info not run"
fi
run "linear" 0 tile info --mode linear --bpp 8 --width 100 --height 37
has out "linear pitch" '^pitch 256$'
run "1d" 0 tile info --mode 1d --bpp 16 --width 100 --height 37
has out "1d pitch" '^pitch 112$'
has out "1d height" '^padded_height 40$'
# case 106: addrlib raises bank height and aspect, with warnings
run "adjusted" 0 tile info --mode 2d --bpp 8 --width 100 --height 37 --pipe-config P2 --tile-split 2048 \
	--bank-width 1 --bank-height 1 --macro-aspect 1 --num-banks 16 --json
has out "adjusted bh" '"bank_height":4'
has out "adjusted ma" '"macro_aspect":2'
has out "adjusted warning" '"severity":"warning","code":"field_rule","offset":0,"dw":null,"bits":null,"field":"bank_height"'
run "128 display" 0 tile info --mode 1d --micro display --bpp 128 --width 100 --height 37
has err "128 display" 'warning: micro: 128 bpp tiled surfaces use thin'
run "aliasing config" 0 tile info --mode 2d --bpp 32 --width 64 --height 64 --pipe-config P4_32x32 \
	--tile-split 2048 --bank-width 1 --bank-height 2 --macro-aspect 2 --num-banks 16
has err "aliasing config" 'no Linux tile table'

# ---- chips
# ---- --modifier: case 101's parameters as a GFX6-8 DRM format modifier (seed 004), by value and by name
M101N="GFX6,GFX6_2D_TILED_THIN1,MICROTILE=DISPLAY,PIPE_CONFIG=P8_32x32_16x16,TILE_SPLIT=2KB,BANK_WIDTH=1,BANK_HEIGHT=2,MACRO_TILE_ASPECT=4:1,NUM_BANKS=16"
M101SIZE="--bpp 32 --width 100 --height 37 --slices 6 --pipe-swizzle 3 --bank-swizzle 7"
# shellcheck disable=SC2086
run "info 101 for the modifier" 0 tile info $C101
mv out want101
# shellcheck disable=SC2086
run "--modifier value" 0 tile info --modifier 0x02000001a9580400 $M101SIZE
same out want101 "--modifier value gives case 101"
# shellcheck disable=SC2086
run "--modifier name" 0 tile info --modifier "$M101N" $M101SIZE
same out want101 "--modifier name gives case 101"
# shellcheck disable=SC2086
run "--modifier then an override" 0 tile info --modifier 0x02000001a9580400 $M101SIZE --bank-height 4
has out "--modifier then an override" '^bank_height 4$'
run "--modifier LINEAR" 0 tile info --modifier LINEAR --bpp 32 --width 100 --height 37
has out "--modifier LINEAR" '^mode LINEAR_ALIGNED$'
run "--modifier 1D" 0 tile info --modifier GFX6,GFX6_1D_TILED_THIN1,MICROTILE=THIN --bpp 16 --width 100 --height 37
has out "--modifier 1D" '^mode 1D_TILED_THIN1$'
has out "--modifier 1D" '^micro thin$'
run "--modifier GFX9" 1 tile info --modifier 0x0200000000000a01 --bpp 32 --width 64 --height 64
has err "--modifier GFX9" 'is not a GFX6-8 AMD modifier'
run "--modifier reserved bits" 1 tile info --modifier 0x02000101a9580400 --bpp 32 --width 64 --height 64
has err "--modifier reserved bits" 'error'
run "--modifier TILE_SPLIT 7" 1 tile info --modifier 0x02000001a9c80400 --bpp 32 --width 64 --height 64
has err "--modifier TILE_SPLIT 7" 'TILE_SPLIT'
run "--modifier not a modifier" 2 tile info --modifier zz --bpp 32 --width 64 --height 64
has err "--modifier not a modifier" "column 1"
run "--modifier with --chip" 2 tile info --modifier LINEAR --chip tahiti --tile-index 8 --bpp 32 --width 64 --height 64

run "chip 48" 0 tile info --chip tonga --tile-index 14 --bpp 128 --width 1000 --height 600 --json
has out "chip 48" '"pitch":1024,"padded_height":640,.*"tile_split":2048,"bank_width":1,"bank_height":2,"macro_aspect":2,"num_banks":16'
run "chip 26" 0 tile info --chip tahiti --tile-index 10 --bpp 8 --width 64 --height 64
has out "chip 26" '^padded_height 256$'
run "chip override" 0 tile info --chip tahiti --tile-index 10 --bpp 8 --width 64 --height 64 --bank-height 8
has out "chip override" '^bank_height 8$'
run "chip depth entry" 1 tile info --chip tahiti --tile-index 0 --bpp 32 --width 64 --height 64
has err "chip depth entry" 'micro tile mode depth'
run "chip unknown" 1 tile info --chip cypress --tile-index 0 --bpp 32 --width 64 --height 64
run "chip index" 2 tile info --chip tahiti --tile-index 32 --bpp 32 --width 64 --height 64
run "chip alone" 2 tile info --chip tahiti --bpp 32 --width 64 --height 64

# ---- invalid parameters: exit 1 and a message naming the parameter
G2D="--mode 2d --bpp 32 --width 64 --height 64 --pipe-config P8_32x32_16x16 --tile-split 2048 --bank-width 1 --bank-height 2 --macro-aspect 2 --num-banks 16"
# shellcheck disable=SC2086
{
	run "pipe config" 1 tile info $G2D --pipe-config P4_16x64
	has err "pipe config" "unknown pipe config 'P4_16x64'"
	run "pipe config number" 1 tile info $G2D --pipe-config 3
	run "bank width 3" 1 tile info $G2D --bank-width 3
	has err "bank width 3" 'error: bank_width: bank width 3: must be 1, 2, 4 or 8'
	run "split > row" 1 tile info $G2D --tile-split 4096 --row-size 2048
	has err "split > row" 'tile split 4096 bytes exceeds the 2048-byte DRAM row'
	run "bpp 24" 1 tile info $G2D --bpp 24
	has err "bpp 24" 'bpp 24: must be 8, 16, 32, 64 or 128'
	run "huge width" 1 tile info $G2D --width 100000
	has err "huge width" 'width 100000: must be 1 to 16384'
	run "aspect > banks" 1 tile info $G2D --num-banks 2 --macro-aspect 4
	run "invalid json" 1 tile info $G2D --bank-width 3 --json
	has out "invalid json" '"severity":"error","code":"out_of_range","offset":0,"dw":null,"bits":null,"field":"bank_width"'
}

# ---- addr
# shellcheck disable=SC2086
run "addr 101" 0 tile addr $C101 60 31 4
has out "addr 101" '^60 31 4 319216 pipe=6 bank=11$'
# shellcheck disable=SC2086
run "addr json" 0 tile addr $C101 --json 0x3c 31 4
has out "addr json" '^\{"x": 60, "y": 31, "slice": 4, "byte_addr": 319216\}$'
# shellcheck disable=SC2086
run "addr outside" 1 tile addr $C101 128 0
has err "addr outside" 'outside the padded surface 128 x 128 x 6'
# shellcheck disable=SC2086
run "addr bad" 2 tile addr $C101 1
# every committed address row of case 101, through --coords
awk -F'\t' '$1 == 101 { print $2, $3, $4 }' "$ROOT/tests/vectors/tiling_addresses.tsv" >coords
awk -F'\t' '$1 == 101 { print $5 }' "$ROOT/tests/vectors/tiling_addresses.tsv" >want
# shellcheck disable=SC2086
run "coords 101" 0 tile addr $C101 --coords coords
cut -d' ' -f4 out >got
same got want "coords 101 addresses"
if [ "$(wc -l <want)" -ge 20 ]; then ok; else bad "coords 101: only $(wc -l <want) rows"; fi
printf '1 2\n# comment\n\n3 4 5\nx y\n999 0\n1 2 3 4\n' >mixed
# shellcheck disable=SC2086
run "coords mixed" 1 tile addr $C101 --coords mixed
has err "coords mixed" 'mixed:5: want X Y \[SLICE\]'
has err "coords mixed" 'mixed:6: \(999, 0, 0\) is outside'
has err "coords mixed" 'mixed:7: want X Y'
if [ "$(wc -l <out)" -eq 2 ]; then ok; else bad "coords mixed: $(wc -l <out) lines, want 2"; fi
# shellcheck disable=SC2086
printf '60 31 4\n' | "$G" tile addr $C101 --coords - --json >out 2>err
has out "coords stdin" '"byte_addr": 319216'
# shellcheck disable=SC2086
run "coords missing" 2 tile addr $C101 --coords nosuchfile
printf '1 2\0 3\n4 5' >nul.txt
# shellcheck disable=SC2086
run "coords NUL" 1 tile addr $C101 --coords nul.txt
has err "coords NUL" 'nul.txt:1: NUL byte in the line'
has out "coords last line without newline" '^4 5 0 [0-9]+ pipe='
head -c 3000 /dev/urandom >junk.txt
# shellcheck disable=SC2086
run "coords junk" 1 tile addr $C101 --coords junk.txt

# ---- pack / unpack round trips, one per mode (and a split 2D surface)
i=0
for S in "--mode linear --bpp 8 --width 13 --height 5 --slices 2" \
	"--mode 1d --micro display --bpp 16 --width 100 --height 37" \
	"--mode 2d --micro thin --bpp 64 --width 100 --height 37 --slices 3 --pipe-config P8_32x32_16x16 --tile-split 256 --bank-width 1 --bank-height 1 --macro-aspect 1 --num-banks 16" \
	"--mode 2d --micro display --bpp 32 --width 300 --height 70 --pipe-config P16_32x32_8x16 --tile-split 1024 --bank-width 2 --bank-height 1 --macro-aspect 2 --num-banks 8 --pipe-swizzle 5 --bank-swizzle 3"; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	set -- $S
	w=0 h=0 b=0 s=1
	while [ $# -gt 0 ]; do
		case $1 in --width) w=$2 ;; --height) h=$2 ;; --bpp) b=$2 ;; --slices) s=$2 ;; esac
		shift
	done
	n=$((w * h * s * b / 8))
	head -c "$n" /dev/urandom >lin$i.raw
	# shellcheck disable=SC2086
	run "pack $i" 0 tile pack $S --in lin$i.raw --out tiled$i.raw
	# shellcheck disable=SC2086
	sz=$("$G" tile info $S | sed -n 's/^surface_bytes //p')
	if [ "$(wc -c <tiled$i.raw)" -eq "$sz" ]; then ok; else bad "pack $i: $(wc -c <tiled$i.raw) bytes, want $sz"; fi
	# shellcheck disable=SC2086
	run "unpack $i" 0 tile unpack $S --in tiled$i.raw --out back$i.raw
	same lin$i.raw back$i.raw "pack/unpack $i"
	# streams: linear from stdin, linear to stdout
	# shellcheck disable=SC2086
	"$G" tile pack $S --in - --out tiled$i.b <lin$i.raw 2>err
	same tiled$i.raw tiled$i.b "pack $i from stdin"
	# shellcheck disable=SC2086
	"$G" tile unpack $S --in tiled$i.raw --out - >back$i.b 2>err
	same lin$i.raw back$i.b "unpack $i to stdout"
	# a file one byte short: exit 1 and the size wanted
	head -c $((n - 1)) lin$i.raw >short.raw
	# shellcheck disable=SC2086
	run "pack short $i" 1 tile pack $S --in short.raw --out x.raw
	has err "pack short $i" "is $((n - 1)) bytes; want $n"
	# shellcheck disable=SC2086
	cat short.raw | "$G" tile pack $S --in - --out x.raw >out 2>err
	if [ $? -eq 1 ]; then ok; else bad "pack short stdin $i: exit status"; fi
	has err "pack short stdin $i" "ends after $((n - 1)) bytes; want $n"
	# shellcheck disable=SC2086
	run "unpack long $i" 1 tile unpack $S --in lin$i.raw --out x.raw
done
# bands split into tile-split pieces (several bands a slice) cannot go to a pipe
P3="--mode 2d --micro thin --bpp 64 --width 100 --height 300 --pipe-config P8_32x32_16x16 --tile-split 256 --bank-width 1 --bank-height 1 --macro-aspect 1 --num-banks 16"
head -c $((100 * 300 * 8)) /dev/urandom >lin3.raw
# shellcheck disable=SC2086
"$G" tile pack $P3 --in lin3.raw --out tiled3.raw 2>err
# shellcheck disable=SC2086
"$G" tile pack $P3 --in lin3.raw --out - 2>err | cat >/dev/null
has err "pack pieces to a pipe" 'output must be a regular file'
# shellcheck disable=SC2086
cat tiled3.raw | "$G" tile unpack $P3 --in - --out x.raw >out 2>err
has err "unpack pieces from a pipe" 'input must be a regular file'
run "pack args" 2 tile pack --mode 1d --bpp 8 --width 8 --height 8 --in lin1.raw
run "pack no input" 2 tile pack --mode 1d --bpp 8 --width 8 --height 8 --in nosuch.raw --out x.raw
mkdir adir
run "pack from a directory" 2 tile pack --mode 1d --bpp 8 --width 8 --height 8 --in adir --out x.raw
has err "pack from a directory" 'adir is not a file'
head -c 65 /dev/zero | "$G" tile pack --mode 1d --bpp 8 --width 8 --height 8 --in - --out x.raw >out 2>err
has err "stdin too long" 'is longer than the 64 bytes wanted'
# the largest surface: sizes without overflow, and an empty input refused before any work
BIG="--mode 2d --bpp 128 --width 16384 --height 16384 --slices 2048 --pipe-config P16_32x32_16x16 --tile-split 64 --bank-width 8 --bank-height 8 --macro-aspect 1 --num-banks 16"
: >empty.raw
# shellcheck disable=SC2086
run "largest info" 0 tile info $BIG
has out "largest info" '^surface_bytes 8796093022208$'
# shellcheck disable=SC2086
run "largest pack" 1 tile pack $BIG --in empty.raw --out x.raw
has err "largest pack" 'empty.raw is 0 bytes; want 8796093022208'
# shellcheck disable=SC2086
run "largest map" 1 tile map $BIG --out x.png
has err "largest map" 'more than the 67108864 pixels'
# shellcheck disable=SC2086
run "largest addr" 0 tile addr $BIG 16383 16383 2047

# ---- map
for by in pipe bank microtile order; do
	# shellcheck disable=SC2086
	run "map $by" 0 tile map $C101 --by $by --slice 5 --out map_$by.png
done
run "map 1d" 0 tile map --mode 1d --bpp 32 --width 20 --height 9 --out map_1d.png
# shellcheck disable=SC2086
run "map pipe --no-legend" 0 tile map $C101 --by pipe --slice 5 --no-legend --out map_pipe_bare.png
run "map 1d --no-legend" 0 tile map --mode 1d --bpp 32 --width 20 --height 9 --no-legend --out map_1d_bare.png
# shellcheck disable=SC2086
run "map by" 2 tile map $C101 --by colour --out x.png
# shellcheck disable=SC2086
run "map slice" 1 tile map $C101 --slice 6 --out x.png
# shellcheck disable=SC2086
run "map no out" 2 tile map $C101
if [ -n "$PY" ]; then
	for f in map_pipe.png map_bank.png map_microtile.png map_order.png map_1d.png map_1d_bare.png; do
		if $PY - "$f" <<'EOF' 2>perr >"$f.txt"; then ok; else bad "map $f: python3 decode: $(tail -1 perr)"; fi
import struct, sys, zlib
d = open(sys.argv[1], "rb").read()
assert d[:8] == b"\x89PNG\r\n\x1a\n", "signature"
i, idat, w, h, end = 8, b"", 0, 0, False
while i < len(d):
    n, t = struct.unpack(">I", d[i:i + 4])[0], d[i + 4:i + 8]
    body = d[i + 8:i + 8 + n]
    assert zlib.crc32(t + body) == struct.unpack(">I", d[i + 8 + n:i + 12 + n])[0], "crc"
    if t == b"IHDR":
        w, h, depth, colour = struct.unpack(">IIBB", body[:10])
        assert depth == 8 and colour == 2
    elif t == b"IDAT":
        idat += body
    elif t == b"tEXt":
        key, text = body.split(b"\0", 1)
        assert key == b"Description" and not idat, "tEXt"
        print(text.decode("ascii"))
    elif t == b"IEND":
        end = True
    i += 12 + n
raw = zlib.decompress(idat)
assert end and len(raw) == h * (1 + 3 * w), "size"
# undo the row filters (ISO/IEC 15948 section 9.2)
n, prev, img = 3 * w, bytearray(3 * w), []
for r in range(h):
    f, x = raw[r * (n + 1)], bytearray(raw[r * (n + 1) + 1:(r + 1) * (n + 1)])
    assert f <= 4, "filter type"
    for i in range(n):
        a, b, c = x[i - 3] if i >= 3 else 0, prev[i], prev[i - 3] if i >= 3 else 0
        p = a + b - c
        pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
        x[i] = (x[i] + (0, a, b, (a + b) // 2, a if pa <= pb and pa <= pc else b if pb <= pc else c)[f]) & 255
    img.append(bytes(x))
    prev = x
colours = {row[k:k + 3] for row in img for k in range(0, n, 3)}
assert len(colours) >= 4, "a picture of one colour"
open(sys.argv[1] + ".rgb", "wb").write(struct.pack(">II", w, h) + b"".join(img))
EOF
	done
	# the 1d map is pitch x padded height: 24 x 16 (pitch: 20 rounded to 8
	# until a slice is 256 bytes); with the legend, the same pixels at the
	# top left and the legend below (wider than the map)
	if $PY - <<'EOF' 2>perr; then ok; else bad "map 1d: size and legend: $(tail -1 perr)"; fi
import struct
def rd(f):
    d = open(f, "rb").read()
    w, h = struct.unpack(">II", d[:8])
    return w, h, [d[8 + r * 3 * w:8 + (r + 1) * 3 * w] for r in range(h)]
bw, bh, bare = rd("map_1d_bare.png.rgb")
w, h, pic = rd("map_1d.png.rgb")
assert (bw, bh) == (24, 16), (bw, bh)
assert w > 24 and h > 16 + 30, (w, h)
assert all(pic[r][:3 * 24] == bare[r] for r in range(16)), "the map is not at the top left"
assert all(pic[r][3 * 24:] == bytes([24]) * (3 * (w - 24)) for r in range(16)), "the map's rows are not widened with the background"
EOF
	has map_1d.png.txt "map 1d: the legend in tEXt" '^colour: the element.s index in its 8x8 micro tile, 0 to 63'
	has map_1d_bare.png.txt "map 1d --no-legend: the legend still in tEXt" '^padding \(x >= 20 or y >= 9\)'
	has map_pipe.png.txt "map pipe: tEXt names each pipe colour" '^pipe 7: #f032e6$'
	hasnot map_pipe.png.txt "map pipe: 8 pipes" '^pipe 8'
	has map_bank.png.txt "map bank: tEXt names each bank colour" '^bank 0: #e6194b$'
else
	skip "python3 not installed: the PNG decode check of the maps not run"
fi
# real decoders, when installed: libpng's pngcheck and Pillow (Debian: pngcheck, python3-pil)
if command -v pngcheck >/dev/null 2>&1; then
	for f in map_pipe.png map_bank.png map_microtile.png map_order.png map_1d.png; do
		if pngcheck -q "$f" >perr 2>&1; then ok; else bad "map $f: pngcheck: $(head -1 perr)"; fi
	done
else
	skip "pngcheck not installed: its check of the maps not run"
fi
PIL=
for p in python3 /usr/bin/python3; do
	if command -v $p >/dev/null 2>&1 && $p -c 'import PIL.Image' 2>/dev/null; then PIL=$p; break; fi
done
if [ -n "$PIL" ]; then
	# Pillow decodes every map; the 1d map without its legend is 24 x 16 with
	# more than one colour, and the pipe map of case 101 shows a colour per
	# pipe (8), each also dimmed in the padding (100 x 37 padded to the macro
	# tiles): 16; the legend's text is the PNG's Description
	for f in map_pipe.png map_bank.png map_microtile.png map_order.png map_1d.png map_1d_bare.png; do
		if $PIL -c 'import sys, PIL.Image as I; im = I.open(sys.argv[1]); im.load(); assert im.mode == "RGB" and len(set(im.getdata())) > 1' "$f" 2>perr; then ok; else bad "map $f: Pillow: $(tail -1 perr)"; fi
	done
	if $PIL -c 'import PIL.Image as I; assert I.open("map_1d_bare.png").size == (24, 16)' 2>perr; then ok; else bad "map 1d: Pillow size: $(tail -1 perr)"; fi
	if $PIL -c 'import PIL.Image as I; n = len(set(I.open("map_pipe_bare.png").getdata())); assert n == 16, n' 2>perr; then ok; else bad "map pipe: Pillow colours: $(tail -1 perr)"; fi
	if $PIL -c 'import PIL.Image as I; assert "pipe 0: #e6194b" in I.open("map_pipe.png").info["Description"]' 2>perr; then ok; else bad "map pipe: Pillow tEXt: $(tail -1 perr)"; fi
else
	skip "Pillow (python3 PIL) not installed: its decode of the maps not run"
fi

# a 4096 x 4096 map (50 MB of pixels) is compressed: a few hundred KB
# shellcheck disable=SC2086
run "map 4096 x 4096" 0 tile map --mode 2d --bpp 32 --width 4096 --height 4096 --pipe-config P8_32x32_16x16 \
	--tile-split 2048 --bank-width 1 --bank-height 2 --macro-aspect 2 --num-banks 16 --out map_4k.png
size=$(wc -c <map_4k.png | tr -d ' ')
if [ "$size" -gt 1000 ] && [ "$size" -lt 1000000 ]; then ok; else bad "map 4096 x 4096: $size bytes (raw: 50331648)"; fi
if [ -n "$PY" ]; then
	if $PY - <<'EOF' 2>perr; then ok; else bad "map 4096 x 4096: python3 zlib: $(tail -1 perr)"; fi
import struct, zlib
d = open("map_4k.png", "rb").read()
i, idat, w, h = 8, b"", 0, 0
while i < len(d):
    n, t = struct.unpack(">I", d[i:i + 4])[0], d[i + 4:i + 8]
    assert zlib.crc32(d[i + 4:i + 8 + n]) == struct.unpack(">I", d[i + 8 + n:i + 12 + n])[0], "crc"
    if t == b"IHDR":
        w, h = struct.unpack(">II", d[i + 8:i + 16])
    elif t == b"IDAT":
        idat += d[i + 8:i + 8 + n]
    i += 12 + n
assert w == 4096 and h > 4096, (w, h)
assert len(zlib.decompress(idat)) == h * (1 + 3 * w), "size"
assert len(d) * 50 < h * (1 + 3 * w), "not much smaller than the raw image"
EOF
fi

# an output that cannot be created is named
head -c 1024 /dev/zero >z1k
# (a folder of the test's own: /nonexistent is a folder any process may create)
says "pack to a missing folder names the file" 2 err '^gfxkit: nodir/x: cannot create: No such file or directory' \
	tile pack --modifier 0x02000001a9580400 --bpp 32 --width 16 --height 16 --in z1k --out nodir/x

finish
