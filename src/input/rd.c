/* The .rd reader: freedreno's command-stream captures, as Mesa writes them
 * (src/freedreno/common/redump.h: enum rd_sect_type; written by the
 * drivers' FD_RD_DUMP / TU_DEBUG=rd and the kernel-side "rd" tool, read by
 * cffdump's handle_file in src/freedreno/decode/cffdump.c).  An .rd is a
 * run of sections, each a little-endian u32 type, a u32 byte size and that
 * many bytes; a pair of 0xffffffff words where a section would start is
 * skipped (what parse_rd_section does).  GPUADDR names a buffer (u32
 * address low, u32 size in bytes, u32 address high when the section has 12
 * bytes) and BUFFER_CONTENTS right after it holds its bytes; CMDSTREAM_ADDR
 * is one submit (address low, size in dwords, address high); GPU_ID (u32,
 * e.g. 630) or CHIP_ID (u64, e.g. 0x06030002) says the GPU.  A submit's
 * buffers are those named since the last submit: the first GPUADDR after a
 * CMDSTREAM_ADDR starts a new set (cffdump's reset_buffers), and contents
 * at the address of a buffer of the set replace it (add_buffer).
 *
 * Read as a stream of submits: each CMDSTREAM_ADDR's dwords, taken from
 * the buffer that holds them, at their GPU addresses (a break in the
 * offsets between submits), and the submit's buffers as its memory
 * (gk_input_mem_read), so indirect buffers, draw states and shaders are
 * reached from the capture itself.  Memory: the buffers of the submits the
 * stream loop may still be on (the set of the submit at the position and
 * those after it already read), not the whole capture; at most
 * RD_HOLD_MAX bytes of buffers at once.  Refused, with the byte offset of
 * the section: a section cut short, a size past RD_SECTION_MAX, a type
 * redump.h does not have, contents without a GPUADDR or of another size,
 * contents overlapping another buffer of the set at another address, a
 * submit whose dwords no buffer holds. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "reader.h"

/* redump.h's enum rd_sect_type */
enum {
	RD_NONE,
	RD_TEST,
	RD_CMD,
	RD_GPUADDR,
	RD_CONTEXT,
	RD_CMDSTREAM,
	RD_CMDSTREAM_ADDR,
	RD_PARAM,
	RD_FLUSH,
	RD_PROGRAM,
	RD_VERT_SHADER,
	RD_FRAG_SHADER,
	RD_BUFFER_CONTENTS,
	RD_GPU_ID,
	RD_CHIP_ID,
	RD_SHADER_LOG_BUFFER,
	RD_CP_LOG_BUFFER,
	RD_WRBUFFER,
	RD_TYPES
};

static const char *const sect_name[RD_TYPES] = {
	[RD_NONE] = "NONE",
	[RD_TEST] = "TEST",
	[RD_CMD] = "CMD",
	[RD_GPUADDR] = "GPUADDR",
	[RD_CONTEXT] = "CONTEXT",
	[RD_CMDSTREAM] = "CMDSTREAM",
	[RD_CMDSTREAM_ADDR] = "CMDSTREAM_ADDR",
	[RD_PARAM] = "PARAM",
	[RD_FLUSH] = "FLUSH",
	[RD_PROGRAM] = "PROGRAM",
	[RD_VERT_SHADER] = "VERT_SHADER",
	[RD_FRAG_SHADER] = "FRAG_SHADER",
	[RD_BUFFER_CONTENTS] = "BUFFER_CONTENTS",
	[RD_GPU_ID] = "GPU_ID",
	[RD_CHIP_ID] = "CHIP_ID",
	[RD_SHADER_LOG_BUFFER] = "SHADER_LOG_BUFFER",
	[RD_CP_LOG_BUFFER] = "CP_LOG_BUFFER",
	[RD_WRBUFFER] = "WRBUFFER",
};

#define RD_SECTION_MAX (1u << 30) /* one section: no GPU buffer of a capture is larger */
#define RD_HOLD_MAX (1ull << 31)  /* buffer bytes held at once */

struct rd_buf {
	uint64_t addr;
	uint32_t len;
	uint8_t *data;
};

/* the buffers of one or more submits */
struct rd_set {
	struct rd_buf *b;
	size_t n, cap;
	uint64_t bytes;
};

/* a submit whose words were given: stream words [first, end) */
struct rd_submit {
	uint64_t first, end;
	uint64_t number;
	struct rd_set *set;
};

