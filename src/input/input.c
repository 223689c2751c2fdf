/* The input reader, gk_input (include/gfxkit/input.h): the part every
 * dump form shares -- the read callback and its buffering, a window of
 * words that grows only as far as the longest packet asked for needs (so
 * streaming memory stays bounded whatever the input size), text/binary
 * detection, text lines, addresses and their breaks, repeats, notes and
 * errors at LINE:COL -- and the two forms that are no dump: little-endian
 * binary units and hex words.  Each dump form is a reader (reader.h) in
 * the reader list (readers.c); this file names none of them. */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <stdarg.h>

#include "gfxkit/packet.h"

#include "inflate.h"
#include "reader.h"
#include "scan.h"

#define IN_RAW 16384u      /* bytes asked of the read callback at a time */
#define IN_DIRECT 65536u   /* bytes asked at a time straight into the window (read_direct) */
#define IN_SPAN (1u << 15) /* words of window used while packets are short */
#define IN_FIRST 1024u     /* words of window at first: it grows with the words that come */
#define IN_SNIFF IN_RAW     /* bytes AUTO looks at before choosing */
#define IN_SEGS 16u        /* address breaks (ring wraps) the window may hold */

enum { HX_SPACE, HX_TOKEN, HX_COMMENT };
/* 8-byte units: the first thing wrong with a token (reported at its end) */
enum { T_OK, T_CHAR, T_LONG, T_UNDERSCORE };

struct gk_input {
	gk_read_fn read;
	void *ctx;
	/* gzip (inflate.c): an input that starts with 1f 8b is read through
	 * the inflater, which reads the caller's callback (read, ctx above
	 * become the inflater's) */
	struct gk_inflate *gz;
	bool gz_checked, gz_off;      /* the first bytes looked at; gk_input_set_gzip(in, false) */
	enum gk_in_format format;     /* resolved from AUTO on the first read */
	unsigned unit;                /* bytes per unit: 4 or 8 */
	size_t raw_len, raw_pos;
	uint64_t raw_total;           /* bytes the callback has given */
	bool eof, ended, failed;
	uint8_t carry[8];             /* binary bytes not yet forming a unit */
	unsigned ncarry;
	/* hex tokenizer */
	int hx_state;
	uint64_t hx_val;
	unsigned hx_digits;           /* 4-byte units: significant digits (leading zeros do not count) */
	bool hx_line_start, hx_prefix, hx_any;
	bool hx_ended;                /* a hex token has ended: the input's first is behind */
	unsigned hx_nd, hx_len;       /* 8-byte units: digits (leading zeros count), bytes of the token */
	int hx_err;                   /* 8-byte units: T_* */
	uint8_t hx_last, hx_badc;
	bool hx_us;
	bool half;                    /* 8-byte units: a 32-bit word waits for its high half */
	uint32_t low, low_line, low_col;
	uint32_t line, col, tok_line, tok_col;
	unsigned u8_need;             /* text: continuation bytes the UTF-8 sequence read still wants */
	uint32_t u8_line, u8_col;     /* where that sequence starts */
	uint8_t u8_lead;
	uint32_t *words;              /* the window */
	size_t cap;                   /* words allocated */
	size_t nwords, pos;           /* valid words, first unconsumed */
	uint64_t abs0;                /* words before words[0] */
	/* addresses: word seg_word[k] (counted from the first) and those after
	 * it up to the next break are at seg_off[k] + 4 * (index - seg_word[k]) */
	uint64_t seg_word[IN_SEGS], seg_off[IN_SEGS];
	unsigned nseg;
	bool user_base;               /* gk_input_set_base: the first unit's offset */
	gk_reg_lookup_fn reg_lookup;  /* gk_input_set_reg_lookup */
	void *reg_ctx;
	bool have_addr;               /* a dump address has been seen */
	uint64_t next_addr;           /* the dump address the next word should have */
	uint64_t delta;               /* offset = dump address + delta */
	/* the reader of the input's form (NULL: AUTO not yet resolved) */
	const struct gk_reader *rd;
	void *st;                     /* its state */
	bool started;                 /* st made and opened */
	char want[GK_IN_RING_NAME];   /* gk_input_set_ring */
	bool want_subs;               /* gk_input_set_submits */
	uint64_t sub_first, sub_last;
	/* dumps read a line at a time */
	size_t ln_len;
	bool ln_long, ln_ready;       /* too long; complete and waiting for the window */
	bool ln_parsed;               /* the waiting line has been given to the reader (into dl) */
	uint32_t ln_line;
	struct gk_in_line dl;         /* the last line parsed */
	uint32_t last[GK_IN_LINE_WORDS]; /* its words, for "*" */
	unsigned last_n;
	bool star;                    /* a "*" line: the last line repeats to the next address */
	uint64_t rep_left;            /* words of repetition still to put */
	unsigned rep_at;
	uint64_t mark_index[4];       /* ring pointers by GK_MARK_* bit, as ring indices */
	bool mark_based;              /* the reader said where ring index 0 is (gk_in_mark_base) */
	uint64_t mark_base;
	struct gk_ring_marks marks;
	unsigned nnotes;              /* gk_input_note */
	uint32_t note_line[GK_IN_NOTES];
	bool note_warns[GK_IN_NOTES];
	struct gk_diag error;         /* set when failed */
	/* buffers, written before they are read: left out of the zeroing */
	char note[GK_IN_NOTES][GK_IN_NOTE];
	char ln[GK_IN_LINE_MAX];
	uint8_t raw[IN_RAW];
};

/* r NULL: AUTO, the reader chosen on the first bytes */
static struct gk_input *create(gk_read_fn read, void *ctx, enum gk_in_format fmt, const struct gk_reader *r,
			       unsigned unit_bytes)
{
	if (!read || (unit_bytes != 4 && unit_bytes != 8) || (unit_bytes == 8 && r && !(r->flags & GK_RD_UNIT64)))
		return NULL; /* the dumps are of dwords */
	/* the line and raw buffers are written before they are read: clear the
	 * rest only, so a short input touches few of their pages */
	struct gk_input *in = malloc(sizeof *in);
	if (!in)
		return NULL;
	memset(in, 0, offsetof(struct gk_input, ln));
	in->words = malloc(IN_FIRST * sizeof *in->words);
	if (!in->words) {
		free(in);
		return NULL;
	}
	in->cap = IN_FIRST;
	in->read = read;
	in->ctx = ctx;
	in->format = fmt;
	in->unit = unit_bytes;
	in->hx_state = HX_SPACE;
	in->hx_line_start = true;
	in->line = 1;
	in->nseg = 1; /* words from offset 0 until something says otherwise */
	in->rd = r;
	return in;
}

struct gk_input *gk_input_create(gk_read_fn read, void *ctx, enum gk_in_format fmt, unsigned unit_bytes)
{
	const struct gk_reader *r = gk_reader_of(fmt);
	if (fmt != GK_IN_AUTO && !r)
		return NULL;
	return create(read, ctx, fmt, r, unit_bytes);
}

struct gk_input *gk_input_create_reader(gk_read_fn read, void *ctx, const struct gk_reader *r, unsigned unit_bytes)
{
	return r ? create(read, ctx, r->format, r, unit_bytes) : NULL;
}

void gk_input_destroy(struct gk_input *in)
{
	if (!in)
		return;
	if (in->started && in->rd->close)
		in->rd->close(in->st);
	gk_inflate_close(in->gz);
	free(in->st);
	free(in->words);
	free(in);
}

static void fail(struct gk_input *in, enum gk_diag_code code, uint32_t line, uint32_t col, uint64_t offset,
		 const char *msg)
{
	if (in->failed)
		return;
	in->failed = true;
	in->error.severity = GK_ERROR;
	in->error.code = code;
	in->error.offset = offset;
	in->error.line = line;
	in->error.col = col;
	in->error.dw = -1;
	in->error.lo = in->error.hi = -1;
	size_t len = strlen(msg); /* cut to fit, as every message is */
	if (len >= sizeof in->error.message)
		len = sizeof in->error.message - 1;
	memcpy(in->error.message, msg, len);
	in->error.message[len] = 0;
}

