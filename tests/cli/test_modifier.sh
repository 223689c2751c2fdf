#!/bin/sh
# gfxkit modifier decode|encode|list|tile-split end to end:
#   sh tests/cli/test_modifier.sh path/to/gfxkit
# and, when pkg-config finds libdrm, the live name comparison with libdrm
# (tests/modifier/libdrm_compare.c, built here against the gfxkit library
# beside the binary).  Prints "# passed=N failed=M".
. "$(dirname "$0")/lib.sh"

# ---- decode ----
run "decode GFX9" 0 modifier decode 0x0200000000000a01
has out "decode GFX9" '^0x0200000000000a01 AMD GFX9,GFX9_64K_D$'
has out "decode GFX9 fields" 'fields: TILE_VERSION=1 \(GFX9\), TILE=10 \(GFX9_64K_D\), DCC=0'
hasnot out "decode GFX9 clean" 'error|warning|exact'
run "decode decimal" 0 modifier decode 144115188075858433
has out "decode decimal" '^0x0200000000000a01 AMD GFX9,GFX9_64K_D$'
run "decode LINEAR INVALID" 0 modifier decode 0 0x00ffffffffffffff
has out "LINEAR" '^0x0000000000000000 NONE LINEAR$'
has out "INVALID" '^0x00ffffffffffffff NONE INVALID$'
run "decode GFX6" 0 modifier decode 0x02000001a9584400
has out "decode GFX6" '^0x02000001a9584400 AMD GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=P8_32x32_16x16,TILE_SPLIT=2KB,BANK_WIDTH=1,BANK_HEIGHT=2,MACRO_TILE_ASPECT=4:1,NUM_BANKS=16$'
has out "GFX6 meanings" 'TILE_SPLIT=5 \(2KB: 2048 bytes\), BANK_WIDTH=0 \(1 tiles\), BANK_HEIGHT=1 \(2 tiles\).*NUM_BANKS=3 \(16 banks\)'
has out "GFX6 aspect" 'MACRO_TILE_ASPECT=1 \(4:1: addrlib macroAspectRatio 2\)'
# lossy libdrm name: the exact form and a warning per dropped field
run "decode lossy" 0 modifier decode 0x020000000000fb01
has out "lossy name" '^0x020000000000fb01 AMD GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,DCC_MAX_COMPRESSED_BLOCK=64B,PIPE_XOR_BITS=0,BANK_XOR_BITS=0,RB=0,PIPE_0$'
has out "lossy exact" '^    exact: GFX9,GFX9_64K_R_X,DCC,DCC_RETILE,DCC_MAX_COMPRESSED_BLOCK=64B,PIPE_XOR_BITS=0,BANK_XOR_BITS=0,RB=0,PIPE_0,DCC_PIPE_ALIGN$'
has out "lossy warning" 'warning: bit 15 DCC_PIPE_ALIGN=1 is not in the name'
# errors: exit 1, messages name the field
run "decode reserved" 1 modifier decode 0x0200000200000400
has out "reserved GFX6" 'error: reserved bit 33 set'
run "decode GFX10 BANK_XOR" 1 modifier decode 0x0200000001001902
has out "other version" 'error: bits 26:24 BANK_XOR_BITS=1: GFX10 does not use BANK_XOR_BITS \(a field of GFX9\)'
run "decode DCC DISPLAY" 1 modifier decode 0x0200000000002400
has out "DCC DISPLAY" 'error: DCC with MICROTILE=DISPLAY'
run "decode PIPE_CONFIG 3" 1 modifier decode 0x0200000000064400
has out "PIPE_CONFIG 3" 'error: PIPE_CONFIG=3: no such value'
run "decode macro on 1D" 1 modifier decode 0x0200000000404200
has out "macro on 1D" 'error: TILE_SPLIT=128B: only valid on a 2D mode'
run "decode vendor" 1 modifier decode 0x0b00000000000001
has out "vendor" 'error: unknown vendor 0x0b'
# other vendors: libdrm's names (drm_fourcc.h's fixed values and its decoders)
run "decode other vendor" 0 modifier decode 0x0100000000000001
has out "Intel" '^0x0100000000000001 INTEL X_TILED$'
hasnot out "Intel libdrm's name" 'name:|exact:'
run "decode other vendors" 0 modifier decode 0x0800000000000172 0x0820000000000121 0x0300000001ed5013 \
	0x0a00000000000102 0x0700000000000004 0x0810000000000001 0x0900000000000001 0x010000000000000d
