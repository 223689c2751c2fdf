/* gfxkit run: a stream executed on a memory image (include/gfxkit/exec.h).
 * The memory is built from --mem / --mem-map images and --zero regions,
 * registers from --reg, and --dump writes regions of the memory after the
 * run. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* --zero ADDR:SIZE regions: writable memory that starts zeroed */
static void free_zeros(void *ctx, void *data, size_t size)
{
	(void)ctx;
	(void)size;
	free(data);
}

static int add_zeros(const struct cli_opts *o, struct gk_mem *mem)
{
	uint64_t total = 0; /* lent regions are not counted by the memory: bounded here */
	for (unsigned i = 0; i < o->nzeros; i++) {
		const struct gk_bo *z = &o->zeros[i];
		total += z->size;
		if (z->size > GK_MEM_DEFAULT_MAX_BYTES || total > GK_MEM_DEFAULT_MAX_BYTES) {
			fprintf(stderr, "%s: --zero 0x%llx:0x%llx: %s more than the %llu MiB a run's memory may hold\n", CLI_PROG,
				(unsigned long long)z->base, (unsigned long long)z->size,
				z->size > GK_MEM_DEFAULT_MAX_BYTES ? "is" : "with the --zero regions before it comes to",
				(unsigned long long)(GK_MEM_DEFAULT_MAX_BYTES >> 20));
			return 2;
		}
		/* lent, not copied: calloc's zero pages stay untouched until the
		 * run writes them (a copy wrote every page: 8.5 M instructions
		 * and the page faults of 18.9 MB, ~40% of the bench's 5 MB CIK
		 * run).  Owned by the memory from here, freed by it. */
		void *b = calloc(1, z->size ? (size_t)z->size : 1);
		struct gk_diag err;
		int r = b ? gk_mem_add_lent(mem, z->base, b, (size_t)z->size, free_zeros, NULL, &err) : -1;
		if (r)
			free(b);
		if (r) {
			fprintf(stderr, "%s: --zero 0x%llx:0x%llx: %s\n", CLI_PROG, (unsigned long long)z->base,
				(unsigned long long)z->size, b ? err.message : "out of memory");
			return 2;
		}
	}
	return 0;
}

static int set_regs(const struct cli_opts *o, struct gk_exec *x)
{
	for (unsigned i = 0; i < o->nregs; i++) {
		const char *eq = strchr(o->regs[i], '=');
		char name[96];
		size_t n = (size_t)(eq - o->regs[i]);
		uint64_t v;
		if (!n || n >= sizeof name || gk_parse_uint(eq + 1, strlen(eq + 1), &v) || v > 0xffffffffu) {
			fprintf(stderr, "%s: --reg %s: takes NAME=VALUE, VALUE a 32-bit number (0x hex or decimal)\n",
				CLI_PROG, CLI_Q(o->regs[i]));
			return 2;
		}
		memcpy(name, o->regs[i], n);
		name[n] = 0;
		struct gk_diag err;
		if (gk_exec_set_reg(x, name, (uint32_t)v, &err)) {
			fprintf(stderr, "%s: --reg %s: %s\n", CLI_PROG, CLI_Q(o->regs[i]), err.message);
			return 2;
		}
	}
	return 0;
}

/* --dump ADDR:SIZE=FILE: the bytes after the run */
static int write_dumps(const struct cli_opts *o, const struct gk_mem *mem)
{
	int rc = 0;
	for (unsigned i = 0; i < o->ndumps && !rc; i++) {
		const char *eq = strchr(o->dumps[i], '=');
		const char *colon = memchr(o->dumps[i], ':', (size_t)(eq - o->dumps[i]));
		uint64_t addr, size;
		if (!colon || gk_parse_uint(o->dumps[i], (size_t)(colon - o->dumps[i]), &addr) ||
		    gk_parse_uint(colon + 1, (size_t)(eq - colon - 1), &size) || !eq[1]) {
			fprintf(stderr, "%s: --dump %s: takes ADDR:SIZE=FILE\n", CLI_PROG, CLI_Q(o->dumps[i]));
			return 2;
		}
		struct cli_out f;
		if (cli_out_open(&f, eq + 1))
			return 2;
		static unsigned char buf[1 << 16];
		for (uint64_t at = 0; at < size && !rc;) {
			size_t n = size - at < sizeof buf ? (size_t)(size - at) : sizeof buf;
			struct gk_diag err;
			if (gk_mem_read(mem, addr + at, buf, n, NULL, &err)) {
				fprintf(stderr, "%s: --dump %s: %s\n", CLI_PROG, CLI_Q(o->dumps[i]), err.message);
				rc = 2;
			} else if (cli_out_write(&f, buf, n)) {
				rc = 2; /* said by cli_out_close */
			}
			at += n;
		}
		/* a dump cut by unreadable memory is not kept */
		if (cli_out_close(&f, !rc))
			rc = 2;
	}
	return rc;
}