static uint64_t offset_of(const struct gk_input *in, uint64_t abs)
{
	if (in->nseg <= 1) /* no break in the addresses: the common case */
		return in->seg_off[0] + 4 * abs;
	unsigned k = in->nseg - 1;
	while (k && in->seg_word[k] > abs)
		k--;
	return in->seg_off[k] + 4 * (abs - in->seg_word[k]);
}

/* a text error at line:col; its offset is where the next word would be */
static void fail_text(struct gk_input *in, uint32_t line, uint32_t col, const char *msg)
{
	fail(in, GK_D_IO, line, col, offset_of(in, in->abs0 + in->nwords), msg);
}

/* The form being read, as messages name it. */
static const char *form_name(const struct gk_input *in)
{
	return in->rd ? in->rd->name : "auto";
}

/* The forms that hold named rings (op ring), from the reader list, as
 * messages list them: "a devcoredump", "a devcoredump or ...". */
static void ring_forms(char *buf, size_t cap)
{
	size_t len = 0, k = 0;
	const struct gk_reader *r, *prev = NULL;
	buf[0] = 0;
	for (size_t i = 0; (r = gk_reader_at(i)) != NULL; i++) {
		if (!r->ring)
			continue;
		if (prev && len < cap)
			len += (size_t)snprintf(buf + len, cap - len, "%s%s", k++ ? ", " : "", prev->what);
		prev = r;
	}
	if (prev && len < cap)
		snprintf(buf + len, cap - len, "%s%s", k ? " or " : "", prev->what);
}

static bool isxdigit_ascii(uint8_t c)
{
	return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f');
}

/* A plain hex words line (stream.h): tokens of hex digits, "0x" before
 * them, "ADDRESS:" labels, '_' inside 64-bit values; comments after '#'
 * or ';'.  Only what the sniffer needs to tell text from binary: the hex
 * reader checks each token itself. */
static bool hex_line(const uint8_t *s, size_t n, bool *words)
{
	for (size_t i = 0; i < n;) {
		uint8_t c = s[i];
		if (c == '#' || c == ';')
			return true;
		if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '\f' || c == '\v') {
			i++;
			continue;
		}
		if (c == '0' && i + 1 < n && (s[i + 1] | 0x20) == 'x')
			i += 2;
		size_t d = i;
		while (i < n && (isxdigit_ascii(s[i]) || s[i] == '_'))
			i++;
		if (i < n && s[i] == ':')
			i++;
		if (i == d || (i < n && !(s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == ',' || s[i] == '#' ||
					  s[i] == ';' || s[i] == '\f' || s[i] == '\v')))
			return false;
		*words = true;
	}
	return true;
}

/* UTF-16 text: its byte-order mark (FF FE little-endian, FE FF
 * big-endian), then ASCII characters each with a NUL byte on the side the
 * mark says, all through the first 256 bytes (a binary stream whose first
 * word starts FF FE is not also that). */
static bool utf16(const uint8_t *p, size_t n)
{
	if (n < 8 || !((p[0] == 0xff && p[1] == 0xfe) || (p[0] == 0xfe && p[1] == 0xff)))
		return false;
	unsigned zero = p[0] == 0xff; /* the NUL is the high byte: the second, little-endian */
	for (size_t i = 2; i + 1 < n && i < 256; i += 2) {
		uint8_t c = p[i + 1 - zero];
		if (p[i + zero] || !((c >= 0x20 && c < 0x7f) || c == '\n' || c == '\r' || c == '\t'))
			return false;
	}
	return true;
}

/* The text dump form the first lines of a text input are in (n bytes at
 * p, at most the sniff window): the first line that says something (not
 * blank, not a comment) is offered to each reader in the list's order
 * (those with a banner first);
 * the first that takes it is the form, one that calls it a line of no
 * form's words (a log line) passes it to the next line, and a line no
 * reader takes is hex words (the hex reader then refuses it at its first
 * bad character: never a guess). */
