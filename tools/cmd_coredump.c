/* decode / check of an amdgpu devcoredump whole (no -e, no --ring): the GPU
 * from the dump (-g overrides), what the kernel reported (the hung ring,
 * the page fault), the IP Dump's registers by name and field, then every
 * ring with its own engine -- gfx, compute and KIQ rings with pm4, sdma
 * rings with dma, the hung ring first -- each read again through the
 * devcoredump reader (gk_input_set_ring) and run through gk_stream_run as
 * `--ring NAME -e ENGINE` would, and the rings of engines gfxkit does not
 * decode shown raw with their pointers.  The dump is read by the library
 * (include/gfxkit/coredump.h); this file only loops and prints. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "cli.h"

#define SLURP_MAX (1ull << 30)

static bool is_stdin(const char *f)
{
	return !f || !strcmp(f, "-");
}

/* the first line that says something: a devcoredump's banner, or its ring
 * section pasted alone (as src/input/devcoredump.c recognises it) */
static bool looks_like_coredump(const char *p, size_t n)
{
	size_t i = 0;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\n' || p[i] == '\r'))
		i++;
	if (gk_msm_dump_sniff(p, n))
		return true; /* an msm (Adreno) one: tools/cmd_msm.c */
	static const char *const heads[] = { "**** AMDGPU Device Coredump", "Ring buffer information", "ring name: " };
	for (size_t k = 0; k < 3; k++) {
		size_t l = strlen(heads[k]);
		if (n - i >= l && !memcmp(p + i, heads[k], l))
			return true;
	}
	return false;
}

bool cli_coredump_wanted(const struct cli_opts *o)
{
	if (o->engine || o->ring)
		return false; /* one engine, or one ring: the stream path */
	bool forced = o->format && !strcmp(o->format, "devcoredump");
	if (o->format && !forced && strcmp(o->format, "auto"))
		return false;
	for (unsigned i = 0; i < (o->nfiles ? o->nfiles : 1); i++) {
		const char *file = o->nfiles ? o->files[i] : NULL;
		if (forced)
			continue;
		if (is_stdin(file)) {
			/* standard input cannot be looked at twice: whole only when
			 * nothing else could read it (no -g) */
			if (o->gpu)
				return false;
			continue;
		}
		FILE *f = fopen(file, "rb");
		if (!f)
			return false; /* the stream path says why */
		/* a gzipped dump is looked at as the text it stands for */
		struct gk_gunzip *g = gk_gunzip_open(gk_read_stdio, f);
		char head[4096];
		size_t n = 0;
		long r;
		while (g && n < sizeof head && (r = gk_gunzip_read(g, head + n, sizeof head - n)) > 0)
			n += (size_t)r;
		gk_gunzip_close(g);
		fclose(f);
		if (!looks_like_coredump(head, n))
			return false;
	}
	return true;
}

/* the dump's text whole, unpacked first when it is gzipped (the library's
 * inflater, as every other input form reads gzip) */
static char *slurp(const char *file, size_t *len)
{
	FILE *f = cli_open_in(file, "rb");
	if (!f)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *p = malloc(cap);
	struct gk_gunzip *g = p ? gk_gunzip_open(gk_read_stdio, f) : NULL;
	if (!p || !g) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		free(p);
		p = NULL;
	}
	while (p) {
		if (n == cap) {
			char *q = cap < SLURP_MAX ? realloc(p, cap * 2) : NULL;
			if (!q) {
				fprintf(stderr, "%s: %s: %s\n", CLI_PROG, cli_display_name(file),
					cap < SLURP_MAX ? "out of memory" : "larger than 1 GiB: not a devcoredump");
				free(p);
				p = NULL;
				break;
			}
			p = q;
			cap *= 2;
		}
		long r = gk_gunzip_read(g, p + n, cap - n);
		if (r <= 0) {
			if (r < 0) {
				uint64_t at;
				const char *why = gk_gunzip_error(g, &at);
				if (why && at)
					fprintf(stderr, "%s: %s: gzip: %s (at byte %llu of the compressed file)\n", CLI_PROG,
						cli_display_name(file), why, (unsigned long long)at);
				else
					fprintf(stderr, "%s: %s: %s\n", CLI_PROG, cli_display_name(file),
						why && strcmp(why, "read error") ? why : "read error");
				free(p);
				p = NULL;
			}
			break;
		}
		n += (size_t)r;
	}
	gk_gunzip_close(g);
	cli_close(f);
	*len = n;
	return p;
}

