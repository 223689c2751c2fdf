/* The option grammar of decode, check, encode, list, run and lint as one
 * table (tools/cli.h): each row is an option's spellings, what its value
 * is, where it goes in struct cli_opts, the commands it applies to, and
 * every message it can cause.  The parser, the refusals of an option given
 * to a command it is not for, `gfxkit help options` and the test that holds
 * the completion and the man page to the options (tests/cli/test_options.sh)
 * all read this table.  The order is help's, and the refusals': of two
 * options a command is not for, the first row's refusal is said. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "color.h"

#define STR_(x) #x
#define STR(x) STR_(x)
#define AT(member) offsetof(struct cli_opts, member)

/* the command sets */
#define ALL (CLI_DECODE | CLI_CHECK | CLI_ENCODE | CLI_LIST | CLI_RUN | CLI_LINT)
#define STREAMS (CLI_DECODE | CLI_CHECK)
#define EXEC (CLI_RUN | CLI_LINT)

/* One message for the options run and lint have and the others refuse,
 * one for what -e isa refuses: the rows share them. */
#define FOR_RUN "--reg, --dump, --picture, --zero, --trace, --state, --eop-held and --max-packets are for run"
#define NOT_ISA "--bo and --raw are not options of -e isa"

const struct cli_option cli_options[] = {
	{ "--gpu", "-g", CLI_ARG_STRING, "GPU", AT(gpu), 0, 0, ALL, 0, "needs a value", 0, NULL, NULL, NULL,
	  "the GPU (a generation or chip name; gfxkit --help lists them)" },
	{ "--engine", "-e", CLI_ARG_STRING, "ENGINE", AT(engine), 0, 0, ALL, 0, "needs a value", 0, NULL, NULL, NULL,
	  "pm4, dma, adreno, isa or modifier (without it: the first engine that knows the GPU)" },
	{ "--format", "-f", CLI_ARG_STRING, "FORMAT", AT(format), 0, 0, STREAMS | CLI_ENCODE | EXEC, 0, "needs a value", 0,
	  NULL, NULL, NULL, "the input's form (decode, check, run, lint) or encode's output: bin or hex" },
	{ "--output", "-o", CLI_ARG_STRING, "OUT", AT(out), 0, 0, STREAMS | CLI_ENCODE | EXEC, 0, "needs a value", 0, NULL,
	  NULL, NULL, "write to OUT (replaced only when the command keeps what it wrote)" },
	{ "--ring", NULL, CLI_ARG_STRING, "NAME", AT(ring), 0, 0, STREAMS, 0, "needs a value", 0, NULL, NULL, NULL,
	  "the devcoredump ring to read (by default the one that timed out)" },
	{ "--submit", NULL, CLI_ARG_NUMBER, "N", AT(submit), AT(has_submit), 0, STREAMS, 0,
	  "takes a number (0x hex or decimal)", 1, NULL, NULL, "--submit is for decode and check",
	  "only submit N (from 0) of an .rd capture" },
	{ "--frame", NULL, CLI_ARG_NUMBER, "N", AT(submit), AT(has_submit), 0, STREAMS, 0,
	  "takes a number (0x hex or decimal)", 1, NULL, NULL, "--frame is for decode and check",
	  "cffdump's spelling of --submit N (its --frame counts submits)" },
	{ "--summary", NULL, CLI_ARG_FLAG, NULL, AT(summary), 0, 0, CLI_DECODE, 0, NULL, 0, NULL, NULL,
	  "--summary is for decode", "-e adreno: each submit's draws, blits and dispatches with their render targets" },
	{ "--bo", NULL, CLI_ARG_RANGES, "BASE:SIZE", AT(bos), AT(nbos), CLI_MAX_BOS, CLI_CHECK, CLI_ISA_NO,
	  "takes BASE:SIZE (0x hex or decimal, ending at most at 2^64)", 2, "needs BASE:SIZE",
	  "more than " STR(CLI_MAX_BOS) " --bo buffers", "--bo is for check",
	  "a buffer the stream may touch (repeatable): every range a packet reads or writes must lie inside one" },
	{ "--base", NULL, CLI_ARG_NUMBER, "ADDR", AT(base), AT(has_base), 0, STREAMS | EXEC, 0,
	  "takes a number (0x hex or decimal)", 1, NULL, NULL, NULL, "the GPU address of the first unit" },
	{ "--skip", NULL, CLI_ARG_NUMBER, "N", AT(skip), 0, 0, STREAMS | EXEC, 0, "takes a number (0x hex or decimal)", 1, NULL,
	  NULL, NULL, "skip the first N units" },
	{ "--count", NULL, CLI_ARG_NUMBER, "N", AT(count), 0, 0, STREAMS | EXEC, 0, "takes a number (0x hex or decimal)", 1, NULL,
	  NULL, NULL, "read N units at most" },
	{ "--max-errors", NULL, CLI_ARG_NUMBER, "N", AT(max_errors), AT(has_max_errors), 0, STREAMS | CLI_ENCODE, 0,
	  "takes a number (0x hex or decimal)", 1, NULL, NULL, NULL,
	  "diagnostics shown at most, then a count of the rest (0: all; check 1000, encode 100)" },
	{ "--threads", "-j", CLI_ARG_NUMBER, "N", AT(threads), AT(has_threads), 0, CLI_DECODE, 0,
	  "takes a number (0x hex or decimal)", 1, NULL, NULL, "--threads is for decode",
	  "threads a decode may use (default: the cores not busy with other work, at most 8; 1: one); the same output" },
	{ "--mem", NULL, CLI_ARG_LIST, "ADDR=FILE", AT(mem), AT(nmem), CLI_MAX_MEMS, STREAMS | EXEC, 0, "takes ADDR=FILE",
	  0, NULL, "more than " STR(CLI_MAX_MEMS) " --mem images (use --mem-map)", NULL,
	  "a memory image at ADDR, FILE in any FORMAT (repeatable)" },
	{ "--mem-map", NULL, CLI_ARG_STRING, "FILE", AT(mem_map), 0, 0, STREAMS | EXEC, 0,
	  "takes a FILE of 'ADDR FILE' lines", 0, NULL, NULL, NULL, "memory images listed as 'ADDR FILE' lines" },
	{ "--no-gzip", NULL, CLI_ARG_FLAG, NULL, AT(no_gzip), 0, 0, STREAMS | EXEC, 0, NULL, 0, NULL, NULL, NULL,
	  "read the input's bytes as they are: one starting with a gzip header (1f 8b 08) is otherwise inflated" },
	{ "--follow", NULL, CLI_ARG_FLAG, NULL, AT(follow), 0, 0, STREAMS | CLI_LINT, 0, NULL, 0, NULL, NULL, NULL,
	  "decode indirect buffers where they appear, from the memory images" },
	{ "--strict", NULL, CLI_ARG_FLAG, NULL, AT(strict), 0, 0, CLI_DECODE | CLI_ENCODE, 0, NULL, 0, NULL, NULL,
	  "--strict is for decode and encode (check always judges)",
	  "decode: exit 1 after an error diagnostic; encode: the checker's findings are errors" },
	{ "--json", NULL, CLI_ARG_FLAG, NULL, AT(json), 0, 0, STREAMS | CLI_LIST | EXEC, 0, NULL, 0, NULL, NULL,
	  "--json is for decode, check and list", "JSON Lines (docs/json.md)" },
	{ "--labels", NULL, CLI_ARG_FLAG, NULL, AT(labels), 0, 0, CLI_DECODE, CLI_ISA_ONLY, NULL, 0, NULL, NULL,
	  "--labels is for decode -e isa", "ir3 branch targets as labels" },
	{ "--text", NULL, CLI_ARG_FLAG, NULL, AT(text), 0, 0, STREAMS, 0, NULL, 0, NULL, NULL, NULL,
	  "with --json: each unit's text line too" },
	{ "--raw", NULL, CLI_ARG_FLAG, NULL, AT(raw), 0, 0, STREAMS, CLI_ISA_NO, NULL, 0, NULL, NULL, NULL,
	  "each unit's words too" },
	{ "--color", NULL, CLI_ARG_COLOR, "WHEN", AT(color), 0, 0, STREAMS | CLI_ENCODE, 0,
	  "takes auto, always or never", 2, NULL, NULL, NULL,
	  "auto, always or never (--color=WHEN too): colour the output and encode's messages" },
	{ "--rules", NULL, CLI_ARG_RULES, "LIST", AT(rules), AT(list_rules), 0, CLI_LINT | CLI_LIST, 0,
	  "takes a list of rule ids and sections (gfxkit list --rules)", 0, NULL, NULL,
	  "--rules LIST is for lint (list --rules prints the rules)",
	  "lint: the rules to test (ids or sections, '-' removes); list --rules: the rule table" },
	{ "--zero", NULL, CLI_ARG_RANGES, "ADDR:SIZE", AT(zeros), AT(nzeros), CLI_MAX_MEMS, EXEC, 0,
	  "takes ADDR:SIZE (0x hex or decimal; at most " STR(CLI_MAX_MEMS) ")", 1, NULL, NULL, FOR_RUN,
	  "writable memory that starts zeroed (repeatable)" },
	{ "--reg", NULL, CLI_ARG_LIST, "NAME=VALUE", AT(regs), AT(nregs), CLI_MAX_MEMS, EXEC, 0, "takes NAME=VALUE", 0,
	  NULL, "more than " STR(CLI_MAX_MEMS) " --reg options", FOR_RUN,
	  "set a register (by name or byte address) before the run" },
	{ "--dump", NULL, CLI_ARG_LIST, "ADDR:SIZE=FILE", AT(dumps), AT(ndumps), CLI_MAX_MEMS, EXEC, 0,
	  "takes ADDR:SIZE=FILE", 0, NULL, "more than " STR(CLI_MAX_MEMS) " --dump options", FOR_RUN,
	  "write memory after the run to FILE" },
	{ "--picture", NULL, CLI_ARG_LIST, "ADDR:WxH=FILE.png", AT(pictures), AT(npictures), CLI_MAX_MEMS, EXEC, 0,
	  "takes ADDR:WIDTHxHEIGHT=FILE.png", 0, NULL, "more than " STR(CLI_MAX_MEMS) " --picture options", FOR_RUN,
	  "memory after the run as a picture of 32-bit pixels" },
	{ "--trace", NULL, CLI_ARG_FLAG, NULL, AT(trace), 0, 0, EXEC, 0, NULL, 0, NULL, NULL, FOR_RUN,
	  "each packet with the bytes it read and wrote and the registers it set" },
	{ "--state", NULL, CLI_ARG_FLAG, NULL, AT(state), 0, 0, EXEC, 0, NULL, 0, NULL, NULL, FOR_RUN,
	  "the register state at each draw and dispatch" },
	{ "--eop-held", NULL, CLI_ARG_FLAG, NULL, AT(eop_held), 0, 0, EXEC, 0, NULL, 0, NULL, NULL, FOR_RUN,
	  "end-of-pipe writes never land (draws that never finish): waits on their fences stall" },
	{ "--max-packets", NULL, CLI_ARG_NUMBER, "N", AT(max_packets), 0, 0, EXEC, 0, "takes a number", 0, NULL, NULL,
	  FOR_RUN, "stop after N packets" },
	{ "--help", "-h", CLI_ARG_HELP, NULL, 0, 0, 0, ALL, 0, NULL, 0, NULL, NULL, NULL, "the command's usage" },
	{ NULL, NULL, CLI_ARG_FLAG, NULL, 0, 0, 0, 0, 0, NULL, 0, NULL, NULL, NULL, NULL },
};
/* struct cli_opts.given has a bit a row */
_Static_assert(sizeof cli_options / sizeof cli_options[0] <= 64, "more options than bits in cli_opts.given");