static enum gk_in_format dump_sniff(const char *p, size_t n)
{
	size_t at = 0;
	while (at < n) {
		const char *nl = memchr(p + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : n - at;
		const char *s = p + at;
		size_t i = 0;
		while (i < len && (s[i] == ' ' || s[i] == '\t'))
			i++;
		if (!(i >= len || s[i] == '\r' || s[i] == '#' || s[i] == ';')) {
			const struct gk_reader *r;
			enum gk_in_sniff said = GK_SNIFF_NO;
			/* the forms with a banner first (GK_RD_BANNER), then the rest */
			for (unsigned pass = 0; pass < 2; pass++)
				for (size_t k = 0; said == GK_SNIFF_NO && (r = gk_reader_at(k)) != NULL; k++)
					if (r->sniff_line && ((r->flags & GK_RD_BANNER) ? 0u : 1u) == pass &&
					    (said = r->sniff_line(s, len)) == GK_SNIFF_YES)
						return r->format;
			if (said == GK_SNIFF_NO)
				return GK_IN_HEX;
		}
		if (!nl)
			break;
		at += len + 1;
	}
	return GK_IN_HEX;
}

/* Text or binary, from the first bytes (the sniff window).  Text when every
 * byte is text.  PM4 binaries fail that quickly: type-3 header bytes
 * 0xc0/0xc1 never occur in UTF-8, and most dwords hold 0x00; but a text
 * dump with a byte damaged (a NUL, a bit flipped) fails it too, and read
 * as binary would decode as packets.  So a window whose bad bytes are few
 * (at most 1 in 16: binary streams have far more) and whose lines without
 * one are mostly (half the bytes of its lines or more) lines of a text
 * form is text too: the text reader then stops at the first bad byte with
 * its line and column.  A binary stream that passes this is text in all
 * but a few bytes, which no packet stream is. */
static enum gk_in_format sniff(const uint8_t *p, size_t n, bool at_eof, unsigned unit)
{
	if (!n)
		return GK_IN_BIN;
	if (n > IN_SNIFF)
		n = IN_SNIFF;
	size_t bad = 0;
	unsigned need = 0;
	for (size_t i = 0; i < n; i++)
		if (!gk_scan_text_byte(&need, p[i])) {
			bad++;
			need = 0;
		}
	if (need && at_eof)
		bad++; /* the input ends inside a UTF-8 sequence (one cut by the window is fine) */
	if (!bad)
		return unit == 4 ? dump_sniff((const char *)p, n) : GK_IN_HEX;
	if (utf16(p, n))
		return GK_IN_HEX; /* text, refused at its byte-order mark (damaged()), not read as binary words */
	if (bad * 16 > n)
		return GK_IN_BIN;
	/* the lines with a bad byte blanked: white space says nothing to the
	 * dump sniffer */
	char copy[IN_SNIFF];
	memcpy(copy, p, n);
	for (size_t at = 0; at < n;) {
		const uint8_t *nl = memchr(p + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (p + at)) : n - at;
		unsigned nd = 0;
		bool ok = true;
		for (size_t k = 0; k < len && ok; k++)
			ok = gk_scan_text_byte(&nd, p[at + k]);
		if (!ok || nd)
			memset(copy + at, ' ', len);
		at += len + 1;
	}
	enum gk_in_format f = unit == 4 ? dump_sniff(copy, n) : GK_IN_HEX;
	/* how much of it its lines of that form make: each line given to the
	 * form's reader (with state of its own, as reading would) */
	const struct gk_reader *r = gk_reader_of(f);
	void *probe = NULL;
	if (f != GK_IN_HEX && r->state_size && !(probe = calloc(1, r->state_size)))
		return f; /* no memory to weigh it: the text reader stops at the bad byte */
	size_t lines = 0, good = 0;
	bool words = false;
	for (size_t at = 0; at < n;) {
		const char *nl = memchr(copy + at, '\n', n - at);
		size_t len = nl ? (size_t)(nl - (copy + at)) : n - at;
		if (!nl && !at_eof)
			break; /* cut by the window */
		lines += len + 1;
		bool blank = true;
		for (size_t k = 0; k < len && blank; k++)
			blank = copy[at + k] == ' ';
		bool ok = false, w = false;
		if (blank) {
			ok = false;
		} else if (f == GK_IN_HEX) {
			ok = hex_line((const uint8_t *)copy + at, len, &w);
		} else {
			struct gk_in_line t;
			memset(&t, 0, offsetof(struct gk_in_line, err));
			t.err[0] = 0;
			r->line(probe, NULL, copy + at, len, 0, &t);
			/* a line the reader refuses but of its text form (od in octal) */
			ok = !t.err_col || (r->of_form && r->of_form(copy + at, len));
			w = t.n || t.header_mark || (ok && t.err_col);
		}
		good += ok ? len + 1 : 0;
		words |= w;
		at += len + 1;
	}
	if (probe && r->close)
		r->close(probe);
	free(probe);
	return words && 2 * good >= lines ? f : GK_IN_BIN;
}

static int hexval(uint8_t c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return -1;
}

static void put_unit64(struct gk_input *in, uint32_t lo, uint32_t hi)
{
	in->words[in->nwords++] = lo;
	in->words[in->nwords++] = hi;
}

/* 8-byte units: the token grammar `gfxkit decode -e isa` has always read
 * (see stream.h); every token error is reported at the token's start. */
static void end_token64(struct gk_input *in)
{
	if (in->hx_last == ':' && in->hx_len > 1)
		return; /* "00000010:" offsets as hexdumps print them */
	const char *msg = NULL;
	char buf[64];
	if (in->hx_err == T_CHAR) {
		snprintf(buf, sizeof buf, "'%c' is not a hex digit",
			 in->hx_badc >= 0x20 && in->hx_badc < 0x7f ? in->hx_badc : '?');
		msg = buf;
	} else if (in->hx_err == T_LONG) {
		msg = "hex value longer than 16 digits (64 bits)";
	} else if (in->hx_err == T_UNDERSCORE || (in->hx_us && in->hx_nd != 16)) {
		msg = "'_' may only split 16 hex digits after the 8th (HHHHHHHH_LLLLLLLL)";
	} else if (!in->hx_nd) {
		msg = "expected a 32-bit hex word or a 64-bit hex value";
	}
	if (msg) {
		fail_text(in, in->tok_line, in->tok_col, msg);
		return;
	}
	if (in->hx_nd > 8 || in->hx_us) {
		if (in->half) {
			fail_text(in, in->tok_line, in->tok_col,
				  "a 64-bit value where the high half of the previous 32-bit word was expected");
			return;
		}
		put_unit64(in, (uint32_t)in->hx_val, (uint32_t)(in->hx_val >> 32));
	} else if (!in->half) {
		in->half = true;
		in->low = (uint32_t)in->hx_val;
		in->low_line = in->tok_line;
		in->low_col = in->tok_col;
	} else {
		put_unit64(in, in->low, (uint32_t)in->hx_val);
		in->half = false;
	}
}

static void token_byte64(struct gk_input *in, uint8_t c)
{
	in->hx_len++;
	in->hx_last = c;
	int d = hexval(c);
	if (in->hx_len == 2 && (c | 0x20) == 'x' && in->hx_nd == 1 && !in->hx_val && in->hx_err == T_OK) {
		in->hx_nd = 0; /* "0x" */
		return;
	}
	if (in->hx_err != T_OK)
		return;
	if (c == '_' && in->hx_nd == 8 && !in->hx_us) {
		in->hx_us = true;
	} else if (d < 0) {
		in->hx_err = c == '_' ? T_UNDERSCORE : T_CHAR;
		in->hx_badc = c;
	} else if (in->hx_nd >= 16) {
		in->hx_err = T_LONG;
	} else {
		in->hx_val = in->hx_val << 4 | (unsigned)d;
		in->hx_nd++;
	}
}

static bool place(struct gk_input *in, uint64_t addr, unsigned n, bool brk, uint32_t col);

/* "ADDRESS:" starting a hex line: the address of the next word (the first
 * sets the offsets; later ones must follow on) */
static void hex_address(struct gk_input *in, uint64_t addr)
{
	in->ln_line = in->tok_line;
	place(in, addr, 0, false, in->tok_col);
}

static void end_token(struct gk_input *in, bool is_address)
{
	if (in->hx_state != HX_TOKEN)
		return;
	in->hx_state = HX_SPACE;
	if (in->unit == 8) {
		end_token64(in);
		return;
	}
	bool first = in->hx_line_start;
	in->hx_line_start = false;
	in->hx_ended = true;
	if (!in->hx_any) {
		fail_text(in, in->tok_line, in->tok_col, "expected a hex word");
		return;
	}
	if (is_address) {
		if (!first)
			fail_text(in, in->tok_line, in->tok_col, "an ADDRESS: label may only start a line");
		else if (in->hx_digits > 16)
			fail_text(in, in->tok_line, in->tok_col, "address does not fit in 64 bits");
		else
			hex_address(in, in->hx_val);
		return;
	}
	if (in->hx_digits > 8) {
		fail_text(in, in->tok_line, in->tok_col, "hex word does not fit in 32 bits");
		return;
	}
	in->words[in->nwords++] = (uint32_t)in->hx_val;
	in->next_addr += 4;
}

/* A byte text never holds, in text being read (it was chosen as text on
 * its first bytes, or named): the text is damaged here, an error at it;
 * decoding it as words any other way would be a guess. */
static bool damaged(struct gk_input *in, uint8_t c)
{
	bool cut = in->u8_need != 0;
	if (gk_scan_text_byte(&in->u8_need, c)) {
		if (!cut && in->u8_need) {
			in->u8_line = in->line; /* a sequence starts: where, should it break */
			in->u8_col = in->col;
			in->u8_lead = c;
		}
		return false;
	}
	char msg[160];
	if (in->line == 1 && in->col == 1 && (c == 0xff || c == 0xfe))
		snprintf(msg, sizeof msg, "byte 0x%02x at the start of %s text: a UTF-16 byte-order mark? gfxkit reads "
			 "UTF-8 (convert: iconv -f UTF-16 -t UTF-8 FILE)", c, form_name(in));
	else if (cut) /* the sequence's first byte is the bad one (one bit flipped made it a lead byte) */
		snprintf(msg, sizeof msg, "byte 0x%02x starts a UTF-8 sequence that byte 0x%02x breaks, in %s text: the "
			 "text is damaged here (a text dump holds only printable text, white space and UTF-8)", in->u8_lead, c,
			 form_name(in));
	else
		snprintf(msg, sizeof msg, "%s byte (0x%02x) in %s text: the text is damaged here (a text dump holds only "
			 "printable text, white space and UTF-8)", !c ? "a NUL" : c < 0x80 ? "a control" : "a non-UTF-8", c,
			 form_name(in));
	fail_text(in, cut ? in->u8_line : in->line, cut ? in->u8_col : in->col, msg);
	return true;
}

static void hex_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i;
	/* room for the two words an 8-byte unit's token puts */
	for (i = 0; i < n && !in->failed && in->nwords + 2 <= in->cap; i++) {
		uint8_t c = p[i];
		in->col++;
		if ((c < 0x20 || c >= 0x7f || in->u8_need) && damaged(in, c))
			break;
		if (c == '\n') {
			end_token(in, false);
			in->hx_state = HX_SPACE;
			in->hx_line_start = true;
			in->line++;
			in->col = 0;
			continue;
		}
		if (in->hx_state == HX_COMMENT)
			continue;
		if (c == ' ' || c == '\t' || c == '\r' || c == ',' || c == '\f' || c == '\v') {
			end_token(in, false);
			continue;
		}
		if (c == '#' || c == ';') {
			end_token(in, false);
			in->hx_state = HX_COMMENT;
			continue;
		}
		if (in->unit == 8) {
			if (in->hx_state != HX_TOKEN) {
				in->hx_state = HX_TOKEN;
				in->hx_val = 0;
				in->hx_nd = in->hx_len = 0;
				in->hx_err = T_OK;
				in->hx_us = false;
				in->tok_line = in->line;
				in->tok_col = in->col;
			}
			token_byte64(in, c);
			continue;
		}
		if (c == ':') {
			if (in->hx_state != HX_TOKEN)
				fail_text(in, in->line, in->col, "unexpected ':'");
			end_token(in, true);
			continue;
		}
		if (in->hx_state != HX_TOKEN) {
			in->hx_state = HX_TOKEN;
			in->hx_val = 0;
			in->hx_digits = 0;
			in->hx_prefix = false;
			in->hx_any = false;
			in->tok_line = in->line;
			in->tok_col = in->col;
		}
		if ((c | 0x20) == 'x' && in->hx_any && in->hx_val == 0 && in->hx_digits == 0 && !in->hx_prefix) {
			in->hx_prefix = true; /* "0x" */
			in->hx_any = false;
			continue;
		}
		int v = hexval(c);
		if (v < 0) {
			char msg[320]; /* fail() cuts the message to fit */
			/* the input's first token, after any comment lines (a
			 * umr --test-harness file begins "; this is running ..."
			 * and its second line was refused without the forms) */
			bool first = in->hx_line_start && !in->hx_ended && !in->nwords && !in->abs0;
			snprintf(msg, sizeof msg, "'%c' is not a hex digit%s%s%s", c >= 0x20 && c < 0x7f ? c : '?',
				 first ? " (not hex words, nor " : "", first ? gk_reader_text_forms() : "", first ? ")" : "");
			fail_text(in, in->line, in->col, msg);
			break;
		}
		in->hx_any = true;
		if (in->hx_digits < 17) /* words take 8 digits, ADDRESS: labels 16 */
			in->hx_val = (in->hx_val << 4) | (unsigned)v;
		if (in->hx_val || in->hx_digits)
			in->hx_digits++; /* significant digits; leading zeros do not count */
	}
	*used = i;
}

