; CIK SDMA (gfxkit encode -g bonaire -e dma examples/cik_upload.s -o examples/cik_upload.bin)
; Upload a 64x64 32bpp image (examples/cik_image.rgba, loaded at 0x100000)
; into a 2D-tiled surface at 0x200000 (P2, 4 banks, 256-byte tile split,
; thin micro tiles), then write a fence and raise an interrupt.
; gfxkit run -g bonaire -e dma --mem 0x100000=examples/cik_image.rgba \
;     --zero 0x200000:0x4000 --zero 0x300000:0x100 --trace examples/cik_upload.bin
COPY_TILED DETILE=L2T TILED_ADDR=0x200000 HEIGHT=63 PITCH=7 SLICE_PITCH=63 PIPE_CONFIG=P2 MACRO_TILE_ASPECT=1:1 NUM_BANKS=4 BANK_HEIGHT=1 BANK_WIDTH=1 TILE_SPLIT=256 MICRO_TILE_MODE=THIN ARRAY_MODE=ARRAY_2D_TILED_THIN1 ELEMENT_SIZE=32BPP Y=0 X=0 TILED_SWAP=NONE LINEAR_SWAP=NONE Z=0 LINEAR_ADDR=0x100000 LINEAR_PITCH=63 COUNT=4096
FENCE ADDR=0x300000 DATA=0xcafe0001
TRAP
