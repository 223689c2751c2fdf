/* decode / check of an msm (Adreno) devcoredump whole: the dump read by the
 * library (include/gfxkit/msm.h), the GPU from its revision (-g overrides),
 * where the CP stopped (gk_adreno_crash_locate, as Mesa's crashdec), the
 * registers by name and field, every ring decoded with the adreno engine
 * from where crashdec starts to wptr, and the IB1 / IB2 the CP was in
 * decoded from their start up to the packet it was on.  cmd_coredump.c
 * hands it the text when gk_msm_dump_sniff says it is one; this file only
 * loops and prints. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/gfxkit.h"
#include "cli.h"

struct msm_run {
	const struct cli_opts *o;
	FILE *f;
	const char *name;
	bool json, checking;
	struct gk_engine *e;
	unsigned long long errors, warnings;
	int rc;
};

static void say(const struct msm_run *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(const struct msm_run *m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (m->json) {
		/* JSON Lines on the output: what is said goes to stderr */
		fprintf(stderr, "%s: ", m->name);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
	} else {
		fputs("; ", m->f);
		vfprintf(m->f, fmt, ap);
		fputc('\n', m->f);
	}
	va_end(ap);
}

/* n words decoded (or checked) with the adreno engine as a stream at GPU
 * address base */
static void decode_with(struct msm_run *m, struct gk_engine *e, const uint32_t *w, size_t n, uint64_t base, bool memory);
static void decode_words(struct msm_run *m, const uint32_t *w, size_t n, uint64_t base)
{
	decode_with(m, m->e, w, n, base, false);
}

/* n words decoded (or checked) by engine e as a stream from address base;
 * memory: a GPU memory's contents (shader RAM), not a stream the GPU was
 * given -- its words that are no instruction are shown raw, one error
 * said, and not counted as the dump's errors */
static void decode_with(struct msm_run *m, struct gk_engine *e, const uint32_t *w, size_t n, uint64_t base, bool memory)
{
	if (!n)
		return;
	unsigned char *bytes = malloc(4 * n);
	if (!bytes) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		m->rc = 2;
		return;
	}
	for (size_t i = 0; i < n; i++) /* little-endian, whatever the host */
		for (int b = 0; b < 4; b++)
			bytes[4 * i + (size_t)b] = (unsigned char)(w[i] >> (8 * b));
	struct gk_bytes src = { bytes, 4 * n, 0 };
	struct gk_input *in = gk_input_create(gk_read_bytes, &src, GK_IN_BIN, gk_engine_unit_bytes(e));
	if (!in || gk_input_set_base(in, base)) {
		fprintf(stderr, "%s: out of memory\n", CLI_PROG);
		gk_input_destroy(in);
		free(bytes);
		m->rc = 2;
		return;
	}
	static char obuf[1 << 16];
	struct gk_out out = GK_OUT_INIT(obuf, sizeof obuf, cli_write_file, m->f);
	const struct cli_opts *o = m->o;
	struct gk_stream_opts so = {
		.check = m->checking, .json = o->json, .json_flags = o->text ? GK_JSON_TEXT : 0, .raw_words = o->raw,
		.name = m->name,
		.max_diags = memory ? 1 : o->has_max_errors ? o->max_errors : m->checking ? CLI_CHECK_MAX_ERRORS : 0,
	};
	struct gk_stream_stats stats;
	memset(&stats, 0, sizeof stats);
	fflush(m->f);
	gk_stream_run(e, in, &so, &out, &stats);
	gk_out_flush(&out);
	if (memory && stats.errors > 1)
		say(m, "%llu of these 64-bit slots hold no instruction (fill such as 0xdeadbeef, or data): shown raw, the first "
		       "one's error said",
		    (unsigned long long)stats.errors);
	if (!memory) {
		m->errors += stats.errors;
		m->warnings += stats.warnings;
	}
	if (out.failed && !m->rc)
		m->rc = 2;
	gk_input_destroy(in);
	free(bytes);
}

