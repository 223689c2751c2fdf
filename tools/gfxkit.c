/* gfxkit: the command-line shell over libgfxkit (decode, encode, check). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "commands.h"

static const char *prog = "gfxkit";

static void usage(FILE *f)
{
	fprintf(f,
		"usage: gfxkit decode -g GPU -e ENGINE [-f auto|bin|hex] [--json] [--raw] [-o OUT] [FILE|-]\n"
		"       gfxkit encode -g GPU -e ENGINE [-f bin|hex] [-o OUT] [FILE|-]\n"
		"       gfxkit check  -g GPU -e ENGINE [-f auto|bin|hex] [--json] [--bo BASE:SIZE]... [-o OUT] [FILE|-]\n"
		"       gfxkit list   -g GPU -e ENGINE   (the packets GPU has: opcode, name, layout source)\n"
		"       gfxkit tile   info|addr|pack|unpack|map SURFACE ...   (GFX6-8 tiling; gfxkit tile --help)\n"
		"       gfxkit modifier decode|encode|list|tile-split ...   (DRM format modifiers; --help)\n"
		"       gfxkit sendmsg [-g GPU] [--json] ARG...   (AMDGPU s_sendmsg operand: value <-> text)\n"
		"ENGINE: pm4 (the default), dma, or isa: -g gfx6..gfx11 / AMDGPU chip names (s_sendmsg, s_sendmsghalt)\n"
		"       or -g a3xx..a6xx / Adreno ids such as a630 (ir3 instructions); gfxkit decode -e isa -g GPU --help\n"
		"--bo BASE:SIZE (hex or decimal, repeatable): a buffer the stream may read or write;\n"
		"       with any --bo, every memory range a packet touches must lie inside one\n"
		"GPU for pm4: %s\n"
		"GPU for dma: %s\n",
		gk_pm4_gpu_help(), gk_dma_gpu_help());
}

#define MAX_BOS 256

struct opts {
	const char *cmd, *gpu, *engine, *format, *out, *file;
	int json, raw;
	struct gk_bo bos[MAX_BOS];
	unsigned nbos;
};

/* One number of --bo: 0x hex or decimal (a leading 0 is not octal), digits only. */
static int parse_u64(const char *s, const char *end, unsigned long long *v)
{
	unsigned base = 10;
	if (end - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
	}
	if (s == end)
		return -1;
	unsigned long long x = 0;
	for (; s < end; s++) {
		unsigned c = (unsigned char)*s, d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		if (x > (~0ull - d) / base)
			return -1;
		x = x * base + d;
	}
	*v = x;
	return 0;
}

/* BASE:SIZE; the buffer may end at 2^64 but not past it */
static int parse_bo(const char *s, struct gk_bo *bo)
{
	const char *colon = strchr(s, ':');
	unsigned long long base, size;
	if (!colon || parse_u64(s, colon, &base) || parse_u64(colon + 1, colon + strlen(colon), &size))
		return -1;
	if (size && base + (size - 1) < base)
		return -1;
	bo->base = base;
	bo->size = size;
	return 0;
}

static int parse_args(int argc, char **argv, struct opts *o)
{
	memset(o, 0, sizeof *o);
	if (argc < 2)
		return -1;
	o->cmd = argv[1];
	for (int i = 2; i < argc; i++) {
		const char *a = argv[i];
		const char **slot = 0;
		if (!strcmp(a, "-g") || !strcmp(a, "--gpu"))
			slot = &o->gpu;
		else if (!strcmp(a, "-e") || !strcmp(a, "--engine"))
			slot = &o->engine;
		else if (!strcmp(a, "-f") || !strcmp(a, "--format"))
			slot = &o->format;
		else if (!strcmp(a, "-o") || !strcmp(a, "--output"))
			slot = &o->out;
		else if (!strcmp(a, "--bo")) {
			if (++i >= argc) {
				fprintf(stderr, "%s: --bo needs BASE:SIZE\n", prog);
				return -1;
			}
			if (o->nbos == MAX_BOS) {
				fprintf(stderr, "%s: more than %d --bo buffers\n", prog, MAX_BOS);
				return -1;
			}
			if (parse_bo(argv[i], &o->bos[o->nbos]) != 0) {
				fprintf(stderr, "%s: --bo takes BASE:SIZE (0x hex or decimal, ending at most at 2^64), not '%s'\n", prog,
					argv[i]);
				return -1;
			}
			o->nbos++;
		} else if (!strcmp(a, "--json"))
			o->json = 1;
		else if (!strcmp(a, "--raw"))
			o->raw = 1;
		else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			return 1;
		else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "%s: unknown option %s\n", prog, a);
			return -1;
		} else if (!o->file)
			o->file = a;
		else {
			fprintf(stderr, "%s: more than one input file (%s)\n", prog, a);
			return -1;
		}
		if (slot) {
			if (++i >= argc) {
				fprintf(stderr, "%s: %s needs a value\n", prog, a);
				return -1;
			}
			*slot = argv[i];
		}
	}
	return 0;
}