has out "ARM AFBC" '^0x0800000000000172 ARM BLOCK_SIZE=32x8,MODE=YTR\|SPLIT\|SPARSE\|TILED$'
has out "ARM AFBC fields" 'BLOCK_SIZE=2 \(32x8\), MODE=23 \(YTR\|SPLIT\|SPARSE\|TILED\)'
has out "ARM AFRC" '^0x0820000000000121 ARM P0=CU_16,P12=CU_24,SCAN$'
has out "NVIDIA" '^0x0300000001ed5013 NVIDIA BLOCK_LINEAR_2D,HEIGHT=3,KIND=213,GEN=2,SECTOR=1,COMPRESSION=3$'
has out "Amlogic" '^0x0a00000000000102 AMLOGIC FBC,LAYOUT=SCATTER,OPTIONS=MEM_SAVING$'
has out "Broadcom" '^0x0700000000000004 BROADCOM SAND128$'
has out "ARM misc" '^0x0810000000000001 ARM 16X16_BLOCK_U_INTERLEAVED$'
has out "Allwinner" '^0x0900000000000001 ALLWINNER TILED$'
has out "Allwinner exact" '^    exact: ALLWINNER,TILED$'
has out "Intel unnamed" '^0x010000000000000d INTEL INTEL,0xd$'
has out "Intel unnamed note" '^    name: gfxkit.s name \(vendor and payload\); libdrm 2.4.114 has none for this value$'
run "decode AFBC lossy" 0 modifier decode 0x0800000000002001
has out "AFBC lossy" '^0x0800000000002001 ARM BLOCK_SIZE=16x16,$'
has out "AFBC lossy exact" '^    exact: BLOCK_SIZE=16x16,RESERVED=0x2000$'
has out "AFBC lossy warning" "warning: bit 13 set \(0x2000\): not in the name \(libdrm's ARM AFBC name does not spell them\)"
run "encode other vendors" 0 modifier encode X_TILED INTEL,X_TILED VIVANTE,TILED BLOCK_SIZE=16x16, 16BX2_BLOCK_TWO_GOB \
	'FBC,LAYOUT=INVALID_LAYOUT,OPTIONS=0,RESERVED=0x7'
if [ "$(tr '\n' ' ' <out)" = "0x0100000000000001 0x0100000000000001 0x0600000000000001 0x0800000000000001 0x0300000000000011 0x0a00000000000007 " ]; then ok; else bad "encode other vendors: $(tr '\n' ' ' <out)"; fi
run "encode TILED" 1 modifier encode TILED
has err "encode TILED" 'TILED: more than one vendor.s name; say VIVANTE,TILED or ALLWINNER,TILED'
# GFX6-8: the name is gfxkit's (libdrm has none), and decode says so
run "decode GFX6 source" 0 modifier decode 0x02000001a9580400
has out "GFX6 name note" '^    name: gfxkit.s name, following the proposal "AMD DRM format modifiers for GFX6-8" .*libdrm 2.4.114 has no name for TILE_VERSION 0 \(GFX6-8\)$'
run "decode GFX9 source" 0 modifier decode 0x0200000000000a01
hasnot out "GFX9 no note" '^    name:'
run "decode garbage" 1 modifier decode GFX9,NOPE
has err "garbage" '^GFX9,NOPE:6: error: NOPE: not a field or tile of GFX9'
run "decode no values" 2 modifier decode
run "decode bad option" 2 modifier decode --frob 1

