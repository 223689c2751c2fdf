# Every file gfxkit writes (-o, run --dump, run --picture, tile --out)
# follows one rule (tools/cli.h, cli_out_open): a symbolic link is followed
# and stays a link; a device, FIFO or socket is written in place; a regular
# file is replaced by a temporary renamed over it, keeping its mode and
# owner; every failure is a non-zero exit with the path and strerror.  Also:
# a failed write to standard output says why, messages quote at most 64
# bytes of an argument, and decode --strict judges while it shows.
#
# Device nodes are only reached through symbolic links in the temporary
# folder: a gfxkit that replaced its output would replace the link, never
# /dev/null itself, even when the tests run as root.
. "$(dirname "$0")/lib.sh"
E=$ROOT/examples
S=$E/evergreen_compute.s
B=$E/evergreen_compute.bin
ENC="encode -g evergreen -e pm4"
UID0=$(id -u)

kind() { # kind FILE: link, fifo, char, file or none
	if [ -L "$1" ]; then echo link
	elif [ -p "$1" ]; then echo fifo
	elif [ -c "$1" ]; then echo char
	elif [ -f "$1" ]; then echo file
	else echo none; fi
}
is() { # is WHAT GOT WANT
	if [ "$2" = "$3" ]; then ok; else bad "$1: '$2', want '$3'"; fi
}
no_temps() { # no temporary file left next to the outputs
	if ls -a | grep -q 'gfxkit-'; then bad "$1: temporary files left: $(ls -a | grep gfxkit- | head -3)"; else ok; fi
}
# fifo_run WHAT RC FIFO gfxkit-args: run with a reader on FIFO (its bytes in
# ./got); the reader gives up after 20 s when gfxkit never opens the FIFO
fifo_run() {
	fr_what=$1 fr_rc=$2 fr_fifo=$3
	shift 3
	rm -f got
	timeout 20 cat "$fr_fifo" >got &
	fr_pid=$!
	run "$fr_what" "$fr_rc" "$@"
	wait "$fr_pid"
}

head -c 16 "$B" >trunc.bin # ends inside a packet: an error for check
run "reference encode" 0 $ENC "$S" -o ref.bin
same ref.bin "$B" "reference encode is the example"

# ---- FIFOs, symbolic links, devices: written in place, never replaced
mkfifo ff
fifo_run "-o FIFO" 0 ff $ENC "$S" -o ff
is "-o FIFO stays a FIFO" "$(kind ff)" fifo
same got ref.bin "-o FIFO: the reader got the words"
ln -s ff lf
fifo_run "-o link to a FIFO" 0 ff $ENC "$S" -o lf
is "link to a FIFO stays a link" "$(kind lf)" link
is "its FIFO stays a FIFO" "$(kind ff)" fifo
same got ref.bin "-o link to a FIFO: the reader got the words"
fifo_run "decode -o FIFO" 0 ff decode -g evergreen -e pm4 "$B" -o ff
has got "decode -o FIFO: the text" '^0x00000000: CONTEXT_CONTROL'
is "decode -o FIFO stays a FIFO" "$(kind ff)" fifo

echo old >reg
ln -s reg lreg
run "-o link to a file" 0 $ENC "$S" -o lreg
is "the link stays a link" "$(kind lreg)" link
same reg ref.bin "the link's target got the words"
mkdir sub
echo old >sub/t
ln -s ../sub/t sub/rel
ln -s sub/rel chain
run "-o a chain of relative links" 0 $ENC "$S" -o chain
is "the chain's first link stays" "$(kind chain)" link
is "the chain's second link stays" "$(kind sub/rel)" link
same sub/t ref.bin "the chain's target (relative to each link) got the words"
ln -s absent dangling
run "-o a dangling link" 0 $ENC "$S" -o dangling
is "a dangling link: the link stays" "$(kind dangling)" link
same absent ref.bin "a dangling link: its target is created"
ln -s loop1 loop2
ln -s loop2 loop1
says "-o a link loop" 2 err '^gfxkit: loop1: cannot follow the link: Too many (levels of )?symbolic links' $ENC "$S" -o loop1

ln -s /dev/null null
run "-o link to /dev/null" 0 $ENC "$S" -o null
is "/dev/null stays a character device" "$(kind /dev/null)" char
is "the link to /dev/null stays" "$(kind null)" link
ln -s /dev/full full
says "-o /dev/full (through a link)" 2 err '^gfxkit: write error: full: No space left on device$' $ENC "$S" -o full
is "/dev/full stays a character device" "$(kind /dev/full)" char
is "the link to /dev/full stays" "$(kind full)" link
says "decode -o /dev/full" 2 err 'write error: full: No space left on device' decode -g evergreen -e pm4 "$B" -o full
says "check -o /dev/full" 2 err 'write error: full: No space left on device' check -g evergreen -e pm4 trunc.bin -o full
says "run -o /dev/full" 2 err 'write error: full: No space left on device' \
	run -g bonaire -e dma --trace --mem 0x100000="$E/cik_image.rgba" --zero 0x200000:0x4000 --zero 0x300000:0x100 \
	-o full "$E/cik_upload.bin"