/* one line of the output ("; ..." comment lines in text; on stderr with
 * --json, whose output is JSON Lines only) */
struct shown {
	FILE *f;
	bool json;
	const char *name;
};

static void say(const struct shown *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const struct shown *sh, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (sh->json) {
		fprintf(stderr, "%s: ", sh->name);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	} else {
		fputs("; ", sh->f);
		vfprintf(sh->f, fmt, ap);
		fputc('\n', sh->f);
	}
	va_end(ap);
}

/* the IP Dump: each register by name and field where the GPU's register
 * table (the pm4 format's) knows it, raw where not */
static void show_regs(const struct shown *sh, const struct gk_coredump *cd, const struct gk_reg_table *t, const char *gpu)
{
	const char *ip = NULL, *group = NULL;
	unsigned known = 0;
	char fields[1024];
	for (size_t i = 0; i < cd->nregs; i++) {
		const struct gk_cd_reg *r = &cd->regs[i];
		if (!ip || strcmp(ip, r->ip) || strcmp(group, r->group)) {
			say(sh, "%s%s%s%s", r->ip[0] || !r->by_offset ? "IP Dump: " : "register dump (by dword offset)",
			    r->ip[0] ? r->ip : r->by_offset ? "" : "(no 'IP:' line)", r->group[0] ? ", " : "", r->group);
			ip = r->ip;
			group = r->group;
		}
		const struct gk_reg *reg = r->by_offset ? gk_reg_by_offset(t, r->offset) : gk_coredump_reg_lookup(t, r->name);
		char offname[32];
		if (r->by_offset)
			snprintf(offname, sizeof offname, "0x%05x", r->offset);
		if (reg) {
			known++;
			gk_coredump_reg_fields(reg, r->value, fields, sizeof fields);
			say(sh, "  %-40s 0x%08x%s%s", reg->name, r->value, fields[0] ? "  " : "", fields);
		} else {
			say(sh, "  %-40s 0x%08x  (raw: not in gfxkit's %s register table)", r->by_offset ? offname : r->name,
			    r->value, gpu);
		}
	}
	if (cd->nregs)
		say(sh, "registers: %u of %zu decoded by name and field (%s's register table)", known, cd->nregs, gpu);
}

/* a ring gfxkit does not decode, or cannot for this GPU: its words, eight
 * a line, and where its pointers point */
static void show_raw(const struct shown *sh, const struct gk_cd_ring *r)
{
	if (sh->json)
		return; /* JSON Lines carry decoded units only: the pointers were said */
	uint64_t size = r->size ? r->size : 1;
	uint64_t rp = r->rptr % size, wp = r->wptr % size;
	for (size_t i = 0; i < r->nwords; i += 8) {
		fprintf(sh->f, "0x%08zx:", 4 * i);
		for (size_t k = i; k < i + 8 && k < r->nwords; k++)
			fprintf(sh->f, " 0x%08x", r->words[k]);
		fputc('\n', sh->f);
		if (r->has_ptrs && rp >= i && rp < i + 8)
			fprintf(sh->f, "    ; <- rptr at 0x%llx\n", (unsigned long long)(4 * rp));
		if (r->has_ptrs && wp >= i && wp < i + 8)
			fprintf(sh->f, "    ; <- wptr at 0x%llx\n", (unsigned long long)(4 * wp));
	}
}

struct engines {
	const char *name[4];
	struct gk_engine *e[4];
	char why[4][160];
	bool said[4];
	unsigned n;
};

static unsigned engine_slot(struct engines *es, const char *name, const char *gpu)
{
	for (unsigned i = 0; i < es->n; i++)
		if (!strcmp(es->name[i], name))
			return i;
	unsigned i = es->n++;
	struct gk_diag err;
	memset(&err, 0, sizeof err);
	es->name[i] = name;
	es->e[i] = gk_engine_open(name, gpu, &err);
	if (!es->e[i])
		snprintf(es->why[i], sizeof es->why[i], "%.*s", (int)gk_diag_message_len(&err), err.message);
	return i;
}

/* JSON Lines of one ring: every unit object (the ring's own and those of
 * the indirect buffers it calls) gets the ring's name as its first key,
 * "ring_name" (docs/json.md), so a reader of the whole dump's lines can
 * tell which ring each belongs to */
