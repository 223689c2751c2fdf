/* gfxkit: the command-line shell over libgfxkit (decode, encode, check). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "cli.h"
#include "commands.h"

static const char *const prog = CLI_PROG;

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -g GPU -e ENGINE [-f FORMAT] [INPUT OPTIONS] [--json [--text]] [--raw] [--strict] [-j N] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -g GPU -e ENGINE [-f bin|hex] [--max-errors N] [--strict] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -g GPU -e ENGINE [-f FORMAT] [INPUT OPTIONS] [--json [--text]] [--bo BASE:SIZE]... [--max-errors N] [-o OUT] [FILE|-]\n"
		"       gfxkit list   -g GPU -e ENGINE [NAME] [--json]   (the packets GPU has; with NAME, one packet's fields)\n"
		"       gfxkit run    -g GPU -e dma|pm4 [--mem ADDR=FILE]... [--zero ADDR:SIZE]... [--reg NAME=VALUE]...\n"
		"                     [--dump ADDR:SIZE=FILE]... [--picture ADDR:WxH=FILE.png]... [--trace] [--state]\n"
		"                     [--eop-held] [--json] [--max-packets N] [FILE|-]\n"
		"                     (execute the stream on a memory image: gfxkit help run)\n"
		"       gfxkit lint   -g evergreen|cayman [--mem ADDR=FILE]... [--reg NAME=VALUE]... [--rules LIST] [--json] [FILE|-]\n"
		"                     (the guide's programming rules at every draw and dispatch; gfxkit list --rules)\n"
		"       gfxkit tile   info|addr|pack|unpack|map SURFACE ...   (GFX6-8 tiling; gfxkit tile --help)\n"
		"       gfxkit modifier decode|encode|list|tile-split ...   (DRM format modifiers; --help)\n"
		"       gfxkit sendmsg [-g GPU] [--json] ARG...   (AMDGPU s_sendmsg operand: value <-> text)\n"
		"       gfxkit --version;  gfxkit help CMD (or gfxkit CMD --help): one command's usage\n"
		"check judges (exit 1 on errors), decode shows (exit 0 whatever it shows), decode --strict judges while showing\n"
		"ENGINE: pm4, dma, adreno, or isa (without -e: the first that knows the GPU, pm4 first): -g gfx6..gfx11 / AMDGPU chip names (s_sendmsg, s_sendmsghalt)\n"
		"       or -g a3xx..a7xx / Adreno ids such as a630 (ir3 instructions); gfxkit decode -e isa -g GPU --help\n"
		"       or modifier: 64-bit DRM format modifiers (hex text of 16 digits, or 8 bytes each, binary)\n"
		"--bo BASE:SIZE (hex or decimal, repeatable): a buffer the stream may read or write;\n"
		"       with any --bo, every memory range a packet touches must lie inside one\n"
		"FORMAT: %s\n"
		"       (auto recognises each by its first lines; text in no known form is refused)\n"
		"INPUT OPTIONS: --base ADDR (the first unit's GPU address), --skip N, --count N (units),\n"
		"       --follow (decode indirect buffers where they appear, from memory images:)\n"
		"       --mem ADDR=FILE (repeatable; FILE in any FORMAT), --mem-map FILE ('ADDR FILE' lines)\n"
		"       --ring NAME (devcoredump: the ring to read, e.g. gfx_0.0.0; by default the one that timed out)\n"
		"--color=auto|always|never: colour decode and check output and encode's messages on stderr\n"
		"       (auto: on a terminal, unless NO_COLOR is set)\n"
		"--max-errors N: diagnostics shown at most, then a count of the rest (0: all; check 1000, encode 100);\n"
		"       encode runs the checker on what it builds: warnings, or errors with --strict\n"
		"-j N (--threads N): decode a long stream on up to N threads (default: the machine's cores not busy\n"
		"       with other work, at most 8; 1: one); the output is the same bytes\n"
		"GPU for pm4: %s\n"
		"GPU for dma: %s\n"
		"GPU for modifier: %s\n",
		gk_in_format_list(), gk_pm4_gpu_help(), gk_dma_gpu_help(), gk_engine_gpu_help("modifier"));
}

/* The usage texts of the instruction-set engines, by the engine's name: the
 * registry says which one `-e isa -g GPU` is (gk_engine_open("isa", GPU)).
 * Every engine runs the same way (main below). */
