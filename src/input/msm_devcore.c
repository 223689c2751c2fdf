/* An msm GPU devcoredump read whole (include/gfxkit/msm.h).  The layout is
 * Linux 6.12's (Documentation/gpu/msm-crash-dump.rst): msm_gpu.c
 * msm_gpu_devcoredump_read prints "kernel:", "module:", "time:", "comm:",
 * "cmdline:", then adreno_gpu.c adreno_show "revision: %d (%d.%d.%d.%d)",
 * "rbbm-status: 0x%08x", "ringbuffer:" with "  - id: %d", "    iova:
 * 0x%016llx", "    last-fence: %u", "    retired-fence: %u", "    rptr:
 * %u", "    wptr: %u", "    size: %u" and "    data: !!ascii85 |", "bos:"
 * with "  - iova: 0x%016llx", "    size: %zd", "    name: %-32s" and data,
 * "registers:" with "  - { offset: 0x%04x, value: 0x%08x }" (a byte
 * offset); a6xx_gpu_state.c a6xx_show adds gmu-log / gmu-hfi / gmu-debug,
 * registers-gmu, indexed-registers ("  - regs-name: %s", "    dwords: %d"),
 * shader-blocks ("  - type: %s", "    - bank: %d", "      size: %d"),
 * clusters ("  - cluster-name: %s", "    - context: %d", "      - {
 * offset: ..., value: ... }") and debugbus ("  - debugbus-block: %s",
 * "    count: %d"); a5xx_gpu.c a5xx_show registers-hlsq.  A data block is
 * a YAML block scalar: the lines after "data: !!ascii85 |" indented deeper
 * than it (the kernel prints one line; a block broken over several lines
 * reads the same). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfxkit/msm.h"

#include "scan.h"

enum sect {
	S_NONE,
	S_RING,
	S_BOS,
	S_REGS,
	S_CLUSTERS,
	S_INDEXED,
	S_SHADER,
	S_DEBUGBUS,
	S_GMU,
	S_FAULT,
	S_UNKNOWN,
};

static const struct {
	const char *name;
	enum sect s;
} sections[] = {
	{ "ringbuffer", S_RING },      { "bos", S_BOS },
	{ "registers", S_REGS },       { "registers-gmu", S_REGS },
	{ "registers-hlsq", S_REGS },  { "clusters", S_CLUSTERS },
	{ "indexed-registers", S_INDEXED }, { "shader-blocks", S_SHADER },
	{ "debugbus", S_DEBUGBUS },    { "gmu-log", S_GMU },
	{ "gmu-hfi", S_GMU },          { "gmu-debug", S_GMU },
	{ "fault-info", S_FAULT },
};

struct parse {
	struct gk_msm_dump *d;
	struct gk_diag *err;
	const char *text;
	size_t n;
	uint32_t line;
	enum sect sect;
	char sect_name[32];
	size_t cap_rings, cap_bos, cap_regs, cap_groups, cap_blobs;
	/* the ring being read: where its pointers were given */
	uint32_t rptr_line, wptr_line, size_line;
	char cluster[40];
	bool group_open;   /* a group for the current label exists */
	bool ok;           /* no allocation failed */
};

static int fail(struct parse *p, uint32_t line, uint32_t col, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static int fail(struct parse *p, uint32_t line, uint32_t col, const char *fmt, ...)
{
	if (p->err) {
		memset(p->err, 0, sizeof *p->err);
		p->err->severity = GK_ERROR;
		p->err->code = GK_D_SYNTAX;
		p->err->dw = -1;
		p->err->lo = p->err->hi = -1;
		p->err->line = line;
		p->err->col = col;
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(p->err->message, sizeof p->err->message, fmt, ap);
		va_end(ap);
	}
	return -1;
}

static void *grow(struct parse *p, void **arr, size_t *cap, size_t need, size_t size)
{
	if (need > *cap) {
		size_t c = *cap ? *cap : 8;
		while (c < need)
			c *= 2;
		void *q = realloc(*arr, c * size);
		if (!q) {
			p->ok = false;
			return NULL;
		}
		*arr = q;
		*cap = c;
	}
	return (char *)*arr + (need - 1) * size;
}

static void copy(char *dst, size_t cap, const char *s, size_t n)
{
	n = gk_scan_trim_end(s, n);
	if (n >= cap)
		n = cap - 1;
	memcpy(dst, s, n);
	dst[n] = 0;
}

static bool lit(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);
	return n == k && !memcmp(s, w, k);
}

