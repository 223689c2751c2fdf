#!/bin/sh
# JSON output is valid UTF-8 whatever the input text holds:
# sh tests/cli/test_json_utf8.sh path/to/gfxkit.  The input is echoed in
# "input"; ill-formed UTF-8 comes out as \ufffd (one per maximal subpart),
# well-formed UTF-8 as it is.
. "$(dirname "$0")/lib.sh"

ff=$(printf '\377')
cut=$(printf '\342\202')         # the first two bytes of U+20AC
euro=$(printf '\342\202\254')
sur=$(printf '\355\240\200')     # U+D800 in three bytes
over=$(printf '\300\257')        # overlong '/'

run "invalid byte" 1 sendmsg --json "$ff"
has out "invalid byte" '^\{"input":"\\ufffd","error":\{"col":1,'
run "truncated" 1 sendmsg --json "sendmsg(MSG_$cut)"
has out "truncated" '^\{"input":"sendmsg\(MSG_\\ufffd\)","error":'
run "surrogate" 1 sendmsg --json "x$sur"
has out "surrogate" '^\{"input":"x\\ufffd\\ufffd\\ufffd","error":'
run "overlong" 1 sendmsg --json "$over"
has out "overlong" '^\{"input":"\\ufffd\\ufffd","error":'
run "well-formed" 1 sendmsg --json "sendmsg(MSG_$euro)"
has out "well-formed" "^\\{\"input\":\"sendmsg\\(MSG_$euro\\)\",\"error\":"
run "mixed" 1 sendmsg --json "$ff" 0x122 "$euro$ff$cut"
lines out "mixed" 3
has out "mixed" '^\{"input":"0x122","value":290,'
has out "mixed" "^\\{\"input\":\"$euro\\\\ufffd\\\\ufffd\",\"error\":"

# no ill-formed byte reaches the output of any of these runs
run "all" 1 sendmsg --json "$ff" "$cut" "$sur" "$over" "$(printf 'a\365\200\200\200')" "$(printf '\364\220\200\200')"
lines out "all" 6
if LC_ALL=C grep -q "$(printf '[\200-\377]')" out; then bad "all: non-ASCII bytes in the output"; else ok; fi
if command -v iconv >/dev/null 2>&1; then
	if iconv -f UTF-8 -t UTF-8 out >/dev/null 2>&1; then ok; else bad "all: iconv rejects the output"; fi
else
	skip "iconv not installed: its UTF-8 check of the output not run"
fi
finish
