/* What the CLI's commands share (tools/cli.c): the decode/encode/check
 * option grammar, opening files, the -f forms, writing instruction words,
 * reading text line by line, and the diagnostic and summary lines.
 * gfxkit.c runs every engine through these, the subcommands (cmd_*.c) use
 * them instead of their own copies. */
#ifndef GFXKIT_TOOLS_CLI_H
#define GFXKIT_TOOLS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gfxkit/gfxkit.h"

#define CLI_PROG "gfxkit"
#define CLI_MAX_BOS 256
#define CLI_CHECK_MAX_ERRORS 1000u  /* check's default --max-errors */
#define CLI_ENCODE_MAX_ERRORS 100u  /* encode's default --max-errors */

/* gfxkit decode|encode|check|list|run|lint [options] [FILE|-] */
#define CLI_MAX_MEMS 64
#define CLI_MAX_FILES 256

/* The commands of that grammar, as bits of an option's command set */
enum {
	CLI_DECODE = 1u << 0,
	CLI_CHECK = 1u << 1,
	CLI_ENCODE = 1u << 2,
	CLI_LIST = 1u << 3,
	CLI_RUN = 1u << 4,
	CLI_LINT = 1u << 5,
};

struct cli_opts {
	const char *cmd, *gpu, *engine, *format, *out, *file;
	uint64_t given;      /* the rows of cli_options[] given, a bit a row */
	int json, raw, text; /* --json, --raw, --text (JSON with each unit's text) */
	int has_base;        /* --base ADDR: the first unit's address */
	uint64_t base;
	uint64_t skip, count; /* --skip N, --count N (units) */
	int has_max_errors;   /* --max-errors N: diagnostics shown at most (0: all) */
	uint64_t max_errors;
	int has_threads;      /* --threads N / -j N: threads a decode may use */
	uint64_t threads;
	int strict;           /* encode --strict: the checker's findings are errors;
	                         decode --strict: exit 1 when an error was shown */
	int color;            /* --color=auto|always|never (CLI_COLOR_*, color.h) */
	int follow;           /* --follow: decode indirect buffers where they appear */
	int labels;           /* --labels: ir3 branch targets as labels (decode -e isa) */
	const char *mem[CLI_MAX_MEMS]; /* --mem ADDR=FILE */
	unsigned nmem;
	const char *mem_map;  /* --mem-map FILE: "ADDR FILE" lines */
	const char *ring;     /* --ring NAME: the devcoredump ring to read */
	int has_submit;       /* --submit N / --frame N: only that submit of a capture */
	uint64_t submit;
	int summary;          /* --summary: draws and blits per submit */
	const char *files[CLI_MAX_FILES]; /* every input file (file is the first); decode and check take several */
	unsigned nfiles;
	struct gk_bo bos[CLI_MAX_BOS];
	unsigned nbos;
	/* run */
	const char *regs[CLI_MAX_MEMS];   /* --reg NAME=VALUE */
	unsigned nregs;
	const char *dumps[CLI_MAX_MEMS];  /* --dump ADDR:SIZE=FILE */
	unsigned ndumps;
	const char *pictures[CLI_MAX_MEMS]; /* --picture ADDR:WxH=FILE.png */
	unsigned npictures;
	struct gk_bo zeros[CLI_MAX_MEMS]; /* --zero ADDR:SIZE: writable memory that starts zeroed */
	unsigned nzeros;
	int trace, state, eop_held;       /* --trace, --state, --eop-held */
	const char *rules;                /* lint --rules LIST; list --rules: the rule table */
	int list_rules;
	uint64_t max_packets;             /* --max-packets N */
	int no_gzip;                      /* --no-gzip: the input's bytes as they are, even after a gzip header */
};

/* What an option's value is (tools/cli_options.c reads each kind) */
enum cli_arg {
	CLI_ARG_FLAG,   /* no value: the int at dest becomes 1 */
	CLI_ARG_STRING, /* the next word, at dest (a const char *) */
	CLI_ARG_NUMBER, /* 0x hex or decimal, a uint64_t at dest; count: an int set to 1 when given (0: none) */
	CLI_ARG_LIST,   /* NAME=VALUE words into the const char *[max] at dest, how many at count */
	CLI_ARG_RANGES, /* BASE:SIZE into the struct gk_bo[max] at dest, how many at count */
	CLI_ARG_COLOR,  /* auto|always|never, as --color WHEN or --color=WHEN (an int at dest) */
	CLI_ARG_RULES,  /* a string, except for list, where it is the flag (an int) at count */
	CLI_ARG_HELP,   /* the command's usage */
};

