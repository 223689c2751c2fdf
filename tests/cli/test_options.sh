# The option table (tools/cli_options.c) against what documents it: every
# option `gfxkit help options` lists is in the man page, the bash completion
# offers each command exactly the options the table gives that command, and
# each refusal the table holds is what the tool says.
. "$(dirname "$0")/lib.sh"

says "help options" 0 out '^  -g, --gpu GPU +decode,check,encode,list,run,lint ' help options
"$G" help options >table 2>/dev/null

# the options the table gives command $1, one a line, sorted
table_opts() {
	awk -v c="$1" '
	/^  -/ {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^(decode|check|encode|list|run|lint)(,|$)/) {
				n = split($i, a, ",")
				for (j = 1; j <= n; j++)
					if (a[j] == c)
						for (k = 1; k < i; k++)
							if ($k ~ /^-/) { o = $k; sub(/,$/, "", o); print o }
				break
			}
		}
	}' table | sort -u
}

# every long option is in the man page (as roff writes it: \-\-name)
n=0
for o in $(table_opts decode; table_opts check; table_opts encode; table_opts list; table_opts run; table_opts lint); do
	case $o in --*) ;; *) continue ;; esac
	n=$((n + 1))
	m=$(printf '%s' "$o" | sed 's/-/\\\\-/g')
	if grep -q -- "$m" "$ROOT/docs/gfxkit.1"; then ok; else bad "docs/gfxkit.1 does not mention $o"; fi
done
[ "$n" -ge 25 ] && ok || bad "help options lists $n long options (want 25 or more)"

# the completion offers each command its options, no more and no fewer
if command -v bash >/dev/null 2>&1; then
	for c in decode check encode list run lint; do
		table_opts "$c" >want
		bash -c '. "$1"; COMP_WORDS=(gfxkit "$2" -); COMP_CWORD=2; _gfxkit; printf "%s\n" "${COMPREPLY[@]}"' \
			sh "$ROOT/completions/gfxkit.bash" "$c" | sort -u >got
		if [ -s want ] && cmp -s want got; then ok; else
			bad "completion of $c differs from the option table: $(diff want got | grep '^[<>]' | tr '\n' ' ')"
		fi
	done
else
	skip "no bash to run the completion"
fi

# the refusals the table holds, as the tool says them (exit 2)
printf 'NOP\n' >nop.s
says "--bo refused by decode" 2 err '^gfxkit: --bo is for check$' decode -g cayman -e dma --bo 0:4 nop.s
says "--strict refused by check" 2 err '^gfxkit: --strict is for decode and encode \(check always judges\)$' \
	check -g evergreen --strict nop.s
says "--json refused by encode" 2 err '^gfxkit: --json is for decode, check and list$' encode -g evergreen --json nop.s
says "--rules refused by decode" 2 err '^gfxkit: --rules LIST is for lint \(list --rules prints the rules\)$' \
	decode -g evergreen --rules all nop.s
for o in "--reg A=1" "--dump 0:4=x" "--picture 0:1x1=x.png" "--zero 0:4" --trace --state --eop-held "--max-packets 1"; do
	# shellcheck disable=SC2086
	says "$o refused by check" 2 err '^gfxkit: --reg, --dump, --picture, --zero, --trace, --state, --eop-held and --max-packets are for run$' \
		check -g evergreen $o nop.s
done
says "--labels refused without -e isa" 2 err '^gfxkit: --labels is for decode -e isa$' decode -g evergreen --labels nop.s
says "--raw refused with -e isa" 2 err '^gfxkit: --bo and --raw are not options of -e isa$' decode -e isa -g a630 --raw nop.s
# an option the table says a command ignores is accepted there
run "--follow ignored by encode" 0 encode -g evergreen --follow -o /dev/null nop.s
run "--trace taken by lint" 0 lint -g evergreen --trace "$ROOT/examples/evergreen_compute.bin"

# the parser's messages for each kind of value
says "a string without its value" 2 err '^gfxkit: -g needs a value$' decode -g
says "a number that is not one" 2 err '^gfxkit: --skip takes a number \(0x hex or decimal\), not 12x$' decode -g evergreen --skip 12x
says "a list entry without =" 2 err '^gfxkit: --mem takes ADDR=FILE$' decode -g evergreen --mem nop.s
says "a range that is not one" 2 err "^gfxkit: --bo takes BASE:SIZE \\(0x hex or decimal, ending at most at 2\\^64\\), not '1'$" \
	check -g evergreen --bo 1 nop.s
says "--color=WHEN" 2 err "^gfxkit: --color takes auto, always or never, not 'red'$" decode -g evergreen --color=red nop.s
says "an unknown option" 2 err '^gfxkit: unknown option --frob$' decode -g evergreen --frob nop.s
finish