static uint32_t le32(const uint8_t *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

size_t gk_in_units(struct gk_input *in, const uint8_t *p, size_t n, uint64_t *words)
{
	size_t i = 0, u = in->unit, wpu = u / 4;
	uint64_t before = in->nwords;
	while (i < n && in->nwords + wpu <= in->cap) {
		if (in->ncarry || n - i < u) {
			/* a unit split between two reads */
			in->carry[in->ncarry++] = p[i++];
			if (in->ncarry == u) {
				for (size_t j = 0; j < wpu; j++)
					in->words[in->nwords++] = le32(in->carry + 4 * j);
				in->ncarry = 0;
			}
			continue;
		}
		/* whole units straight into the window */
		size_t room = (in->cap - in->nwords) / wpu, k = (n - i) / u;
		if (k > room)
			k = room;
		uint32_t *w = in->words + in->nwords;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
		/* the stream's byte order is the host's: one copy (a 4 MB
		 * WRITE_LINEAR's words cost a third less to read in) */
		memcpy(w, p + i, k * u);
		i += k * u;
#else
		for (size_t j = 0; j < k * wpu; j++, i += 4)
			w[j] = le32(p + i);
#endif
		in->nwords += k * wpu;
	}
	if (words)
		*words = in->nwords - before;
	return i;
}

/* Binary bytes: the reader's (a binary dump form), else plain units. */
static void bin_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	*used = in->rd->bytes ? in->rd->bytes(in->st, in, p, n) : gk_in_units(in, p, n, NULL);
}

/* read a line at a time by its reader (the hex reader reads tokens) */
static bool is_dump(const struct gk_input *in)
{
	return in->rd && in->rd->line;
}

/* The next n words come from dump address addr: the first address sets
 * the offsets (unless gk_input_set_base did); later ones must follow on,
 * except where a ring dump wraps.  false: failed. */
static bool place(struct gk_input *in, uint64_t addr, unsigned n, bool brk, uint32_t col)
{
	uint64_t abs = in->abs0 + in->nwords;
	if (!in->have_addr) {
		in->have_addr = true;
		if (!in->user_base && !abs)
			in->seg_off[0] = addr;
		in->delta = offset_of(in, abs) - addr;
		in->next_addr = addr;
	}
	if (addr != in->next_addr) {
		bool ring = in->rd && (in->rd->flags & GK_RD_WRAPS);
		char msg[160];
		if (in->rd && in->rd->gap && !brk) {
			/* the form says why its words skip */
			in->rd->gap(msg, sizeof msg, in->next_addr);
			fail_text(in, in->ln_line, col, msg);
			return false;
		}
		if (!ring && !brk) {
			snprintf(msg, sizeof msg, "address 0x%llx, but the words before end at 0x%llx: a gap or an overlap in the dump",
				 (unsigned long long)addr, (unsigned long long)in->next_addr);
			fail_text(in, in->ln_line, col, msg);
			return false;
		}
		if (in->nseg == IN_SEGS) {
			fail_text(in, in->ln_line, col, "too many breaks in the ring indices close together");
			return false;
		}
		/* the ring wrapped (or the log skipped): the words go on at their own index */
		in->seg_word[in->nseg] = abs;
		in->seg_off[in->nseg] = addr + in->delta;
		in->nseg++;
	}
	in->next_addr = addr + 4ull * n;
	return true;
}

static void put_word(struct gk_input *in, uint32_t w)
{
	in->words[in->nwords++] = w;
}

/* One whole line of a dump: its words go into the window (room for a line's
 * worth is there).  false: the line must wait (repetitions first). */