/* a register's name and its non-zero fields, or raw */
static void show_reg(const struct msm_run *m, const struct gk_reg_table *t, const struct gk_msm_reg *r, bool named,
		     unsigned *known)
{
	const struct gk_reg *reg = named ? gk_reg_by_offset(t, r->offset) : NULL;
	if (m->json)
		return;
	if (!reg) {
		fprintf(m->f, ";   0x%06x %-36s 0x%08x\n", r->offset, "", r->value);
		return;
	}
	char fields[1024];
	gk_adreno_reg_fields_text(reg, r->value, fields, sizeof fields);
	fprintf(m->f, ";   0x%06x %-36s 0x%08x%s%s\n", r->offset, reg->name, r->value, fields[0] ? "  " : "", fields);
	++*known;
}

static void show_registers(struct msm_run *m, const struct gk_msm_dump *d, const struct gk_reg_table *t,
			   const struct gk_reg_table *gmu)
{
	unsigned known = 0, total = 0;
	for (size_t g = 0; g < d->ngroups; g++) {
		const struct gk_msm_group *gr = &d->groups[g];
		/* registers-gmu are the GMU's own space (a6xx_gmu.xml), never
		 * named through the GPU's table */
		bool is_gmu = !strcmp(gr->section, "registers-gmu");
		const struct gk_reg_table *tt = is_gmu ? gmu : t;
		size_t n = 0;
		for (size_t i = 0; i < d->nregs; i++)
			n += d->regs[i].group == g;
		say(m, "%s%s%s (line %u): %zu register%s%s", gr->section, gr->label[0] ? ", " : "", gr->label, gr->line, n,
		    n == 1 ? "" : "s", tt ? "" : ", by offset (gfxkit has no GMU register table for this GPU)");
		for (size_t i = 0; i < d->nregs; i++)
			if (d->regs[i].group == g) {
				total++;
				show_reg(m, tt, &d->regs[i], tt != NULL, &known);
			}
	}
	if (d->nregs && !m->json)
		say(m, "registers: %u of %u named by gfxkit's tables, the rest shown by offset", known, total);
}

/* the ring: crashdec's window decoded, its pointers said */
static void show_ring(struct msm_run *m, const struct gk_msm_dump *d, const struct gk_msm_ring *r, const char *gpu,
		      const struct gk_adreno_crash *c)
{
	bool cp = c->rb_base && r->iova == c->rb_base;
	say(m, "ring %u%s: iova 0x%016llx, rptr %u, wptr %u (dwords), size %u bytes, last-fence %llu, retired-fence %llu, "
	       "%zu dwords in the dump (line %u)",
	    r->id, cp ? " [the ring CP_RB_BASE names]" : "", (unsigned long long)r->iova, r->rptr, r->wptr, r->size,
	    (unsigned long long)r->last_fence, (unsigned long long)r->retired_fence, r->nwords, r->line);
	uint32_t start, n;
	if (gk_adreno_ring_window(r, gpu, &start, &n)) {
		say(m, "ring %u: no window to decode", r->id);
		return;
	}
	if (!n) {
		say(m, "ring %u: rptr at wptr and no packet before it: nothing pending", r->id);
		return;
	}
	uint32_t sz = r->size / 4;
	say(m, "ring %u: dwords %u to %u (wptr), from the first packet among the 12 dwords before rptr, as crashdec; rptr at "
	       "0x%016llx, wptr at 0x%016llx%s",
	    r->id, start, (start + n) % sz, (unsigned long long)(r->iova + 4ull * r->rptr),
	    (unsigned long long)(r->iova + 4ull * r->wptr), start + n > sz ? "; it wraps: decoded as two parts" : "");
	uint32_t *w = malloc((size_t)n * sizeof *w);
	if (!w) {
		m->rc = 2;
		return;
	}
	for (uint32_t k = 0; k < n; k++) {
		uint32_t ix = (start + k) % sz;
		w[k] = ix < r->nwords ? r->words[ix] : 0;
	}
	uint32_t first = start + n > sz ? sz - start : n;
	decode_words(m, w, first, r->iova + 4ull * start);
	if (first < n) {
		say(m, "ring %u: wrapped to dword 0", r->id);
		decode_words(m, w + first, n - first, r->iova);
	}
	free(w);
	(void)d;
}