RUN="run -g bonaire -e dma --mem 0x100000=$E/cik_image.rgba --zero 0x200000:0x4000 --zero 0x300000:0x100"
says "run --dump to /dev/full" 2 err 'write error: full: No space left on device' $RUN --dump 0x200000:0x4000=full "$E/cik_upload.bin"
says "run --picture to /dev/full" 2 err 'write error: full: No space left on device' \
	$RUN --picture 0x200000:64x64=full "$E/cik_upload.bin"
TILE="--mode 2d --micro thin --bpp 32 --width 64 --height 64 --pipe-config P2 --tile-split 256 --bank-width 1 --bank-height 1 --macro-aspect 1 --num-banks 4"
says "tile pack --out /dev/full" 2 err 'write error: full: No space left on device' \
	tile pack $TILE --in "$E/cik_image.rgba" --out full
says "tile map --out /dev/full" 2 err 'write error: full: No space left on device' tile map $TILE --out full
fifo_run "run --dump to a FIFO" 0 ff $RUN --dump 0x300000:4=ff "$E/cik_upload.bin"
printf '\001\000\376\312' >fence.bin
same got fence.bin "run --dump to a FIFO: the fence"
is "run --dump: the FIFO stays" "$(kind ff)" fifo
fifo_run "tile pack --out a FIFO" 0 ff tile pack $TILE --in "$E/cik_image.rgba" --out ff
run "tile pack to a file" 0 tile pack $TILE --in "$E/cik_image.rgba" --out packed.raw
same got packed.raw "tile pack to a FIFO: the same bytes"
if [ "$UID0" -ne 0 ]; then
	# unprivileged, gfxkit cannot create files in /dev: the only way to
	# succeed is to write the devices themselves
	run "-o /dev/null" 0 $ENC "$S" -o /dev/null
	says "-o /dev/full" 2 err '^gfxkit: write error: /dev/full: No space left on device$' $ENC "$S" -o /dev/full
fi
is "/dev/null is still a character device" "$(kind /dev/null)" char

# ---- regular files: mode and owner kept, written only on success
echo old >m640
chmod 640 m640
run "-o a file of mode 0640" 0 $ENC "$S" -o m640
is "its mode is kept" "$(stat -c %a m640)" 640
same m640 ref.bin "mode 0640: the words"
chmod 604 m640
run "decode -o a file of mode 0604" 0 decode -g evergreen -e pm4 "$B" -o m640
is "decode keeps the mode" "$(stat -c %a m640)" 604
run "run --dump to a file of mode 0640" 0 $RUN --dump 0x300000:4=m640 "$E/cik_upload.bin"
is "run --dump keeps the mode" "$(stat -c %a m640)" 604
same m640 fence.bin "run --dump: the fence"
if [ "$UID0" -eq 0 ]; then
	echo old >owned
	chown 1234:5678 owned
	run "-o a file of another owner" 0 $ENC "$S" -o owned
	is "the owner is kept" "$(stat -c %u:%g owned)" 1234:5678
fi
(umask 027 && "$G" $ENC "$S" -o new027 2>err)
is "a new file: 0666 less the umask" "$(stat -c %a new027)" 640
echo old >keep
cp keep keep.orig
printf 'NO_SUCH_PACKET\n' >bad.s
run "encode error" 1 $ENC bad.s -o keep
same keep keep.orig "an encode error leaves the file as it was"
says "encode to a full device leaves the file" 2 err 'No space left' $ENC "$S" -o full
LONG=$(head -c 250 /dev/zero | tr '\0' a) # NAME_MAX is 255: no room for a suffix
run "-o a name too long for a temporary next to it" 0 $ENC "$S" -o "$LONG"
same "$LONG" ref.bin "a 250-byte name: the words"
says "-o an empty name" 2 err '^gfxkit: an output file name is empty$' $ENC "$S" -o ""
cp "$E/radeon_ring_gfx.txt" ring.txt
run "decode -o its own input" 0 decode -g evergreen -e pm4 ring.txt -o ring.txt
has ring.txt "decode -o its own input: read before it is replaced" '^0x00000fe0: INDIRECT_BUFFER IB_BASE=0x100000'
run "decode of no input" 2 decode -g evergreen -e pm4 absent.bin -o keep
same keep keep.orig "an input that cannot be opened leaves -o as it was"
no_temps "after the failures"