static bool dump_line(struct gk_input *in)
{
	struct gk_in_line *dl = &in->dl;
	if (!in->ln_parsed) {
		/* the line to the reader, once (a line after '*' waits for the
		 * repetitions, then comes back here for its own words) */
		in->ln_parsed = true;
		if (in->ln_long) {
			fail_text(in, in->ln_line, GK_IN_LINE_MAX, "line longer than 4096 bytes: not a dump line");
			return true;
		}
		memset(dl, 0, offsetof(struct gk_in_line, err));
		dl->err[0] = 0;
		in->rd->line(in->st, in, in->ln, in->ln_len, in->ln_line, dl);
		if (dl->err_col) {
			char msg[200];
			if (dl->err_drop)
				in->nwords = in->pos; /* the words held back (holding) are never given */
			if (dl->err_whole)
				snprintf(msg, sizeof msg, "%s", dl->err);
			else
				snprintf(msg, sizeof msg, "%s (reading %s)", dl->err, form_name(in));
			fail_text(in, in->ln_line, dl->err_col, msg);
			return true;
		}
		for (unsigned b = 0; b < 4; b++)
			if (dl->header_mark & (1u << b))
				in->mark_index[b] = dl->header_at[b];
		in->marks.have |= dl->header_mark;
		if (dl->rptr_is_word) {
			/* a ring whose dword 0 is the input's first word (a devcoredump's) */
			in->marks.have_rptr_word = true;
			in->marks.rptr_word = dl->header_at[0];
		}
		if (dl->repeat) {
			if (!in->last_n) {
				fail_text(in, in->ln_line, 1, "'*' (repeat the line before) with no line before it");
				return true;
			}
			in->star = true;
			return true;
		}
	}
	if (!dl->has_addr)
		return true;
	if (dl->pad) {
		/* words the dump left out, rebuilt as padding by the reader: given
		 * as a repetition of one word, then the line again for its own */
		if (!place(in, dl->addr - 4ull * dl->pad, 0, dl->brk, (uint32_t)dl->addr_at + 1))
			return true;
		dl->brk = false;
		in->last[0] = dl->pad_word;
		in->last_n = 1;
		in->rep_left = dl->pad;
		in->rep_at = 0;
		dl->pad = 0;
		return false;
	}
	if (in->star) {
		/* "*": the line before repeats up to this address */
		in->star = false;
		if (dl->addr < in->next_addr || (dl->addr - in->next_addr) % (4ull * in->last_n)) {
			fail_text(in, in->ln_line, (uint32_t)dl->addr_at + 1,
				  "after '*' the address must be the line before's repeated a whole number of times");
			return true;
		}
		if (dl->addr - in->next_addr > GK_IN_REPEAT_MAX) {
			/* od writes '*' for any run of equal lines, so a jump this
			 * large is a huge file of one repeated line, or a damaged
			 * address: either way gfxkit would make gigabytes of words
			 * from a few bytes of text */
			char msg[160];
			snprintf(msg, sizeof msg,
				 "'*' repeats the line before over %llu bytes, more than the %u MiB gfxkit expands; "
				 "cut the dump (od -j/-N) or write it with od -v",
				 (unsigned long long)(dl->addr - in->next_addr), GK_IN_REPEAT_MAX >> 20);
			fail_text(in, in->ln_line, (uint32_t)dl->addr_at + 1, msg);
			return true;
		}
		in->rep_left = (dl->addr - in->next_addr) / 4;
		in->rep_at = 0;
		return in->rep_left == 0;
	}
	if (!place(in, dl->addr, dl->n, dl->brk, (uint32_t)dl->addr_at + 1))
		return true;
	if (dl->marks & GK_MARK_RPTR) {
		in->marks.have_rptr_word = true;
		in->marks.rptr_word = in->abs0 + in->nwords;
	}
	for (unsigned k = 0; k < dl->n; k++)
		put_word(in, dl->words[k]);
	if (dl->n) {
		memcpy(in->last, dl->words, dl->n * sizeof dl->words[0]);
		in->last_n = dl->n;
	}
	return true;
}

/* Dump text into the window a line at a time (n 0: only what waits). */
static void dump_bytes(struct gk_input *in, const uint8_t *p, size_t n, size_t *used)
{
	size_t i = 0;
	while (!in->failed) {
		while (in->rep_left && in->nwords < in->cap) {
			put_word(in, in->last[in->rep_at]);
			in->rep_at = (in->rep_at + 1) % in->last_n;
			in->next_addr += 4;
			in->rep_left--;
		}
		if (in->rep_left)
			break; /* the window is full */
		if (in->ln_ready) {
			if (in->nwords + GK_IN_LINE_WORDS > in->cap)
				break;
			if (!dump_line(in))
				continue; /* repetitions first, then the line again */
			in->ln_ready = false;
			in->ln_parsed = false;
			in->ln_len = 0;
			in->ln_long = false;
			continue;
		}
		if (i >= n)
			break;
		uint8_t c = p[i++];
		in->col++;
		if ((c < 0x20 || c >= 0x7f || in->u8_need) && damaged(in, c))
			break;
		if (c == '\n') {
			in->ln_ready = true;
			in->ln_line = in->line++;
			in->col = 0;
		} else if (in->ln_len < GK_IN_LINE_MAX) {
			in->ln[in->ln_len++] = (char)c;
		} else {
			in->ln_long = true;
		}
	}
	*used = i;
}

/* Move the unconsumed words to the front of the window. */
static void compact(struct gk_input *in)
{
	if (!in->pos)
		return;
	memmove(in->words, in->words + in->pos, (in->nwords - in->pos) * sizeof(uint32_t));
	in->abs0 += in->pos;
	in->nwords -= in->pos;
	in->pos = 0;
	/* breaks behind the window are done with */
	unsigned drop = 0;
	while (drop + 1 < in->nseg && in->seg_word[drop + 1] <= in->abs0)
		drop++;
	if (drop) {
		memmove(in->seg_word, in->seg_word + drop, (in->nseg - drop) * sizeof in->seg_word[0]);
		memmove(in->seg_off, in->seg_off + drop, (in->nseg - drop) * sizeof in->seg_off[0]);
		in->nseg -= drop;
	}
}

/* The form is known: its reader's state, made and opened. */
static void start(struct gk_input *in)
{
	in->started = true;
	if (in->rd->state_size && !(in->st = calloc(1, in->rd->state_size))) {
		in->started = false; /* nothing to close */
		fail(in, GK_D_IO, 0, 0, 0, "out of memory for the reader's state");
		return;
	}
	if (in->rd->open && in->rd->open(in->st, in) && !in->failed)
		fail(in, GK_D_IO, 0, 0, 0, "the reader could not start");
}

/* The next bytes from the callback into raw.  AUTO first gathers IN_SNIFF
 * bytes (or all there are), so its choice does not depend on how the
 * callback splits the input. */
static void read_raw(struct gk_input *in)
{
	size_t len = 0, goal = in->format == GK_IN_AUTO ? IN_SNIFF : 1;
again:
	if (!in->gz_checked && goal < 4)
		goal = 4; /* enough to see a gzip header (gk_gzip_header) */
	while (len < goal) {
		size_t ask = IN_RAW - len;
		long r = in->read(in->ctx, in->raw + len, ask);
		if (r == 0) {
			in->eof = true;
			break;
		}
		if (r == -1) {
			uint64_t at = 0;
			const char *why = gk_inflate_error(in->gz, &at);
			char msg[sizeof in->error.message];
			if (why)
				snprintf(msg, sizeof msg, "gzip: %s (at byte %llu of the compressed file)", why,
					 (unsigned long long)at);
			fail(in, GK_D_IO, 0, 0, in->raw_total + len, why ? msg : "read error");
			break;
		}
		if (r < 0 || (unsigned long)r > ask) {
			/* the callback broke its contract; its bytes (if any) cannot be trusted */
			char msg[128];
			snprintf(msg, sizeof msg, "read callback returned %ld for a %zu-byte buffer: not a byte count, input not trusted",
				 r, ask);
			fail(in, GK_D_IO, 0, 0, in->raw_total, msg);
			break;
		}
		len += (size_t)r;
		in->raw_total += (uint64_t)r;
	}
	if (!in->gz_checked && !in->failed) {
		in->gz_checked = true;
		if (gk_gzip_header(in->raw, len) && !in->gz_off) {
			/* a gzip header: the bytes read so far are the inflater's
			 * first, and everything from here on comes through it */
			in->gz = gk_inflate_open(in->read, in->ctx, in->raw, len);
			if (!in->gz) {
				fail(in, GK_D_IO, 0, 0, 0, "out of memory for the gzip reader");
			} else {
				in->read = gk_inflate_read;
				in->ctx = in->gz;
				in->raw_total = 0;
				in->eof = false;
				len = 0;
				goal = in->format == GK_IN_AUTO ? IN_SNIFF : 1;
				goto again;
			}
		}
	}
	in->raw_len = in->failed ? 0 : len;
	in->raw_pos = 0;
	if (in->format == GK_IN_AUTO && !in->failed) {
		/* text or binary; text: which of the dumps, when its first lines
		 * say so (AUTO only picks: the reader of the form picked reads it
		 * exactly as when it is named, refusals included) */
		in->format = sniff(in->raw, len, in->eof, in->unit);
		const struct gk_reader *r;
		for (size_t k = 0; in->format == GK_IN_BIN && in->unit == 4 && (r = gk_reader_at(k)) != NULL; k++)
			if (r->sniff_bin && r->sniff_bin(in->raw, len))
				in->format = r->format; /* a binary form of its own (an .rd capture) */
		in->rd = gk_reader_of(in->format);
	}
	if (!in->started && !in->failed)
		start(in);
	if (in->want_subs && !in->failed && !(in->rd->flags & GK_RD_SUBMITS)) {
		char msg[160];
		snprintf(msg, sizeof msg, "submits %llu-%llu asked for, but the input is %s: only an .rd capture holds submits",
			 (unsigned long long)in->sub_first, (unsigned long long)in->sub_last, in->rd->what);
		fail(in, GK_D_IO, 0, 0, 0, msg);
	}
	if (in->want[0] && !in->failed && !in->rd->ring) {
		char msg[320], forms[96]; /* fail() cuts the message to fit */
		ring_forms(forms, sizeof forms);
		snprintf(msg, sizeof msg, "ring %s asked for, but the input is %s: only %s hold%s named rings", in->want,
			 form_name(in), forms, strstr(forms, " or ") ? "" : "s");
		fail(in, GK_D_IO, 0, 0, 0, msg);
	}
}

