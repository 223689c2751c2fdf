/* The reader interface (src/input/reader.h) from outside the reader list:
 * a small capture form defined here -- stream words, and buffers at GPU
 * addresses that it hands over as memory (gk_input_mem) -- read through
 * gk_input exactly as the list's readers are (lines, addresses, errors at
 * LINE:COL naming the form, the end); the memory op adding its buffers to
 * a struct gk_mem, and failing as the memory refuses one; gk_input_mem on
 * the forms that carry none; the reader list itself: every row's name,
 * format and kind agree with the public names; and the detection order. */
#include <stdio.h>

#include "gfxkit/gfxkit.h"
#include "input/reader.h"
#include "testlib.h"

/* ---- the capture form: "w WORD" is a stream word, "m ADDR WORD..." a
 * buffer's words at ADDR; '#' lines are comments ---- */

#define CAP_BUFS 4
#define CAP_WORDS 8

struct capture {
	unsigned nbufs;
	uint64_t addr[CAP_BUFS];
	uint32_t w[CAP_BUFS][CAP_WORDS];
	unsigned n[CAP_BUFS];
	uint64_t next;          /* the next stream word's address */
	unsigned lines;         /* lines given (the end checks them) */
};

static bool hex_at(const char *s, size_t n, size_t *i, uint64_t *v)
{
	while (*i < n && s[*i] == ' ')
		(*i)++;
	size_t d = *i;
	uint64_t x = 0;
	for (; *i < n && ((s[*i] >= '0' && s[*i] <= '9') || (s[*i] >= 'a' && s[*i] <= 'f')); (*i)++)
		x = x << 4 | (uint64_t)(s[*i] <= '9' ? s[*i] - '0' : s[*i] - 'a' + 10);
	*v = x;
	return *i > d;
}

static void cap_line(void *st, struct gk_input *in, const char *s, size_t n, uint32_t line_no, struct gk_in_line *out)
{
	struct capture *c = st;
	(void)in;
	(void)line_no;
	c->lines++;
	size_t i = 1;
	uint64_t v;
	if (!n || s[0] == '#')
		return;
	if (s[0] == 'w') {
		if (!hex_at(s, n, &i, &v)) {
			out->err_col = (uint32_t)i + 1;
			snprintf(out->err, sizeof out->err, "expected a word");
			return;
		}
		out->words[0] = (uint32_t)v;
		out->n = 1;
		out->has_addr = true;
		out->addr = c->next;
		c->next += 4;
		return;
	}
	if (s[0] == 'm' && c->nbufs < CAP_BUFS) {
		unsigned b = c->nbufs++;
		if (!hex_at(s, n, &i, &c->addr[b]))
			return;
		while (c->n[b] < CAP_WORDS && hex_at(s, n, &i, &v))
			c->w[b][c->n[b]++] = (uint32_t)v;
		return;
	}
	out->err_col = 1;
	snprintf(out->err, sizeof out->err, "not a capture line");
}

static bool cap_end(void *st, struct gk_input *in, char *msg, size_t cap, uint32_t *line)
{
	struct capture *c = st;
	gk_in_note(in, false, 0, "capture: %u buffers", c->nbufs);
	*line = 0;
	if (c->lines)
		return false;
	snprintf(msg, cap, "an empty capture");
	return true;
}

static int cap_mem(void *st, struct gk_mem *m, struct gk_diag *err)
{
	struct capture *c = st;
	for (unsigned b = 0; b < c->nbufs; b++)
		if (gk_mem_add_copy(m, c->addr[b], c->w[b], 4 * c->n[b], err))
			return -1;
	return (int)c->nbufs;
}

static const struct gk_reader capture = {
	.format = (enum gk_in_format)100, /* no value of the public enum: a reader outside the list */
	.name = "capture",
	.what = "a test capture",
	.flags = GK_RD_TEXT,
	.state_size = sizeof(struct capture),
	.line = cap_line,
	.end = cap_end,
	.mem = cap_mem,
};

struct src {
	const char *p;
	size_t n, pos, chunk;
};