# ---- what cannot be written says why
says "-o in a missing folder" 2 err '^gfxkit: nodir/x: cannot create: No such file or directory$' $ENC "$S" -o nodir/x
says "-o under a file" 2 err '^gfxkit: ref.bin/x: cannot create: Not a directory$' $ENC "$S" -o ref.bin/x
says "-o a folder" 2 err '^gfxkit: sub: is a directory$' $ENC "$S" -o sub
says "run --dump to a folder" 2 err '^gfxkit: sub: is a directory$' $RUN --dump 0x300000:4=sub "$E/cik_upload.bin"
mkdir ro
echo old >ro/f
if [ "$UID0" -ne 0 ]; then
	chmod 555 ro
	says "-o in an unwritable folder" 2 err '^gfxkit: ro/x: cannot create: Permission denied$' $ENC "$S" -o ro/x
	says "-o a file in an unwritable folder" 2 err \
		'^gfxkit: ro/f: cannot create a temporary file next to it: Permission denied$' $ENC "$S" -o ro/f
	chmod 444 keep
	says "-o a read-only file" 2 err '^gfxkit: keep: cannot open: Permission denied$' $ENC "$S" -o keep
	chmod 755 ro
	chmod 644 keep
else
	echo "# unwritable folder and read-only file: skipped (root writes them anyway)"
fi
no_temps "at the end"

# ---- standard output that cannot be written: every command says why
for args in "decode -g evergreen -e pm4 $B" "check -g evergreen -e pm4 trunc.bin" "$ENC $S" "list -g evergreen" \
	"list -g evergreen -e pm4 MEM_WRITE" "list --rules" "help decode" "--help" "--version" \
	"run -g bonaire -e dma --trace --mem 0x100000=$E/cik_image.rgba --zero 0x200000:0x4000 --zero 0x300000:0x100 $E/cik_upload.bin" \
	"lint -g evergreen $B" "tile info $TILE" "tile addr $TILE 1 2" "modifier decode 0x0" "modifier list --gfx 8 --all" \
	"sendmsg 1" "decode -g evergreen -e pm4 -o - $B"; do
	"$G" $args >/dev/full 2>err
	rc=$?
	if [ "$rc" -eq 2 ]; then ok; else bad "gfxkit $args >/dev/full: exit $rc, want 2"; fi
	if grep -q '^gfxkit: write error: standard output: No space left on device$' err; then ok; else
		bad "gfxkit $args >/dev/full: no 'write error: standard output: No space left on device' in: $(head -c 300 err)"
	fi
	n=$(grep -c 'write error' err)
	if [ "$n" -eq 1 ]; then ok; else bad "gfxkit $args >/dev/full: the write error said $n times"; fi
done

# ---- decode --strict: judges while it shows
run "decode of a cut packet" 0 decode -g evergreen -e pm4 trunc.bin
has out "decode shows the cut packet" 'error: EVENT_WRITE: .*runs past the end'
run "decode --strict of a cut packet" 1 decode --strict -g evergreen -e pm4 trunc.bin
has out "decode --strict still shows it" 'error: EVENT_WRITE: .*runs past the end'
run "decode --strict of a clean stream" 0 decode --strict -g evergreen -e pm4 "$B"
R=$E/radeon_ring_gfx.txt
run "decode --follow, the IB absent" 0 decode -g evergreen -e pm4 --follow "$R"
has out "the absent IB is shown" 'error: INDIRECT_BUFFER: .*is not in memory'
run "decode --strict --follow, the IB absent" 1 decode --strict -g evergreen -e pm4 --follow "$R"
run "decode --strict --follow, the IB given" 0 decode --strict -g evergreen -e pm4 --follow --mem 0x100000="$B" "$R"
run "decode --strict --json of a cut packet" 1 decode --strict --json -g evergreen -e pm4 trunc.bin
run "decode --strict, two inputs, one bad" 1 decode --strict -g evergreen -e pm4 "$B" trunc.bin
printf '\000\000\000\000\000\000\000\300\001' >ir3trail.bin
run "decode --strict, trailing bytes of an instruction" 1 decode --strict -g a630 -e isa ir3trail.bin
says "check --strict is refused" 2 err 'strict is for decode and encode' check --strict -g evergreen -e pm4 "$B"