struct rd {
	/* the section being read */
	uint8_t hdr[8];
	unsigned nhdr;
	uint32_t type, size, got;
	uint64_t at;               /* the file offset of its header */
	uint64_t off;              /* bytes of the file taken */
	uint8_t small[16];         /* a GPUADDR, CMDSTREAM_ADDR, GPU_ID or CHIP_ID */
	struct rd_buf *fill;       /* BUFFER_CONTENTS: the buffer being filled */
	/* the last GPUADDR */
	bool have_gpuaddr;
	uint64_t gpuaddr;
	uint32_t gpulen;
	/* buffer sets: cur takes the next contents; a submit ends it */
	struct rd_set *cur;
	bool cur_done;             /* a submit used cur: the next GPUADDR starts a new set */
	struct rd_set **sets;
	size_t nsets, sets_cap;
	uint64_t held;             /* bytes of buffers held */
	struct rd_submit *subs;
	size_t nsubs, subs_cap;
	uint64_t submits;          /* CMDSTREAM_ADDR sections read */
	uint64_t words;            /* words given */
	uint64_t missing;          /* submits whose words are in no buffer */
	/* the submit whose words are being given */
	const uint8_t *pend;
	uint32_t pend_left;
	/* the GPU */
	char gpu[24];
};

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static void set_free(struct rd_set *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		free(s->b[i].data);
	free(s->b);
	free(s);
}

static void rd_close(void *st)
{
	struct rd *r = st;
	for (size_t i = 0; i < r->nsets; i++)
		set_free(r->sets[i]);
	free(r->sets);
	free(r->subs);
}