/* Plain binary dwords (the bin reader, no bytes hook, no unit split
 * between two reads): the callback may write straight into the window,
 * since what it gives is the window's words as they are (little-endian
 * host) or after a swap in place. */
extern const struct gk_reader gk_reader_bin; /* defined at the end of this file */

static bool direct(const struct gk_input *in)
{
	return in->started && in->rd == &gk_reader_bin && in->unit == 4 && !in->ncarry && !in->failed;
}

static bool grow(struct gk_input *in, size_t need, size_t span);

/* The next bytes from the callback straight into the window (direct(in)):
 * the copy from raw into the window was a tenth of a clean check's
 * instructions (callgrind, check -g gfx9 -e pm4, quarter bench stream: 26
 * a packet).  The bytes past the last whole dword wait in carry for the
 * next read through raw, as gk_in_units keeps them.  false: no room in
 * the window for a read (read through raw instead). */
static bool read_direct(struct gk_input *in, size_t span)
{
	if (!grow(in, in->nwords + IN_DIRECT / 4, span) || in->cap - in->nwords < IN_RAW / 16)
		return false;
	size_t ask = (in->cap - in->nwords) * 4;
	if (ask > IN_DIRECT)
		ask = IN_DIRECT;
	uint8_t *dst = (uint8_t *)(in->words + in->nwords);
	long r = in->read(in->ctx, dst, ask);
	if (r == 0) {
		in->eof = true;
		return true;
	}
	if (r == -1) {
		uint64_t at = 0;
		const char *why = gk_inflate_error(in->gz, &at);
		char msg[sizeof in->error.message];
		if (why)
			snprintf(msg, sizeof msg, "gzip: %s (at byte %llu of the compressed file)", why, (unsigned long long)at);
		fail(in, GK_D_IO, 0, 0, in->raw_total, why ? msg : "read error");
		return true;
	}
	if (r < 0 || (unsigned long)r > ask) {
		char msg[128];
		snprintf(msg, sizeof msg, "read callback returned %ld for a %zu-byte buffer: not a byte count, input not trusted",
			 r, ask);
		fail(in, GK_D_IO, 0, 0, in->raw_total, msg);
		return true;
	}
	size_t k = (size_t)r / 4;
#if !(defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__)
	for (size_t j = 0; j < k; j++)
		in->words[in->nwords + j] = le32(dst + 4 * j);
#endif
	in->ncarry = (unsigned)((size_t)r - 4 * k);
	memcpy(in->carry, dst + 4 * k, in->ncarry);
	in->nwords += k;
	in->raw_total += (uint64_t)r;
	return true;
}

/* All bytes read: the token or unit still open. */
static void finish(struct gk_input *in)
{
	if (in->u8_need && !in->failed) {
		fail_text(in, in->u8_line, in->u8_col, "the text ends inside the UTF-8 sequence that starts here (a damaged "
			  "or cut copy?)");
		in->u8_need = 0;
	}
	if (is_dump(in)) {
		if (in->ln_len && !in->ln_ready) {
			in->ln_ready = true; /* the last line has no newline */
			in->ln_line = in->line;
			return; /* taken in by the next round, then finish again */
		}
		in->ended = true;
		char msg[sizeof in->error.message];
		uint32_t at = 0;
		if (in->rd->end && in->rd->end(in->st, in, msg, sizeof msg, &at))
			fail_text(in, at ? at : in->line, 1, msg);
		else if (in->star)
			fail_text(in, in->line, 1, "the dump ends after '*': where the repeated lines end is not known");
		else if (!in->have_addr && !in->failed)
			fail_text(in, in->line, 1, "no words in the dump");
		return;
	}
	if (in->rd->bytes_end && in->rd->bytes_end(in->st, in))
		return; /* held words to put first, then finish again */
	in->ended = true;
	if (in->format == GK_IN_HEX) {
		end_token(in, false);
		if (in->half)
			fail_text(in, in->low_line, in->low_col,
				  "odd number of 32-bit words: the last 64-bit unit has no high half");
		return;
	}
	if (in->ncarry) {
		char msg[96];
		snprintf(msg, sizeof msg, "input ends with %u byte%s that do not make a whole %s", in->ncarry,
			 in->ncarry == 1 ? "" : "s", in->unit == 8 ? "64-bit unit" : "dword");
		fail(in, GK_D_TRUNCATED, 0, 0, offset_of(in, in->abs0 + in->nwords), msg);
	}
}

/* The window grows (doubling, up to span) with the words that come, so a
 * short input never allocates a long one.  false: out of memory (failed). */
static bool grow(struct gk_input *in, size_t need, size_t span)
{
	if (need > span)
		need = span;
	if (need <= in->cap)
		return true;
	size_t cap = 2 * in->cap > span ? span : 2 * in->cap;
	if (cap < need)
		cap = need;
	uint32_t *w = realloc(in->words, cap * sizeof *w);
	if (!w) {
		fail(in, GK_D_IO, 0, 0, in->raw_total, "out of memory for the input window");
		return false;
	}
	in->words = w;
	in->cap = cap;
	return true;
}

/* The reader holds the words read back (od: until its second address
 * settles the radix), so that a dump refused there has given none (read
 * in the wrong radix, offsets would have been wrong). */
static bool holding(const struct gk_input *in)
{
	return in->started && in->rd->holding && in->rd->holding(in->st) && !in->ended;
}

