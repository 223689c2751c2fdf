; SDMA 5 (gfxkit encode -g navi21 -e dma examples/navi21_upload.s -o examples/navi21_upload.bin)
; Upload a 64x64 32bpp image (examples/cik_image.rgba, loaded at 0x100000)
; into a GFX10.3 64KB_R_X surface at 0x200000 (one 64 KiB block: 128x128
; elements padded), the way Mesa's SDMA image copy writes it
; (COPY_TILED_SUBWIN: the tiled side's WIDTH/HEIGHT - 1, the linear pitch
; and slice pitch - 1, the rectangle - 1), then a fence and an interrupt.
; gfxkit run -g navi21 -e dma --mem 0x100000=examples/cik_image.rgba \
;     --zero 0x200000:0x10000 --zero 0x300000:0x100 --trace examples/navi21_upload.bin
; The tiled bytes are what `gfxkit tile pack --chip navi21 --swizzle 64KB_R_X
; --bpp 32 --width 64 --height 64` writes (tests/cli/test_run_swz.sh).
COPY_TILED_SUBWIN DETILE=L2T TILED_ADDR=0x200000 WIDTH=63 HEIGHT=63 ELEMENT_SIZE=32BPP SWIZZLE_MODE=SW_64KB_R_X DIMENSION=2D LINEAR_ADDR=0x100000 LINEAR_PITCH=63 LINEAR_SLICE_PITCH=4095 RECT_X=63 RECT_Y=63
FENCE ADDR=0x300000 DATA=0xcafe0001
TRAP