/* a whole number: "0x..." in hex, else decimal; nothing after it */
static bool number(const char *s, size_t n, uint64_t *v)
{
	size_t i = 0;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		if (!gk_scan_hex(s, n, &i, true, 16, v))
			return false;
	} else if (!gk_scan_dec(s, n, &i, v)) {
		return false;
	}
	return i == n;
}

/* One line split: its indent, whether it is a list item ("- "), its key and
 * value ("key: value" / "key:"). */
struct kv {
	size_t indent;
	bool item;
	const char *key, *val;
	size_t klen, vlen;
	bool has_colon;
	size_t key_col; /* 0-based column of the key */
};

static void split(const char *s, size_t len, struct kv *kv)
{
	memset(kv, 0, sizeof *kv);
	size_t i = 0;
	while (i < len && s[i] == ' ')
		i++;
	kv->indent = i;
	if (i + 1 < len && s[i] == '-' && s[i + 1] == ' ') {
		kv->item = true;
		i += 2;
		while (i < len && s[i] == ' ')
			i++;
	} else if (i + 1 == len && s[i] == '-') {
		kv->item = true;
		i++;
	}
	kv->key = s + i;
	kv->key_col = i;
	size_t k = i;
	while (k < len && s[k] != ':' && s[k] != ' ' && s[k] != '{')
		k++;
	kv->klen = k - i;
	if (k < len && s[k] == ':' && kv->klen) {
		kv->has_colon = true;
		k++;
		while (k < len && s[k] == ' ')
			k++;
		kv->val = s + k;
		kv->vlen = len - k;
	} else {
		kv->klen = len - i; /* the whole rest, for messages and "{ ... }" */
	}
}

/* "{ offset: 0x%x, value: 0x%x }" */
static bool reg_pair(const char *s, size_t n, uint64_t *off, uint64_t *val)
{
	size_t i = 0;
	if (!gk_scan_starts(s, n, i, "{"))
		return false;
	i++;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_starts(s, n, i, "offset:"))
		return false;
	i += 7;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_hex(s, n, &i, true, 8, off))
		return false;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_starts(s, n, i, ","))
		return false;
	i++;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_starts(s, n, i, "value:"))
		return false;
	i += 6;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_hex(s, n, &i, true, 8, val))
		return false;
	gk_scan_spaces(s, n, &i);
	if (!gk_scan_starts(s, n, i, "}"))
		return false;
	i++;
	return i == n;
}

/* the line at byte at and its length (without '\n') */
static size_t line_len(const struct parse *p, size_t at)
{
	const char *nl = memchr(p->text + at, '\n', p->n - at);
	return nl ? (size_t)(nl - (p->text + at)) : p->n - at;
}

/* every byte of a line: text (no control byte, well-formed UTF-8), as the
 * other readers of text check theirs */
static int check_bytes(struct parse *p, const char *s, size_t len)
{
	unsigned need = 0;
	for (size_t k = 0; k < len; k++)
		if (!gk_scan_text_byte(&need, (uint8_t)s[k]) || (need && k + 1 == len))
			return fail(p, p->line, (uint32_t)k + 1,
				    "byte 0x%02x in devcoredump text: the text is damaged here (an msm devcoredump holds only "
				    "printable text)", (uint8_t)s[k]);
	return 0;
}

/* A "data: !!ascii85 |" block: the lines after line (at byte *at, the
 * key's indent ind) indented deeper than it.  Decodes them into *words /
 * *nwords, at most max words (0: no limit); *at and p->line past them. */