# ---- JSON ----
run "decode --json" 1 modifier decode --json 0x0200000000000a01 0x0200000000064400
lines out "json lines" 2
has out "json GFX9" '^\{"value":"0x0200000000000a01","vendor":"AMD","name":"GFX9,GFX9_64K_D","name_source":"libdrm","fields":\{"TILE_VERSION":1,"TILE":10,"DCC":0,"DCC_RETILE":0,'
has out "json GFX6 source" '"name_source":"gfxkit","name_note":"gfxkit.s name, following the proposal \\"AMD DRM format modifiers for GFX6-8\\".*libdrm 2.4.114 has no name for TILE_VERSION 0 \(GFX6-8\)","fields":'
has out "json diag" '"diagnostics":\[\{"severity":"error","code":"reserved_value","offset":0,"dw":null,"bits":\[21,17\],"field":"PIPE_CONFIG","message":"PIPE_CONFIG=3: no such value"\}'
has out "json GFX6 fields" '"MICROTILE":1,"PIPE_CONFIG":3,"TILE_SPLIT":0,"BANK_WIDTH":0,"BANK_HEIGHT":0,"MACRO_TILE_ASPECT":0,"NUM_BANKS":0\}'
run "json other vendor" 0 modifier decode --json 0x0800000000000172
has out "json ARM" '^\{"value":"0x0800000000000172","vendor":"ARM","name":"BLOCK_SIZE=32x8,MODE=YTR\|SPLIT\|SPARSE\|TILED","name_source":"libdrm","fields":\{"VENDOR":8,"BLOCK_SIZE":2,"MODE":23\},"diagnostics":\[\]\}$'
run "json exact" 0 modifier decode --json 0x020000000000fb01
has out "json exact" '"exact":"GFX9,.*,DCC_PIPE_ALIGN"'

# ---- encode ----
run "encode GFX9" 0 modifier encode GFX9,GFX9_64K_D
has out "encode GFX9" '^0x0200000000000a01$'
run "encode GFX6" 0 modifier encode GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=P8_32x32_16x16,TILE_SPLIT=2KB,BANK_WIDTH=1,BANK_HEIGHT=2,MACRO_TILE_ASPECT=4:1,NUM_BANKS=16
has out "encode GFX6" '^0x02000001a9584400$'
run "encode LINEAR" 0 modifier encode LINEAR INVALID 0x0100000000001234
lines out "encode three" 3
has out "encode hex" '^0x0100000000001234$'
run "encode refuses" 1 modifier encode GFX6,GFX6_1D_TILED_THIN1,DCC,MICROTILE=THIN
has err "encode refuses" 'error: DCC with TILE=GFX6_1D_TILED_THIN1: DCC needs a 2D mode'
has err "encode refused" 'refused'
run "encode --force" 0 modifier encode --force GFX6,GFX6_1D_TILED_THIN1,DCC,MICROTILE=THIN
has out "encode --force" '^0x0200000000006200$'
run "encode syntax" 1 modifier encode GFX6,GFX6_2D_TILED_THIN1,BANK_WIDTH=3
has err "encode syntax" ':37: error: BANK_WIDTH=3: say 8'
run "encode layout" 1 modifier encode GFX9,MICROTILE=THIN
has err "encode layout" 'MICROTILE is a field of GFX6, not in the bit layout of GFX9'
run "encode nothing" 2 modifier encode
# decode -> exact -> encode gives the value back, reserved bits too
for v in 0x02fffffffffff901 0x020000000000fb01 0x02000001a9584400 0x0200abcd12345605 0x02fffffffffffff7 \
	0x0100000000000007 0x0b00000000000001 0x0200000000000000 0x0000000000000001 0x0900000000000001 \
	0x0800000000002001 0x0820000000000051 0x0300000040000013 0x0a00000000ff0007 0x0700000000006004; do
	"$G" modifier decode "$v" >out 2>err
	n=$(sed -n 's/^    exact: //p' out)
	[ -n "$n" ] || n=$(sed -n '1s/^0x[0-9a-f]* [^ ]* //p' out)
	"$G" modifier encode --force "$n" >out 2>err
	if [ "$(cat out)" = "$v" ]; then ok; else bad "round trip $v via $n"; fi
done

