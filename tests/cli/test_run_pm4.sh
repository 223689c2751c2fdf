#!/bin/sh
# End-to-end tests of `gfxkit run -e pm4`: sh tests/cli/test_run_pm4.sh path/to/gfxkit
# Streams assembled with `gfxkit encode`, run on --zero memory; the bytes
# --dump writes are compared with values worked out by hand from the packet
# reference (seed 001 §9), a hang report, a packet without semantics, --reg
# with CLEAR_STATE, and --state in text and JSON.
# Prints "# passed=N failed=M" and exits non-zero when anything failed.
. "$(dirname "$0")/lib.sh"

# the bytes of FILE as one line of hex pairs
hex() { od -An -v -tx1 "$1" | tr -s ' \n' ' ' | sed 's/^ //; s/ $//'; }

cat >a.s <<'EOF'
SET_CONTEXT_REG REG_OFFSET=0x10
    DB_Z_INFO <- FORMAT=Z_16
MEM_WRITE ADDRESS=0x100 DATA32=0 DATA_LO=0x11223344 DATA_HI=0x55667788
EVENT_WRITE_EOP EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS DATA_SEL=SEND_32BIT_LOW INT_SEL=SEND_INT_ON_CONFIRM ADDRESS=0x108 DATA_LO=0xcafef00d DATA_HI=0
EVENT_WRITE_EOP EVENT_TYPE=BOTTOM_OF_PIPE_TS EVENT_INDEX=TS DATA_SEL=SEND_GPU_CLOCK INT_SEL=NONE ADDRESS=0x110 DATA_LO=0 DATA_HI=0
DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=2
EOF
run "encode" 0 encode -g evergreen -e pm4 -o a.bin a.s

# MEM_WRITE: 8 bytes little-endian at 0x100; EOP 32-bit: 0xcafef00d at
# 0x108, 0x10c untouched; EOP clock at 0x110: 3 packets ran before it
run "run" 0 run -g evergreen -e pm4 --zero 0:0x1000 --dump 0x100:24=d.bin a.bin
if [ "$(hex d.bin)" = "44 33 22 11 88 77 66 55 0d f0 fe ca 00 00 00 00 03 00 00 00 00 00 00 00" ]; then ok; else
	bad "memory after the run: $(hex d.bin)"; fi
has out "summary" '^; run: completed: 5 packets run, 0 skipped, 0 bytes read, 20 written, 1 interrupt, clock 0x5$'

run "trace" 0 run -g evergreen -e pm4 --zero 0:0x1000 --trace a.bin
has out "register set" '; sets 0x28040 DB_Z_INFO <- 0x00000001'
has out "write traced" '; writes 0x100\.\.0x107 \(ADDRESS, 8 bytes\)'
has out "interrupt traced" '; interrupt INT_SEL=0x2'
has out "event traced" '; event CACHE_FLUSH_AND_INV_TS_EVENT'
has out "draw traced" '; draw/dispatch 1, 2 registers set'
hasnot out "no state without --state" 'state in force'

# --state alone: the draw and the registers in force, nothing else
run "state" 0 run -g evergreen -e pm4 --zero 0:0x1000 --state a.bin
has out "state header" '; state in force \(2 registers\):'
has out "state register" '^    ;    0x28040 DB_Z_INFO <- FORMAT=Z_16$'
hasnot out "only the draw" 'MEM_WRITE'
run "state json" 0 run -g evergreen -e pm4 --zero 0:0x1000 --state --json a.bin
has out "json state" '"draw":1,"state":\[\{"offset":163904,"name":"DB_Z_INFO","value":1,'
has out "json end" '^\{"end":true,"status":"completed"'

# WAIT_REG_MEM on a dword nothing writes: a hang report, exit 1
echo 'WAIT_REG_MEM ENGINE=ME MEM_SPACE=MEMORY FUNCTION=EQUAL POLL_ADDRESS=0x200 REFERENCE=1 MASK=0xff POLL_INTERVAL=10' >w.s
run "encode wait" 0 encode -g evergreen -e pm4 -o w.bin w.s
run "hang" 1 run -g evergreen -e pm4 --zero 0:0x1000 w.bin
has out "hang report" '^; stalled at 0x0 WAIT_REG_MEM POLL_ADDRESS: waits for \(mem\[0x200\] & 0xff\) == 0x1; found 0x0'
run "hang json" 1 run -g evergreen -e pm4 --zero 0:0x1000 --json w.bin
has out "json wait" '"status":"stalled".*"wait":\{"register":false,"address":512,"function":"EQUAL","value":0,"mask":255,"reference":1\}'

# a packet without semantics stops the run, named
echo 'ME_INITIALIZE MAX_CONTEXT=7' >m.s
run "encode me_init" 0 encode -g evergreen -e pm4 -o m.bin m.s
run "no semantics" 1 run -g evergreen -e pm4 --zero 0:0x1000 m.bin
has out "fault named" 'faulted at 0x0 ME_INITIALIZE: ME_INITIALIZE is a packet the executor has no semantics for'

# --reg gives a default that CLEAR_STATE puts back; other context
# registers become unset; COPY_DW copies the register to memory
cat >c.s <<'EOF'
SET_CONTEXT_REG REG_OFFSET=0x10
    DB_Z_INFO <- 5
    DB_STENCIL_INFO <- 6
CLEAR_STATE
COPY_DW SRC_SEL=REGISTER DST_SEL=MEMORY SRC_REG=DB_STENCIL_INFO DST_ADDRESS=0x300
DRAW_INDEX_AUTO INDEX_COUNT=3 DRAW_INITIATOR=2
EOF
run "encode clear" 0 encode -g evergreen -e pm4 -o c.bin c.s
run "clear state" 0 run -g evergreen -e pm4 --zero 0:0x1000 --reg DB_STENCIL_INFO=0x9 --state --dump 0x300:4=c.out c.bin
if [ "$(hex c.out)" = "09 00 00 00" ]; then ok; else bad "COPY_DW after CLEAR_STATE: $(hex c.out)"; fi
has out "two registers" '; state in force \(2 registers\):'
has out "the default" '0x28044 DB_STENCIL_INFO <- '
hasnot out "the cleared one" '0x28040 DB_Z_INFO'

# GFX9: WRITE_DATA to memory, RELEASE_MEM 64-bit data
cat >g.s <<'EOF'
WRITE_DATA DST_SEL=MEM WR_CONFIRM=1 ENGINE_SEL=ME DST_ADDR=0x400
    DATA 0x00000001 0x00000002
RELEASE_MEM EVENT_TYPE=CACHE_FLUSH_AND_INV_TS_EVENT EVENT_INDEX=TS DATA_SEL=SEND_64BIT INT_SEL=NONE ADDRESS=0x408 DATA_LO=3 DATA_HI=4
EOF
run "encode gfx9" 0 encode -g gfx9 -e pm4 -o g.bin g.s
run "gfx9" 0 run -g gfx9 -e pm4 --zero 0:0x1000 --dump 0x400:16=g.out g.bin
if [ "$(hex g.out)" = "01 00 00 00 02 00 00 00 03 00 00 00 04 00 00 00" ]; then ok; else bad "gfx9 memory: $(hex g.out)"; fi

finish