static const struct engine_usage {
	const char *engine;
	void (*usage)(FILE *f);
} engine_usages[] = {
	{ "amdgpu", amdgpu_isa_usage },
	{ "ir3", cmd_ir3_usage },
	{ NULL, NULL },
};

/* The last value of option name in argv (as cli_parse_args keeps it), by
 * either of the row's spellings; read even when the arguments are wrong,
 * for the engine's own usage */
static const char *arg_value(int argc, char **argv, const char *name)
{
	const struct cli_option *opt = cli_option_named(name);
	const char *v = NULL;
	for (int i = 2; opt && i + 1 < argc; i++)
		if (cli_option_named(argv[i]) == opt)
			v = argv[++i];
	return v;
}

/* The usage text for -e engine -g gpu; NULL for -e isa with a GPU of no
 * instruction set. */
static void (*usage_for(const char *engine, const char *gpu))(FILE *f)
{
	struct gk_engine *e = engine && !strcmp(engine, "isa") ? gk_engine_open("isa", gpu, NULL) : NULL;
	const char *name = e ? gk_engine_name(e) : engine;
	const struct engine_usage *u = engine_usages;
	while (u->engine && (!name || strcmp(u->engine, name)))
		u++;
	gk_engine_close(e);
	if (engine && !strcmp(engine, "isa") && !u->engine)
		return NULL;
	return u->engine ? u->usage : usage;
}

/* Each command's own usage: gfxkit CMD --help, gfxkit help CMD */
static const char help_decode[] =
	"usage: gfxkit decode -g GPU [-e ENGINE] [-f FORMAT] [INPUT OPTIONS] [--json [--text]] [--raw]\n"
	"                     [--strict] [--color=WHEN] [--max-errors N] [-j N] [-o OUT] [FILE|-]...\n"
	"  Print every unit (packet, instruction, modifier) of each input with its fields by name, the\n"
	"  diagnostics under it; what cannot be decoded is shown raw, and the text encodes back to the\n"
	"  same bytes.  --json: one object per unit (docs/json.md), --text adds each unit's text line;\n"
	"  --raw adds each unit's words.  FORMAT: auto (the default) or one of the dump forms of\n"
	"  gfxkit --help; INPUT OPTIONS: --base ADDR, --skip N, --count N, --follow with --mem\n"
	"  ADDR=FILE / --mem-map FILE, --ring NAME.  decode shows, check judges: exit 0 whatever\n"
	"  the diagnostics say, 2 when an input cannot be read or the output written; --strict judges\n"
	"  while showing: exit 1 when an error diagnostic was found (warnings do not count).\n"
	"  An amdgpu devcoredump without -e and --ring is decoded whole: the GPU from the dump (-g\n"
	"  overrides), its page fault and registers, then every ring with its own engine, the hung\n"
	"  one first (gfxkit decode /sys/class/drm/card0/device/devcoredump/data).  -j N (--threads):\n"
	"  up to N threads share a long stream (default: the cores not busy with other work, at most\n"
	"  8); the output is the same bytes as with one.\n";

static const char help_check[] =
	"usage: gfxkit check -g GPU [-e ENGINE] [-f FORMAT] [INPUT OPTIONS] [--json [--text]]\n"
	"                    [--bo BASE:SIZE]... [--color=WHEN] [--max-errors N] [-o OUT] [FILE|-]...\n"
	"  Print only what is wrong, one line per diagnostic: FILE:0xOFFSET: error|warning: PACKET:\n"
	"  dwN[hi:lo]: message (the path through indirect buffers with --follow), then a summary on\n"
	"  stderr.  --bo: buffers the stream may touch; with any, every byte range a packet reads or\n"
	"  writes must lie inside one.  Shows 1000 diagnostics unless --max-errors N (0: all).\n"
	"  Exit 0 when there are no errors, 1 when there are, 2 when an input cannot be read.\n";

