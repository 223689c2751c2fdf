# gfxkit run on DMA streams: the demo upload (tiled copy + fence), --dump,
# --json, --max-packets, hang and fault exit statuses, usage errors,
# determinism (the same inputs give byte-identical outputs), and --mem
# images (mapped, read from a FIFO or a dump, refused when empty; how much
# memory they hold).
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
# --mem images: a binary file is mapped privately (the run's writes stay in
# the process: the file is unchanged), a FIFO and a hex dump are read, an
# empty file is refused
head -c 4096 "$E/cik_image.rgba" > img.bin
cp img.bin img.orig
printf 'FENCE ADDR=0x100010 DATA=0xcafe0001\n' > fence.s
run "encode fence" 0 encode -g bonaire -e dma fence.s -o fence.bin
run "--mem binary" 0 run -g bonaire -e dma --mem 0x100000=img.bin --dump 0x100000:4096=img.after fence.bin
same img.bin img.orig "--mem: the run's write does not reach the file"
{ head -c 16 img.orig; printf '\001\000\376\312'; tail -c +21 img.orig; } > img.want
same img.after img.want "--mem: the run's write is in the memory, the rest is the file"
mkfifo img.fifo
cat img.bin > img.fifo &
run "--mem FIFO" 0 run -g bonaire -e dma --mem 0x100000=img.fifo --dump 0x100000:4096=fifo.after fence.bin
wait
same fifo.after img.want "--mem FIFO: read whole"
od -An -tx4 -v img.bin > img.hex
run "--mem hex words" 0 run -g bonaire -e dma --mem 0x100000=img.hex --dump 0x100000:4096=hex.after fence.bin
same hex.after img.want "--mem hex: the same memory"
: > empty.bin
says "--mem empty" 2 err '^gfxkit: 0x100000=empty\.bin: empty\.bin holds no words: an empty image gives no memory$' \
	run -g bonaire -e dma --mem 0x100000=empty.bin fence.bin
echo "0x100000 empty.bin" > map.txt
says "--mem-map empty" 2 err 'map\.txt:1: empty\.bin holds no words' run -g bonaire -e dma --mem-map map.txt fence.bin
# how much memory --mem holds: at most the image and a few MB (it held the
# image twice).  Measured on the unsanitized build (shadow memory would
# skew it), by GNU time's maximum resident set.
if [ -x /usr/bin/time ] && [ -x "$BUILD/gfxkit" ] && /usr/bin/time -f %M true >/dev/null 2>&1; then
	head -c 67108864 /dev/zero > big.bin
	for how in file fifo; do
		src=big.bin
		if [ $how = fifo ]; then
			mkfifo big.fifo
			cat big.bin > big.fifo &
			src=big.fifo
		fi
		/usr/bin/time -o rss.txt -f %M "$BUILD/gfxkit" run -g bonaire -e dma --mem 0x100000="$src" \
			--dump 0x100000:0x4000000=big.after fence.bin >out 2>err
		wait
		kb=$(tail -1 rss.txt)
		if [ "$kb" -le $((65536 + 16384)) ]; then ok; else bad "--mem $how: 64 MiB image, $kb KiB resident"; fi
		if [ "$(od -An -tx4 -j16 -N4 big.after | tr -d ' ')" = cafe0001 ]; then ok; else bad "--mem $how: the write"; fi
		rm -f big.after big.fifo
	done
else
	echo "# --mem resident size not measured: no GNU time (/usr/bin/time -f) or no $BUILD/gfxkit"
fi
# --zero regions are lent to the run's memory, not copied: their total is
# still held to what a run's memory may own
says "--zero too large" 2 err "^gfxkit: --zero 0x0:0x50000000: is more than the 1024 MiB a run's memory may hold" \
	run -g bonaire -e dma --zero 0:0x50000000 hang.bin
says "--zero regions too large together" 2 err "^gfxkit: --zero 0x40000000:0x20000000: with the --zero regions before it comes to more than the 1024 MiB" \
	run -g bonaire -e dma --zero 0:0x30000000 --zero 0x40000000:0x20000000 hang.bin
says "help" 0 out '^usage: gfxkit run' help run
finish