# ---- list ----
run "list gfx8" 0 modifier list --gfx 8 --bpp 32 --pipe-config P8_32x32_16x16 --num-banks 16 --bank-height 2 --macro-tile-aspect 4:1
lines out "list gfx8" 6
sed -n 1p out >l1; sed -n 4p out >l4; sed -n 6p out >l6
has l1 "list gfx8 first" '^0x02000001a8d86400 GFX6,GFX6_2D_TILED_THIN1,DCC,MICROTILE=THIN,PIPE_CONFIG=P8_32x32_16x16,TILE_SPLIT=512B,BANK_WIDTH=1,BANK_HEIGHT=2,MACRO_TILE_ASPECT=4:1,NUM_BANKS=16$'
has l4 "list gfx8 1D THIN" '^0x0200000000004200 GFX6,GFX6_1D_TILED_THIN1,MICROTILE=THIN$'
has l6 "list gfx8 LINEAR" '^0x0000000000000000 LINEAR$'
run "list gfx6" 0 modifier list --gfx 6 --bpp 32 --pipe-config P2 --pipe-config P4_8x16
lines out "list gfx6" 7
hasnot out "list gfx6 no DCC" ',DCC,'
run "list tile split" 0 modifier list --gfx 7 --bpp 8 --pipe-config P2 --tile-split 4096
has out "list --tile-split" 'TILE_SPLIT=4KB'
run "list --json" 0 modifier list --gfx 7 --bpp 128 --pipe-config P16_32x32_16x16 --json
lines out "list --json" 5
has out "list --json" '^\{"value":"0x[0-9a-f]{16}","vendor":"AMD","name":"GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=P16_32x32_16x16,TILE_SPLIT=2KB,'
run "list --all 6" 0 modifier list --gfx 6 --all
lines out "list --all 6" 50179
has err "list --all 6 count" '50179 modifiers, 25088 distinct macro-tile parameter sets'
run "list --all 8" 0 modifier list --gfx 8 --all
lines out "list --all 8" 75267
has err "list --all 8 count" '75267 modifiers, 25088 distinct macro-tile parameter sets'
if [ "$(grep -c ',DCC,' out)" -eq 25088 ]; then ok; else bad "list --all 8: DCC count"; fi
run "list no gfx" 2 modifier list --bpp 32 --pipe-config P2
run "list gfx 9" 2 modifier list --gfx 9 --all
run "list bad pipe" 2 modifier list --gfx 8 --bpp 32 --pipe-config P3
run "list pipe with comma" 2 modifier list --gfx 8 --bpp 32 --pipe-config P2,DCC
run "list bad bpp" 2 modifier list --gfx 8 --bpp 24 --pipe-config P2
run "list no pipe" 2 modifier list --gfx 8 --bpp 32

# ---- tile-split ----
run "tile-split" 0 modifier tile-split --bpp 32 --sample-split 1
has out "tile-split" '^tile_bytes_1x=256 tile_split_bytes=512 tile_bytes=256 TILE_SPLIT=3$'
run "tile-split 8x" 0 modifier tile-split --bpp 128 --samples 8 --sample-split 3 --row-size 1024
has out "tile-split 8x" '^tile_bytes_1x=1024 tile_split_bytes=1024 tile_bytes=1024 TILE_SPLIT=4$'
run "tile-split bad" 2 modifier tile-split --bpp 32 --thickness 2
run "tile-split none" 2 modifier tile-split