/* The command names of the grammar, by bit (CLI_DECODE is bit 0) */
static const char *const command_names[] = { "decode", "check", "encode", "list", "run", "lint" };

unsigned cli_command_bit(const char *name)
{
	for (unsigned i = 0; name && i < sizeof command_names / sizeof command_names[0]; i++)
		if (!strcmp(command_names[i], name))
			return 1u << i;
	return 0;
}

/* The row a command-line word names ("--color=WHEN" included: *value then
 * points after the '='), or NULL */
static const struct cli_option *find_option(const char *a, const char **value)
{
	*value = NULL;
	for (const struct cli_option *opt = cli_options; opt->name; opt++) {
		if (!strcmp(a, opt->name) || (opt->short_name && !strcmp(a, opt->short_name)))
			return opt;
		size_t n = strlen(opt->name);
		if (opt->arg == CLI_ARG_COLOR && !strncmp(a, opt->name, n) && a[n] == '=') {
			*value = a + n + 1;
			return opt;
		}
	}
	return NULL;
}

const struct cli_option *cli_option_named(const char *name)
{
	const char *value;
	return find_option(name, &value);
}

/* "gfxkit: OPT NEEDS[, not VALUE]": what is wrong with an option's value,
 * the value shown as the row says (value NULL: it is missing) */
