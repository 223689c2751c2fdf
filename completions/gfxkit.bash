# bash completion for gfxkit (installed as share/bash-completion/completions/gfxkit)
_gfxkit()
{
	local cur prev
	cur=${COMP_WORDS[COMP_CWORD]}
	prev=${COMP_WORDS[COMP_CWORD-1]}
	if [ "$COMP_CWORD" -eq 1 ]; then
		COMPREPLY=($(compgen -W "decode encode check list run lint tile modifier sendmsg help --version --help" -- "$cur"))
		return
	fi
	case $prev in
	-e|--engine)
		COMPREPLY=($(compgen -W "pm4 dma isa modifier adreno" -- "$cur"))
		return ;;
	-g|--gpu)
		COMPREPLY=($(compgen -W "r600 rv610 rv630 rv670 r700 rv770 rv730 rv710 evergreen cypress juniper redwood cedar barts turks caicos sumo palm cayman aruba si tahiti pitcairn verde oland hainan cik bonaire kaveri kabini hawaii mullins gfx6 gfx7 gfx8 gfx9 gfx10 gfx10.3 gfx11 gfx12 a3xx a4xx a5xx a6xx a306 a420 a530 a540 a618 a630 a640 a650 a660 a2xx a7xx a320 a690 a730 a740 a750" -- "$cur"))
		return ;;
	-f|--format)
		COMPREPLY=($(compgen -W "auto bin hex radeon-ring klog od hexdump-c xxd umr amdgpu-ring" -- "$cur"))
		return ;;
	-o|--output|--mem-map|--out|--in|--coords)
		COMPREPLY=($(compgen -f -- "$cur"))
		return ;;
	esac
	case ${COMP_WORDS[1]} in
	# each command's options, as `gfxkit help options` lists them
	# (tests/cli/test_options.sh holds these lists to that table)
	decode)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine -f --format -o --output --ring --submit --frame --summary --base --skip --count --max-errors -j --threads --mem --mem-map --no-gzip --follow --strict --json --labels --text --raw --color -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	check)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine -f --format -o --output --ring --submit --frame --bo --base --skip --count --max-errors --mem --mem-map --no-gzip --follow --json --text --raw --color -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	encode)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine -f --format -o --output --max-errors --strict --color -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	list)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine --json --rules -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	run)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine -f --format -o --output --base --skip --count --mem --mem-map --no-gzip --json --zero --reg --dump --picture --trace --state --eop-held --max-packets -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	lint)
		if [[ $cur == -* ]]; then
			COMPREPLY=($(compgen -W "-g --gpu -e --engine -f --format -o --output --base --skip --count --mem --mem-map --no-gzip --follow --json --rules --zero --reg --dump --picture --trace --state --eop-held --max-packets -h --help" -- "$cur"))
		else
			COMPREPLY=($(compgen -f -- "$cur"))
		fi ;;
	modifier)
		[ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "decode encode list tile-split --help" -- "$cur")) ;;
	tile)
		[ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "info addr pack unpack map --help" -- "$cur")) ;;
	esac
}
complete -F _gfxkit gfxkit