/* The PNG writer failed: a write that failed is said by cli_out_close,
 * anything else (its own error) here.  2. */
static int png_failed(struct cli_out *f, const struct gk_png *png)
{
	if (!f->failed)
		fprintf(stderr, "%s: %s: %s\n", CLI_PROG, CLI_Q(f->name), png->error ? png->error : "PNG writer error");
	return 2;
}

/* --picture ADDR:WxH=FILE.png: W x H 32-bit pixels from ADDR (bytes R, G,
 * B, unused), as the memory holds them after the run */
static int write_pictures(const struct cli_opts *o, const struct gk_mem *mem)
{
	for (unsigned i = 0; i < o->npictures; i++) {
		const char *arg = o->pictures[i], *eq = strchr(arg, '=');
		const char *colon = memchr(arg, ':', (size_t)(eq - arg));
		const char *xs = colon ? memchr(colon, 'x', (size_t)(eq - colon)) : NULL;
		uint64_t addr, w, h;
		if (!xs || gk_parse_uint(arg, (size_t)(colon - arg), &addr) ||
		    gk_parse_uint(colon + 1, (size_t)(xs - colon - 1), &w) || gk_parse_uint(xs + 1, (size_t)(eq - xs - 1), &h) ||
		    !w || !h || w > 16384 || h > 16384 || !eq[1]) {
			fprintf(stderr, "%s: --picture %s: takes ADDR:WIDTHxHEIGHT=FILE.png (1 to 16384 pixels each way)\n",
				CLI_PROG, CLI_Q(arg));
			return 2;
		}
		struct cli_out f;
		if (cli_out_open(&f, eq + 1))
			return 2;
		uint8_t *px = malloc(4 * w), *rgb = malloc(3 * w);
		struct gk_png *png = malloc(sizeof *png); /* the writer's state is 320 KiB */
		int rc = px && rgb && png ? 0 : 2;
		if (rc)
			fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		else if (gk_png_begin(png, (uint32_t)w, (uint32_t)h, cli_out_write, &f))
			rc = png_failed(&f, png);
		for (uint64_t y = 0; !rc && y < h; y++) {
			struct gk_diag err;
			if (gk_mem_read(mem, addr + 4 * w * y, px, (size_t)(4 * w), NULL, &err)) {
				fprintf(stderr, "%s: --picture %s: %s\n", CLI_PROG, CLI_Q(arg), err.message);
				rc = 2;
				break;
			}
			for (uint64_t k = 0; k < w; k++)
				memcpy(rgb + 3 * k, px + 4 * k, 3);
			if (gk_png_row(png, rgb))
				rc = png_failed(&f, png);
		}
		if (!rc && gk_png_end(png))
			rc = png_failed(&f, png);
		free(px);
		free(rgb);
		free(png);
		if (cli_out_close(&f, !rc))
			rc = 2;
		if (rc)
			return rc;
	}
	return 0;
}