/* ---- I/O glue ---- */

static long read_file(void *ctx, void *buf, size_t cap)
{
	FILE *f = ctx;
	size_t n = fread(buf, 1, cap, f);
	if (n == 0 && ferror(f))
		return -1;
	return (long)n;
}

static int write_file(void *ctx, const void *p, size_t n)
{
	return fwrite(p, 1, n, (FILE *)ctx) == n ? 0 : -1;
}

static FILE *open_in(const char *name, const char *mode)
{
	if (!name || !strcmp(name, "-"))
		return stdin;
	FILE *f = fopen(name, mode);
	if (!f)
		fprintf(stderr, "%s: %s: %s\n", prog, name, strerror(errno));
	return f;
}

static const char *display_name(const char *name)
{
	return (!name || !strcmp(name, "-")) ? "<stdin>" : name;
}

/* ---- decode / check ---- */

static void print_diag(FILE *f, const char *file, const struct gk_diag *d)
{
	char buf[320];
	gk_diag_format(d, buf, sizeof buf);
	fprintf(f, "%s:0x%llx: %s: %s\n", file, (unsigned long long)d->offset,
		d->severity == GK_ERROR ? "error" : "warning", buf);
}

static int run_stream(const struct opts *o, const struct gk_format *fmt, int checking)
{
	enum gk_in_format inf = GK_IN_AUTO;
	if (o->format) {
		if (!strcmp(o->format, "bin"))
			inf = GK_IN_BIN;
		else if (!strcmp(o->format, "hex"))
			inf = GK_IN_HEX;
		else if (strcmp(o->format, "auto")) {
			fprintf(stderr, "%s: -f takes auto, bin or hex, not %s\n", prog, o->format);
			return 2;
		}
	}
	FILE *f = open_in(o->file, "rb");
	if (!f)
		return 2;
	const char *name = display_name(o->file);
	FILE *of = stdout;
	if (o->out && strcmp(o->out, "-")) {
		of = fopen(o->out, "w");
		if (!of) {
			fprintf(stderr, "%s: %s: %s\n", prog, o->out, strerror(errno));
			if (f != stdin)
				fclose(f);
			return 2;
		}
	}
	struct gk_input *in = malloc(sizeof *in);
	static char obuf[1 << 16];
	struct gk_out out = { obuf, 0, sizeof obuf, write_file, of, 0 };
	if (!in) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 2;
	}
	gk_input_init(in, read_file, f, inf);
	struct gk_check_state cs;
	gk_check_init(&cs);
	gk_check_set_buffers(&cs, o->bos, o->nbos);
	struct gk_diags dg;
	unsigned long long errors = 0, warnings = 0;
	uint64_t end = 0;
	int rc = 0;
	struct gk_packet pkt;
	while (gk_input_next(in, fmt, &pkt) > 0) {
		gk_diags_reset(&dg);
		gk_check_packet(fmt, &cs, &pkt, &dg);
		errors += dg.errors;
		warnings += dg.warnings;
		if (checking) {
			if (dg.n && o->json)
				gk_json_packet(fmt, &pkt, &dg, &out);
			else
				for (unsigned i = 0; i < dg.n; i++) {
					gk_out_flush(&out);
					print_diag(of, name, &dg.d[i]);
				}
		} else if (o->json) {
			gk_json_packet(fmt, &pkt, &dg, &out);
		} else {
			gk_text_packet(fmt, &pkt, o->raw, &out);
			gk_text_diags(&dg, &out);
		}
		end = pkt.offset + 4ull * pkt.ndw;
	}
	gk_diags_reset(&dg);
	gk_check_end(&cs, end, &dg);
	errors += dg.errors;
	if (o->json)
		gk_json_end(end, &dg, &out);
	else if (checking) {
		gk_out_flush(&out);
		for (unsigned i = 0; i < dg.n; i++)
			print_diag(of, name, &dg.d[i]);
	} else {
		gk_text_diags(&dg, &out);
	}
	gk_out_flush(&out);
	if (fflush(of) != 0)
		out.failed = 1;
	if (in->failed) {
		if (in->error.line)
			fprintf(stderr, "%s:%u:%u: error: %s\n", name, in->error.line, in->error.col, in->error.message);
		else
			fprintf(stderr, "%s:0x%llx: error: %s\n", name, (unsigned long long)in->error.offset,
				in->error.message);
		rc = 2;
	} else if (out.failed) {
		fprintf(stderr, "%s: write error: %s\n", prog, strerror(errno));
		rc = 2;
	} else if (checking) {
		fprintf(stderr, "%s: %llu error%s, %llu warning%s\n", name, errors, errors == 1 ? "" : "s", warnings,
			warnings == 1 ? "" : "s");
		rc = errors ? 1 : 0;
	}
	if (f != stdin)
		fclose(f);
	if (of != stdout && fclose(of) != 0 && !rc) {
		fprintf(stderr, "%s: %s: write error\n", prog, o->out);
		rc = 2;
	}
	free(in);
	return rc;
}