static int data_block(struct parse *p, size_t *at, size_t ind, uint64_t max, const char *what, uint32_t **words,
		      size_t *nwords)
{
	uint32_t first = p->line + 1;
	size_t b = *at, e = *at;
	uint32_t lines = 0;
	while (e < p->n) {
		size_t len = line_len(p, e);
		size_t k = 0;
		while (k < len && p->text[e + k] == ' ')
			k++;
		if (k <= ind || k == len)
			break;
		e += len + (e + len < p->n);
		lines++;
	}
	if (!lines)
		return fail(p, p->line, (uint32_t)ind + 1, "'data: !!ascii85 |' with no data lines after it (indented deeper)");
	struct gk_diag e85;
	long nw = gk_ascii85_decode(p->text + b, e - b, NULL, 0, &e85);
	if (nw < 0) {
		/* the column is a byte of the block: its line and column */
		size_t off = e85.col - 1, ls = b;
		uint32_t ln = first;
		for (size_t k = b; k < b + off; k++)
			if (p->text[k] == '\n') {
				ln++;
				ls = k + 1;
			}
		return fail(p, ln, (uint32_t)(b + off - ls) + 1, "%s: %s", what, e85.message);
	}
	if (max && (uint64_t)nw > max)
		return fail(p, first, 1, "%s: the data holds %ld dwords, more than the %llu its size declares", what, nw,
			    (unsigned long long)max);
	uint32_t *w = malloc(((size_t)nw ? (size_t)nw : 1) * sizeof *w);
	if (!w) {
		p->ok = false;
		return 0;
	}
	gk_ascii85_decode(p->text + b, e - b, w, (size_t)nw, NULL);
	free(*words);
	*words = w;
	*nwords = (size_t)nw;
	*at = e;
	p->line += lines;
	return 0;
}

static struct gk_msm_ring *cur_ring(struct parse *p)
{
	return p->d->nrings ? &p->d->rings[p->d->nrings - 1] : NULL;
}

/* the ring just read: its address and size given, its pointers inside it */
static int end_ring(struct parse *p)
{
	struct gk_msm_ring *r = cur_ring(p);
	if (!r)
		return 0;
	if (!r->has_iova)
		return fail(p, r->line, 1, "ring %u has no 'iova:'", r->id);
	if (!r->has_size)
		return fail(p, r->line, 1, "ring %u has no 'size:' (its size in bytes)", r->id);
	if (r->size % 4 || !r->size)
		return fail(p, p->size_line, 1, "ring %u: size %u is not a whole, non-zero number of dwords", r->id, r->size);
	/* the kernel's rings are MSM_GPU_RINGBUFFER_SZ, 32 KiB (msm_ringbuffer.h):
	 * a ring of more than 16 MiB is a damaged size, not a ring to walk */
	if (r->size > (16u << 20))
		return fail(p, p->size_line, 1, "ring %u: size %u bytes is larger than any msm ring (the kernel's are 32 KiB)",
			    r->id, r->size);
	if (r->has_ptrs && r->rptr >= r->size / 4)
		return fail(p, p->rptr_line, 1, "ring %u: rptr %u lies beyond its %u dwords (size %u bytes)", r->id, r->rptr,
			    r->size / 4, r->size);
	if (r->has_ptrs && r->wptr >= r->size / 4)
		return fail(p, p->wptr_line, 1, "ring %u: wptr %u lies beyond its %u dwords (size %u bytes)", r->id, r->wptr,
			    r->size / 4, r->size);
	return 0;
}