static void say_needs(const struct cli_option *opt, const char *typed, const char *value, const char *needs)
{
	const char *q = opt->show_value == 2 ? "'" : "";
	if (value && opt->show_value)
		fprintf(stderr, "%s: %s %s, not %s%s%s\n", CLI_PROG, CLI_Q(typed), needs, q, CLI_Q(value), q);
	else
		fprintf(stderr, "%s: %s %s\n", CLI_PROG, CLI_Q(typed), needs);
}

/* BASE:SIZE; the range may end at 2^64 but not past it */
static int parse_range(const char *s, struct gk_bo *bo)
{
	const char *colon = strchr(s, ':');
	uint64_t base, size; /* 0x hex or decimal (a leading 0 is not octal) */
	if (!colon || gk_parse_uint(s, (size_t)(colon - s), &base) || gk_parse_uint(colon + 1, strlen(colon + 1), &size))
		return -1;
	if (size && base + (size - 1) < base)
		return -1;
	bo->base = base;
	bo->size = size;
	return 0;
}

/* One option and its value (argv[*i + 1] unless inline); 0, 1 for --help,
 * -1 after saying what is wrong */
static int take(struct cli_opts *o, unsigned cmd, const struct cli_option *opt, const char *typed,
		const char *inline_value, int argc, char **argv, int *i)
{
	char *dest = (char *)o + opt->dest;
	unsigned *count = (unsigned *)((char *)o + opt->count);
	const char *v = NULL;
	switch (opt->arg) {
	case CLI_ARG_HELP:
		return 1;
	case CLI_ARG_FLAG:
		*(int *)dest = 1;
		return 0;
	case CLI_ARG_RULES:
		/* list --rules takes no value; lint --rules LIST does */
		if (cmd & CLI_LIST) {
			*(int *)((char *)o + opt->count) = 1; /* the flag list_rules */
			return 0;
		}
		break;
	case CLI_ARG_COLOR:
		/* --color=WHEN, or --color WHEN; a missing WHEN is an empty one */
		v = inline_value ? inline_value : ++*i < argc ? argv[*i] : "";
		if (cli_color_parse(v, (int *)dest)) {
			say_needs(opt, opt->name, v, opt->needs);
			return -1;
		}
		return 0;
	default:
		break;
	}
	if (++*i >= argc) {
		say_needs(opt, typed, NULL, opt->missing ? opt->missing : opt->needs);
		return -1;
	}
	v = argv[*i];
	switch (opt->arg) {
	case CLI_ARG_STRING:
	case CLI_ARG_RULES:
		*(const char **)dest = v;
		return 0;
	case CLI_ARG_NUMBER:
		if (gk_parse_uint(v, strlen(v), (uint64_t *)dest)) {
			say_needs(opt, typed, v, opt->needs);
			return -1;
		}
		if (opt->count)
			*(int *)((char *)o + opt->count) = 1; /* the has_ flag */
		return 0;
	case CLI_ARG_LIST:
		if (!strchr(v, '=')) {
			say_needs(opt, typed, NULL, opt->needs);
			return -1;
		}
		if (*count == opt->max) {
			fprintf(stderr, "%s: %s\n", CLI_PROG, opt->full);
			return -1;
		}
		((const char **)dest)[(*count)++] = v;
		return 0;
	case CLI_ARG_RANGES:
		if (*count == opt->max && opt->full) {
			fprintf(stderr, "%s: %s\n", CLI_PROG, opt->full);
			return -1;
		}
		if (*count == opt->max || parse_range(v, (struct gk_bo *)dest + *count) != 0) {
			say_needs(opt, typed, v, opt->needs);
			return -1;
		}
		++*count;
		return 0;
	default:
		return 0;
	}
}

