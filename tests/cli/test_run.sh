# gfxkit run on DMA streams: the demo upload (tiled copy + fence), --dump,
# --json, --max-packets, hang and fault exit statuses, usage errors, and
# determinism (the same inputs give byte-identical outputs).
. "$(dirname "$0")/lib.sh"
E=$ROOT/examples

run "upload runs" 0 run -g bonaire -e dma --mem 0x100000="$E/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 --trace --dump 0x300000:4=fence.bin --dump 0x200000:0x4000=tiled.raw "$E/cik_upload.bin"
cp out first.txt
has out "the fence value" '^    ; writes 0x300000\.\.0x300003 \(ADDR, 4 bytes\) = 0xcafe0001$'
has out "summary" '^; run: completed: 3 packets run, 0 skipped, 16384 bytes read, 16388 written, 1 interrupt'
printf '\001\000\376\312' > want.bin
same fence.bin want.bin "--dump writes the fence"
# the tiled bytes are the image through the tiling module (tile pack is the same layout)
run "tile pack" 0 tile pack --mode 2d --micro thin --bpp 32 --width 64 --height 64 --pipe-config P2 \
	--tile-split 256 --bank-width 1 --bank-height 1 --macro-aspect 1 --num-banks 4 --in "$E/cik_image.rgba" --out packed.raw
same tiled.raw packed.raw "the DMA L2T copy lands where tile pack puts each element"
run "again" 0 run -g bonaire -e dma --mem 0x100000="$E/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 --trace "$E/cik_upload.bin"
same out first.txt "deterministic"

run "json" 0 run -g bonaire -e dma --json --trace --mem 0x100000="$E/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 "$E/cik_upload.bin"
has out "json end" '^\{"end":true,"status":"completed","packets":3,'
has out "json value" '"writes":\[\{"first":3145728,"last":3145731,"field":"ADDR","value":3405643777\}\]'

# a stall: exit 1 and the hang report
printf 'FENCE ADDR=0x1000 DATA=1\nPOLL_REG_MEM M=MEMORY FUNC=EQUAL ADDR=0x1000 REFERENCE=2 MASK=0xffffffff RETRY_COUNT=0xfff\n' > hang.s
run "encode hang" 0 encode -g bonaire -e dma hang.s -o hang.bin
says "stall" 1 out '^; stalled at 0x10 POLL_REG_MEM ADDR: waits for \(mem\[0x1000\] & 0xffffffff\) == 0x2; found 0x1' \
	run -g bonaire -e dma --zero 0:0x2000 hang.bin
has out "the packets before" '^; the packets before it: 0x0 FENCE'
# a fault: absent memory
says "fault" 1 out '^; faulted at 0x0 FENCE ADDR: writes the fence|^; faulted at 0x0 FENCE ADDR: ' run -g bonaire -e dma hang.bin
# the limit
says "limit" 1 out '^; stopped by the packet limit at 0x10 POLL_REG_MEM' run -g bonaire -e dma --zero 0:0x2000 --max-packets 1 hang.bin
# registers by name and by address
printf 'POLL_REG_MEM M=REGISTER FUNC=EQUAL REGISTER=0x3000 REFERENCE=5 MASK=0xffffffff RETRY_COUNT=0xfff\n' > reg.s
run "encode reg" 0 encode -g bonaire -e dma reg.s -o reg.bin
run "--reg by address" 0 run -g bonaire -e dma --reg 0x3000=5 reg.bin
says "--reg unknown" 2 err "no register called 'NO_SUCH_REG'" run -g bonaire -e dma --reg NO_SUCH_REG=5 reg.bin
says "--reg bad value" 2 err 'takes NAME=VALUE' run -g bonaire -e dma --reg 0x3000=x reg.bin
says "--zero bad" 2 err 'takes ADDR:SIZE' run -g bonaire -e dma --zero 12 reg.bin
says "options of run only" 2 err 'are for run' decode -g bonaire -e dma --trace reg.bin
says "--dump of absent memory" 2 err '--dump 0x9000:4=x.bin' run -g bonaire -e dma --reg 0x3000=5 --dump 0x9000:4=x.bin reg.bin
says "input error" 2 err 'cannot|No such' run -g bonaire -e dma nosuch.bin
# --picture: the memory as 32-bit pixels, a PNG of the right size
run "picture" 0 run -g bonaire -e dma --mem 0x100000="$E/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 --picture 0x200000:64x64=pic.png "$E/cik_upload.bin"
if [ "$(od -An -tx1 -j12 -N12 pic.png | tr -d ' \n')" = 494844520000004000000040 ]; then ok; else bad "picture: not a 64x64 PNG"; fi
says "picture of absent memory" 2 err 'picture 0x900000:4x4=p.png' run -g bonaire -e dma --reg 0x3000=5 \
	--picture 0x900000:4x4=p.png reg.bin
says "picture bad size" 2 err 'WIDTHxHEIGHT' run -g bonaire -e dma --reg 0x3000=5 --picture 0x0:0x4=p.png reg.bin
says "help" 0 out '^usage: gfxkit run' help run
finish