/* the IB the CP was in, from its start to the packet it was on */
static void show_ib(struct msm_run *m, const struct gk_msm_dump *d, const struct gk_adreno_crash *c, int level)
{
	uint64_t base = c->ib[level];
	uint64_t upto = level == c->level ? c->packet : c->ib_from[level + 1];
	uint32_t ndw = level == c->level ? c->ndw : 4;
	if (upto < base) {
		say(m, "IB%d 0x%016llx: the packet at 0x%llx lies before it", level, (unsigned long long)base,
		    (unsigned long long)upto);
		return;
	}
	uint64_t nw = (upto - base) / 4 + ndw;
	say(m, "IB%d 0x%016llx (%u dwords), entered from the packet at 0x%016llx: its packets up to the one the CP was on",
	    level, (unsigned long long)base, c->ib_size[level], (unsigned long long)c->ib_from[level]);
	if (nw > (1u << 24)) {
		say(m, "IB%d: %llu dwords: too many to show", level, (unsigned long long)nw);
		return;
	}
	uint32_t *w = malloc((size_t)nw * sizeof *w);
	if (!w) {
		m->rc = 2;
		return;
	}
	size_t got = 0;
	while (got < nw && !gk_msm_dump_read_mem(d, base + 4 * got, &w[got], 1))
		got++;
	decode_words(m, w, got, base);
	free(w);
	if (got < nw)
		say(m, "IB%d: the dump holds its first %zu dwords only", level, got);
	else if (level == c->level)
		say(m, "^ the CP was on this packet: %s at 0x%016llx (Mesa crashdec's ESTIMATED CRASH LOCATION)", c->packet_name,
		    (unsigned long long)c->packet);
	else
		say(m, "^ from this CP_INDIRECT_BUFFER the CP entered IB%d 0x%016llx", level + 1,
		    (unsigned long long)c->ib[level + 1]);
}

static void show_crash(struct msm_run *m, const struct gk_adreno_crash *c)
{
	if (!c->rb_base && !c->found) {
		say(m, "where the CP stopped: not estimated: %s", c->why);
		return;
	}
	say(m, "CP registers: CP_RB_BASE 0x%016llx, CP_RB_RPTR 0x%x; CP_IB1_BASE 0x%016llx, %u dwords left; CP_IB2_BASE "
	       "0x%016llx, %u dwords left (CP_IBn_REM_SIZE plus what the ROQ holds, CP_ROQ_AVAIL_IBn[31:16] - 1)",
	    (unsigned long long)c->rb_base, c->rb_rptr, (unsigned long long)c->ib1_base, c->ib1_rem,
	    (unsigned long long)c->ib2_base, c->ib2_rem);
	if (c->est_ib1_base != c->ib1_base || c->est_ib1_rem != c->ib1_rem || c->est_ib2_base != c->ib2_base ||
	    c->est_ib2_rem != c->ib2_rem)
		say(m, "the CP read ahead across IBs (CP_INDIRECT_BUFFER prefetch): the SQE was in IB1 0x%016llx with %u left, "
		       "IB2 0x%016llx with %u left",
		    (unsigned long long)c->est_ib1_base, c->est_ib1_rem, (unsigned long long)c->est_ib2_base,
		    c->est_ib2_rem);
	if (!c->found) {
		say(m, "where the CP stopped: not found: %s", c->why);
		return;
	}
	if (c->level == 2)
		say(m, "the CP stopped at %s (%u dword%s) at 0x%016llx: IB2 0x%016llx + 0x%llx, entered from IB1 0x%016llx at "
		       "0x%016llx, entered from ring %u at 0x%016llx",
		    c->packet_name, c->ndw, c->ndw == 1 ? "" : "s", (unsigned long long)c->packet, (unsigned long long)c->ib[2],
		    (unsigned long long)(c->packet - c->ib[2]), (unsigned long long)c->ib[1], (unsigned long long)c->ib_from[2],
		    c->ring_id, (unsigned long long)c->ib_from[1]);
	else
		say(m, "the CP stopped at %s (%u dword%s) at 0x%016llx: IB%d 0x%016llx + 0x%llx, entered from ring %u at "
		       "0x%016llx",
		    c->packet_name, c->ndw, c->ndw == 1 ? "" : "s", (unsigned long long)c->packet, c->level, (unsigned long long)c->ib[c->level],
		    (unsigned long long)(c->packet - c->ib[c->level]), c->ring_id, (unsigned long long)c->ib_from[1]);
}