int cli_parse_args(int argc, char **argv, unsigned cmd, struct cli_opts *o)
{
	memset(o, 0, sizeof *o);
	if (argc < 2)
		return -1;
	o->cmd = argv[1];
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i], *inline_value;
		const struct cli_option *opt = find_option(a, &inline_value);
		if (opt) {
			o->given |= 1ull << (opt - cli_options);
			int r = take(o, cmd, opt, a, inline_value, argc, argv, &i);
			if (r)
				return r;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "%s: unknown option %s\n", CLI_PROG, CLI_Q(a));
			return -1;
		} else if (o->nfiles < CLI_MAX_FILES) {
			o->files[o->nfiles++] = a;
			o->file = o->files[0];
		} else {
			fprintf(stderr, "%s: more than %d input files (%s)\n", CLI_PROG, CLI_MAX_FILES, CLI_Q(a));
			return -1;
		}
	}
	return 0;
}

bool cli_option_given(const struct cli_opts *o, const struct cli_option *opt)
{
	return opt && (o->given >> (opt - cli_options) & 1) != 0;
}

const char *cli_isa_refusal(const struct cli_opts *o)
{
	for (const struct cli_option *opt = cli_options; opt->name; opt++)
		if (cli_option_given(o, opt) && opt->isa == CLI_ISA_NO)
			return NOT_ISA;
	return NULL;
}