long gk_input_fill(struct gk_input *in, size_t want)
{
	if (!in)
		return -1;
	if (want <= in->nwords - in->pos && !in->failed && !holding(in))
		return (long)(in->nwords - in->pos); /* enough words at hand: what the loop below ends with */
	if (want > GK_IN_MAX_WANT)
		want = GK_IN_MAX_WANT;
	/* use only as much window as packets this long need, so short packets
	 * stream through the first IN_SPAN words (memory touched stays small);
	 * a chunk of raw bytes makes at most IN_RAW / 2 words */
	size_t span = 2 * want + IN_RAW / 2;
	if (span < IN_SPAN)
		span = IN_SPAN;
	while (!in->failed && (in->nwords - in->pos < want || holding(in))) {
		if (in->nwords + (direct(in) ? IN_DIRECT / 4 : IN_RAW / 2) > span)
			compact(in);
		size_t held = in->started && in->rd->waiting ? in->rd->waiting(in->st) : 0;
		if (held) {
			/* words the reader holds (a wrapping ring put in order) */
			if (!grow(in, in->nwords + held, span))
				break;
			in->rd->drain(in->st, in);
			if (in->nwords == in->cap)
				break; /* the caller consumes first */
			continue;
		}
		if (in->nseg == IN_SEGS) {
			/* no room for another address break (a capture's many
			 * short submits, each one): the breaks behind the caller
			 * dropped, else the words at hand go first, before the
			 * reader may start another (moving the last break put
			 * words at a later submit's addresses) */
			compact(in);
			if (in->nseg == IN_SEGS && in->nwords > in->pos)
				break;
		}
		if (is_dump(in) && (in->ln_ready || in->rep_left)) {
			/* a line's words, or repeats: room for them first */
			if (!grow(in, in->nwords + (in->rep_left ? IN_RAW / 2 : GK_IN_LINE_WORDS), span))
				break;
			size_t before = in->nwords, u0;
			bool waiting = in->ln_ready;
			dump_bytes(in, NULL, 0, &u0);
			if (in->nwords == before && in->ln_ready == waiting && in->rep_left == 0 && waiting)
				break; /* no room for a line: the caller consumes first */
			continue;
		}
		if (in->raw_pos == in->raw_len) {
			if (in->ended)
				break;
			if (in->eof)
				finish(in);
			else if (!direct(in) || !read_direct(in, span))
				read_raw(in);
			continue;
		}
		/* the bytes at hand make at most half as many words, plus the two
		 * of an 8-byte unit's token (a dump line: a line's worth) */
		if (!grow(in, in->nwords + (in->raw_len - in->raw_pos) / 2 + GK_IN_LINE_WORDS, span))
			break;
		size_t used = 0;
		if (in->format == GK_IN_HEX)
			hex_bytes(in, in->raw + in->raw_pos, in->raw_len - in->raw_pos, &used);
		else if (is_dump(in))
			dump_bytes(in, in->raw + in->raw_pos, in->raw_len - in->raw_pos, &used);
		else
			bin_bytes(in, in->raw + in->raw_pos, in->raw_len - in->raw_pos, &used);
		in->raw_pos += used;
	}
	if (in->failed && in->nwords == in->pos)
		return -1;
	return (long)(in->nwords - in->pos);
}

long gk_input_peek(struct gk_input *in, size_t want, struct gk_input_at *at)
{
	if (!in || !at)
		return -1;
	/* once per unit of every stream: the common case (words at hand, no
	 * submits, no address breaks) without further calls */
	size_t have = in->nwords - in->pos;
	long avail = want <= have && !in->failed && !holding(in) ? (long)have : gk_input_fill(in, want);
	uint64_t abs = in->abs0 + in->pos;
	at->words = in->words + in->pos;
	at->unbroken = in->rd && (in->rd->flags & (GK_RD_SUBMITS | GK_RD_BUFFERS)) ? gk_input_unbroken(in) : in->nwords - in->pos;
	at->offset = in->nseg <= 1 ? in->seg_off[0] + 4 * abs : offset_of(in, abs);
	/* up to the next break in the addresses, while nothing would be read */
	size_t run = in->failed || holding(in) ? 0 : at->unbroken;
	for (unsigned k = 1; k < in->nseg; k++)
		if (in->seg_word[k] > abs && in->seg_word[k] - abs < run)
			run = (size_t)(in->seg_word[k] - abs);
	at->run = run;
	return avail;
}

const uint32_t *gk_input_words(const struct gk_input *in)
{
	return in ? in->words + in->pos : NULL;
}

size_t gk_input_avail(const struct gk_input *in)
{
	return in ? in->nwords - in->pos : 0;
}

int gk_input_skip(struct gk_input *in, size_t n)
{
	if (!in || n > in->nwords - in->pos)
		return -1;
	in->pos += n;
	return 0;
}

uint64_t gk_input_offset(const struct gk_input *in)
{
	return in ? offset_of(in, in->abs0 + in->pos) : 0;
}

int gk_input_set_base(struct gk_input *in, uint64_t base)
{
	if (!in || in->raw_total || in->nwords || in->abs0)
		return -1;
	in->user_base = true;
	in->seg_off[0] = base;
	return 0;
}

int gk_input_set_reg_lookup(struct gk_input *in, gk_reg_lookup_fn fn, void *ctx)
{
	if (!in || !fn || in->raw_total || in->nwords || in->abs0)
		return -1;
	in->reg_lookup = fn;
	in->reg_ctx = ctx;
	return 0;
}

int gk_in_reg_lookup(struct gk_input *in, const char *name, size_t len, uint32_t *offset)
{
	if (!in || !in->reg_lookup || !name || !len || !offset)
		return -1;
	return in->reg_lookup(in->reg_ctx, name, len, offset) ? -1 : 0;
}

bool gk_input_gpu_addressed(const struct gk_input *in)
{
	return in && (in->user_base || (in->rd && (in->rd->flags & GK_RD_GPU_ADDR) && in->have_addr));
}

void gk_input_marks(const struct gk_input *in, struct gk_ring_marks *m)
{
	if (!m)
		return;
	memset(m, 0, sizeof *m);
	if (!in)
		return;
	*m = in->marks;
	uint64_t *slot[4] = { &m->rptr, &m->wptr, &m->rptr_next, &m->driver_wptr };
	uint64_t base = in->mark_based ? in->mark_base : in->have_addr ? in->delta : in->seg_off[0];
	for (unsigned b = 0; b < 4; b++)
		if (m->have & (1u << b))
			*slot[b] = 4 * in->mark_index[b] + base;
}

int gk_input_set_ring(struct gk_input *in, const char *name)
{
	if (!in || !name || !name[0] || strlen(name) >= sizeof in->want || in->raw_total || in->nwords ||
	    in->abs0 || in->failed)
		return -1;
	memcpy(in->want, name, strlen(name) + 1);
	return 0;
}

const char *gk_input_ring(const struct gk_input *in)
{
	return in && in->started && in->rd->ring ? in->rd->ring(in->st) : NULL;
}

const char *gk_input_note(const struct gk_input *in, unsigned i, uint32_t *line)
{
	if (!in || i >= in->nnotes)
		return NULL;
	if (line)
		*line = in->note_line[i];
	return in->note[i];
}

int gk_input_note_warns(const struct gk_input *in, unsigned i)
{
	return in && i < in->nnotes && in->note_warns[i];
}

const char *gk_in_format_name(enum gk_in_format f)
{
	if (f == GK_IN_AUTO)
		return "auto";
	const struct gk_reader *r = gk_reader_of(f);
	return r ? r->name : NULL;
}

int gk_in_format_parse(const char *name, enum gk_in_format *f)
{
	if (!name || !f)
		return -1;
	if (!strcmp(name, "auto")) {
		*f = GK_IN_AUTO;
		return 0;
	}
	const struct gk_reader *r;
	for (size_t i = 0; (r = gk_reader_at(i)) != NULL; i++)
		if (!strcmp(name, r->name)) {
			*f = r->format;
			return 0;
		}
	return -1;
}

const char *gk_in_format_list(void)
{
	return gk_reader_list_text();
}

enum gk_in_format gk_input_format(const struct gk_input *in)
{
	return in ? in->format : GK_IN_AUTO;
}

unsigned gk_input_unit(const struct gk_input *in)
{
	return in ? in->unit : 0;
}

void gk_input_where(const struct gk_input *in, uint32_t *line, uint32_t *col)
{
	bool text = in && in->rd && (in->rd->flags & GK_RD_TEXT);
	if (line)
		*line = text ? in->line : 0;
	if (col)
		*col = text ? in->col : 0;
}

const struct gk_diag *gk_input_error(const struct gk_input *in)
{
	return in && in->failed ? &in->error : NULL;
}

int gk_parse_uint(const char *s, size_t n, uint64_t *v)
{
	unsigned base = 10;
	if (!s || !v)
		return -1;
	if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
		base = 16;
		s += 2;
		n -= 2;
	}
	if (!n)
		return -1;
	uint64_t x = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned c = (unsigned char)s[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (base == 16 && (c | 0x20) >= 'a' && (c | 0x20) <= 'f')
			d = (c | 0x20) - 'a' + 10;
		else
			return -1;
		if (x > (UINT64_MAX - d) / base)
			return -1;
		x = x * base + d;
	}
	*v = x;
	return 0;
}