/* ---- encode ---- */

struct enc_ctx {
	FILE *out;
	int hex;
	int failed;
};

static int emit_words(void *ctx, const uint32_t *w, size_t n)
{
	struct enc_ctx *e = ctx;
	for (size_t i = 0; i < n; i++) {
		if (e->hex) {
			if (fprintf(e->out, "0x%08x\n", w[i]) < 0)
				e->failed = 1;
		} else {
			unsigned char b[4] = { (unsigned char)w[i], (unsigned char)(w[i] >> 8), (unsigned char)(w[i] >> 16),
					       (unsigned char)(w[i] >> 24) };
			if (fwrite(b, 1, 4, e->out) != 4)
				e->failed = 1;
		}
	}
	return e->failed ? -1 : 0;
}

struct diag_ctx {
	const char *file;
};

static int asm_diag(void *ctx, const struct gk_diag *d)
{
	struct diag_ctx *c = ctx;
	fprintf(stderr, "%s:%u:%u: %s: %s%s%s\n", c->file, d->line, d->col, d->severity == GK_ERROR ? "error" : "warning",
		d->packet ? d->packet : "", d->packet ? ": " : "", d->message);
	return 0;
}

static int run_encode(const struct opts *o, const struct gk_format *fmt)
{
	int hex = 0;
	if (o->format) {
		if (!strcmp(o->format, "hex"))
			hex = 1;
		else if (strcmp(o->format, "bin")) {
			fprintf(stderr, "%s: encode -f takes bin or hex, not %s\n", prog, o->format);
			return 2;
		}
	}
	FILE *f = open_in(o->file, "r");
	if (!f)
		return 2;
	FILE *out = stdout;
	if (o->out && strcmp(o->out, "-")) {
		out = fopen(o->out, hex ? "w" : "wb");
		if (!out) {
			fprintf(stderr, "%s: %s: %s\n", prog, o->out, strerror(errno));
			if (f != stdin)
				fclose(f);
			return 2;
		}
	}
	struct enc_ctx ec = { out, hex, 0 };
	struct diag_ctx dc = { display_name(o->file) };
	void *st = malloc(gk_asm_state_size());
	size_t cap = 1 << 16, len = 0;
	char *line = malloc(cap);
	if (!st || !line) {
		fprintf(stderr, "%s: out of memory\n", prog);
		return 2;
	}
	struct gk_asm a;
	gk_asm_init(&a, fmt, st, emit_words, &ec, asm_diag, &dc);
	int c, rc = 0;
	int too_long = 0;
	while ((c = getc(f)) != EOF) {
		if (c == '\n') {
			gk_asm_line(&a, line, len);
			len = 0;
			too_long = 0;
			continue;
		}
		if (len + 1 >= cap) {
			if (cap >= (64u << 20)) {
				if (!too_long)
					fprintf(stderr, "%s:%u: error: line longer than 64 MiB\n", dc.file, a.line + 1);
				too_long = 1;
				rc = 1;
				continue;
			}
			char *bigger = realloc(line, cap * 2);
			if (!bigger) {
				fprintf(stderr, "%s: out of memory\n", prog);
				rc = 2;
				break;
			}
			line = bigger;
			cap *= 2;
		}
		line[len++] = (char)c;
	}
	if (ferror(f)) {
		fprintf(stderr, "%s: %s: read error\n", prog, dc.file);
		rc = 2;
	}
	if (len)
		gk_asm_line(&a, line, len);
	gk_asm_finish(&a);
	if (fflush(out) != 0 || ec.failed) {
		fprintf(stderr, "%s: write error\n", prog);
		rc = 2;
	}
	if (!rc && a.errors)
		rc = 1;
	if (out != stdout)
		fclose(out);
	if (f != stdin)
		fclose(f);
	free(st);
	free(line);
	return rc;
}

/* ---- list ---- */