# ---- decode: the GFX6-8 surface (the tiling module, include/gfxkit/tiling.h) ----
M2D=0x0200000180d84400   # 2D thin, P8_32x32_16x16, split 512, 16 banks
run "decode tiles line" 0 modifier decode $M2D
has out "tiles line" '^    macro tile \(elements\)/base alignment: 8 bpp 64x512/32768 B, 16 bpp 64x256/32768 B, 32 bpp 64x128/32768 B, 64 bpp 64x128/65536 B, 128 bpp 64x128/65536 B$'
# the 32 bpp entry is what `tile info` says of a 1x1 surface of the same modifier
run "tile info 1x1" 0 tile info --modifier $M2D --bpp 32 --width 1 --height 1
has out "tile info 1x1 width" '^macro_tile_width 64$'
has out "tile info 1x1 height" '^macro_tile_height 128$'
has out "tile info 1x1 align" '^base_align 32768$'
run "decode 1D tiles line" 0 modifier decode GFX6,GFX6_1D_TILED_THIN1,MICROTILE=DISPLAY
has out "1D tiles line" '^    micro tile \(elements\)/base alignment: 8 bpp 8x8/256 B, 16 bpp 8x8/256 B'
run "decode GFX9 no tiles line" 0 modifier decode 0x0200000000000a01
hasnot out "GFX9 no tiles line" 'tile \(elements\)'
run "decode --bpp" 0 modifier decode --bpp 32 --width 1920 --height 1080 --slices 2 $M2D
sed -n 's/^        //p' out >surface_lines
run "tile info same surface" 0 tile info --modifier $M2D --bpp 32 --width 1920 --height 1080 --slices 2
if cmp -s surface_lines out; then ok; else bad "decode --bpp surface differs from tile info --modifier"; fi
has surface_lines "decode --bpp padded" '^padded_height 1152$'
has surface_lines "decode --bpp bytes" '^surface_bytes 17694720$'
run "decode --bpp --json" 0 modifier decode --json --bpp 32 --width 1920 --height 1080 --slices 2 $M2D
lines out "decode --bpp --json one line" 1
has out "decode --bpp --json surface" '"diagnostics":\[\],"surface":\{"pitch":1920,"padded_height":1152,"padded_slices":2,"surface_bytes":17694720,'
cp out json_surface
run "tile info --json same" 0 tile info --json --modifier $M2D --bpp 32 --width 1920 --height 1080 --slices 2
if [ "$(sed 's/.*"surface"://; s/}$//' json_surface)" = "$(cat out)" ]; then ok; else bad "decode --json surface differs from tile info --json"; fi
run "decode --bpp LINEAR" 0 modifier decode --bpp 8 --width 100 --height 3 LINEAR
has out "LINEAR surface" '^        mode LINEAR_ALIGNED$'
run "decode --bpp 24" 1 modifier decode --bpp 24 $M2D
has out "--bpp 24" '^    surface: error: bpp: bpp 24: must be 8, 16, 32, 64 or 128$'
run "decode --bpp GFX9" 1 modifier decode --bpp 32 0x0200000000000a01
has out "--bpp GFX9" 'surface: error: TILE_VERSION: .*not a GFX6-8 AMD modifier'
run "decode --bpp --json GFX9" 1 modifier decode --json --bpp 32 0x0200000000000a01
hasnot out "--json GFX9 no surface" '"surface"'
has err "--json GFX9 says why" 'not a GFX6-8 AMD modifier'
# aspect 64:1 (addrlib 8) above 4 banks: seed-valid, addrlib cannot lay it out
run "decode --bpp aspect above banks" 1 modifier decode --bpp 32 GFX6,GFX6_2D_TILED_THIN1,MICROTILE=THIN,PIPE_CONFIG=P2,TILE_SPLIT=512B,BANK_WIDTH=1,BANK_HEIGHT=1,MACRO_TILE_ASPECT=64:1,NUM_BANKS=4
has out "aspect above banks" 'surface: error: '
run "decode --width alone" 2 modifier decode --width 64 $M2D
run "decode --bpp no number" 2 modifier decode --bpp x $M2D
run "decode --height 0" 2 modifier decode --bpp 32 --height 0 $M2D
run "decode --slices too many" 2 modifier decode --bpp 32 --slices 4096 $M2D

# ---- usage ----
run "modifier help" 0 modifier --help
has out "help" 'gfxkit modifier decode'
run "modifier nothing" 2 modifier
run "modifier unknown" 2 modifier frob

# ---- libdrm, live ----
if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libdrm 2>/dev/null && [ -f "$BUILD/libgfxkit.a" ] &&
	${CC:-cc} -I"$ROOT/include" -std=c11 -O2 "$ROOT/tests/modifier/libdrm_compare.c" "$BUILD/libgfxkit.a" \
		$(pkg-config --cflags --libs libdrm) -o ldc 2>cc.err; then
	./ldc >out 2>err
	rc=$?
	cat out | grep '^# libdrm live'
	if [ "$rc" -eq 0 ]; then ok; else bad "libdrm live comparison (libdrm $(pkg-config --modversion libdrm))"; fi
else
	skip "libdrm not installed (or no compiler, or no $BUILD/libgfxkit.a): the live comparison with libdrm not run"
fi

finish
