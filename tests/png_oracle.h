/* A test oracle for PNG files (ISO/IEC 15948) written by gk_png_*: chunk
 * walk with its own CRC-32, a small inflater (RFC 1951 stored, fixed and
 * dynamic Huffman blocks; RFC 1950 header and Adler-32) written from the
 * RFCs in the manner of zlib's contrib/puff (one bit at a time, canonical
 * codes by count), and the reverse of the five row filters.  It shares no
 * code with src/tiling/png.c, so that a mistake there cannot hide itself.
 * Header-only (static functions): tests/tiling/test_tiling.c and
 * tests/fuzz/fuzz_tiling.c include it.  Nothing here allocates. */
#ifndef GFXKIT_TESTS_PNG_ORACLE_H
#define GFXKIT_TESTS_PNG_ORACLE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* what the stream held, for tests that want several blocks or long matches */
struct po_stats {
	unsigned blocks[3];         /* stored, fixed, dynamic */
	unsigned long long matches; /* length/distance pairs */
	unsigned max_len, max_dist;
	unsigned idat;              /* IDAT chunks */
	unsigned filters[5];        /* rows by filter type */
	unsigned ntext;             /* tEXt chunks; the first one's keyword and text: */
	char key[80];
	const char *text;           /* in the PNG given (not terminated), text_len bytes */
	size_t text_len;
};

static uint32_t po_crc32(const uint8_t *p, size_t n)
{
	uint32_t c = 0xffffffffu; /* bit by bit, reflected 0xedb88320 */
	for (size_t i = 0; i < n; i++) {
		c ^= p[i];
		for (int k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
	}
	return ~c;
}

static uint32_t po_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* ---- inflate ---- */

struct po_in {
	const uint8_t *p;
	size_t n, pos;
	uint32_t bitbuf;
	unsigned bitcnt;
	uint8_t *out;
	size_t cap, len;
	int err; /* 1: input ended, 2: bad data, 3: output past cap */
	struct po_stats *st;
};

static unsigned po_bits(struct po_in *s, unsigned need)
{
	uint32_t v = s->bitbuf;
	while (s->bitcnt < need) {
		if (s->pos >= s->n) {
			s->err = s->err ? s->err : 1;
			return 0;
		}
		v |= (uint32_t)s->p[s->pos++] << s->bitcnt;
		s->bitcnt += 8;
	}
	s->bitbuf = need < 32 ? v >> need : 0;
	s->bitcnt -= need;
	return need ? v & ((1u << need) - 1) : 0;
}

struct po_huff {
	uint16_t count[16];   /* codes of each length */
	uint16_t symbol[288]; /* symbols in canonical order */
};

/* 0: complete code; > 0: incomplete; < 0: over-subscribed */
static int po_build(struct po_huff *h, const uint8_t *len, unsigned n)
{
	uint16_t offs[16];
	memset(h->count, 0, sizeof h->count);
	for (unsigned i = 0; i < n; i++)
		h->count[len[i]]++;
	if (h->count[0] == n)
		return 0; /* no codes: complete, decoding fails */
	int left = 1;
	for (unsigned l = 1; l < 16; l++) {
		left <<= 1;
		left -= h->count[l];
		if (left < 0)
			return left;
	}
	offs[1] = 0;
	for (unsigned l = 1; l < 15; l++)
		offs[l + 1] = (uint16_t)(offs[l] + h->count[l]);
	for (unsigned i = 0; i < n; i++)
		if (len[i])
			h->symbol[offs[len[i]]++] = (uint16_t)i;
	return left;
}

static int po_decode(struct po_in *s, const struct po_huff *h)
{
	int code = 0, first = 0, index = 0;
	for (unsigned l = 1; l < 16; l++) {
		code |= (int)po_bits(s, 1);
		if (s->err)
			return -1;
		int count = h->count[l];
		if (code - count < first)
			return h->symbol[index + (code - first)];
		index += count;
		first = (first + count) << 1;
		code <<= 1;
	}
	s->err = 2; /* a code the table does not have */
	return -1;
}

static const uint16_t po_lbase[29] = { 3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
				       31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258 };
static const uint8_t po_lext[29] = { 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0 };
static const uint16_t po_dbase[30] = { 1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
				       193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577 };
static const uint8_t po_dext[30] = { 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13 };

static void po_put(struct po_in *s, uint8_t b)
{
	if (s->len >= s->cap) {
		s->err = 3;
		return;
	}
	s->out[s->len++] = b;
}

static void po_codes(struct po_in *s, const struct po_huff *lh, const struct po_huff *dh)
{
	for (;;) {
		int sym = po_decode(s, lh);
		if (s->err)
			return;
		if (sym < 256) {
			po_put(s, (uint8_t)sym);
		} else if (sym == 256) {
			return;
		} else {
			sym -= 257;
			if (sym >= 29) {
				s->err = 2;
				return;
			}
			unsigned len = po_lbase[sym] + po_bits(s, po_lext[sym]);
			int d = po_decode(s, dh);
			if (s->err)
				return;
			if (d >= 30) {
				s->err = 2;
				return;
			}
			unsigned dist = po_dbase[d] + po_bits(s, po_dext[d]);
			if (s->err || dist > s->len) {
				s->err = s->err ? s->err : 2;
				return;
			}
			s->st->matches++;
			s->st->max_len = len > s->st->max_len ? len : s->st->max_len;
			s->st->max_dist = dist > s->st->max_dist ? dist : s->st->max_dist;
			for (unsigned k = 0; k < len && !s->err; k++)
				po_put(s, s->out[s->len - dist]);
		}
		if (s->err)
			return;
	}
}

static void po_dynamic(struct po_in *s, struct po_huff *lh, struct po_huff *dh)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint8_t len[320];
	unsigned nlen = po_bits(s, 5) + 257, ndist = po_bits(s, 5) + 1, ncode = po_bits(s, 4) + 4;
	if (s->err || nlen > 286 || ndist > 30) {
		s->err = s->err ? s->err : 2;
		return;
	}
	memset(len, 0, sizeof len);
	for (unsigned i = 0; i < ncode; i++)
		len[order[i]] = (uint8_t)po_bits(s, 3);
	struct po_huff ch;
	if (s->err || po_build(&ch, len, 19) != 0) { /* the code-length code must be complete */
		s->err = s->err ? s->err : 2;
		return;
	}
	for (unsigned i = 0; i < nlen + ndist && !s->err;) {
		int sym = po_decode(s, &ch);
		if (s->err)
			return;
		if (sym < 16) {
			len[i++] = (uint8_t)sym;
			continue;
		}
		unsigned v = 0, rep;
		if (sym == 16) {
			if (i == 0) {
				s->err = 2;
				return;
			}
			v = len[i - 1];
			rep = 3 + po_bits(s, 2);
		} else if (sym == 17) {
			rep = 3 + po_bits(s, 3);
		} else {
			rep = 11 + po_bits(s, 7);
		}
		if (i + rep > nlen + ndist) {
			s->err = 2;
			return;
		}
		while (rep--)
			len[i++] = (uint8_t)v;
	}
	if (s->err)
		return;
	if (len[256] == 0) { /* no end-of-block code */
		s->err = 2;
		return;
	}
	/* incomplete codes only when they are a single code of one bit */
	int e = po_build(lh, len, nlen);
	if (e < 0 || (e > 0 && nlen - lh->count[0] != 1)) {
		s->err = 2;
		return;
	}
	e = po_build(dh, len + nlen, ndist);
	if (e < 0 || (e > 0 && ndist - dh->count[0] != 1)) {
		s->err = 2;
		return;
	}
	po_codes(s, lh, dh);
}