static int run_list(const struct gk_format *fmt)
{
	for (size_t i = 0; i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		if (!(d->gens & fmt->gen_bit))
			continue; /* not on this generation (PACKET1: on none) */
		char op[16] = "   -";
		bool has_op = false, has_sub = false;
		for (unsigned l = 0; l < 2; l++)
			for (unsigned k = 0; k < (l ? d->nfields : d->nhdr); k++) {
				unsigned kind = (l ? d->fields : d->hdr)[k].kind;
				has_op |= kind == GK_OPCODE;
				has_sub |= kind == GK_SUBOP;
			}
		if (has_sub)
			snprintf(op, sizeof op, "0x%x/0x%02x", d->opcode, d->sub_opcode);
		else if (has_op)
			snprintf(op, sizeof op, "0x%02x", d->opcode);
		printf("%s  %-26s %s\n", op, d->name, d->note ? d->note : "");
	}
	return 0;
}

/* Commands with their own argument grammar (tools/cmd_*.c): the whole
 * argument vector goes to them. */
static const struct command {
	const char *name;
	int (*run)(int argc, char **argv);
} commands[] = {
	{ "tile", cmd_tile },
	{ "modifier", cmd_modifier },
	{ "sendmsg", cmd_sendmsg },
	{ NULL, NULL },
};

/* Instruction-set engines (`-e isa`): the first whose GPU list has -g wins. */
static const struct isa_engine {
	int (*knows_gpu)(const char *gpu);
	int (*run)(int argc, char **argv);
} isa_engines[] = {
	{ amdgpu_knows_gpu, amdgpu_isa_run },
	{ cmd_ir3_knows_gpu, cmd_ir3 },
	{ NULL, NULL },
};

static const char *arg_value(int argc, char **argv, const char *opt, const char *longopt)
{
	for (int i = 2; i + 1 < argc; i++)
		if (!strcmp(argv[i], opt) || !strcmp(argv[i], longopt))
			return argv[i + 1];
	return NULL;
}

int main(int argc, char **argv)
{
	if (argc >= 2)
		for (const struct command *c = commands; c->name; c++)
			if (!strcmp(argv[1], c->name))
				return c->run(argc, argv);
	const char *engine = arg_value(argc, argv, "-e", "--engine");
	if (engine && !strcmp(engine, "isa")) {
		const char *gpu = arg_value(argc, argv, "-g", "--gpu");
		for (const struct isa_engine *e = isa_engines; e->run; e++)
			if (gpu && e->knows_gpu(gpu))
				return e->run(argc, argv);
		fprintf(stderr, "%s: -e isa needs -g with a GPU of an instruction set this build has\n", prog);
		return 2;
	}
	struct opts o;
	int r = parse_args(argc, argv, &o);
	if (r > 0) {
		usage(stdout);
		return 0;
	}
	if (r < 0 || !o.cmd) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(o.cmd, "-h") || !strcmp(o.cmd, "--help") || !strcmp(o.cmd, "help")) {
		usage(stdout);
		return 0;
	}
	int mode = !strcmp(o.cmd, "decode") ? 0 : !strcmp(o.cmd, "check") ? 1 : !strcmp(o.cmd, "encode") ? 2
		 : !strcmp(o.cmd, "list") ? 3 : -1;
	if (mode < 0) {
		fprintf(stderr, "%s: unknown command '%s'\n", prog, o.cmd);
		usage(stderr);
		return 2;
	}
	bool dma = o.engine && !strcmp(o.engine, "dma");
	if (o.engine && strcmp(o.engine, "pm4") && !dma) {
		fprintf(stderr, "%s: unknown engine '%s' (this build has: pm4, dma, isa)\n", prog, o.engine);
		return 2;
	}
	if (!o.gpu) {
		fprintf(stderr, "%s: -g GPU is required\n", prog);
		usage(stderr);
		return 2;
	}
	if (o.nbos && mode != 1) {
		fprintf(stderr, "%s: --bo is for check\n", prog);
		return 2;
	}
	struct gk_format *fmt = malloc(sizeof *fmt);
	if (!fmt || (dma ? gk_dma_format_init(fmt, o.gpu) : gk_pm4_format_init(fmt, o.gpu)) != 0) {
		fprintf(stderr, "%s: unknown GPU '%s' for %s; known: %s\n", prog, o.gpu, dma ? "dma" : "pm4",
			dma ? gk_dma_gpu_help() : gk_pm4_gpu_help());
		free(fmt);
		return 2;
	}
	int rc = mode == 3 ? run_list(fmt) : mode == 2 ? run_encode(&o, fmt) : run_stream(&o, fmt, mode == 1);
	free(fmt);
	return rc;
}