/* whether an option goes with -e isa */
enum { CLI_ISA_ANY, CLI_ISA_NO, CLI_ISA_ONLY };

/* One option of the grammar: a row of cli_options[] (tools/cli_options.c).
 * The parser, the refusals, `gfxkit help options` and
 * tests/cli/test_options.sh (completion and man page) read the rows. */
struct cli_option {
	const char *name, *short_name; /* "--gpu", "-g" (or NULL) */
	enum cli_arg arg;
	const char *value;    /* its value's name in help ("BASE:SIZE"); NULL: no value */
	size_t dest, count;   /* offsetof(struct cli_opts, ...): where it goes (see enum cli_arg) */
	unsigned max;         /* lists and ranges: entries at most */
	unsigned cmds;        /* CLI_DECODE | ...: the commands it is for */
	unsigned isa;         /* CLI_ISA_*: refused with -e isa, or only with it */
	/* the messages, each after "gfxkit: OPTION " */
	const char *needs;    /* a value missing or wrong */
	unsigned show_value;  /* needs is followed by ", not VALUE" (1) or ", not 'VALUE'" (2) */
	const char *missing;  /* a value missing, when it differs from needs */
	const char *full;     /* a list that is full: the whole message (NULL: needs) */
	const char *refusal;  /* given to a command not in cmds: the whole message; NULL: ignored there */
	const char *help;
};
extern const struct cli_option cli_options[]; /* ends with a row of name NULL */

/* The bit of a command of the grammar ("decode" ...); 0 for any other */
unsigned cli_command_bit(const char *name);
/* cmd: the command's bit (list --rules takes no value).  0 parsed, 1
 * --help, -1 bad arguments (said on stderr) */
int cli_parse_args(int argc, char **argv, unsigned cmd, struct cli_opts *o);
/* The row that spells name ("-g", "--gpu"), or NULL */
const struct cli_option *cli_option_named(const char *name);
bool cli_option_given(const struct cli_opts *o, const struct cli_option *opt);
/* What -e isa refuses among the options given: the message, or NULL */
const char *cli_isa_refusal(const struct cli_opts *o);
/* The first option given that command cmd (a bit) is not for, with or
 * without -e isa: its refusal message, or NULL */
const char *cli_refusal(const struct cli_opts *o, unsigned cmd, bool isa);
/* `gfxkit help options`: every row, its commands and help */
void cli_print_options(FILE *f);

/* gk_out callback on a FILE * (reading: gk_read_stdio) */
int cli_write_file(void *file, const void *p, size_t n);
/* NULL or "-": stdin; NULL when fopen fails (said on stderr) */
FILE *cli_open_in(const char *name, const char *mode);
void cli_close(FILE *f); /* fclose unless stdin / stdout */
/* One line of a --coords file into line (cap bytes, NUL-terminated,
 * without its newline): 1 a line, 0 the end of the file, -1 a line that
 * holds a NUL byte or does not fit (*why says which: an error of that line,
 * never a silent cut).  *eof: the line ended the file. */
int cli_coords_line(FILE *f, char *line, size_t cap, const char **why, bool *eof);

/* Every file a command writes (-o, run --dump and --picture, tile
 * --out) goes through these, so every one follows the same rules:
 *   - NULL or "-": standard output;
 *   - a symbolic link is followed (to any depth) and the rules below apply
 *     to its target; the link stays a link;
 *   - a target that exists and is not a regular file (a character or block
 *     device, a FIFO, a socket) is opened and written in place, never
 *     replaced: -o /dev/null stays /dev/null;
 *   - a regular file, or a new one, is written as a temporary file in the
 *     same folder and renamed over the target when the command keeps it,
 *     so an error never leaves a cut or stale file; an existing file's mode
 *     and owner are given to the temporary first; a new file gets
 *     0666 & ~umask;
 *   - every failure (open, write, flush, fsync, close, rename) is said on
 *     stderr with the path and strerror, and makes the command fail.
 * Open, write through f (or cli_out_write as a gk_out callback), then
 * cli_out_close. */