static long rd(void *ctx, void *buf, size_t cap)
{
	struct src *s = ctx;
	size_t k = s->n - s->pos;
	if (k > cap)
		k = cap;
	if (k > s->chunk)
		k = s->chunk;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

/* the words of the whole input; -1 after an error */
static long read_words(struct gk_input *in, uint32_t *w, size_t cap)
{
	size_t n = 0;
	long a;
	while ((a = gk_input_fill(in, 3)) > 0) {
		for (long i = 0; i < a && n < cap; i++)
			w[n++] = gk_input_words(in)[i];
		gk_input_skip(in, (size_t)a);
	}
	return a < 0 ? -1 : (long)n;
}

static void test_capture_memory(void)
{
	static const char text[] = "# a capture\n"
				   "m 100000 c0012800 00000000\n"
				   "w c0001000\n"
				   "w 00000000\n"
				   "m 200000 11111111 22222222 33333333\n"
				   "w 80000000\n";
	static const size_t chunks[] = { 1, 5, 4096 };
	for (size_t k = 0; k < 3; k++) {
		struct src s = { text, sizeof text - 1, 0, chunks[k] };
		struct gk_input *in = gk_input_create_reader(rd, &s, &capture, 4);
		uint32_t w[8];
		long n = read_words(in, w, 8);
		CHECK(n == 3 && w[0] == 0xc0001000 && w[1] == 0 && w[2] == 0x80000000, "stream words (%zu bytes a read): %ld",
		      chunks[k], n);
		CHECK(gk_input_format(in) == (enum gk_in_format)100 && gk_input_note(in, 0, NULL) &&
			      !strcmp(gk_input_note(in, 0, NULL), "capture: 2 buffers"),
		      "the form and its end's note");
		struct gk_mem *m = gk_mem_create(0);
		struct gk_diag err;
		int r = gk_input_mem(in, m, &err);
		CHECK(r == 2 && gk_mem_count(m) == 2, "two buffers added: %d, %zu regions", r, m ? gk_mem_count(m) : 0);
		uint32_t got[3] = { 0 };
		size_t done = 0;
		CHECK(gk_mem_read(m, 0x200000, got, 12, &done, NULL) == 0 && got[0] == 0x11111111 && got[2] == 0x33333333,
		      "the second buffer's words at its address");
		CHECK(gk_mem_read(m, 0x100000, got, 8, &done, NULL) == 0 && got[0] == 0xc0012800, "the first buffer");
		/* again: the memory refuses regions that overlap, and says so */
		memset(&err, 0, sizeof err);
		CHECK(gk_input_mem(in, m, &err) == -1 && err.message[0], "a second add overlaps: -1, '%s'", err.message);
		gk_mem_destroy(m);
		gk_input_destroy(in);
	}

	/* its errors are gk_input's: at LINE:COL, naming the form */
	const char *bad = "w 1\nw 2\nzz\n";
	struct src s = { bad, strlen(bad), 0, 4096 };
	struct gk_input *in = gk_input_create_reader(rd, &s, &capture, 4);
	uint32_t w[8];
	long n = read_words(in, w, 8);
	const struct gk_diag *e = gk_input_error(in);
	CHECK(n == -1 && e && e->line == 3 && e->col == 1 && !strcmp(e->message, "not a capture line (reading capture)"),
	      "error at 3:1: %s at %u:%u", e ? e->message : "none", e ? e->line : 0, e ? e->col : 0);
	gk_input_destroy(in);

	/* the end op's error */
	s = (struct src){ "", 0, 0, 4096 };
	in = gk_input_create_reader(rd, &s, &capture, 4);
	n = read_words(in, w, 8);
	e = gk_input_error(in);
	CHECK(n == -1 && e && !strcmp(e->message, "an empty capture"), "empty: %s", e ? e->message : "none");
	gk_input_destroy(in);
	CHECK(gk_input_create_reader(rd, &s, NULL, 4) == NULL, "no reader");
	CHECK(gk_input_create_reader(rd, &s, &capture, 8) == NULL, "a dump of dwords read as 8-byte units");
}

/* the forms gfxkit reads today carry no memory; NULL arguments are errors */
static void test_no_memory(void)
{
	const char *ring = "r[    0]=0xc0001000\nr[    1]=0x00000000\n";
	struct src s = { ring, strlen(ring), 0, 4096 };
	struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
	uint32_t w[8];
	CHECK(read_words(in, w, 8) == 2 && gk_input_format(in) == GK_IN_RADEON_RING, "a radeon ring");
	struct gk_mem *m = gk_mem_create(0);
	struct gk_diag err;
	CHECK(gk_input_mem(in, m, &err) == 0 && gk_mem_count(m) == 0, "a ring dump adds no memory");
	memset(&err, 0, sizeof err);
	CHECK(gk_input_mem(in, NULL, &err) == -1 && err.message[0], "NULL memory: '%s'", err.message);
	memset(&err, 0, sizeof err);
	CHECK(gk_input_mem(NULL, m, &err) == -1 && err.message[0], "NULL input: '%s'", err.message);
	CHECK(gk_input_mem(NULL, NULL, NULL) == -1, "all NULL");
	gk_mem_destroy(m);
	gk_input_destroy(in);
}

/* the reader list: names and formats agree with the public ones */
static void test_list(void)
{
	const struct gk_reader *r;
	size_t n = 0;
	for (size_t i = 0; (r = gk_reader_at(i)) != NULL; i++, n++) {
		enum gk_in_format f;
		CHECK(r->name && r->what && gk_in_format_parse(r->name, &f) == 0 && f == r->format, "row %zu: %s", i,
		      r->name ? r->name : "(no name)");
		CHECK(gk_reader_of(r->format) == r, "%s: the only row of its format", r->name);
		CHECK(gk_in_format_name(r->format) && !strcmp(gk_in_format_name(r->format), r->name), "%s: its name",
		      r->name);
		CHECK(strstr(gk_in_format_list(), r->name) != NULL, "%s in the -f list", r->name);
		/* a line reader is text, and detection asks it; a bytes reader is not */
		if (r->line)
			CHECK((r->flags & GK_RD_TEXT) && r->sniff_line && !r->bytes, "%s: a text dump form", r->name);
		if (r->bytes)
			CHECK(!(r->flags & GK_RD_TEXT) && r->waiting && r->drain, "%s: a binary form", r->name);
		CHECK(!r->drain == !r->waiting, "%s: waiting and drain together", r->name);
	}
	CHECK(n == (size_t)GK_IN_RD, "%zu rows: one for every format but auto", n);
	CHECK(gk_reader_of(GK_IN_AUTO) == NULL && !strncmp(gk_in_format_list(), "auto, ", 6), "auto is no reader");
}

/* the detection order: a line several forms' patterns match goes to the
 * first in the list's order, the forms with a banner line first */
static void test_detection_order(void)
{
	static const struct {
		const char *text;
		enum gk_in_format want;
	} t[] = {
		/* a devcoredump's ring section pasted alone, a ring named like a
		 * kernel log's words */
		{ "ring name: ib[3]=0x00000000\n", GK_IN_DEVCOREDUMP },
		{ "**** AMDGPU Device Coredump **** ib[0]=0x1\n", GK_IN_DEVCOREDUMP },
		/* a radeon ring line with a log's words after it */
		{ "r[    0]=0x80000000 ib[1]=0x1\n", GK_IN_RADEON_RING },
		{ "[  1.000000] ib[1]=0x00000001\n", GK_IN_KLOG },
	};
	for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
		struct src s = { t[i].text, strlen(t[i].text), 0, 4096 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		gk_input_fill(in, 1);
		CHECK(gk_input_format(in) == t[i].want, "'%s' read as %s, want %s", t[i].text,
		      gk_in_format_name(gk_input_format(in)), gk_in_format_name(t[i].want));
		gk_input_destroy(in);
	}
}

int main(void)
{
	test_detection_order();
	test_capture_memory();
	test_no_memory();
	test_list();
	return tl_done();
}