struct ring_tag {
	FILE *f;
	char key[160]; /* "ring_name":"NAME", */
	size_t keylen;
	bool line_start;
};

static void ring_tag_init(struct ring_tag *t, FILE *f, const char *ring)
{
	t->f = f;
	t->line_start = true;
	size_t n = 0;
	n += (size_t)snprintf(t->key, sizeof t->key, "\"ring_name\":\"");
	for (const unsigned char *c = (const unsigned char *)ring; *c && n + 8 < sizeof t->key; c++) {
		if (*c == '"' || *c == '\\')
			n += (size_t)snprintf(t->key + n, sizeof t->key - n, "\\%c", *c);
		else if (*c < 0x20)
			n += (size_t)snprintf(t->key + n, sizeof t->key - n, "\\u%04x", *c);
		else
			t->key[n++] = (char)*c;
	}
	n += (size_t)snprintf(t->key + n, sizeof t->key - n, "\",");
	t->keylen = n;
}

static int ring_tag_write(void *ctx, const void *p, size_t n)
{
	struct ring_tag *t = ctx;
	const char *c = p;
	for (size_t i = 0; i < n;) {
		if (t->line_start && c[i] == '{') {
			if (cli_write_file(t->f, "{", 1) || cli_write_file(t->f, t->key, t->keylen))
				return -1;
			t->line_start = false;
			i++;
			continue;
		}
		const char *nl = memchr(c + i, '\n', n - i);
		size_t k = nl ? (size_t)(nl - (c + i)) + 1 : n - i;
		if (cli_write_file(t->f, c + i, k))
			return -1;
		t->line_start = nl != NULL;
		i += k;
	}
	return 0;
}

/* one ring read again through the devcoredump reader and decoded: the exit
 * status of it (0, 1 check errors / --strict, 2 an input error) */
static int decode_ring(const struct cli_opts *o, const struct shown *sh, struct gk_engine *e, const char *text, size_t len,
		       const struct gk_cd_ring *r, bool checking, unsigned long long *errors, unsigned long long *warnings)
{
	/* the ring's own lines only (the dump is read once per ring): its line
	 * numbers counted on from the line before its first */
	(void)len;
	struct gk_bytes src = { text + r->text_at, r->text_len, 0 };
	uint32_t base = r->line - 1;
	struct gk_input *in = gk_input_create(gk_read_bytes, &src, GK_IN_DEVCOREDUMP, gk_engine_unit_bytes(e));
	if (!in || gk_input_set_ring(in, r->name)) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		gk_input_destroy(in);
		return 2;
	}
	static char obuf[1 << 16];
	struct ring_tag tag;
	ring_tag_init(&tag, sh->f, r->name);
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, o->json ? ring_tag_write : cli_write_file,
					o->json ? (void *)&tag : (void *)sh->f);
	struct gk_stream_opts so = {
		.check = checking, .json = o->json, .json_flags = o->text ? GK_JSON_TEXT : 0, .raw_words = o->raw,
		.name = sh->name, .bos = o->bos, .nbos = o->nbos,
		.max_diags = o->has_max_errors ? o->max_errors : checking ? CLI_CHECK_MAX_ERRORS : 0,
	};
	struct gk_stream_stats stats;
	memset(&stats, 0, sizeof stats);
	gk_stream_run(e, in, &so, &out, &stats);
	gk_out_flush(&out);
	/* the reader's warnings (a pointer outside the ring...); its notes say
	 * which ring it reads and why, which the ring's heading has said */
	const char *note;
	uint32_t line;
	for (unsigned i = 0; (note = gk_input_note(in, i, &line)) != NULL; i++)
		if (gk_input_note_warns(in, i) && line)
			fprintf(stderr, "%s:%u: warning: %s\n", sh->name, base + line, note);
		else if (gk_input_note_warns(in, i))
			fprintf(stderr, "%s: warning: %s\n", sh->name, note);
	*errors += stats.errors;
	*warnings += stats.warnings;
	int rc = 0;
	const struct gk_diag *ie = gk_input_error(in);
	if (ie) {
		fprintf(stderr, "%s:%u:%u: error: %.*s\n", sh->name, ie->line ? base + ie->line : 0, ie->col,
			(int)gk_diag_message_len(ie), ie->message);
		rc = 2;
	}
	if (!rc && out.failed)
		rc = 2;
	gk_input_destroy(in);
	return rc;
}