# ---- messages quote at most 64 bytes of an argument
N=$(head -c 100000 /dev/zero | tr '\0' 9)
W=$(head -c 100000 /dev/zero | tr '\0' Z)
long_ok() { # long_ok WHAT: ./err holds neither 65 of the argument's bytes in a row nor 32 KB
	lo_size=$(wc -c <err)
	cut -c1-160 err >err.cut # what bad shows
	if grep -Eq '9{65}|Z{65}' err; then mv err.cut err; bad "$1: the argument in full"; else ok; fi
	if [ "$lo_size" -lt 32768 ]; then ok; else bad "$1: $lo_size bytes on stderr"; fi
	if grep -q 'runtime error\|AddressSanitizer' err; then bad "$1: sanitizer report"; else ok; fi
}
lrun() { rm -f out; "$G" "$@" >/dev/null 2>err </dev/null; long_ok "gfxkit $(echo "$*" | cut -c1-70)"; }
D="decode -g evergreen -e pm4"
# every option of the shared grammar (tools/cli.c), a number where one is
# wanted (the 100,000-digit --count); run and lint have the run options
for opt in --bo --base --skip --count --max-errors --mem; do
	lrun decode -g evergreen -e pm4 "$opt" "$N" "$B"
done
for opt in -g -e -f --ring --mem-map; do
	lrun check -g evergreen -e pm4 "$opt" "$W" "$B"
done
for opt in --zero --max-packets --reg --dump --picture; do
	lrun run -g bonaire -e dma "$opt" "$N" "$B"
done
lrun lint -g evergreen --reg "$W" "$B"
lrun $D "$W"
lrun $D "$B" "$W"
lrun $D -o "$W" "$B"
lrun $D -o "$W/x" "$B"
lrun $D "--$W"
lrun $D "--color=$W" "$B"
lrun $D --mem "0x0=$W" --follow "$B"
lrun $D --mem "$N=x" --follow "$B"
lrun $D --ring "$W" "$B"
lrun check -g evergreen -e pm4 --bo "0x1000:$N" "$B"
lrun $ENC "$W"
lrun $ENC -f "$W" "$S"
lrun $ENC -o "$W" "$S"
lrun encode -g "$W" "$S"
lrun encode -g evergreen -e "$W" "$S"
lrun list -g evergreen -e pm4 "$W"
lrun list -g "$W"
lrun help "$W"
lrun "$W"
lrun run -g bonaire -e dma --reg "$W=1" "$B"
lrun run -g bonaire -e dma --reg "SDMA0_X=$N" "$B"
lrun run -g bonaire -e dma --zero 0:16 --dump "0:4=$W" "$B"
lrun run -g bonaire -e dma --zero 0:16 --dump "$N:4=x" "$B"
lrun run -g bonaire -e dma --zero 0:16 --picture "0:1x1=$W" "$B"
lrun run -g bonaire -e dma --zero 0:16 --picture "0:1x$N=x" "$B"
lrun lint -g evergreen --rules "$W" "$B"
printf '0x0 %s\n' "$W" >longmap.txt
lrun $D --follow --mem-map longmap.txt "$B"
# encode shows the source line under its message, as compilers do: that
# line is cut at 256 bytes, the message quotes 64
printf '%s\n' "$W" >longline.s
"$G" $ENC longline.s >/dev/null 2>err
has err "a long unknown packet name is quoted cut" "^longline.s:1:1: error: unknown packet Z{64}\.\.\.$"
if awk 'length > 300 { exit 1 }' err; then ok; else bad "encode of a long line: a line of stderr longer than 300 bytes"; fi
# tile's options: its numbers share one parser (--bpp stands for them)
for opt in --mode --micro --bpp --pipe-config --chip --tile-index --modifier; do
	lrun tile info "$opt" "$W"
done
lrun tile info --tile-index "$N"
for opt in --in --out --coords --by; do
	lrun tile pack $TILE "$opt" "$W"
done
lrun tile "$W"
lrun tile info $TILE "$W"
lrun tile addr $TILE "$N" 1
lrun tile addr $TILE --coords "$W"
lrun tile pack $TILE --in "$W" --out x
lrun tile unpack $TILE --in "$E/cik_image.rgba" --out "$W"
lrun tile map $TILE --out "$W"
lrun tile map $TILE --by "$W" --out x.png
lrun modifier "$W"
lrun modifier decode "$N"
lrun modifier decode "$W"
lrun modifier decode "--$W"
lrun modifier decode --bpp "$N" 0x0
lrun modifier encode "$W"
lrun modifier list --gfx "$N"
lrun modifier list --gfx 8 --bpp 32 --pipe-config "$W"
lrun modifier list "--$W"
lrun modifier tile-split --bpp "$N"
lrun modifier tile-split "--$W" 1
lrun sendmsg "$W"
lrun sendmsg "$N"
lrun sendmsg -g "$W" 1
lrun sendmsg "--$W"

finish