static int ring_line(struct parse *p, const struct kv *kv, size_t *at)
{
	struct gk_msm_dump *d = p->d;
	uint64_t v;
	bool num = kv->has_colon && number(kv->val, kv->vlen, &v);
	if (kv->item && kv->has_colon && lit(kv->key, kv->klen, "id")) {
		if (end_ring(p))
			return -1;
		if (!num || v > 0xffff)
			return fail(p, p->line, (uint32_t)(kv->val - kv->key + kv->key_col) + 1, "expected the ring's id, a number");
		struct gk_msm_ring *r = grow(p, (void **)&d->rings, &p->cap_rings, d->nrings + 1, sizeof *r);
		if (!r)
			return 0;
		memset(r, 0, sizeof *r);
		d->nrings++;
		r->id = (uint32_t)v;
		r->line = p->line;
		p->rptr_line = p->wptr_line = p->size_line = 0;
		return 0;
	}
	struct gk_msm_ring *r = cur_ring(p);
	if (!r)
		return fail(p, p->line, (uint32_t)kv->indent + 1, "expected '- id: N', the start of a ring");
	if (!kv->has_colon)
		return fail(p, p->line, (uint32_t)kv->key_col + 1, "expected 'key: value' in ring %u", r->id);
	uint32_t vcol = (uint32_t)(kv->val - kv->key + kv->key_col) + 1;
	if (lit(kv->key, kv->klen, "data")) {
		if (!lit(kv->val, kv->vlen, "!!ascii85 |"))
			return fail(p, p->line, vcol, "expected 'data: !!ascii85 |'");
		if (!r->has_size)
			return fail(p, p->line, 1, "ring %u: data before its 'size:'", r->id);
		char what[32];
		snprintf(what, sizeof what, "ring %u", r->id);
		r->data_line = p->line;
		return data_block(p, at, kv->indent, r->size / 4, what, &r->words, &r->nwords);
	}
	static const char *const keys[] = { "iova", "last-fence", "retired-fence", "rptr", "wptr", "size" };
	for (unsigned k = 0; k < 6; k++) {
		if (!lit(kv->key, kv->klen, keys[k]))
			continue;
		if (!num || (k && v > 0xffffffffu))
			return fail(p, p->line, vcol, "ring %u: expected a number after '%s:'", r->id, keys[k]);
		switch (k) {
		case 0: r->iova = v; r->has_iova = true; break;
		case 1: r->last_fence = v; r->has_fences = true; break;
		case 2: r->retired_fence = v; break;
		case 3: r->rptr = (uint32_t)v; p->rptr_line = p->line; break;
		case 4: r->wptr = (uint32_t)v; p->wptr_line = p->line; r->has_ptrs = p->rptr_line != 0; break;
		default: r->size = (uint32_t)v; r->has_size = true; p->size_line = p->line; break;
		}
		return 0;
	}
	return 0; /* a key later kernels may add: not a ring fact gfxkit reads */
}

static int bo_line(struct parse *p, const struct kv *kv, size_t *at)
{
	struct gk_msm_dump *d = p->d;
	uint64_t v;
	uint32_t vcol = (uint32_t)(kv->val - kv->key + kv->key_col) + 1;
	bool num = kv->has_colon && number(kv->val, kv->vlen, &v);
	if (kv->item && kv->has_colon && lit(kv->key, kv->klen, "iova")) {
		if (!num)
			return fail(p, p->line, vcol, "expected the buffer's GPU address, 0x...");
		struct gk_msm_bo *b = grow(p, (void **)&d->bos, &p->cap_bos, d->nbos + 1, sizeof *b);
		if (!b)
			return 0;
		memset(b, 0, sizeof *b);
		d->nbos++;
		b->iova = v;
		b->line = p->line;
		return 0;
	}
	struct gk_msm_bo *b = d->nbos ? &d->bos[d->nbos - 1] : NULL;
	if (!b)
		return fail(p, p->line, (uint32_t)kv->indent + 1, "expected '- iova: 0x...', the start of a buffer");
	if (!kv->has_colon)
		return fail(p, p->line, (uint32_t)kv->key_col + 1, "expected 'key: value' in the buffer at 0x%llx",
			    (unsigned long long)b->iova);
	if (lit(kv->key, kv->klen, "size")) {
		if (!num)
			return fail(p, p->line, vcol, "expected the buffer's size in bytes");
		b->size = v;
		b->has_size = true;
	} else if (lit(kv->key, kv->klen, "name")) {
		copy(b->name, sizeof b->name, kv->val, kv->vlen);
	} else if (lit(kv->key, kv->klen, "data")) {
		if (!lit(kv->val, kv->vlen, "!!ascii85 |"))
			return fail(p, p->line, vcol, "expected 'data: !!ascii85 |'");
		if (!b->has_size)
			return fail(p, p->line, 1, "the buffer at 0x%llx: data before its 'size:'", (unsigned long long)b->iova);
		char what[48];
		snprintf(what, sizeof what, "buffer 0x%llx", (unsigned long long)b->iova);
		b->has_data = true;
		b->data_line = p->line;
		return data_block(p, at, kv->indent, (b->size + 3) / 4, what, &b->words, &b->nwords);
	}
	return 0;
}