/* no ring with contents: what the kernel reported, and why nothing can be
 * decoded, at the line that says it */
static int refuse(const char *name, const struct gk_coredump *cd)
{
	const struct gk_cd_ring *hung = NULL;
	for (size_t i = 0; i < cd->nrings; i++)
		if (cd->rings[i].hung)
			hung = &cd->rings[i];
	char what[200];
	if (cd->has_hung)
		snprintf(what, sizeof what, "; the kernel reported ring %s timed out", cd->hung);
	else
		snprintf(what, sizeof what, "; the dump names no timed-out ring");
	if (hung && hung->contents_line)
		fprintf(stderr, "%s:%u: error: ring %s, the one the kernel reported timed out: Ring contents unavailable (the kernel did not save them): nothing to decode\n",
			name, hung->contents_line, hung->name);
	else if (hung)
		fprintf(stderr, "%s:%u: error: ring %s, the one the kernel reported timed out: no 'Ring contents' after its header (the dump was cut or pasted without them): nothing to decode\n",
			name, hung->line, hung->name);
	else if (cd->nrings)
		fprintf(stderr, "%s:%u: error: no ring of the devcoredump has contents (Ring contents unavailable)%s: nothing to decode\n",
			name, cd->rings[0].line, what);
	else if (cd->ring_info_line)
		fprintf(stderr, "%s:%u: error: no ring after 'Ring buffer information'%s: nothing to decode\n", name,
			cd->ring_info_line, what);
	else
		fprintf(stderr, "%s:%u: error: the devcoredump ends before 'Ring buffer information': no ring contents%s\n", name,
			cd->has_hung ? cd->hung_line : cd->lines, what);
	return 2;
}

