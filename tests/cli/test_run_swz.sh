#!/bin/sh
# gfxkit run and check --bo on SDMA 4+ tiled copies of GFX9-12 surfaces:
#   sh tests/cli/test_run_swz.sh path/to/gfxkit
# examples/navi21_upload.bin (SDMA 5) and a vega10 (SDMA 4) stream built
# here copy a 64x64 image into a swizzled surface; the tiled bytes must be
# what `gfxkit tile pack` writes for the same image, and a T2L copy must
# bring the image back.  check --bo bounds the tiled side by the surface's
# size; a GPU with no GB_ADDR_CONFIG is refused with the reason.
. "$(dirname "$0")/lib.sh"

E=$ROOT/examples
IMG=$E/cik_image.rgba

# ---- navi21 (SDMA 5): the example
run "navi21 upload" 0 run -g navi21 -e dma --mem 0x100000="$IMG" --zero 0x200000:0x10000 --zero 0x300000:0x100 \
	--dump 0x200000:0x10000=tiled.raw --dump 0x300000:4=fence.bin "$E/navi21_upload.bin"
run "navi21 pack" 0 tile pack --chip navi21 --swizzle 64KB_R_X --bpp 32 --width 64 --height 64 --in "$IMG" --out packed.raw
same tiled.raw packed.raw "navi21: the copy's tiled bytes are tile pack's"
printf '\001\000\376\312' >fence.want
same fence.bin fence.want "navi21: the fence after the copy"
run "navi21 trace" 0 run -g navi21 -e dma --mem 0x100000="$IMG" --zero 0x200000:0x10000 --zero 0x300000:0x100 \
	--trace "$E/navi21_upload.bin"
has out "the trace names the whole surface" 'writes 0x200000\.\.0x20ffff \(TILED_ADDR, 65536 bytes\)'

# the example's three forms agree
run "example encodes" 0 encode -g navi21 -e dma "$E/navi21_upload.s" -o ex.bin
same ex.bin "$E/navi21_upload.bin" "examples/navi21_upload.s assembles to the .bin"
run "example decodes" 0 decode -g navi21 -e dma "$E/navi21_upload.bin"
same out "$E/navi21_upload.txt" "the decoded example equals examples/navi21_upload.txt"

# ---- vega10 (SDMA 4): L2T, then T2L back; EPITCH is the mip chain's pitch - 1
S="WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_S_X DIMENSION=2D EPITCH=127"
L="LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63"
printf 'COPY_TILED_SUBWIN DETILE=L2T TILED_ADDR=0x200000 %s LINEAR_ADDR=0x100000 %s\nCOPY_TILED_SUBWIN DETILE=T2L TILED_ADDR=0x200000 %s LINEAR_ADDR=0x400000 %s\n' \
	"$S" "$L" "$S" "$L" >v10.s
run "vega10 encode" 0 encode -g vega10 -e dma v10.s -o v10.bin
run "vega10 run" 0 run -g vega10 -e dma --mem 0x100000="$IMG" --zero 0x200000:0x10000 --zero 0x400000:0x4000 \
	--dump 0x200000:0x10000=v10tiled.raw --dump 0x400000:0x4000=v10back.raw v10.bin
run "vega10 pack" 0 tile pack --chip vega10 --swizzle 64KB_S_X --bpp 32 --width 64 --height 64 --in "$IMG" --out v10packed.raw
same v10tiled.raw v10packed.raw "vega10: the copy's tiled bytes are tile pack's"
same v10back.raw "$IMG" "vega10: T2L brings the image back"

# ---- check --bo: the tiled side is the whole 64 KiB surface
run "bo exact" 0 check -g navi21 -e dma --bo 0x100000:0x4000 --bo 0x200000:0x10000 --bo 0x300000:4 "$E/navi21_upload.bin"
says "bo one short" 1 out 'writes 0x200000\.\.0x20ffff .*TILED_ADDR.* outside every buffer' \
	check -g navi21 -e dma --bo 0x100000:0x4000 --bo 0x200000:0xffff --bo 0x300000:4 "$E/navi21_upload.bin"

# ---- refusals: no configuration for a generation name; EPITCH of another layout
says "sdma5 refused" 1 out 'GB_ADDR_CONFIG' run -g sdma5 -e dma --mem 0x100000="$IMG" --zero 0x200000:0x10000 \
	--zero 0x300000:0x100 "$E/navi21_upload.bin"
sed 's/EPITCH=127/EPITCH=63/g' v10.s >v10bad.s
run "vega10 bad encode" 0 encode -g vega10 -e dma v10bad.s -o v10bad.bin
says "vega10 EPITCH refused" 1 out 'EPITCH gives a pitch of 64, the surface addrlib lays out has 128' \
	run -g vega10 -e dma --mem 0x100000="$IMG" --zero 0x200000:0x10000 --zero 0x400000:0x4000 v10bad.bin
finish