static const char help_encode[] =
	"usage: gfxkit encode -g GPU [-e ENGINE] [-f bin|hex] [--max-errors N] [--strict] [--color=WHEN]\n"
	"                     [-o OUT] [FILE|-]\n"
	"  Assemble the text decode prints (or written by hand) into words: binary, or hex words with\n"
	"  -f hex.  Errors show the line and a caret under the column (coloured when stderr is a\n"
	"  terminal, or with --color=always: error red, warning yellow); -o OUT is written only when\n"
	"  there were none.  The checker runs on each packet built: its findings are warnings (the\n"
	"  bytes are written as given), errors with --strict.  Exit 0, 1 after errors, 2 for I/O.\n";

static const char help_run[] =
	"usage: gfxkit run -g GPU [-e dma|pm4] [-f FORMAT] [--base ADDR] [--mem ADDR=FILE]... [--mem-map FILE]\n"
	"                  [--zero ADDR:SIZE]... [--reg NAME=VALUE]... [--dump ADDR:SIZE=FILE]...\n"
	"                  [--picture ADDR:WxH=FILE.png]... [--trace]\n"
	"                  [--state] [--json] [--max-packets N] [-o OUT] [FILE|-]\n"
	"  Execute the stream on a memory image: --mem images (any FORMAT) and --zero regions (writable,\n"
	"  zeroed) are the GPU's memory, --reg sets registers (by name or byte address).  Copies, writes,\n"
	"  fills, fences, semaphores, polls, conditionals, register writes and timestamps run as the\n"
	"  packet references describe them; indirect buffers run where they are called.  --trace prints\n"
	"  each packet with the bytes it read and wrote and the registers it set; --state the register\n"
	"  state at each draw and dispatch; --json: JSON Lines, the last one {\"end\":true,\"status\":...}.\n"
	"  --picture ADDR:WxH=FILE.png: memory after the run as a W x H picture of 32-bit pixels (R, G, B,\n"
	"  unused bytes in memory order), e.g. a tiled surface to see where the copy put its pixels.\n"
	"  The run ends completed, stalled (a wait nothing can satisfy: a hang report with the packet,\n"
	"  what it waits for, the value found and the packets before it), faulted (absent memory, a\n"
	"  packet with errors or without known semantics, a tiled layout the tiling module lacks) or at\n"
	"  --max-packets.  --dump writes memory after the run.  Exit 0 completed, 1 otherwise, 2 for\n"
	"  usage and input errors.\n";

static const char help_lint[] =
	"usage: gfxkit lint -g GPU [-e pm4] [-f FORMAT] [--base ADDR] [--follow] [--mem ADDR=FILE]... [--mem-map FILE]\n"
	"                   [--zero ADDR:SIZE]... [--reg NAME=VALUE]... [--rules LIST] [--json] [-o OUT] [FILE|-]\n"
	"  Replay the stream's register state (SET_*, type-0, LOAD_*, CLEAR_STATE; indirect buffers where they\n"
	"  are called, from --mem images) and test the programming rules of the Evergreen/Northern Islands\n"
	"  guide (sections 2-8: scissors, compute state, Cayman differences, interpolation, DB, HTILE/HiZ,\n"
	"  CB) at each draw and dispatch.  Each event that breaks a rule is printed with the rule, its\n"
	"  section and the fields found and required (--json: the event's unit line with them).  Effects\n"
	"  on memory not given are passed over.  --rules: ids or sections, comma-separated, '-' removes\n"
	"  (gfxkit list --rules lists them).  Exit 0 no errors, 1 errors, 2 usage and input errors.\n";

static const char help_list[] =
	"usage: gfxkit list -g GPU [-e ENGINE] [NAME] [--json]\n"
	"       gfxkit list --rules\n"
	"  The packets (or instructions, or modifier fields) GPU has, with their opcodes and where\n"
	"  each layout comes from; with a packet NAME (any case), its fields: dword, bits, kind and\n"
	"  named values, and the generations that have it (--json: one object).  --rules: the lint\n"
	"  rules with their sections of the Evergreen/Northern Islands guide.\n";

/* The commands of the option grammar run an engine opened for -g and -e;
 * 8-byte units (ir3) write hex two words a line, and a binary input ending
 * inside a unit is a diagnostic of the stream, not an input error */
static int wide(struct gk_engine *e)
{
	return gk_engine_unit_bytes(e) == 8;
}

static int do_decode(const struct cli_opts *o, struct gk_engine *e)
{
	return cli_run_stream(o, e, 0, wide(e));
}