static int new_group(struct parse *p, const char *label)
{
	struct gk_msm_dump *d = p->d;
	struct gk_msm_group *g = grow(p, (void **)&d->groups, &p->cap_groups, d->ngroups + 1, sizeof *g);
	if (!g)
		return 0;
	memset(g, 0, sizeof *g);
	d->ngroups++;
	snprintf(g->section, sizeof g->section, "%s", p->sect_name);
	snprintf(g->label, sizeof g->label, "%s", label);
	g->line = p->line;
	p->group_open = true;
	return 0;
}

static int reg_line(struct parse *p, const struct kv *kv)
{
	uint64_t off, val;
	if (!kv->item || !reg_pair(kv->key, kv->klen, &off, &val))
		return fail(p, p->line, (uint32_t)kv->key_col + 1, "expected '- { offset: 0x..., value: 0x... }' in %s",
			    p->sect_name);
	if (!p->group_open && new_group(p, ""))
		return -1;
	struct gk_msm_dump *d = p->d;
	struct gk_msm_reg *r = grow(p, (void **)&d->regs, &p->cap_regs, d->nregs + 1, sizeof *r);
	if (!r)
		return 0;
	d->nregs++;
	r->offset = (uint32_t)off;
	r->value = (uint32_t)val;
	r->line = p->line;
	r->group = (uint32_t)(d->ngroups - 1);
	return 0;
}

static int cluster_line(struct parse *p, const struct kv *kv)
{
	if (kv->item && !kv->has_colon && kv->klen && kv->key[0] == '{')
		return reg_line(p, kv);
	if (!kv->has_colon || !kv->item)
		return fail(p, p->line, (uint32_t)kv->key_col + 1,
			    "expected '- cluster-name: NAME', '- context: N' or a register line in clusters");
	char label[GK_MSM_NAME];
	if (lit(kv->key, kv->klen, "cluster-name")) {
		copy(p->cluster, sizeof p->cluster, kv->val, kv->vlen);
		p->group_open = false;
		return 0;
	}
	/* "- context: 0", "- pipe: PIPE_BR" (a7xx): a heading under the cluster */
	snprintf(label, sizeof label, "%s%s%.*s: %.*s", p->cluster, p->cluster[0] ? ", " : "", (int)kv->klen, kv->key,
		 (int)kv->vlen, kv->val);
	return new_group(p, label);
}

static struct gk_msm_blob *new_blob(struct parse *p, const char *name, size_t nlen)
{
	struct gk_msm_dump *d = p->d;
	struct gk_msm_blob *b = grow(p, (void **)&d->blobs, &p->cap_blobs, d->nblobs + 1, sizeof *b);
	if (!b)
		return NULL;
	memset(b, 0, sizeof *b);
	d->nblobs++;
	snprintf(b->section, sizeof b->section, "%s", p->sect_name);
	copy(b->name, sizeof b->name, name, nlen);
	b->bank = -1;
	b->line = p->line;
	return b;
}

