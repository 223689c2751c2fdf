#!/bin/sh
# .rd captures from the command line:
#   sh tests/cli/test_rd.sh path/to/build/gfxkit
# the small captures of tests/fuzz/corpus_rd (their first byte is the fuzz
# harness's mode byte) decoded without -g (the GPU from GPU_ID or CHIP_ID),
# gzipped, narrowed with --submit/--frame, summarised, checked; following
# from the capture (IB -> draw state -> shader load -> ir3); damaged input
# refused with its byte offset; and the real captures of ../shared when
# present.
. "$(dirname "$0")/lib.sh"

C=$ROOT/tests/fuzz/corpus_rd
tail -c +2 "$C/a630_draw_state.rd" >a630.rd
tail -c +2 "$C/a630_gz.rd" >a630.rd.gz
tail -c +2 "$C/a420_ib.rd" >a420.rd
tail -c +2 "$C/chip_id.rd" >chip.rd
tail -c +2 "$C/cut.rd" >cut.rd

says "decode without -g" 0 out '^0x00008000: CP_INDIRECT_BUFFER .*IB_BASE=0x1000 IB_SIZE=5$' decode a630.rd
has out "draw state followed" '^    0x00001000: CP_SET_DRAW_STATE'
has out "the group's packets one level down" '^        0x00002000: CP_LOAD_STATE6_GEOM .*STATE_SRC=SS6_INDIRECT'
has out "the shader in place, by the ir3 engine" '^            0x00003000: end$'
has out "the second submit at its address" "^0x00008000: CP_WAIT_FOR_IDLE"
has out "a line where each submit begins" "^; submit 1$"
run "gzipped, the same" 0 decode a630.rd.gz
cp out gz.txt
run "plain" 0 decode a630.rd
same out gz.txt "a .rd.gz decodes as the .rd"
says "--submit 1" 0 out '^0x00008000: CP_WAIT_FOR_IDLE$' decode --submit 1 a630.rd
lines out "--submit 1: its line and one packet" 2
run "--frame 1 is --submit 1" 0 decode --frame 1 a630.rd
lines out "--frame 1: its line and one packet" 2
says "--submit past the last" 2 err 'holds 2 submits \(0-1\): none of 7-7' decode --submit 7 a630.rd
says "check" 0 err 'a630.rd: 0 errors, 0 warnings' check a630.rd
says "-g overrides the capture's GPU" 1 err 'error' check -g a420 a630.rd
says "CHIP_ID names the GPU" 0 out 'CP_WAIT_FOR_IDLE' decode chip.rd
says "a420: type-3 IB and draw state" 0 out '^        0x00005000: CP_TYPE2_PKT' decode a420.rd
says "--json: offsets are GPU addresses" 0 out '"offset":32768' decode --json a630.rd
has out "--json: nested units say their buffer" '"depth":3,"ib":12288,"parent":8192'
says "--summary" 0 out '^  submit 0: 0 draws, 0 blits, 0 dispatches$' decode --summary a630.rd
says "--summary is for adreno" 2 err 'summary is for Adreno' decode --summary -g gfx9 -e pm4 a630.rd
says "a cut capture" 2 err 'ends inside a CMDSTREAM_ADDR section \(7 of its 12 bytes\)' decode cut.rd
head -c 300 /dev/urandom >junk.bin 2>/dev/null || printf 'garbage' >junk.bin
run "garbage as rd" 2 decode -f rd junk.bin
has err "garbage as rd: an error with an offset" 'junk.bin:0x[0-9a-f]+: error: rd: '
printf '\037\213\010\000\000\000\000\000\000\003garbage' >junk.gz
says "a damaged gzip" 2 err 'gzip: .*at byte [0-9]+ of the compressed file' decode -f rd junk.gz

R=$ROOT/../shared/reference/adreno/captures
if [ -f "$R/fd-clouds.rd.gz" ]; then
	says "fd-clouds" 0 err 'submit 1 .*is in no buffer the capture holds: not shown' decode "$R/fd-clouds.rd.gz"
	has out "fd-clouds: the FS disassembled" '^            0x01013000: mov.u32u32 r0.x, 0x40400000$'
	says "fd-clouds summary" 0 out 'draw CP_DRAW_INDX_OFFSET: MRT0 0x1125000 FMT6_8_8_8_X8_UNORM, window 0,0..2159,1439' \
		decode --summary "$R/fd-clouds.rd.gz"
	says "glxgears, one submit" 1 err 'glxgears-a420.rd.gz: 1 error, 0 warnings' check --submit 1 "$R/glxgears-a420.rd.gz"
else
	skip "$R absent: the real captures not read"
fi
finish