struct cli_out {
	FILE *f;
	const char *name; /* for messages: the path as given, "standard output" */
	char *target;     /* the file written: the path with its links followed */
	char *tmp;        /* renamed over target when kept; NULL: written in place */
	int err;          /* errno of the first failed write (0: none seen) */
	int failed;
};
/* 0, or 2 after saying why on stderr (then o->f is NULL) */
int cli_out_open(struct cli_out *o, const char *path);
/* gk_out / gk_png callback on a struct cli_out: remembers why a write failed */
int cli_out_write(void *out, const void *p, size_t n);
/* Flush and close; keep: rename the temporary over the target (else it is
 * removed and the target left as it was).  0, or 2 after saying why
 * ("gfxkit: write error: NAME: REASON").  Safe on a struct that was never
 * opened. */
int cli_out_close(struct cli_out *o, int keep);
/* Flush o; a failure is remembered with its reason for cli_out_close to
 * say.  0, or -1. */
int cli_out_flush(struct cli_out *o);
/* Right after printing to standard output with printf and friends: if that
 * failed, remember why (a large printf that fails is not retried by the
 * last fflush, so its errno would be lost) */
void cli_stdout_note(void);
/* main's last word on standard output (whatever a command printed with
 * printf): rc, or 2 after "gfxkit: write error: standard output: REASON"
 * unless cli_out_close said it already */
int cli_stdout_finish(int rc);

/* Messages quote at most CLI_QUOTE_MAX bytes of what the user gave (an
 * option's value, a file name): a 100,000-digit --count must not print a
 * 100 KB line.  A longer string is cut at a character boundary and
 * followed by "... (N bytes)".  CLI_Q(s) is usable as a printf argument
 * within one statement (its buffer is a compound literal). */
#define CLI_QUOTE_MAX 64
#define CLI_QUOTE_CAP (CLI_QUOTE_MAX + 40)
const char *cli_quote(char *buf, const char *s);
#define CLI_Q(s) cli_quote((char[CLI_QUOTE_CAP]){ 0 }, (s))
const char *cli_display_name(const char *name); /* "<stdin>" for NULL and "-" */

/* The one-line progress indicator of long work, on stderr: bytes of the
 * input done, the rate and, for a file of known size, what is left and
 * the time it should take; erased at the end.  Only when stderr is a
 * terminal, never with --json, and only for large work: an input file over
 * CLI_PROGRESS_BYTES, an input of unknown size past that many bytes, or
 * (long_work: run, lint) work past CLI_PROGRESS_SECONDS.  GFXKIT_PROGRESS=
 * always drops the size and time thresholds (not the terminal rule; for
 * tests), =never turns it off.  Fed by the input's read callback
 * (cli_progress_read), so it costs nothing per unit. */
#define CLI_PROGRESS_BYTES (64ull << 20)
#define CLI_PROGRESS_SECONDS 2.0
struct cli_progress {
	bool on;          /* allowed: stderr a terminal, not JSON, not turned off */
	bool always;      /* GFXKIT_PROGRESS=always */
	bool long_work;   /* run, lint: shown past a few seconds whatever the size */
	bool shown;       /* a line is on the terminal now */
	const char *name; /* the input, as messages name it */
	FILE *f;          /* the input read */
	uint64_t total;   /* its size (0: unknown) */
	uint64_t done;    /* bytes read so far */
	double t0, next;  /* start; the earliest time of the next redraw */
};
/* json: the command writes JSON; stdout_shows: the command's output on a
 * terminal is itself the progress (decode): then no indicator */
void cli_progress_start(struct cli_progress *p, const char *name, FILE *f, bool json, bool long_work,
			bool stdout_shows);
/* gk_input read callback over p->f (a struct cli_progress *): reads, counts
 * and redraws when due */