/* indexed-registers, shader-blocks, debugbus, gmu-*: blocks of words */
static int blob_line(struct parse *p, const struct kv *kv, size_t *at)
{
	struct gk_msm_dump *d = p->d;
	struct gk_msm_blob *b = d->nblobs ? &d->blobs[d->nblobs - 1] : NULL;
	if (b && strcmp(b->section, p->sect_name))
		b = NULL;
	if (!kv->has_colon)
		return fail(p, p->line, (uint32_t)kv->key_col + 1, "expected 'key: value' in %s", p->sect_name);
	uint32_t vcol = (uint32_t)(kv->val - kv->key + kv->key_col) + 1;
	uint64_t v;
	bool num = number(kv->val, kv->vlen, &v);
	static const char *const heads[] = { "regs-name", "type", "debugbus-block" };
	for (unsigned k = 0; k < 3; k++)
		if (kv->item && lit(kv->key, kv->klen, heads[k])) {
			if (!kv->vlen)
				return fail(p, p->line, vcol, "expected a name after '%s:'", heads[k]);
			return new_blob(p, kv->val, kv->vlen) ? 0 : 0;
		}
	if (!b)
		return fail(p, p->line, (uint32_t)kv->indent + 1, "a '%.*s:' line before the first block of %s", (int)kv->klen,
			    kv->key, p->sect_name);
	if (lit(kv->key, kv->klen, "bank")) {
		if (!num || v > 0xffff)
			return fail(p, p->line, vcol, "expected the bank, a number");
		if (b->bank >= 0 || b->words) { /* the next bank of the same type */
			char name[GK_MSM_NAME];
			memcpy(name, b->name, sizeof name);
			b = new_blob(p, name, strlen(name));
			if (!b)
				return 0;
		}
		b->bank = (int32_t)v;
	} else if (lit(kv->key, kv->klen, "dwords") || lit(kv->key, kv->klen, "count") || lit(kv->key, kv->klen, "size")) {
		if (!num || v > (1ull << 32))
			return fail(p, p->line, vcol, "expected a size, a number");
		/* gmu-*'s size is in bytes (a6xx_show: "size: %zu" of the bo),
		 * the others' in dwords */
		b->size_dw = p->sect == S_GMU ? (v + 3) / 4 : v;
	} else if (lit(kv->key, kv->klen, "iova")) {
		if (!num)
			return fail(p, p->line, vcol, "expected a GPU address, 0x...");
		b->iova = v;
	} else if (lit(kv->key, kv->klen, "data")) {
		if (!lit(kv->val, kv->vlen, "!!ascii85 |"))
			return fail(p, p->line, vcol, "expected 'data: !!ascii85 |'");
		char what[GK_MSM_NAME + 40];
		snprintf(what, sizeof what, "%s%s%s", p->sect_name, b->name[0] ? " " : "", b->name);
		b->data_line = p->line;
		return data_block(p, at, kv->indent, b->size_dw, what, &b->words, &b->nwords);
	}
	return 0;
}

static int fault_line(struct parse *p, const struct kv *kv)
{
	/* msm_gpu.c: "  - iova=%.16llx" (6.x); older "  - far: %llx" */
	const char *s = kv->key;
	size_t n = kv->has_colon ? (size_t)(kv->val + kv->vlen - kv->key) : kv->klen;
	size_t i = 0;
	uint64_t v;
	if (gk_scan_starts(s, n, 0, "iova=")) {
		i = 5;
	} else if (gk_scan_starts(s, n, 0, "far:")) {
		i = 4;
		gk_scan_spaces(s, n, &i);
	} else {
		return 0; /* ttbr0=, dir=, type=, source=: shown by Mesa, not read here */
	}
	if (gk_scan_starts(s, n, i, "0x"))
		i += 2;
	if (!gk_scan_hex(s, n, &i, false, 16, &v))
		return fail(p, p->line, (uint32_t)(kv->key_col + i) + 1, "expected the fault's address in hex");
	p->d->has_fault = true;
	p->d->fault_iova = v;
	p->d->fault_line = p->line;
	return 0;
}