static void fail_at(struct gk_input *in, uint64_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void fail_at(struct gk_input *in, uint64_t at, const char *fmt, ...)
{
	char msg[240];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	gk_in_fail(in, GK_D_IO, at, msg);
}

/* The sets no submit the stream loop may still be on needs: those whose
 * submits all end before the position. */
static void prune(struct rd *r, struct gk_input *in)
{
	uint64_t pos = gk_in_position(in);
	size_t keep = 0;
	while (keep < r->nsubs && r->subs[keep].end <= pos && keep + 1 < r->nsubs)
		keep++;
	/* submits before keep are done with */
	if (keep) {
		memmove(r->subs, r->subs + keep, (r->nsubs - keep) * sizeof r->subs[0]);
		r->nsubs -= keep;
	}
	size_t w = 0;
	for (size_t i = 0; i < r->nsets; i++) {
		struct rd_set *s = r->sets[i];
		bool used = s == r->cur;
		for (size_t k = 0; k < r->nsubs && !used; k++)
			used = r->subs[k].set == s;
		if (used) {
			r->sets[w++] = s;
		} else {
			r->held -= s->bytes;
			set_free(s);
		}
	}
	r->nsets = w;
}

/* a GPUADDR after a submit: a new set */
static bool new_set(struct rd *r, struct gk_input *in)
{
	if (r->cur && !r->cur_done)
		return true;
	prune(r, in);
	if (r->nsets == r->sets_cap) {
		size_t cap = r->sets_cap ? 2 * r->sets_cap : 4;
		struct rd_set **p = realloc(r->sets, cap * sizeof *p);
		if (!p)
			return false;
		r->sets = p;
		r->sets_cap = cap;
	}
	struct rd_set *s = calloc(1, sizeof *s);
	if (!s)
		return false;
	r->sets[r->nsets++] = s;
	r->cur = s;
	r->cur_done = false;
	return true;
}

static void addr_of(const struct rd *r, uint64_t *addr, uint32_t *len)
{
	*addr = le32(r->small);
	*len = le32(r->small + 4);
	if (r->size >= 12)
		*addr |= (uint64_t)le32(r->small + 8) << 32;
}

/* BUFFER_CONTENTS begins: the buffer of the last GPUADDR, in the set */
static bool contents_begin(struct rd *r, struct gk_input *in)
{
	if (!r->have_gpuaddr) {
		fail_at(in, r->at, "rd: BUFFER_CONTENTS section (%u bytes) with no GPUADDR before it: whose bytes they are is "
			"not known", r->size);
		return false;
	}
	if (r->size != r->gpulen) {
		fail_at(in, r->at, "rd: BUFFER_CONTENTS of %u bytes for the buffer at 0x%llx that GPUADDR says is %u bytes",
			r->size, (unsigned long long)r->gpuaddr, r->gpulen);
		return false;
	}
	if (r->held + r->size > RD_HOLD_MAX) {
		fail_at(in, r->at, "rd: the buffers of the submits being read pass %llu MiB, the most gfxkit holds",
			(unsigned long long)(RD_HOLD_MAX >> 20));
		return false;
	}
	if (!r->cur && !new_set(r, in))
		goto oom;
	struct rd_set *s = r->cur;
	struct rd_buf *b = NULL;
	uint64_t lo = r->gpuaddr, hi = r->gpuaddr + r->size;
	for (size_t i = 0; i < s->n; i++) {
		struct rd_buf *o = &s->b[i];
		if (o->addr == lo) {
			b = o; /* cffdump's add_buffer: the same address is the same buffer, new contents */
		} else if (lo < o->addr + o->len && o->addr < hi) {
			fail_at(in, r->at, "rd: buffer 0x%llx..0x%llx overlaps the buffer 0x%llx..0x%llx of the same submit",
				(unsigned long long)lo, (unsigned long long)(hi - 1), (unsigned long long)o->addr,
				(unsigned long long)(o->addr + o->len - 1));
			return false;
		}
	}
	if (!b) {
		if (s->n == s->cap) {
			size_t cap = s->cap ? 2 * s->cap : 16;
			struct rd_buf *p = realloc(s->b, cap * sizeof *p);
			if (!p)
				goto oom;
			s->b = p;
			s->cap = cap;
		}
		b = &s->b[s->n++];
		*b = (struct rd_buf){ lo, 0, NULL };
	} else {
		s->bytes -= b->len;
		r->held -= b->len;
		free(b->data);
		b->data = NULL;
		b->len = 0;
	}
	b->data = malloc(r->size ? r->size : 1);
	if (!b->data) {
		s->n--; /* not a buffer of the set */
		goto oom;
	}
	b->len = r->size;
	s->bytes += r->size;
	r->held += r->size;
	r->fill = b;
	return true;
oom:
	fail_at(in, r->at, "rd: out of memory for a buffer of %u bytes", r->size);
	return false;
}

/* CMDSTREAM_ADDR: a submit; its words are given next (waiting/drain) */
static bool submit(struct rd *r, struct gk_input *in)
{
	uint64_t addr;
	uint32_t ndw;
	addr_of(r, &addr, &ndw);
	uint64_t number = r->submits++;
	r->cur_done = true;
	uint64_t first = 0, last = UINT64_MAX;
	gk_in_want_submits(in, &first, &last);
	if (number < first || number > last || !ndw)
		return true;
	const struct rd_buf *b = NULL;
	for (size_t i = 0; r->cur && i < r->cur->n && !b; i++) {
		const struct rd_buf *o = &r->cur->b[i];
		if (addr >= o->addr && addr - o->addr < o->len)
			b = o;
	}
	if (!b || (addr - b->addr) + 4ull * ndw > b->len) {
		/* drivers leave some out (fd-clouds' second submit of each
		 * frame): the rest of the capture is still good */
		gk_in_note(in, true, 0, "rd: submit %llu (CMDSTREAM_ADDR at byte %llu): its command stream 0x%llx (%u dwords) "
			   "is %s: not shown", (unsigned long long)number, (unsigned long long)r->at, (unsigned long long)addr,
			   ndw, b ? "longer than the buffer that holds its start" : "in no buffer the capture holds");
		r->missing++;
		return true;
	}
	if (r->nsubs == r->subs_cap) {
		size_t cap = r->subs_cap ? 2 * r->subs_cap : 16;
		struct rd_submit *p = realloc(r->subs, cap * sizeof *p);
		if (!p) {
			fail_at(in, r->at, "rd: out of memory");
			return false;
		}
		r->subs = p;
		r->subs_cap = cap;
	}
	r->subs[r->nsubs++] = (struct rd_submit){ r->words, r->words + ndw, number, r->cur };
	if (r->words)
		gk_in_break(in, addr);
	else
		gk_in_set_first_offset(in, addr);
	r->pend = b->data + (addr - b->addr);
	r->pend_left = ndw;
	return true;
}

static bool section_end(struct rd *r, struct gk_input *in)
{
	switch (r->type) {
	case RD_GPUADDR:
		if (r->size != 8 && r->size != 12) {
			fail_at(in, r->at, "rd: GPUADDR section of %u bytes: 8 or 12 expected", r->size);
			return false;
		}
		if (r->cur_done && !new_set(r, in)) {
			fail_at(in, r->at, "rd: out of memory");
			return false;
		}
		addr_of(r, &r->gpuaddr, &r->gpulen);
		r->have_gpuaddr = true;
		return true;
	case RD_CMDSTREAM_ADDR:
		if (r->size != 8 && r->size != 12) {
			fail_at(in, r->at, "rd: CMDSTREAM_ADDR section of %u bytes: 8 or 12 expected", r->size);
			return false;
		}
		return submit(r, in);
	case RD_BUFFER_CONTENTS:
		r->fill = NULL;
		r->have_gpuaddr = false; /* one GPUADDR, one contents */
		return true;
	case RD_GPU_ID:
		if (!r->gpu[0] && r->size >= 4 && le32(r->small))
			snprintf(r->gpu, sizeof r->gpu, "a%u", le32(r->small));
		return true;
	case RD_CHIP_ID:
		if (!r->gpu[0] && r->size >= 8)
			snprintf(r->gpu, sizeof r->gpu, "0x%08llx",
				 (unsigned long long)(le32(r->small) | (uint64_t)le32(r->small + 4) << 32));
		return true;
	default:
		return true; /* text and the sections cffdump passes over */
	}
}

static size_t rd_bytes(void *st, struct gk_input *in, const uint8_t *p, size_t n)
{
	struct rd *r = st;
	size_t i = 0;
	while (i < n && !r->pend_left) {
		if (r->nhdr < 8) {
			size_t k = 8 - r->nhdr < n - i ? 8 - r->nhdr : n - i;
			memcpy(r->hdr + r->nhdr, p + i, k);
			r->nhdr += (unsigned)k;
			i += k;
			r->off += k;
			if (r->nhdr < 8)
				break;
			r->type = le32(r->hdr);
			r->size = le32(r->hdr + 4);
			r->got = 0;
			r->at = r->off - 8;
			if (r->type == 0xffffffffu && r->size == 0xffffffffu) {
				r->nhdr = 0; /* parse_rd_section skips the pair */
				continue;
			}
			if (r->type >= RD_TYPES) {
				fail_at(in, r->at, "rd: section type %u (0x%x): not one of redump.h's (0-%u): not an .rd, or a "
					"damaged one", r->type, r->type, RD_TYPES - 1);
				return i;
			}
			if (r->size > RD_SECTION_MAX) {
				fail_at(in, r->at, "rd: %s section of %u bytes: more than the %u MiB a section may hold (a damaged "
					"length?)", sect_name[r->type], r->size, RD_SECTION_MAX >> 20);
				return i;
			}
			if (r->type == RD_BUFFER_CONTENTS && !contents_begin(r, in))
				return i;
		}
		size_t k = r->size - r->got < n - i ? r->size - r->got : n - i;
		if (r->type == RD_BUFFER_CONTENTS)
			memcpy(r->fill->data + r->got, p + i, k);
		else if (r->got < sizeof r->small)
			memcpy(r->small + r->got, p + i, r->got + k <= sizeof r->small ? k : sizeof r->small - r->got);
		r->got += (uint32_t)k;
		i += k;
		r->off += k;
		if (r->got < r->size)
			break;
		r->nhdr = 0;
		if (!section_end(r, in))
			return i;
	}
	return i;
}

static size_t rd_waiting(const void *st)
{
	const struct rd *r = st;
	return r->pend_left;
}

static void rd_drain(void *st, struct gk_input *in)
{
	struct rd *r = st;
	uint32_t w[1024];
	while (r->pend_left) {
		size_t k = r->pend_left < 1024 ? r->pend_left : 1024;
		for (size_t j = 0; j < k; j++)
			w[j] = le32(r->pend + 4 * j);
		size_t put = gk_in_put(in, w, k);
		r->pend += 4 * put;
		r->pend_left -= (uint32_t)put;
		r->words += put;
		if (put < k)
			break;
	}
}

static bool rd_end(void *st, struct gk_input *in)
{
	struct rd *r = st;
	if (r->pend_left)
		return true;
	if (r->nhdr && r->nhdr < 8)
		fail_at(in, r->off - r->nhdr, "rd: the capture ends inside a section header (%u of its 8 bytes)", r->nhdr);
	else if (r->nhdr)
		fail_at(in, r->at, "rd: the capture ends inside a %s section (%u of its %u bytes): a cut capture?",
			sect_name[r->type], r->got, r->size);
	else if (!r->submits)
		fail_at(in, r->off, "rd: no submit (CMDSTREAM_ADDR section) in the capture");
	else if (!r->words) {
		uint64_t first = 0, last = UINT64_MAX;
		gk_in_want_submits(in, &first, &last);
		if (first || last != UINT64_MAX)
			fail_at(in, r->off, "rd: the capture holds %llu submit%s (0-%llu): none of %llu-%llu asked for",
				(unsigned long long)r->submits, r->submits == 1 ? "" : "s",
				(unsigned long long)(r->submits - 1), (unsigned long long)first, (unsigned long long)last);
	}
	return false;
}

/* the set of the submit stream word `word` belongs to */
static const struct rd_submit *submit_at(const struct rd *r, uint64_t word)
{
	const struct rd_submit *s = NULL;
	for (size_t i = 0; i < r->nsubs; i++)
		if (r->subs[i].first <= word)
			s = &r->subs[i];
	return s;
}

static long rd_mem_read(void *st, uint64_t word, uint64_t addr, void *buf, size_t n)
{
	const struct rd *r = st;
	const struct rd_submit *s = submit_at(r, word);
	if (!s)
		return 0;
	uint8_t *out = buf;
	size_t got = 0;
	while (got < n) {
		const struct rd_buf *b = NULL;
		uint64_t a = addr + got;
		for (size_t i = 0; i < s->set->n && !b; i++)
			if (a >= s->set->b[i].addr && a - s->set->b[i].addr < s->set->b[i].len)
				b = &s->set->b[i];
		if (!b)
			break;
		uint64_t have = b->len - (a - b->addr);
		size_t k = have < n - got ? (size_t)have : n - got;
		if (out)
			memcpy(out + got, b->data + (a - b->addr), k);
		got += k;
	}
	return (long)got;
}

static long long rd_submit_of(const void *st, uint64_t word)
{
	const struct rd_submit *s = submit_at(st, word);
	return s ? (long long)s->number : -1;
}

static const char *rd_gpu(const void *st, const char **engine)
{
	const struct rd *r = st;
	if (engine)
		*engine = "adreno"; /* .rd is freedreno's: Adreno CP packets */
	return r->gpu[0] ? r->gpu : NULL;
}

/* A binary input is an .rd when its first sections parse as redump.h's:
 * the first a section a capture starts with (TEST, CMD, GPU_ID, CHIP_ID,
 * GPUADDR), at least two whole sections in the window (one when the input
 * is that short), every header a known type of a size its type allows, the
 * text sections text, GPU_ID a GPU number.  A command stream whose first
 * words happen to read as a section header (SDMA's WRITE_LINEAR is 2, an
 * .rd's CMD) fails on the rest. */
static bool rd_sniff(const uint8_t *p, size_t n)
{
	size_t i = 0;
	unsigned whole = 0;
	while (i + 8 <= n) {
		uint32_t t = le32(p + i), s = le32(p + i + 4);
		if (t == 0xffffffffu && s == 0xffffffffu) {
			i += 8;
			continue;
		}
		if (t >= RD_TYPES || s > RD_SECTION_MAX)
			return false;
		if (!whole && t != RD_TEST && t != RD_CMD && t != RD_GPU_ID && t != RD_CHIP_ID && t != RD_GPUADDR)
			return false;
		if ((t == RD_GPUADDR || t == RD_CMDSTREAM_ADDR) && s != 8 && s != 12)
			return false;
		if ((t == RD_GPU_ID && s != 4) || (t == RD_CHIP_ID && s != 8))
			return false;
		if (s > n - i - 8)
			break; /* past the window */
		const uint8_t *b = p + i + 8;
		if (t == RD_GPU_ID && (le32(b) < 100 || le32(b) > 999))
			return false;
		/* text up to its NUL (what follows it is the writer's padding) */
		for (uint32_t k = 0; (t == RD_TEST || t == RD_CMD) && k < s && b[k]; k++)
			if (!((b[k] >= 0x20 && b[k] < 0x7f) || b[k] == '\n' || b[k] == '\t'))
				return false;
		whole++;
		i += 8 + (size_t)s;
	}
	return whole >= 2 || (whole == 1 && i == n);
}

const struct gk_reader gk_reader_rd = {
	.format = GK_IN_RD,
	.name = "rd",
	.what = "an .rd capture",
	.flags = GK_RD_GPU_ADDR | GK_RD_WRAPS | GK_RD_SUBMITS,
	.state_size = sizeof(struct rd),
	.close = rd_close,
	.bytes = rd_bytes,
	.waiting = rd_waiting,
	.drain = rd_drain,
	.bytes_end = rd_end,
	.sniff_bin = rd_sniff,
	.mem_read = rd_mem_read,
	.submit_of = rd_submit_of,
	.gpu = rd_gpu,
};