long cli_progress_read(void *ctx, void *buf, size_t cap);
void cli_progress_clear(struct cli_progress *p); /* erase the line (it comes back at the next redraw) */
void cli_progress_end(struct cli_progress *p);   /* erase it for good */
/* A gk_out writer that erases the line before writing to the terminal
 * under it: wraps the writer (write, ctx) the output had */
struct cli_progress_out {
	struct cli_progress *p;
	int (*write)(void *ctx, const void *buf, size_t n);
	void *ctx;
};
int cli_progress_write(void *ctx, const void *buf, size_t n);

/* -f of decode and check (auto|bin|hex) and of encode (bin|hex): 0, or 2
 * after saying what is wrong */
int cli_decode_format(const char *format, enum gk_in_format *inf);
int cli_encode_format(const char *format, int *hex);

/* the assembler's word sink: little-endian bytes, or hex words (per_line a line) */
struct cli_words {
	FILE *out;
	int hex, failed;
	unsigned per_line; /* hex: words a line (0: one) */
};
int cli_emit_words(void *words, const uint32_t *w, size_t n);

/* Each line of f without its '\n', numbered from 1, to fn.  A line longer
 * than 64 MiB is reported once, given to fn as empty (so line counts stay
 * right), and makes the result 1; a read
 * error or no memory make it 2 (said on stderr); else 0. */
int cli_each_line(FILE *f, const char *name, void (*fn)(void *ctx, unsigned line, const char *s, size_t n),
		  void *ctx);

/* encode one input with e's assembler (hex output: words_per_line words a
 * line, 0 for one); exit status 0, 1 after errors in the text, 2 for I/O */
int cli_run_encode(const struct cli_opts *o, struct gk_engine *e, unsigned words_per_line);
/* --mem ADDR=FILE images and --mem-map lines into one memory, listings that
 * name registers in place of offsets read through e's register tables (e
 * may be NULL); NULL after saying why on stderr */
struct gk_mem *cli_load_memory(const struct cli_opts *o, struct gk_engine *e);
/* run: the stream executed on the memory (tools/cmd_run.c); exit status 0
 * completed, 1 stalled, faulted or stopped by --max-packets, 2 usage or I/O */
int cli_run_exec(const struct cli_opts *o, struct gk_engine *e);
/* lint: the stream run for its register state, the rules tested at each
 * draw and dispatch; exit status 0 no rule broken (warnings allowed), 1
 * errors, 2 usage or I/O */
int cli_run_lint(const struct cli_opts *o, struct gk_engine *e);
/* list --rules: the lint rule table on stdout */
int cli_list_rules(void);

/* list: the unit descriptions e's GPU has, on stdout; with name, that one
 * only (json: as one JSON object); exit status 0, 1 for an unknown name */
int cli_run_list(struct gk_engine *e, const char *name, int json);
/* decode (checking 0) or check one input with engine e, as the options say:
 * the one stream loop (gk_stream_run) between the files and the exit status
 * (0, 1 when check found errors, 2 for usage, input and output errors).
 * trailing_is_diag: a binary input ending inside a unit is a diagnostic of
 * the stream (ir3 instructions), not an input error. */
int cli_run_stream(const struct cli_opts *o, struct gk_engine *e, int checking, int trailing_is_diag);
/* decode / check of an amdgpu devcoredump whole (tools/cmd_coredump.c):
 * whether the options and inputs ask for it (no -e, no --ring, -f auto or
 * devcoredump, every input a devcoredump), and the run: every ring with its
 * own engine, the hung one first; exit status as cli_run_stream's */
bool cli_coredump_wanted(const struct cli_opts *o);
int cli_run_coredump(const struct cli_opts *o, int checking);
/* one msm (Adreno) devcoredump's text, decoded or checked whole
 * (tools/cmd_msm.c); exit status as cli_run_stream's */
int cli_msm_coredump(const struct cli_opts *o, const char *name, const char *text, size_t len, bool checking, FILE *f);
/* The input reader's own error (bad hex, a read error), said on stderr; 2
 * when there was one, else 0. */
int cli_input_error(const char *name, const struct gk_input *in);
/* check's last line on stderr; 1 when there were errors, else 0 */
int cli_check_summary(const char *name, unsigned long long errors, unsigned long long warnings);

#endif