static int top_line(struct parse *p, const struct kv *kv)
{
	struct gk_msm_dump *d = p->d;
	if (!kv->has_colon || kv->item)
		return fail(p, p->line, 1, "expected 'key: value' or 'section:' at the start of the line");
	if (!kv->vlen) {
		for (size_t k = 0; k < sizeof sections / sizeof sections[0]; k++)
			if (lit(kv->key, kv->klen, sections[k].name)) {
				p->sect = sections[k].s;
				snprintf(p->sect_name, sizeof p->sect_name, "%s", sections[k].name);
				p->group_open = false;
				p->cluster[0] = 0;
				if (p->sect == S_RING)
					d->ringbuffer_line = p->line;
				if (p->sect == S_GMU && !new_blob(p, "", 0))
					return 0;
				return 0;
			}
		p->sect = S_UNKNOWN;
		if (d->nunknown < 4) {
			copy(d->unknown[d->nunknown], sizeof d->unknown[0], kv->key, kv->klen);
			d->unknown_line[d->nunknown++] = p->line;
		}
		return 0;
	}
	p->sect = S_NONE;
	const char *v = kv->val;
	size_t vn = kv->vlen;
	uint32_t vcol = (uint32_t)(v - kv->key) + 1;
	if (lit(kv->key, kv->klen, "kernel")) {
		copy(d->kernel, sizeof d->kernel, v, vn);
	} else if (lit(kv->key, kv->klen, "module")) {
		copy(d->module, sizeof d->module, v, vn);
	} else if (lit(kv->key, kv->klen, "time")) {
		copy(d->time, sizeof d->time, v, vn);
	} else if (lit(kv->key, kv->klen, "comm")) {
		copy(d->comm, sizeof d->comm, v, vn);
	} else if (lit(kv->key, kv->klen, "cmdline")) {
		copy(d->cmdline, sizeof d->cmdline, v, vn);
	} else if (lit(kv->key, kv->klen, "revision")) {
		/* "revision: 630 (6.3.0.2)": Mesa's crashdec builds the chip id
		 * from the dotted core.major.minor.patch */
		size_t i = 0;
		uint64_t id, c[4];
		if (!gk_scan_dec(v, vn, &i, &id) || id > 0xffffffffu || !gk_scan_starts(v, vn, i, " ("))
			return fail(p, p->line, vcol + (uint32_t)i, "expected 'revision: GPU_ID (CORE.MAJOR.MINOR.PATCH)'");
		i += 2;
		for (int k = 0; k < 4; k++) {
			if ((k && !gk_scan_starts(v, vn, i++, ".")) || !gk_scan_dec(v, vn, &i, &c[k]) || c[k] > 255)
				return fail(p, p->line, vcol + (uint32_t)i,
					    "expected 'revision: GPU_ID (CORE.MAJOR.MINOR.PATCH)', each part 0-255");
		}
		if (!gk_scan_starts(v, vn, i, ")") || i + 1 != vn)
			return fail(p, p->line, vcol + (uint32_t)i, "expected ')' closing the revision");
		d->has_revision = true;
		d->gpu_id = (uint32_t)id;
		d->chip_id = (uint32_t)(c[0] << 24 | c[1] << 16 | c[2] << 8 | c[3]);
		d->revision_line = p->line;
	} else if (lit(kv->key, kv->klen, "rbbm-status")) {
		uint64_t x;
		if (!number(v, vn, &x) || x > 0xffffffffu)
			return fail(p, p->line, vcol, "expected 'rbbm-status: 0x%%08x'");
		d->has_rbbm_status = true;
		d->rbbm_status = (uint32_t)x;
	}
	/* other scalars ("gpu-initialized: 1", ...): nothing gfxkit reads */
	return 0;
}

bool gk_msm_dump_sniff(const char *text, size_t n)
{
	if (!text)
		return false;
	size_t i = 0;
	while (i < n && (text[i] == ' ' || text[i] == '\n' || text[i] == '\r' || text[i] == '\t'))
		i++;
	if (!gk_scan_starts(text, n, i, "---") && !gk_scan_starts(text, n, i, "kernel:"))
		return false;
	size_t lim = n < 4096 ? n : 4096;
	for (size_t k = i; k + 12 <= lim; k++)
		if (text[k] == '\n' && !memcmp(text + k + 1, "module: msm", 11))
			return true;
	return false;
}

int gk_msm_dump_read(struct gk_msm_dump *d, const char *text, size_t n, struct gk_diag *err)
{
	struct parse p = { .d = d, .err = err, .text = text, .n = n, .ok = true };
	if (!d)
		return fail(&p, 0, 0, "no dump to fill");
	if (!text && n)
		return fail(&p, 0, 0, "no text");
	bool seen = false;
	size_t at = 0;
	while (at < n) {
		const char *s = text + at;
		size_t len = line_len(&p, at);
		at += len + (at + len < n);
		p.line++;
		if (check_bytes(&p, s, len))
			return -1;
		len = gk_scan_trim_end(s, len);
		if (!len)
			continue;
		if (!seen) {
			if (!lit(s, len, "---") && !gk_scan_starts(s, len, 0, "kernel:"))
				return fail(&p, p.line, 1, "not an msm devcoredump: its first line is neither '---' nor 'kernel: ...'");
			seen = true;
		}
		if (lit(s, len, "---"))
			continue;
		struct kv kv;
		split(s, len, &kv);
		int rc = 0;
		if (!kv.indent) {
			if (p.sect == S_RING && end_ring(&p))
				return -1;
			rc = top_line(&p, &kv);
		} else {
			switch (p.sect) {
			case S_RING: rc = ring_line(&p, &kv, &at); break;
			case S_BOS: rc = bo_line(&p, &kv, &at); break;
			case S_REGS: rc = reg_line(&p, &kv); break;
			case S_CLUSTERS: rc = cluster_line(&p, &kv); break;
			case S_INDEXED:
			case S_SHADER:
			case S_DEBUGBUS:
			case S_GMU: rc = blob_line(&p, &kv, &at); break;
			case S_FAULT: rc = fault_line(&p, &kv); break;
			case S_UNKNOWN: break;
			default:
				rc = fail(&p, p.line, (uint32_t)kv.indent + 1, "an indented line outside any section");
			}
		}
		if (rc)
			return -1;
		if (!p.ok)
			return fail(&p, p.line, 0, "out of memory");
	}
	d->lines = p.line;
	if (!seen)
		return fail(&p, p.line, 0, "not an msm devcoredump: no text");
	if (p.sect == S_RING && end_ring(&p))
		return -1;
	if (!d->ringbuffer_line)
		return fail(&p, p.line, 0, "no 'ringbuffer:' section: the dump was cut before its rings, or is not an msm devcoredump");
	if (!d->nrings)
		return fail(&p, d->ringbuffer_line, 1, "'ringbuffer:' lists no ring");
	return 0;
}