static int run_exec(const struct cli_opts *o, struct gk_engine *e, const struct gk_lint_select *lint)
{
	enum gk_in_format inf;
	if (cli_decode_format(o->format, &inf))
		return 2;
	if (o->nfiles > 1) {
		fprintf(stderr, "%s: run takes one stream (%s, %s, ...)\n", CLI_PROG, CLI_Q(o->files[0]), CLI_Q(o->files[1]));
		return 2;
	}
	struct gk_mem *mem = cli_load_memory(o, e);
	if (!mem)
		return 2;
	int rc = add_zeros(o, mem);
	struct gk_diag err;
	struct gk_exec *x = rc ? NULL : gk_exec_create(e, mem, &err);
	if (!rc && !x) {
		fprintf(stderr, "%s: %s\n", CLI_PROG, err.message);
		rc = 2;
	}
	if (!rc)
		rc = set_regs(o, x);
	FILE *f = rc ? NULL : cli_open_in(o->file, "rb");
	struct cli_out of = { 0 };
	if (f && cli_out_open(&of, o->out))
		rc = 2;
	/* long runs show their progress on a terminal (cli.h) */
	struct cli_progress prog;
	cli_progress_start(&prog, cli_display_name(o->file), f, o->json, true, false);
	struct gk_input *in = of.f ? gk_input_create(cli_progress_read, &prog, inf, gk_engine_unit_bytes(e)) : NULL;
	if (!rc && !in) {
		if (of.f)
			fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		rc = 2;
	}
	if (in && o->no_gzip)
		gk_input_set_gzip(in, false);
	if (in && o->has_base)
		gk_input_set_base(in, o->base);
	gk_input_set_reg_lookup(in, gk_engine_reg_lookup, e); /* umr, Mesa listings */
	struct gk_exec_result res;
	if (!rc) {
		static char obuf[1 << 16];
		struct cli_progress_out pw = { &prog, cli_out_write, &of };
		struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, cli_progress_write, &pw);
		const char *name = cli_display_name(o->file);
		struct gk_exec_opts xo = { .max_packets = o->max_packets, .trace = o->trace, .json = o->json,
					   .state = o->state, .lint = lint, .name = name,
					   .skip = o->skip, .count = o->count, .eop_held = o->eop_held };
		int ran = gk_exec_run(x, in, &xo, &out, &res);
		cli_progress_end(&prog);
		if (ran != 0) {
			gk_out_flush(&out);
			rc = cli_input_error(name, in);
		} else {
			gk_out_flush(&out);
			if (cli_out_flush(&of) || out.failed) {
				of.failed = 1;
				rc = 2; /* said by cli_out_close */
			} else {
				rc = write_dumps(o, mem);
				if (!rc)
					rc = write_pictures(o, mem);
				if (!rc && lint)
					rc = cli_check_summary(name, res.lint_errors, res.lint_warnings) ? 1
					     : res.status == GK_EXEC_COMPLETED ? 0 : 1;
				else if (!rc)
					rc = res.status == GK_EXEC_COMPLETED ? 0 : 1;
			}
		}
	}
	gk_input_destroy(in);
	cli_close(f);
	/* the trace and the report are kept whatever the run's end (a hang
	 * report is what -o is for), unless writing them failed */
	if (cli_out_close(&of, 1))
		rc = 2;
	gk_exec_destroy(x);
	gk_mem_destroy(mem);
	return rc;
}

int cli_run_exec(const struct cli_opts *o, struct gk_engine *e)
{
	return run_exec(o, e, NULL);
}

int cli_run_lint(const struct cli_opts *o, struct gk_engine *e)
{
	struct gk_lint_select sel;
	gk_lint_select_all(&sel);
	struct gk_diag err;
	if (o->rules && gk_lint_select_parse(&sel, o->rules, strlen(o->rules), &err)) {
		fprintf(stderr, "%s: --rules: %s (gfxkit list --rules shows them)\n", CLI_PROG, err.message);
		return 2;
	}
	if (!gk_lint_generation(gk_engine_format(e))) {
		fprintf(stderr, "%s: lint has the rules of the Evergreen/Northern Islands guide: -g evergreen or cayman "
				"(and their chips), -e pm4\n",
			CLI_PROG);
		return 2;
	}
	return run_exec(o, e, &sel);
}

int cli_list_rules(void)
{
	static const char *const gens[] = { "", "evergreen", "cayman", "evergreen cayman" };
	static const char *const when[] = { "", "draw", "dispatch", "draw dispatch" };
	printf("%-32s %-8s %-18s %-14s %-8s %s\n", "RULE", "SECTION", "GENERATIONS", "AT", "SEVERITY", "REQUIRES");
	struct gk_lint_rule_info r;
	for (size_t i = 0; gk_lint_rule_at(i, &r) == 0; i++)
		printf("%-32s %-8s %-18s %-14s %-8s %s\n", r.id, r.section, gens[r.gens & 3], when[r.when & 3],
		       r.severity == GK_ERROR ? "error" : "warning", r.text);
	return 0;
}