long gk_read_bytes(void *bytes, void *buf, size_t cap)
{
	struct gk_bytes *b = bytes;
	if (!b || !buf || (!b->p && b->pos < b->n))
		return -1;
	size_t left = b->pos < b->n ? b->n - b->pos : 0, k = left < cap ? left : cap;
	if (k > (size_t)LONG_MAX)
		k = (size_t)LONG_MAX;
	if (k)
		memcpy(buf, (const unsigned char *)b->p + b->pos, k);
	b->pos += k;
	return (long)k;
}

long gk_read_stdio(void *file, void *buf, size_t cap)
{
	FILE *f = file;
	if (!f || !buf)
		return -1;
	size_t n = fread(buf, 1, cap, f);
	if (n == 0 && ferror(f))
		return -1;
	return (long)n;
}

int gk_input_next(struct gk_input *in, const struct gk_format *fmt, struct gk_packet *pkt)
{
	if (!in || !fmt || !pkt)
		return -1;
	long avail = gk_input_fill(in, fmt->max_packet_dw);
	if (avail <= 0)
		return avail < 0 ? -1 : 0;
	gk_packet_frame(fmt, gk_input_words(in), (size_t)avail, gk_input_offset(in), pkt);
	gk_input_skip(in, pkt->ndw);
	return 1;
}

int gk_input_set_submits(struct gk_input *in, uint64_t first, uint64_t last)
{
	if (!in || first > last || in->started || in->raw_total)
		return -1;
	in->want_subs = true;
	in->sub_first = first;
	in->sub_last = last;
	return 0;
}

size_t gk_input_unbroken(const struct gk_input *in)
{
	if (!in)
		return 0;
	size_t avail = in->nwords - in->pos;
	if (!in->rd || !(in->rd->flags & (GK_RD_SUBMITS | GK_RD_BUFFERS)))
		return avail; /* a ring's wrap and a log's skip go on at the next offset */
	uint64_t at = in->abs0 + in->pos;
	for (unsigned k = 1; k < in->nseg; k++)
		if (in->seg_word[k] > at && in->seg_word[k] - at < avail)
			avail = (size_t)(in->seg_word[k] - at);
	return avail;
}

long long gk_input_submit(const struct gk_input *in)
{
	return gk_input_submit_ahead(in, 0);
}

long long gk_input_submit_ahead(const struct gk_input *in, size_t ahead)
{
	if (!in || !in->started || !in->rd->submit_of || ahead > in->nwords - in->pos)
		return -1;
	return in->rd->submit_of(in->st, in->abs0 + in->pos + ahead);
}

bool gk_input_has_memory(const struct gk_input *in)
{
	return in && in->started && in->rd->mem_read;
}

long gk_input_mem_read(void *ctx, uint64_t addr, void *buf, size_t n)
{
	struct gk_input *in = ctx;
	if (!in)
		return -1;
	if (!in->started || !in->rd->mem_read)
		return 0;
	if (n > LONG_MAX)
		n = LONG_MAX;
	return in->rd->mem_read(in->st, in->abs0 + in->pos, addr, buf, n);
}

const char *gk_input_gpu(const struct gk_input *in, const char **engine)
{
	if (engine)
		*engine = NULL;
	if (!in || !in->started || !in->rd->gpu)
		return NULL;
	return in->rd->gpu(in->st, engine);
}

int gk_input_set_gzip(struct gk_input *in, bool on)
{
	if (!in || in->gz_checked)
		return -1;
	in->gz_off = !on;
	return 0;
}

bool gk_input_gzipped(const struct gk_input *in)
{
	return in && in->gz;
}

int gk_input_mem(struct gk_input *in, struct gk_mem *m, struct gk_diag *err)
{
	if (!in || !m) {
		if (err) {
			memset(err, 0, sizeof *err);
			err->severity = GK_ERROR;
			err->code = GK_D_IO;
			err->dw = err->lo = err->hi = -1;
			snprintf(err->message, sizeof err->message, "no %s", in ? "memory to add to" : "input");
		}
		return -1;
	}
	if (!in->started || !in->rd->mem)
		return 0; /* the form carries no memory */
	return in->rd->mem(in->st, m, err);
}

/* ---- what a reader may do to its input (reader.h) ---- */

void gk_in_note(struct gk_input *in, bool warns, uint32_t line, const char *fmt, ...)
{
	if (!in || in->nnotes == GK_IN_NOTES)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(in->note[in->nnotes], GK_IN_NOTE, fmt, ap);
	va_end(ap);
	in->note_warns[in->nnotes] = warns;
	in->note_line[in->nnotes++] = line;
}

void gk_in_fail(struct gk_input *in, enum gk_diag_code code, uint64_t offset, const char *msg)
{
	if (in)
		fail(in, code, 0, 0, offset, msg ? msg : "");
}

const char *gk_in_want_ring(const struct gk_input *in)
{
	return in ? in->want : "";
}

uint64_t gk_in_bytes_read(const struct gk_input *in)
{
	return in ? in->raw_total : 0;
}

void gk_in_carry(struct gk_input *in, const uint8_t *b, unsigned n)
{
	for (unsigned i = 0; in && b && i < n && in->ncarry < in->unit; i++)
		in->carry[in->ncarry++] = b[i];
}

size_t gk_in_put(struct gk_input *in, const uint32_t *w, size_t n)
{
	if (!in || !w)
		return 0;
	size_t room = in->cap - in->nwords;
	if (n > room)
		n = room;
	memcpy(in->words + in->nwords, w, n * sizeof *w);
	in->nwords += n;
	return n;
}

uint64_t gk_in_first_offset(const struct gk_input *in)
{
	return in ? in->seg_off[0] : 0;
}

void gk_in_set_first_offset(struct gk_input *in, uint64_t off)
{
	if (in)
		in->seg_off[0] = off;
}

void gk_in_break(struct gk_input *in, uint64_t off)
{
	if (!in)
		return;
	/* the breaks behind the window are dropped as it moves (compact);
	 * gk_input_fill gives a reader no bytes while the table is full, so
	 * a full one here is a reader's mistake: refused, never a word at
	 * another's address */
	if (in->nseg == IN_SEGS) {
		fail(in, GK_D_IO, 0, 0, in->raw_total, "more address breaks in the window than it holds (a reader's mistake)");
		return;
	}
	in->seg_word[in->nseg] = in->abs0 + in->nwords;
	in->seg_off[in->nseg] = off;
	in->nseg++;
}

void gk_in_mark(struct gk_input *in, unsigned bit, uint64_t idx)
{
	if (!in || !bit || bit > GK_MARK_DRIVER_WPTR || (bit & (bit - 1)))
		return;
	in->marks.have |= bit;
	in->mark_index[__builtin_ctz(bit)] = idx;
}

void gk_in_mark_base(struct gk_input *in, uint64_t base)
{
	if (!in)
		return;
	in->mark_based = true;
	in->mark_base = base;
}

uint64_t gk_in_position(const struct gk_input *in)
{
	return in ? in->abs0 + in->pos : 0;
}

void gk_in_want_submits(const struct gk_input *in, uint64_t *first, uint64_t *last)
{
	bool w = in && in->want_subs;
	if (first)
		*first = w ? in->sub_first : 0;
	if (last)
		*last = w ? in->sub_last : UINT64_MAX;
}

void gk_in_rptr_word(struct gk_input *in, uint64_t word)
{
	if (!in)
		return;
	in->marks.have_rptr_word = true;
	in->marks.rptr_word = word;
}

/* The two forms that are no dump, read by the code above. */
const struct gk_reader gk_reader_bin = {
	.format = GK_IN_BIN,
	.name = "bin",
	.what = "binary words",
	.flags = GK_RD_UNIT64,
};

const struct gk_reader gk_reader_hex = {
	.format = GK_IN_HEX,
	.name = "hex",
	.what = "hex words",
	.flags = GK_RD_TEXT | GK_RD_UNIT64,
};