const char *cli_refusal(const struct cli_opts *o, unsigned cmd, bool isa)
{
	for (const struct cli_option *opt = cli_options; opt->name; opt++)
		if (cli_option_given(o, opt) && opt->refusal &&
		    (!(opt->cmds & cmd) || (opt->isa == CLI_ISA_ONLY && !isa)))
			return opt->refusal;
	return NULL;
}

void cli_print_options(FILE *f)
{
	fprintf(f, "The options of decode, check, encode, list, run and lint, and the commands each is for\n"
		   "(an option given to a command it is not for is refused, or ignored where it says so):\n");
	for (const struct cli_option *opt = cli_options; opt->name; opt++) {
		char spell[64], cmds[64] = "";
		snprintf(spell, sizeof spell, "%s%s%s%s%s", opt->short_name ? opt->short_name : "",
			 opt->short_name ? ", " : "", opt->name, opt->value ? " " : "", opt->value ? opt->value : "");
		for (unsigned i = 0; i < sizeof command_names / sizeof command_names[0]; i++)
			if (opt->cmds >> i & 1)
				snprintf(cmds + strlen(cmds), sizeof cmds - strlen(cmds), "%s%s", *cmds ? "," : "",
					 command_names[i]);
		fprintf(f, "  %-28s %-36s %s%s%s\n", spell, cmds, opt->help,
			opt->isa == CLI_ISA_NO ? " (not with -e isa)" : opt->isa == CLI_ISA_ONLY ? " (-e isa only)" : "",
			opt->refusal || opt->isa == CLI_ISA_NO || (opt->cmds & ALL) == ALL ? "" : " [ignored elsewhere]");
	}
}