void gk_msm_dump_free(struct gk_msm_dump *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->nrings && d->rings; i++)
		free(d->rings[i].words);
	for (size_t i = 0; i < d->nbos && d->bos; i++)
		free(d->bos[i].words);
	for (size_t i = 0; i < d->nblobs && d->blobs; i++)
		free(d->blobs[i].words);
	free(d->rings);
	free(d->bos);
	free(d->blobs);
	free(d->regs);
	free(d->groups);
	memset(d, 0, sizeof *d);
}

bool gk_msm_dump_reg(const struct gk_msm_dump *d, uint32_t off, uint32_t *value)
{
	if (!d || !d->regs || !d->groups)
		return false;
	bool found = false;
	for (size_t i = 0; i < d->nregs; i++) {
		const struct gk_msm_reg *r = &d->regs[i];
		if (r->offset != off || r->group >= d->ngroups || strcmp(d->groups[r->group].section, "registers"))
			continue;
		if (value)
			*value = r->value;
		found = true;
	}
	return found;
}

int gk_msm_dump_gpu(const struct gk_msm_dump *d, char *buf, size_t cap)
{
	if (buf && cap)
		buf[0] = 0;
	if (!d || !buf || cap < 11 || !d->has_revision)
		return -1;
	snprintf(buf, cap, "0x%08x", d->chip_id);
	return 0;
}

const struct gk_msm_ring *gk_msm_dump_ring(const struct gk_msm_dump *d, uint32_t id)
{
	if (!d || !d->rings)
		return NULL;
	for (size_t i = 0; i < d->nrings; i++)
		if (d->rings[i].id == id)
			return &d->rings[i];
	return NULL;
}

/* one dword at addr: from a ring (size bytes from iova) or a buffer with
 * data; words past the printed data are the zeros the kernel left out */
static bool word_at(const struct gk_msm_dump *d, uint64_t addr, uint32_t *w)
{
	for (size_t i = 0; i < d->nrings; i++) {
		const struct gk_msm_ring *r = &d->rings[i];
		if (addr >= r->iova && addr - r->iova < r->size) {
			uint64_t k = (addr - r->iova) / 4;
			*w = k < r->nwords ? r->words[k] : 0;
			return true;
		}
	}
	for (size_t i = 0; i < d->nbos; i++) {
		const struct gk_msm_bo *b = &d->bos[i];
		if (b->has_data && addr >= b->iova && addr - b->iova < b->size) {
			uint64_t k = (addr - b->iova) / 4;
			*w = k < b->nwords ? b->words[k] : 0;
			return true;
		}
	}
	return false;
}

int gk_msm_dump_read_mem(const struct gk_msm_dump *d, uint64_t addr, uint32_t *out, size_t count)
{
	if (!d || (!out && count) || addr % 4)
		return -1;
	for (size_t i = 0; i < count; i++)
		if (addr + 4 * i < addr || !word_at(d, addr + 4 * i, &out[i]))
			return -1;
	return 0;
}
