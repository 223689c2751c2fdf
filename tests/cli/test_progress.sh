# The progress indicator of long work (tools/cli.c, cli_progress_*): on a
# terminal it is one line on stderr, redrawn in place and erased before the
# output and at the end; never in a pipe, never with --json, never when the
# decoded units themselves go to the terminal, never for small work unless
# GFXKIT_PROGRESS=always (which lowers only the size and time thresholds).
# The terminal is a pseudo-terminal made by python3's pty module.
. "$(dirname "$0")/lib.sh"

if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import pty' 2>/dev/null; then
	skip "python3 with its pty module is not here: no pseudo-terminal to run gfxkit in"
	finish
	exit $?
fi

# tty OUT gfxkit-args...: run gfxkit with stdin, stdout and stderr on one
# pseudo-terminal; everything it wrote there goes to OUT, its exit status
# to OUT.rc
cat >pty_run.py <<'EOF'
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
got = b""
while True:
    try:
        b = os.read(fd, 65536)
    except OSError:
        break
    if not b:
        break
    got += b
_, st = os.waitpid(pid, 0)
open(sys.argv[1], "wb").write(got)
open(sys.argv[1] + ".rc", "w").write("%d\n" % (os.WEXITSTATUS(st) if os.WIFEXITED(st) else 128))
EOF
tty() {
	tty_out=$1
	shift
	python3 pty_run.py "$tty_out" "$G" "$@"
}
# the indicator's marks: a carriage return and the erase-line sequence
ESC=$(printf '\033')
CR=$(printf '\r')
shows() { # FILE WHAT: the line was drawn (a rate in it) and erased
	if grep -q "MB/s" "$1" && grep -q "$CR$ESC\[K" "$1"; then ok; else bad "$2: no progress line drawn and erased in $1: $(od -c "$1" | head -3)"; fi
}
nothing() { # FILE WHAT: no erase-line sequence, no rate (colour escapes are no progress)
	if grep -q "$ESC\[K\|MB/s" "$1"; then bad "$2: progress marks in $1: $(od -c "$1" | head -3)"; else ok; fi
}
rc_is() { # FILE WHAT RC
	if [ "$(cat "$1.rc")" = "$3" ]; then ok; else bad "$2: exit $(cat "$1.rc"), want $3"; fi
}

cp "$ROOT/examples/cayman_dma.bin" . || exit 1
IN=cayman_dma.bin
# a small file: no indicator, whatever the terminal
tty small check -g cayman -e dma "$IN"
rc_is small "check of a small file on a terminal" 0
nothing small "check of a small file on a terminal"
has small "check of a small file: its summary" "cayman_dma.bin: 0 errors, 0 warnings"

export GFXKIT_PROGRESS=always
# on a terminal: drawn, erased, and the summary line whole after it
tty term check -g cayman -e dma "$IN"
rc_is term "check on a terminal" 0
shows term "check on a terminal"
if tr '\r' '\n' <term | grep -q "^$ESC\[Kcayman_dma.bin: 0 errors, 0 warnings"; then ok; else
	bad "check on a terminal: the line is not erased before the summary: $(od -c term | tail -4)"; fi
# the same in a pipe: nothing on stderr but the summary
"$G" check -g cayman -e dma "$IN" >out 2>err
nothing err "check in a pipe (stderr)"
nothing out "check in a pipe (stdout)"
has err "check in a pipe: its summary" "^cayman_dma.bin: 0 errors, 0 warnings$"
# stderr to a file while stdout is the terminal: stderr is no terminal
python3 pty_run.py term2 /bin/sh -c "\"$G\" check -g cayman -e dma \"$IN\" 2>err2"
nothing err2 "check with stderr to a file"
# JSON never has it, even on a terminal
tty json check --json -g cayman -e dma "$IN"
nothing json "check --json on a terminal"
tty json2 decode --json -g cayman -e dma -o dec.json "$IN"
nothing json2 "decode --json -o FILE on a terminal"
nothing dec.json "decode --json: the JSON file"
# decode showing its units on the terminal: the units are the progress
tty dec decode -g cayman -e dma "$IN"
nothing dec "decode to the terminal"
# decode to a file, watched on the terminal: drawn and erased; the file clean
tty dec2 decode -g cayman -e dma -o dec.txt "$IN"
shows dec2 "decode -o FILE on a terminal"
nothing dec.txt "decode -o FILE: the text"
"$G" decode -g cayman -e dma "$IN" >dec_pipe.txt 2>/dev/null
same dec.txt dec_pipe.txt "decode -o FILE with the indicator on and decode to a pipe"
# run (long work: past a few seconds, or always here)
tty runt run -g bonaire -e dma --mem "0x100000=$ROOT/examples/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 "$ROOT/examples/cik_upload.bin"
rc_is runt "run on a terminal" 0
shows runt "run on a terminal"
"$G" run -g bonaire -e dma --mem "0x100000=$ROOT/examples/cik_image.rgba" --zero 0x200000:0x4000 \
	--zero 0x300000:0x100 "$ROOT/examples/cik_upload.bin" >out 2>err
nothing err "run in a pipe"
# GFXKIT_PROGRESS=never turns it off on a terminal
GFXKIT_PROGRESS=never tty never check -g cayman -e dma "$IN"
nothing never "GFXKIT_PROGRESS=never on a terminal"
unset GFXKIT_PROGRESS
# an input over 64 MB on a terminal, drawn without the variable: checked by
# the unsanitized binary (the sanitized one takes too long over it).  80 MB
# of PM4 type-2 filler (0x80000000, a one-dword packet), 20 million packets,
# given through a pipe that pauses a second after 70 MB: the check of the
# whole 80 MB as a file now takes under the half second before the first
# line on an idle core (0.43 s), so only a pause makes the line certain,
# whatever the machine's speed
if [ -x "$BUILD/gfxkit" ]; then
	python3 -c 'import sys; sys.stdout.buffer.write(b"\x00\x00\x00\x80" * (80 * 1000 * 1000 // 4))' >big.bin
	python3 pty_run.py bigt /bin/sh -c "{ head -c 70000000 big.bin; sleep 1; tail -c 10000000 big.bin; } | \"$BUILD/gfxkit\" check -g evergreen -e pm4 -"
	rc_is bigt "check of an 80 MB input on a terminal" 0
	shows bigt "check of an 80 MB input on a terminal"
	has bigt "check of an 80 MB input: its summary" "<stdin>: 0 errors, 0 warnings"
	"$BUILD/gfxkit" check -g evergreen -e pm4 big.bin >out 2>err
	nothing err "check of an 80 MB file in a pipe"
	rm -f big.bin
else
	skip "no unsanitized gfxkit in $BUILD for the 80 MB file"
fi
finish