static int coredump_file(const struct cli_opts *o, const char *file, bool checking, struct cli_out *of)
{
	const char *name = cli_display_name(file);
	size_t len;
	char *text = slurp(file, &len);
	if (!text)
		return 2;
	if (gk_msm_dump_sniff(text, len)) {
		int rc = cli_msm_coredump(o, name, text, len, checking, of->f);
		free(text);
		if (cli_out_flush(of))
			of->failed = 1;
		return rc ? rc : of->failed ? 2 : 0;
	}
	struct gk_coredump cd;
	memset(&cd, 0, sizeof cd);
	struct gk_diag err;
	if (gk_coredump_read(&cd, text, len, &err)) {
		if (!o->gpu && !(o->format && !strcmp(o->format, "devcoredump")) && !strncmp(err.message, "not a devcoredump", 17))
			/* standard input taken for a dump because no -g was given */
			fprintf(stderr, "%s: -g GPU is required (%s is not a devcoredump, which would name its GPU)\n", CLI_PROG,
				name);
		else
			fprintf(stderr, "%s:%u:%u: error: %.*s\n", name, err.line, err.col, (int)gk_diag_message_len(&err),
				err.message);
		gk_coredump_free(&cd);
		free(text);
		return 2;
	}
	bool any = false;
	for (size_t i = 0; i < cd.nrings; i++)
		any |= cd.rings[i].has_contents;
	if (!any) {
		int rc = refuse(name, &cd);
		gk_coredump_free(&cd);
		free(text);
		return rc;
	}
	struct shown sh = { of->f, o->json, name };
	char gpu[32], why[64];
	bool dump_gpu = gk_coredump_gpu(&cd, gpu, sizeof gpu, why, sizeof why) == 0;
	if (o->gpu) {
		snprintf(gpu, sizeof gpu, "%s", o->gpu);
		snprintf(why, sizeof why, "-g");
	} else if (!dump_gpu) {
		fprintf(stderr, "%s: error: the devcoredump names no GPU (no 'HWIP: GC[...]' line, no known 'SOC Family'): give -g GPU\n",
			name);
		gk_coredump_free(&cd);
		free(text);
		return 2;
	}
	say(&sh, "devcoredump %s: GPU %s (%s)%s%s, %zu ring%s", name, gpu, why, cd.kernel[0] ? ", kernel " : "", cd.kernel,
	    cd.nrings, cd.nrings == 1 ? "" : "s");
	if (cd.has_hung)
		say(&sh, "the kernel reported ring %s timed out (IP Type %d, line %u)", cd.hung, cd.hung_type, cd.hung_line);
	if (cd.has_fault) {
		char ff[256];
		gk_coredump_fault_fields(cd.fault_status, ff, sizeof ff);
		if (cd.fault_addr || cd.fault_status)
			say(&sh, "page fault [%s]: address 0x%016llx, status 0x%08x: %s", cd.fault_hub,
			    (unsigned long long)cd.fault_addr, cd.fault_status, ff);
		else
			say(&sh, "page fault [%s]: none recorded (address 0, status 0)", cd.fault_hub);
	}
	/* the register table of the GPU's pm4 format */
	struct gk_format *fmt = malloc(sizeof *fmt);
	const struct gk_reg_table *t = fmt && gk_pm4_format_init(fmt, gpu) == 0 ? fmt->regs : NULL;
	show_regs(&sh, &cd, t, gpu);
	struct engines es;
	memset(&es, 0, sizeof es);
	int rc = 0;
	unsigned long long errors = 0, warnings = 0;
	const struct gk_cd_ring *r;
	for (size_t i = 0; (r = gk_coredump_ring(&cd, i)) != NULL && !of->failed; i++) {
		const char *kind;
		const char *ename = gk_coredump_ring_engine(r->name, &kind);
		char ptrs[160] = "no pointers";
		if (r->has_ptrs)
			snprintf(ptrs, sizeof ptrs, "rptr 0x%llx wptr 0x%llx%s, %llu dwords", (unsigned long long)r->rptr,
				 (unsigned long long)r->wptr, r->has_mask ? "" : " (no RB mask)", (unsigned long long)r->size);
		const char *hung = r->hung ? " [HUNG: the ring the kernel reported timed out]" : "";
		if (!r->has_contents) {
			say(&sh, "ring %s%s: %s, %s: %s", r->name, hung, kind, ptrs,
			    r->contents_line ? "Ring contents unavailable" : "no contents in the dump");
			continue;
		}
		const char *cut = r->cut ? " (cut short: fewer dwords than its size)" : "";
		if (!ename) {
			say(&sh, "ring %s%s: %s, %s%s: shown raw (gfxkit does not decode %s rings)", r->name, hung, kind, ptrs, cut,
			    kind);
			show_raw(&sh, r);
			continue;
		}
		unsigned s = engine_slot(&es, ename, gpu);
		if (!es.e[s]) {
			say(&sh, "ring %s%s: %s, %s%s: shown raw (%s: %s)", r->name, hung, kind, ptrs, cut, ename,
			    es.said[s] ? "as above" : es.why[s]);
			es.said[s] = true;
			show_raw(&sh, r);
			continue;
		}
		say(&sh, "ring %s%s: %s, %s%s, decoded with %s", r->name, hung, kind, ptrs, cut, ename);
		fflush(of->f);
		int one = decode_ring(o, &sh, es.e[s], text, len, r, checking, &errors, &warnings);
		rc = one > rc ? one : rc;
	}
	for (unsigned i = 0; i < es.n; i++)
		gk_engine_close(es.e[i]);
	free(fmt);
	gk_coredump_free(&cd);
	free(text);
	if (cli_out_flush(of))
		of->failed = 1;
	if (rc || of->failed)
		return rc ? rc : 2;
	if (checking)
		return cli_check_summary(name, errors, warnings);
	return o->strict && errors ? 1 : 0;
}

int cli_run_coredump(const struct cli_opts *o, int checking)
{
	/* options about one stream's words: which ring's would be a guess */
	static const char *const one_stream[] = { "--base", "--skip", "--count", "--follow", "--mem", "--mem-map" };
	for (size_t i = 0; i < sizeof one_stream / sizeof one_stream[0]; i++) {
		const struct cli_option *opt = cli_option_named(one_stream[i]);
		if (opt && cli_option_given(o, opt)) {
			fprintf(stderr, "%s: %s is about one stream: with a whole devcoredump, name the ring and its engine "
				"(--ring NAME -e ENGINE)\n", CLI_PROG, one_stream[i]);
			return 2;
		}
	}
	struct cli_out of;
	if (cli_out_open(&of, o->out))
		return 2;
	int rc = 0;
	for (unsigned i = 0; i < (o->nfiles ? o->nfiles : 1) && !of.failed; i++) {
		int r = coredump_file(o, o->nfiles ? o->files[i] : NULL, checking, &of);
		rc = r > rc ? r : rc;
	}
	int w = cli_out_close(&of, 1);
	return w > rc ? w : rc;
}