static int do_check(const struct cli_opts *o, struct gk_engine *e)
{
	return cli_run_stream(o, e, 1, wide(e));
}

static int do_encode(const struct cli_opts *o, struct gk_engine *e)
{
	return cli_run_encode(o, e, wide(e) ? 2 : 0);
}

static int do_list(const struct cli_opts *o, struct gk_engine *e)
{
	return cli_run_list(e, o->file, o->json);
}

/* Every command: its name, its bit in the options' command sets (the
 * grammar of tools/cli_options.c) and what runs it -- an engine handler,
 * or, for a grammar of its own (tools/cmd_*.c), the whole argument vector
 * -- the engines it takes (the library refuses the others: run's
 * gk_exec_create, lint's gk_lint_generation), and its usage.  The order is
 * the one `gfxkit help` names them in. */
static const struct command {
	const char *name;
	unsigned bit;
	int (*run)(const struct cli_opts *o, struct gk_engine *e);
	int (*own)(int argc, char **argv);
	const char *engines;
	const char *help; /* NULL: CMD --help prints it (a grammar of its own) */
} commands[] = {
	{ "decode", CLI_DECODE, do_decode, NULL, "any", help_decode },
	{ "encode", CLI_ENCODE, do_encode, NULL, "any", help_encode },
	{ "check", CLI_CHECK, do_check, NULL, "any", help_check },
	{ "list", CLI_LIST, do_list, NULL, "any", help_list },
	{ "run", CLI_RUN, cli_run_exec, NULL, "pm4, dma", help_run },
	{ "lint", CLI_LINT, cli_run_lint, NULL, "pm4 (evergreen, cayman)", help_lint },
	{ "tile", 0, NULL, cmd_tile, "none (GFX6-8 surfaces)", NULL },
	{ "modifier", 0, NULL, cmd_modifier, "none (DRM format modifiers)", NULL },
	{ "sendmsg", 0, NULL, cmd_sendmsg, "none (s_sendmsg operands)", NULL },
	{ NULL, 0, NULL, NULL, NULL, NULL },
};

static const struct command *command_named(const char *name)
{
	const struct command *c = commands;
	while (c->name && (!name || strcmp(c->name, name)))
		c++;
	return c->name ? c : NULL;
}

static const char *command_help(const char *cmd)
{
	const struct command *c = command_named(cmd);
	return c ? c->help : NULL;
}

/* gfxkit help options: the option table, and the engines each command takes */
static int help_options(void)
{
	cli_print_options(stdout);
	printf("The engines each command takes:\n");
	for (const struct command *c = commands; c->name; c++)
		printf("  %-9s %s\n", c->name, c->engines);
	cli_stdout_note();
	return 0;
}

