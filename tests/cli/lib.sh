# What every CLI test script shares; a script sources it first:
#   . "$(dirname "$0")/lib.sh"
# with the gfxkit binary as its first argument.  It sets G (the binary, an
# absolute path), ROOT (the repository), BUILD (the binary's folder) and
# runs the script in a fresh temporary folder that is removed at exit.
# Helpers keep ./out and ./err of the last run; `skip REASON` says on a
# "# SKIPPED: REASON" line what could not be checked here (an absent corpus
# or tool), which tests/run.sh counts; `finish` prints "# passed=N failed=M"
# and is the script's exit status (a script that checked nothing and
# skipped nothing fails).
G=${1:?usage: sh $0 path/to/gfxkit}
case $G in /*) ;; *) G=$(pwd)/$G ;; esac
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(dirname "$G")
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 1' INT TERM HUP
cd "$T" || exit 1

pass=0
fail=0
skipped=0
ok() { pass=$((pass + 1)); }
skip() {
	skipped=$((skipped + 1))
	echo "# SKIPPED: $*"
}
bad() {
	fail=$((fail + 1))
	echo "FAIL $*"
	if [ -s out ]; then echo "  stdout:"; head -5 out | sed 's/^/    /'; fi
	if [ -s err ]; then echo "  stderr:"; head -5 err | sed 's/^/    /'; fi
}

# run WHAT RC gfxkit-args...: run, keep stdout in ./out and stderr in ./err,
# and check the exit status (and that no sanitizer spoke)
run() {
	what=$1 want=$2
	shift 2
	"$G" "$@" >out 2>err
	rc=$?
	if [ "$rc" -eq "$want" ]; then ok; else bad "$what: exit $rc, want $want (gfxkit $*)"; fi
	if grep -q 'runtime error\|AddressSanitizer\|LeakSanitizer' err; then bad "$what: sanitizer report"; fi
}
# says WHAT RC FILE ERE gfxkit-args...: run, then FILE (out or err) has a
# line matching ERE
says() {
	says_what=$1 says_rc=$2 says_file=$3 says_ere=$4
	shift 4
	run "$says_what" "$says_rc" "$@"
	has "$says_file" "$says_what" "$says_ere"
}
# has FILE WHAT ERE: FILE has a line matching ERE; hasnot: it has none
has() {
	if grep -Eq -- "$3" "$1"; then ok; else bad "$2: no line matching /$3/ in $1"; fi
}
hasnot() {
	if grep -Eq -- "$3" "$1"; then bad "$2: unexpected line matching /$3/ in $1"; else ok; fi
}
# same A B WHAT: the files are equal (the first lines of their diff when not)
same() {
	if cmp -s "$1" "$2"; then ok; else bad "$3: $1 and $2 differ"; diff "$1" "$2" | head -10; fi
}
empty() {
	if [ -s "$1" ]; then bad "$2: $1 not empty"; else ok; fi
}
# lines FILE WHAT N: FILE has N lines
lines() {
	n=$(wc -l <"$1" | tr -d ' ')
	if [ "$n" -eq "$3" ]; then ok; else bad "$2: $n lines in $1, want $3"; fi
}

finish() {
	if [ "$pass" -eq 0 ] && [ "$fail" -eq 0 ] && [ "$skipped" -eq 0 ]; then
		echo "FAIL checked nothing: no check ran and nothing was reported skipped"
		fail=1
	fi
	echo "# passed=$pass failed=$fail"
	[ "$fail" -eq 0 ]
}