int cli_msm_coredump(const struct cli_opts *o, const char *name, const char *text, size_t len, bool checking, FILE *f)
{
	struct msm_run m = { .o = o, .f = f, .name = name, .json = o->json, .checking = checking };
	struct gk_msm_dump d;
	memset(&d, 0, sizeof d);
	struct gk_diag err;
	if (gk_msm_dump_read(&d, text, len, &err)) {
		fprintf(stderr, "%s:%u:%u: error: %.*s\n", name, err.line, err.col, (int)gk_diag_message_len(&err), err.message);
		gk_msm_dump_free(&d);
		return 2;
	}
	char gpu[64];
	if (o->gpu) {
		snprintf(gpu, sizeof gpu, "%s", o->gpu);
	} else if (gk_msm_dump_gpu(&d, gpu, sizeof gpu)) {
		fprintf(stderr, "%s:%u: error: the msm devcoredump has no 'revision:' line naming its GPU: give -g GPU\n", name,
			d.ringbuffer_line);
		gk_msm_dump_free(&d);
		return 2;
	}
	struct gk_diag eerr;
	memset(&eerr, 0, sizeof eerr);
	m.e = gk_engine_open("adreno", gpu, &eerr);
	const struct gk_reg_table *t = gk_adreno_regs(gpu);
	if (!m.e || !t) {
		fprintf(stderr, "%s: error: GPU %s: %.*s\n", name, gpu, (int)gk_diag_message_len(&eerr), eerr.message);
		gk_engine_close(m.e);
		gk_msm_dump_free(&d);
		return 2;
	}
	/* "a630" when the revision's gpu id is one, the chip id otherwise */
	char shown_gpu[80];
	if (!o->gpu && d.gpu_id >= 200 && d.gpu_id < 1000)
		snprintf(shown_gpu, sizeof shown_gpu, "a%u (chip id %s)", d.gpu_id, gpu);
	else
		snprintf(shown_gpu, sizeof shown_gpu, "%s", gpu);
	size_t with_data = 0;
	for (size_t i = 0; i < d.nbos; i++)
		with_data += d.bos[i].has_data;
	if (d.has_revision)
		say(&m, "msm devcoredump %s: GPU %s (revision %u (%u.%u.%u.%u)%s), kernel %s, %zu ring%s, %zu buffer%s (%zu "
			"with contents)",
		    name, shown_gpu, d.gpu_id, d.chip_id >> 24, (d.chip_id >> 16) & 0xff, (d.chip_id >> 8) & 0xff, d.chip_id & 0xff,
		    o->gpu ? ", -g overrides it" : "", d.kernel[0] ? d.kernel : "(not given)", d.nrings, d.nrings == 1 ? "" : "s",
		    d.nbos, d.nbos == 1 ? "" : "s", with_data);
	else
		say(&m, "msm devcoredump %s: GPU %s (-g; the dump has no revision), kernel %s, %zu ring%s, %zu buffer%s", name,
		    gpu, d.kernel[0] ? d.kernel : "(not given)", d.nrings, d.nrings == 1 ? "" : "s", d.nbos,
		    d.nbos == 1 ? "" : "s");
	if (d.comm[0] || d.cmdline[0])
		say(&m, "process: %s: %s (time %s)", d.comm, d.cmdline, d.time[0] ? d.time : "not given");
	if (d.has_rbbm_status) {
		const struct gk_reg *rs = gk_reg_by_name(t, "RBBM_STATUS", 11);
		char fields[512] = "";
		if (rs)
			gk_adreno_reg_fields_text(rs, d.rbbm_status, fields, sizeof fields);
		say(&m, "rbbm-status: 0x%08x%s%s", d.rbbm_status, fields[0] ? "  " : "", fields);
	}
	if (d.has_fault)
		say(&m, "fault-info: an iova fault at 0x%016llx (line %u)", (unsigned long long)d.fault_iova, d.fault_line);
	for (unsigned i = 0; i < d.nunknown; i++)
		say(&m, "section '%s' (line %u): not read by gfxkit, not shown", d.unknown[i], d.unknown_line[i]);

	struct gk_adreno_crash c;
	if (gk_adreno_crash_locate(&d, gpu, &c)) {
		memset(&c, 0, sizeof c);
		snprintf(c.why, sizeof c.why, "GPU %s is not an Adreno gfxkit knows", gpu);
	}
	show_crash(&m, &c);

	/* check: the findings, not the listing of what the dump holds */
	bool listing = !m.json && !checking;
	for (size_t i = 0; i < d.nbos; i++) {
		const struct gk_msm_bo *b = &d.bos[i];
		if (listing)
			say(&m, "buffer 0x%016llx, %llu bytes%s%s%s: %s", (unsigned long long)b->iova, (unsigned long long)b->size,
			    b->name[0] ? " (" : "", b->name, b->name[0] ? ")" : "",
			    b->has_data ? "contents in the dump" : "no contents in the dump");
	}
	/* the ring the CP was reading (CP_RB_BASE) first, then the others in
	 * the dump's order, as the hung ring of an amdgpu dump */
	for (int pass = 0; pass < 2 && !m.rc; pass++)
		for (size_t i = 0; i < d.nrings && !m.rc; i++)
			if ((c.rb_base && d.rings[i].iova == c.rb_base) == (pass == 0))
				show_ring(&m, &d, &d.rings[i], gpu, &c);
	for (int level = 1; c.found && level <= c.level && !m.rc; level++)
		show_ib(&m, &d, &c, level);
	if (!checking)
		show_registers(&m, &d, t, gk_adreno_gmu_regs(gpu));
	/* the shader instruction memory, disassembled as crashdec does (its
	 * decode_shader_blocks: A6XX/A7XX_SP_INST_DATA, _HLSQ_INST_RAM) with
	 * the ir3 engine of the GPU; the other blocks named and sized */
	struct gk_engine *ir3 = NULL;
	char isa_gpu[16];
	snprintf(isa_gpu, sizeof isa_gpu, "a%u", d.gpu_id);
	for (size_t i = 0; i < d.nblobs && listing && !m.rc; i++) {
		const struct gk_msm_blob *b = &d.blobs[i];
		char bank[24] = "";
		if (b->bank >= 0)
			snprintf(bank, sizeof bank, " bank %d", b->bank);
		size_t nl = strlen(b->name);
		bool inst = !strcmp(b->section, "shader-blocks") && b->nwords >= 2 &&
			    ((nl > 13 && !strcmp(b->name + nl - 13, "_SP_INST_DATA")) ||
			     (nl > 14 && !strcmp(b->name + nl - 14, "_HLSQ_INST_RAM")));
		if (inst && !ir3 && !o->gpu && d.gpu_id >= 300 && d.gpu_id < 1000) {
			struct gk_diag ierr;
			ir3 = gk_engine_open("isa", isa_gpu, &ierr);
		}
		if (inst && ir3) {
			say(&m, "%s%s%s%s (line %u): %llu dwords declared, %zu in the dump, as ir3 (%s) instructions:", b->section,
			    " ", b->name, bank, b->line, (unsigned long long)b->size_dw, b->nwords, isa_gpu);
			decode_with(&m, ir3, b->words, b->nwords & ~(size_t)1, 0, true);
			continue;
		}
		say(&m, "%s%s%s%s (line %u): %llu dwords declared, %zu in the dump (not decoded)", b->section, b->name[0] ? " " : "",
		    b->name, bank, b->line, (unsigned long long)b->size_dw, b->nwords);
	}
	gk_engine_close(ir3);
	gk_engine_close(m.e);
	gk_msm_dump_free(&d);
	if (m.rc)
		return m.rc;
	if (checking)
		return cli_check_summary(name, m.errors, m.warnings);
	return o->strict && m.errors ? 1 : 0;
}