/* A zlib stream (RFC 1950) into out (cap bytes); 0 with *len, or -1 with a
 * reason.  The stream must end exactly after its Adler-32. */
static int po_inflate(const uint8_t *z, size_t n, uint8_t *out, size_t cap, size_t *len, struct po_stats *st,
		      const char **why)
{
	struct po_in s = { z, n, 2, 0, 0, out, cap, 0, 0, st };
	if (n < 6 || (z[0] & 0x0f) != 8 || (z[0] >> 4) > 7 || ((z[0] << 8) | z[1]) % 31 || (z[1] & 0x20)) {
		*why = "zlib header";
		return -1;
	}
	struct po_huff lh, dh;
	for (unsigned last = 0; !last && !s.err;) {
		last = po_bits(&s, 1);
		unsigned type = po_bits(&s, 2);
		if (s.err)
			break;
		if (type == 0) {
			st->blocks[0]++;
			s.bitbuf = 0;
			s.bitcnt = 0;
			if (s.n - s.pos < 4) {
				s.err = 1;
				break;
			}
			unsigned l = s.p[s.pos] | s.p[s.pos + 1] << 8, nl = s.p[s.pos + 2] | s.p[s.pos + 3] << 8;
			s.pos += 4;
			if ((l ^ 0xffffu) != nl || s.n - s.pos < l) {
				s.err = 2;
				break;
			}
			for (unsigned k = 0; k < l; k++)
				po_put(&s, s.p[s.pos + k]);
			s.pos += l;
		} else if (type == 1) {
			st->blocks[1]++;
			uint8_t fl[288 + 30];
			for (unsigned i = 0; i < 288; i++)
				fl[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
			memset(fl + 288, 5, 30);
			po_build(&lh, fl, 288);
			po_build(&dh, fl + 288, 30);
			po_codes(&s, &lh, &dh);
		} else if (type == 2) {
			st->blocks[2]++;
			po_dynamic(&s, &lh, &dh);
		} else {
			s.err = 2;
		}
	}
	if (s.err) {
		*why = s.err == 1 ? "deflate data ends early" : s.err == 2 ? "bad deflate data" : "more data than the image";
		return -1;
	}
	uint32_t a = 1, b = 0;
	for (size_t i = 0; i < s.len; i++) {
		a = (a + out[i]) % 65521;
		b = (b + a) % 65521;
	}
	if (s.n - s.pos != 4 || po_be32(s.p + s.pos) != (b << 16 | a)) {
		*why = s.n - s.pos != 4 ? "bytes after the Adler-32, or none" : "Adler-32";
		return -1;
	}
	*len = s.len;
	return 0;
}

/* ---- the PNG ---- */

/* Parse png (n bytes): signature, chunk CRCs, IHDR (8-bit RGB, filter and
 * interlace 0), IDATs in one run, IEND last; inflate into zbuf (zcap bytes,
 * at least h * (1 + 3 w)) and undo the filters there; *rgb then points at
 * the h rows of 3 w bytes (inside zbuf).  0, or -1 with *why. */
static int po_png(const uint8_t *png, size_t n, uint8_t *zbuf, size_t zcap, uint8_t *idat, size_t icap, uint32_t *w,
		  uint32_t *h, const uint8_t **rgb, struct po_stats *st, const char **why)
{
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	memset(st, 0, sizeof *st);
	*w = *h = 0;
	if (n < 8 || memcmp(png, sig, 8)) {
		*why = "signature";
		return -1;
	}
	size_t pos = 8, ni = 0;
	int ihdr = 0, iend = 0, idat_done = 0;
	while (pos < n) {
		if (iend || n - pos < 12) {
			*why = iend ? "bytes after IEND" : "a cut chunk";
			return -1;
		}
		uint32_t len = po_be32(png + pos);
		if (len > 0x7fffffffu || len > n - pos - 12) {
			*why = "chunk length";
			return -1;
		}
		const uint8_t *type = png + pos + 4, *data = png + pos + 8;
		if (po_crc32(type, 4 + (size_t)len) != po_be32(data + len)) {
			*why = "chunk CRC";
			return -1;
		}
		int is_idat = !memcmp(type, "IDAT", 4);
		if (ni && !is_idat)
			idat_done = 1;
		if (!memcmp(type, "IHDR", 4)) {
			if (ihdr || pos != 8 || len != 13 || data[8] != 8 || data[9] != 2 || data[10] || data[11] || data[12]) {
				*why = "IHDR";
				return -1;
			}
			*w = po_be32(data);
			*h = po_be32(data + 4);
			ihdr = 1;
		} else if (is_idat) {
			if (!ihdr || idat_done || len > icap - ni) {
				*why = idat_done ? "IDAT chunks not in one run" : "IDAT";
				return -1;
			}
			memcpy(idat + ni, data, len);
			ni += len;
			st->idat++;
		} else if (!memcmp(type, "tEXt", 4)) {
			const uint8_t *nul = memchr(data, 0, len);
			size_t kl = nul ? (size_t)(nul - data) : 0;
			if (!ihdr || !nul || kl < 1 || kl > 79 || memchr(nul + 1, 0, len - kl - 1)) {
				*why = "tEXt";
				return -1;
			}
			if (!st->ntext++) {
				memcpy(st->key, data, kl);
				st->key[kl] = 0;
				st->text = (const char *)nul + 1;
				st->text_len = len - kl - 1;
			}
		} else if (!memcmp(type, "IEND", 4)) {
			if (len) {
				*why = "IEND";
				return -1;
			}
			iend = 1;
		} else {
			*why = "an unexpected chunk";
			return -1;
		}
		pos += 12 + (size_t)len;
	}
	if (!iend || !ni || !*w || !*h) {
		*why = !iend ? "no IEND" : "no image";
		return -1;
	}
	uint64_t row = 1 + 3ull * *w, want = row * *h;
	size_t got;
	if (want > zcap) {
		*why = "image larger than the buffer";
		return -1;
	}
	if (po_inflate(idat, ni, zbuf, zcap, &got, st, why))
		return -1;
	if (got != want) {
		*why = "image data size";
		return -1;
	}
	/* undo the filters in place, rows moved down by one byte a row (the
	 * filter bytes drop out): row y's bytes go to y * 3w */
	size_t stride = (size_t)row - 1;
	for (uint32_t y = 0; y < *h; y++) {
		unsigned f = zbuf[(size_t)y * row];
		if (f > 4) {
			*why = "filter type";
			return -1;
		}
		st->filters[f]++;
		uint8_t *x = zbuf + (size_t)y * stride;
		const uint8_t *up = y ? x - stride : NULL;
		memmove(x, zbuf + (size_t)y * row + 1, stride);
		for (size_t i = 0; i < stride; i++) {
			int a = i >= 3 ? x[i - 3] : 0, b = up ? up[i] : 0, c = up && i >= 3 ? up[i - 3] : 0, pr;
			if (f == 0)
				pr = 0;
			else if (f == 1)
				pr = a;
			else if (f == 2)
				pr = b;
			else if (f == 3)
				pr = (a + b) / 2;
			else {
				int p = a + b - c, pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p,
				    pc = p > c ? p - c : c - p;
				pr = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
			}
			x[i] = (uint8_t)(x[i] + pr);
		}
	}
	*rgb = zbuf;
	return 0;
}

#endif