static int run(int argc, char **argv)
{
	/* gfxkit help CMD: that command's usage (the subcommands print their own) */
	if (argc == 3 && !strcmp(argv[1], "help")) {
		const struct command *c = command_named(argv[2]);
		if (!strcmp(argv[2], "options"))
			return help_options();
		if (c && c->help) {
			fputs(c->help, stdout);
			cli_stdout_note();
			return 0;
		}
		if (c) {
			char *sub[] = { argv[0], argv[2], (char *)"--help", NULL };
			return c->own(3, sub);
		}
		fprintf(stderr, "%s: no command '%s' (", prog, CLI_Q(argv[2]));
		for (c = commands; c->name; c++)
			fprintf(stderr, "%s%s", c->name, c[1].name ? ", " : ")\n");
		return 2;
	}
	if (argc == 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version"))) {
		/* what the tool was built with, and the library it runs with */
		printf("gfxkit %s (library %s)\n", GK_VERSION_STRING, gk_version());
		return 0;
	}
	const struct command *cmd = argc >= 2 ? command_named(argv[1]) : NULL;
	if (cmd && cmd->own)
		return cmd->own(argc, argv);
	struct cli_opts o;
	int r = cli_parse_args(argc, argv, cmd ? cmd->bit : 0, &o);
	/* the engine's own usage (-e isa: of the instruction set -g names), even
	 * when the arguments are wrong */
	const char *engine = arg_value(argc, argv, "--engine");
	bool isa = engine && !strcmp(engine, "isa");
	void (*use)(FILE *f) = usage_for(engine, arg_value(argc, argv, "--gpu"));
	if (!use) {
		fprintf(stderr, "%s: -e isa needs -g with a GPU of an instruction set this build has\n", prog);
		return 2;
	}
	if (isa && r == 0 && cli_isa_refusal(&o)) {
		fprintf(stderr, "%s: %s\n", prog, cli_isa_refusal(&o));
		r = -1;
	}
	if (r > 0 || (r == 0 && o.cmd && (!strcmp(o.cmd, "-h") || !strcmp(o.cmd, "--help") || !strcmp(o.cmd, "help")))) {
		/* CMD --help: the command's own usage, unless an engine has its own */
		if (r > 0 && use == usage && command_help(o.cmd))
			fputs(command_help(o.cmd), stdout);
		else
			use(stdout);
		cli_stdout_note();
		return 0;
	}
	if (r < 0 || !o.cmd) {
		use(stderr);
		return 2;
	}
	if (!cmd) {
		fprintf(stderr, "%s: unknown command '%s'\n", prog, CLI_Q(o.cmd));
		use(stderr);
		return 2;
	}
	if (cmd->bit == CLI_LIST && o.list_rules)
		return cli_list_rules(); /* the lint rules: no GPU needed */
	/* no -e: the engine the GPU implies (pm4 first, then dma, the
	 * instruction sets, the modifiers: -g a630 is ir3, -g gfx10 is pm4) */
	const char *ename = o.engine ? o.engine : "auto";
	/* a devcoredump without -e: every ring with its own engine, the GPU
	 * from the dump unless -g says it */
	if ((cmd->bit == CLI_DECODE || cmd->bit == CLI_CHECK) && cli_coredump_wanted(&o)) {
		const char *no = cli_refusal(&o, cmd->bit, false);
		if (no) {
			fprintf(stderr, "%s: %s\n", prog, no);
			return 2;
		}
		return cli_run_coredump(&o, cmd->bit == CLI_CHECK);
	}
	/* an option given to a command it is not for (the table's refusals) */
	const char *refused = cli_refusal(&o, cmd->bit, isa);
	if (!o.gpu && (cmd->bit == CLI_DECODE || cmd->bit == CLI_CHECK) && !refused && !o.labels)
		return cli_run_stream(&o, NULL, cmd->bit == CLI_CHECK, 0); /* the GPU the input says (an .rd capture) */
	if (!o.gpu) {
		fprintf(stderr, "%s: -g GPU is required\n", prog);
		use(stderr);
		return 2;
	}
	if (refused) {
		fprintf(stderr, "%s: %s\n", prog, refused);
		return 2;
	}
	if (cmd->bit == CLI_LIST && o.nfiles > 1) {
		fprintf(stderr, "%s: list takes one packet name at most (%s, %s, ...)\n", prog, CLI_Q(o.files[0]), CLI_Q(o.files[1]));
		return 2;
	}
	/* --labels is an option of the ir3 engine, which takes it as a suffix
	 * of its GPU name (src/isa/ir3/engine.c) */
	char gpu_labels[64];
	if (o.labels) {
		if (strlen(o.gpu) + 8 > sizeof gpu_labels) {
			fprintf(stderr, "%s: --labels is for decode -e isa\n", prog);
			return 2;
		}
		snprintf(gpu_labels, sizeof gpu_labels, "%s+labels", o.gpu);
		o.gpu = gpu_labels;
	}
	struct gk_diag err;
	struct gk_engine *e = gk_engine_open(ename, o.gpu, &err);
	if (!e) {
		const char *known = gk_engine_gpu_help(ename);
		fprintf(stderr, "%s: %s%s%s\n", prog, err.message, known ? "; known: " : "", known ? known : "");
		if (!o.engine) /* every engine's names */
			for (size_t i = 0; gk_engine_list(i); i++)
				fprintf(stderr, "  -e %s: %s\n", gk_engine_list(i), gk_engine_gpu_help(gk_engine_list(i)));
		return 2;
	}
	int rc = cmd->run(&o, e);
	gk_engine_close(e);
	return rc;
}

int main(int argc, char **argv)
{
	/* whatever a command printed to standard output (usage, tile info, a
	 * list): a full disk or a closed pipe is an error, never exit 0 with a
	 * cut output.  Commands that write files report those themselves. */
	return cli_stdout_finish(run(argc, argv));
}
