/* A gzip reader (RFC 1952, GZIP file format 4.3) over DEFLATE (RFC 1951,
 * DEFLATE Compressed Data Format 1.3), written for gfxkit so the library
 * stays libc only: the captures Mesa and users keep (.rd.gz, gzipped
 * devcoredumps and rings) read as they are.  Incremental: compressed bytes
 * are pulled from the caller's gk_read_fn as decoding needs them, the
 * uncompressed ones given as asked for, in the fixed memory of struct
 * gk_inflate.  Everything RFC 1952 lets a reader check is checked: the
 * magic, CM = 8, the reserved flag bits, the header CRC-16 when FHCRC is
 * set, each member's CRC-32 and ISIZE; members follow one another
 * (section 2.2), and bytes after the last that are not another member are
 * an error, not ignored.  Code construction follows RFC 1951 section
 * 3.2.2 (canonical codes from lengths); like zlib, a code whose lengths
 * over-subscribe the code space is refused, and an incomplete one is taken
 * only when it is a single code of length 1 (section 3.2.7 allows one
 * distance code; encoders emit such lengths for a lone symbol). */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crc32.h" /* src/core */
#include "inflate.h"
#include "deflate_tab.h" /* len_base, len_extra, dist_base, dist_extra (RFC 1951 3.2.5) */

#define WIN (1u << 15)    /* RFC 1951 3.2.5: distances reach back 32768 bytes */
#define IN_BUF 16384u     /* compressed bytes pulled at a time */
#define MAXBITS 15        /* longest code (3.2.7) */
#define NLEN 288          /* literal/length symbols with the two fixed-code extras */
#define NDIST 32          /* distance symbols with the two fixed-code extras */

enum { S_HEADER, S_BLOCK, S_STORED, S_CODES, S_TRAILER, S_NEXT, S_DONE };

/* a canonical Huffman code: how many codes of each length, and the
 * symbols in code order; and for the codes of FAST bits or fewer, a table
 * indexed by the next FAST bits of the stream (as they arrive, least
 * significant first): symbol << 4 | length, 0 for a longer code */
#define FAST 9
struct huff {
	uint16_t count[MAXBITS + 1];
	uint16_t symbol[NLEN];
	uint16_t fast[1u << FAST];
};

struct gk_inflate {
	gk_read_fn read;
	void *ctx;
	int state;
	bool failed, eof, last;    /* last: the block being read is the member's final one */
	char err[160];
	uint64_t err_at;
	/* compressed bytes */
	uint8_t in[IN_BUF];
	size_t in_len, in_pos;
	uint64_t in_base;          /* file offset of in[0] */
	uint64_t bitbuf;
	unsigned bitcnt;
	/* the member being read */
	unsigned members;
	uint64_t member_at;        /* its first byte's offset, for messages */
	uint64_t out_total;        /* bytes it has given */
	uint32_t crc;
	uint32_t stored_left;
	unsigned copy_len, copy_dist; /* a match still to copy */
	struct huff lens, dists;
	bool fixed;                /* lens/dists hold the fixed codes */
	uint8_t win[WIN];
	uint32_t wpos;
};

/* the file offset of the next bit's byte */
static uint64_t at(const struct gk_inflate *z)
{
	return z->in_base + z->in_pos - (z->bitcnt + 7) / 8;
}

static void fail(struct gk_inflate *z, uint64_t off, const char *msg)
{
	if (z->failed)
		return;
	z->failed = true;
	z->err_at = off;
	snprintf(z->err, sizeof z->err, "%s", msg);
}

/* the next compressed byte, -1 at the end of the file (or a read error:
 * failed) */
static int pull(struct gk_inflate *z)
{
	if (z->in_pos == z->in_len) {
		if (z->eof || z->failed)
			return -1;
		z->in_base += z->in_len;
		z->in_len = z->in_pos = 0;
		long r = z->read(z->ctx, z->in, sizeof z->in);
		if (r < 0 || (unsigned long)r > sizeof z->in) {
			fail(z, z->in_base, "read error");
			return -1;
		}
		if (r == 0) {
			z->eof = true;
			return -1;
		}
		z->in_len = (size_t)r;
	}
	return z->in[z->in_pos++];
}

static void truncated(struct gk_inflate *z, const char *inside)
{
	char msg[120];
	snprintf(msg, sizeof msg, "the gzip file ends inside %s (a cut copy?)", inside);
	fail(z, at(z), msg);
}

/* n bits (at most 32), least significant first (3.1.1); false: the file
 * ended (failed) */
static bool bits(struct gk_inflate *z, unsigned n, uint32_t *v, const char *inside)
{
	while (z->bitcnt < n) {
		int c = pull(z);
		if (c < 0) {
			truncated(z, inside);
			return false;
		}
		z->bitbuf |= (uint64_t)c << z->bitcnt;
		z->bitcnt += 8;
	}
	*v = (uint32_t)(z->bitbuf & ((1ull << n) - 1));
	z->bitbuf >>= n;
	z->bitcnt -= n;
	return true;
}

static bool byte_(struct gk_inflate *z, uint8_t *b, const char *inside)
{
	uint32_t v;
	if (!bits(z, 8, &v, inside))
		return false;
	*b = (uint8_t)v;
	return true;
}

/* Build a code from its lengths: 0, -1 when they over-subscribe the code
 * space, 1 when they leave part of it unused (incomplete). */
static int build(struct huff *h, const uint8_t *len, unsigned n)
{
	uint16_t offs[MAXBITS + 1];
	memset(h->count, 0, sizeof h->count);
	for (unsigned s = 0; s < n; s++)
		h->count[len[s]]++;
	if (h->count[0] == n)
		return 1; /* no codes at all */
	int left = 1;
	for (unsigned l = 1; l <= MAXBITS; l++) {
		left <<= 1;
		left -= h->count[l];
		if (left < 0)
			return -1;
	}
	offs[1] = 0;
	for (unsigned l = 1; l < MAXBITS; l++)
		offs[l + 1] = (uint16_t)(offs[l] + h->count[l]);
	for (unsigned s = 0; s < n; s++)
		if (len[s])
			h->symbol[offs[len[s]]++] = (uint16_t)s;
	/* the short codes, in code order (3.2.2: consecutive values within a
	 * length, the first of each length after the last of the one before,
	 * doubled), bit-reversed since they are sent most significant bit first */
	memset(h->fast, 0, sizeof h->fast);
	unsigned code = 0, index = 0;
	for (unsigned l = 1; l <= FAST; l++) {
		for (unsigned k = 0; k < h->count[l]; k++, code++, index++) {
			unsigned rev = 0;
			for (unsigned b = 0; b < l; b++)
				rev |= ((code >> b) & 1u) << (l - 1 - b);
			for (unsigned fill = rev; fill < (1u << FAST); fill += 1u << l)
				h->fast[fill] = (uint16_t)(h->symbol[index] << 4 | l);
		}
		code <<= 1;
	}
	return left > 0;
}

/* whether a code built with result r may be used: complete, or a single
 * code of length 1 */
static bool usable(const struct huff *h, int r)
{
	if (r == 0)
		return true;
	if (r < 0)
		return false;
	unsigned total = 0;
	for (unsigned l = 1; l <= MAXBITS; l++)
		total += h->count[l];
	return total == 1 && h->count[1] == 1;
}

/* The next symbol of code h (codes are read most significant bit first,
 * 3.1.1): -1 on a code no symbol has, -2 when the file ended. */
static int decode(struct gk_inflate *z, const struct huff *h, const char *inside)
{
	/* the table first, from the bits at hand (the stream may end sooner:
	 * then the code bit by bit below says where) */
	while (z->bitcnt < FAST) {
		int c = pull(z);
		if (c < 0)
			break;
		z->bitbuf |= (uint64_t)c << z->bitcnt;
		z->bitcnt += 8;
	}
	unsigned e = h->fast[z->bitbuf & ((1u << FAST) - 1u)];
	if (e && (e & 15u) <= z->bitcnt) {
		z->bitbuf >>= e & 15u;
		z->bitcnt -= e & 15u;
		return (int)(e >> 4);
	}
	int code = 0, first = 0, index = 0;
	for (unsigned l = 1; l <= MAXBITS; l++) {
		uint32_t b;
		if (!bits(z, 1, &b, inside))
			return -2;
		code |= (int)b;
		int count = h->count[l];
		if (code - first < count)
			return h->symbol[index + (code - first)];
		index += count;
		first += count;
		first <<= 1;
		code <<= 1;
	}
	return -1;
}

/* RFC 1952 2.3: the member header */
static bool header(struct gk_inflate *z)
{
	uint8_t h[10];
	uint64_t start = at(z);
	z->member_at = start;
	for (unsigned i = 0; i < 10; i++)
		if (!byte_(z, &h[i], "a gzip header"))
			return false;
	uint32_t crc = gk_crc32(0, h, 10);
	if (h[0] != 0x1f || h[1] != 0x8b) {
		fail(z, start, "not a gzip member: it does not start with 1f 8b");
		return false;
	}
	if (h[2] != 8) {
		char msg[96];
		snprintf(msg, sizeof msg, "gzip compression method %u: only 8 (deflate) exists", h[2]);
		fail(z, start + 2, msg);
		return false;
	}
	uint8_t flg = h[3];
	if (flg & 0xe0) {
		char msg[96];
		snprintf(msg, sizeof msg, "gzip header flags 0x%02x: reserved bits 5-7 set (RFC 1952 2.3.1: must be zero)", flg);
		fail(z, start + 3, msg);
		return false;
	}
	if (flg & 4) { /* FEXTRA: XLEN bytes */
		uint8_t x[2];
		if (!byte_(z, &x[0], "a gzip header") || !byte_(z, &x[1], "a gzip header"))
			return false;
		crc = gk_crc32(crc, x, 2);
		for (unsigned n = x[0] | (unsigned)x[1] << 8; n; n--) {
			uint8_t b;
			if (!byte_(z, &b, "a gzip header's extra field"))
				return false;
			crc = gk_crc32(crc, &b, 1);
		}
	}
	for (unsigned f = 8; f <= 16; f <<= 1) /* FNAME, FCOMMENT: zero-terminated */
		if (flg & f) {
			uint8_t b;
			do {
				if (!byte_(z, &b, f == 8 ? "a gzip header's file name" : "a gzip header's comment"))
					return false;
				crc = gk_crc32(crc, &b, 1);
			} while (b);
		}
	if (flg & 2) { /* FHCRC: the low 16 bits of the header's CRC-32 */
		uint8_t c[2];
		uint64_t off = at(z);
		if (!byte_(z, &c[0], "a gzip header") || !byte_(z, &c[1], "a gzip header"))
			return false;
		if ((c[0] | (unsigned)c[1] << 8) != (crc & 0xffff)) {
			fail(z, off, "the gzip header's CRC-16 does not match the header: a damaged file");
			return false;
		}
	}
	z->out_total = 0;
	z->crc = 0;
	return true;
}

static void fixed_codes(struct gk_inflate *z)
{
	uint8_t len[NLEN];
	unsigned s = 0; /* 3.2.6 */
	for (; s < 144; s++)
		len[s] = 8;
	for (; s < 256; s++)
		len[s] = 9;
	for (; s < 280; s++)
		len[s] = 7;
	for (; s < NLEN; s++)
		len[s] = 8;
	build(&z->lens, len, NLEN);
	for (s = 0; s < NDIST; s++)
		len[s] = 5;
	build(&z->dists, len, NDIST);
	z->fixed = true;
}

/* 3.2.7: the code lengths of a dynamic block, and its two codes */
static bool dynamic_codes(struct gk_inflate *z)
{
	static const uint8_t order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };
	uint64_t off = at(z);
	uint32_t nlen, ndist, ncode;
	if (!bits(z, 5, &nlen, "a block header") || !bits(z, 5, &ndist, "a block header") ||
	    !bits(z, 4, &ncode, "a block header"))
		return false;
	nlen += 257;
	ndist += 1;
	ncode += 4;
	if (nlen > 286 || ndist > 30) {
		char msg[120];
		snprintf(msg, sizeof msg, "dynamic block with %u literal/length and %u distance codes: at most 286 and 30 exist",
			 nlen, ndist);
		fail(z, off, msg);
		return false;
	}
	uint8_t len[NLEN + NDIST];
	memset(len, 0, 19);
	for (unsigned i = 0; i < ncode; i++) {
		uint32_t v;
		if (!bits(z, 3, &v, "a block header"))
			return false;
		len[order[i]] = (uint8_t)v;
	}
	struct huff cl;
	if (build(&cl, len, 19) != 0) {
		fail(z, off, "dynamic block: its code length code is over-subscribed or incomplete (bad code lengths)");
		return false;
	}
	z->fixed = false;
	for (unsigned i = 0; i < nlen + ndist;) {
		int sym = decode(z, &cl, "a block header");
		if (sym == -2)
			return false;
		if (sym < 0) {
			fail(z, at(z), "dynamic block: a code length no code length code has");
			return false;
		}
		if (sym < 16) {
			len[i++] = (uint8_t)sym;
			continue;
		}
		uint32_t rep;
		uint8_t v = 0;
		if (sym == 16) {
			if (!i) {
				fail(z, at(z), "dynamic block: code length 16 (repeat the previous) with no previous length");
				return false;
			}
			v = len[i - 1];
			if (!bits(z, 2, &rep, "a block header"))
				return false;
			rep += 3;
		} else if (sym == 17) {
			if (!bits(z, 3, &rep, "a block header"))
				return false;
			rep += 3;
		} else {
			if (!bits(z, 7, &rep, "a block header"))
				return false;
			rep += 11;
		}
		if (i + rep > nlen + ndist) {
			fail(z, at(z), "dynamic block: a repeated code length runs past the last code (bad code lengths)");
			return false;
		}
		while (rep--)
			len[i++] = v;
	}
	if (!len[256]) {
		fail(z, off, "dynamic block without an end-of-block code (bad code lengths)");
		return false;
	}
	if (!usable(&z->lens, build(&z->lens, len, nlen))) {
		fail(z, off, "dynamic block: its literal/length code lengths are over-subscribed or incomplete (bad code "
			     "lengths)");
		return false;
	}
	if (!usable(&z->dists, build(&z->dists, len + nlen, ndist))) {
		fail(z, off, "dynamic block: its distance code lengths are over-subscribed or incomplete (bad code lengths)");
		return false;
	}
	return true;
}

/* 3.2.3: a block's header, and what comes before its data */
static bool block(struct gk_inflate *z)
{
	uint64_t off = at(z);
	uint32_t fin, type;
	if (!bits(z, 1, &fin, "a block header") || !bits(z, 2, &type, "a block header"))
		return false;
	z->last = fin;
	if (type == 0) { /* 3.2.4: stored, from the next byte boundary */
		uint32_t skip, len, nlen;
		bits(z, z->bitcnt % 8, &skip, "a block header");
		uint64_t lo = at(z);
		if (!bits(z, 16, &len, "a stored block's length") || !bits(z, 16, &nlen, "a stored block's length"))
			return false;
		if ((len ^ 0xffffu) != nlen) {
			char msg[120];
			snprintf(msg, sizeof msg, "stored block length 0x%04x and its complement 0x%04x disagree", len, nlen);
			fail(z, lo, msg);
			return false;
		}
		z->stored_left = len;
		z->state = S_STORED;
		return true;
	}
	if (type == 1) {
		if (!z->fixed)
			fixed_codes(z);
	} else if (type == 2) {
		if (!dynamic_codes(z))
			return false;
	} else {
		fail(z, off, "block type 3: reserved (RFC 1951 3.2.3), not deflate data");
		return false;
	}
	z->state = S_CODES;
	return true;
}


/* One symbol of a compressed block: a literal given, a match to copy set
 * up, or the block's end. */
static bool symbol(struct gk_inflate *z, uint8_t *out, size_t *n)
{
	uint64_t off = at(z);
	int sym = decode(z, &z->lens, "compressed data");
	if (sym == -2)
		return false;
	if (sym < 0) {
		fail(z, off, "a literal/length code no symbol has");
		return false;
	}
	if (sym < 256) {
		uint8_t b = (uint8_t)sym;
		out[(*n)++] = b;
		z->win[z->wpos++ & (WIN - 1)] = b;
		z->out_total++;
		return true;
	}
	if (sym == 256) {
		z->state = z->last ? S_TRAILER : S_BLOCK;
		return true;
	}
	sym -= 257;
	if (sym >= 29) {
		fail(z, off, "length symbol 286 or 287: not used in deflate data");
		return false;
	}
	uint32_t e, d;
	if (!bits(z, len_extra[sym], &e, "compressed data"))
		return false;
	unsigned len = len_base[sym] + e;
	int ds = decode(z, &z->dists, "compressed data");
	if (ds == -2)
		return false;
	if (ds < 0 || ds >= 30) {
		fail(z, off, ds < 0 ? "a distance code no symbol has" : "distance symbol 30 or 31: not used in deflate data");
		return false;
	}
	if (!bits(z, dist_extra[ds], &d, "compressed data"))
		return false;
	unsigned dist = dist_base[ds] + d;
	if (dist > z->out_total) {
		char msg[120];
		snprintf(msg, sizeof msg, "distance %u too far back: the member has given only %llu bytes", dist,
			 (unsigned long long)z->out_total);
		fail(z, off, msg);
		return false;
	}
	z->copy_len = len;
	z->copy_dist = dist;
	return true;
}

/* 2.3.1: CRC32 and ISIZE after the last block */
static bool trailer(struct gk_inflate *z)
{
	uint32_t skip, crc, isize;
	bits(z, z->bitcnt % 8, &skip, "a gzip trailer");
	uint64_t off = at(z);
	if (!bits(z, 32, &crc, "a gzip trailer") || !bits(z, 32, &isize, "a gzip trailer"))
		return false;
	char msg[160];
	if (crc != z->crc) {
		snprintf(msg, sizeof msg, "the gzip member's CRC-32 is 0x%08x, its data's 0x%08x: a damaged file", crc, z->crc);
		fail(z, off, msg);
		return false;
	}
	if (isize != (uint32_t)z->out_total) {
		snprintf(msg, sizeof msg, "the gzip member says it holds %u bytes (mod 2^32), its data make %llu", isize,
			 (unsigned long long)z->out_total);
		fail(z, off + 4, msg);
		return false;
	}
	z->members++;
	z->state = S_NEXT;
	return true;
}

/* 2.2: another member, or the end of the file */
static void next_member(struct gk_inflate *z)
{
	uint64_t off = at(z);
	if (z->bitcnt == 0) {
		int c = pull(z);
		if (c < 0) {
			if (!z->failed)
				z->state = S_DONE;
			return;
		}
		z->bitbuf = (uint64_t)c;
		z->bitcnt = 8;
	}
	if (z->bitcnt < 16) {
		int c = pull(z);
		if (c >= 0) {
			z->bitbuf |= (uint64_t)c << z->bitcnt;
			z->bitcnt += 8;
		}
	}
	if (z->failed)
		return;
	if ((z->bitbuf & 0xffff) != 0x8b1f || z->bitcnt < 16) {
		char msg[120];
		snprintf(msg, sizeof msg, "the bytes after the gzip member that ends at offset %llu are not another member",
			 (unsigned long long)off);
		fail(z, off, msg);
		return;
	}
	z->state = S_HEADER; /* the header reads the magic again */
}

long gk_inflate_read(void *ctx, void *buf, size_t cap)
{
	struct gk_inflate *z = ctx;
	if (!z || !buf || z->failed)
		return -1;
	uint8_t *out = buf;
	size_t n = 0, from = 0; /* out[from..n): not yet in the member's CRC */
	while (n < cap && !z->failed && z->state != S_DONE) {
		if (z->copy_len) {
			while (z->copy_len && n < cap) {
				uint8_t b = z->win[(z->wpos - z->copy_dist) & (WIN - 1)];
				out[n++] = b;
				z->win[z->wpos++ & (WIN - 1)] = b;
				z->out_total++;
				z->copy_len--;
			}
			continue;
		}
		switch (z->state) {
		case S_HEADER:
			if (header(z))
				z->state = S_BLOCK;
			break;
		case S_BLOCK:
			block(z);
			break;
		case S_STORED:
			if (!z->stored_left) {
				z->state = z->last ? S_TRAILER : S_BLOCK;
			} else {
				uint8_t b;
				if (byte_(z, &b, "a stored block")) {
					out[n++] = b;
					z->win[z->wpos++ & (WIN - 1)] = b;
					z->out_total++;
					z->stored_left--;
				}
			}
			break;
		case S_CODES:
			symbol(z, out, &n);
			break;
		case S_TRAILER:
			/* the member's bytes so far into its CRC first */
			z->crc = gk_crc32(z->crc, out + from, n - from);
			from = n;
			trailer(z);
			break;
		case S_NEXT:
			next_member(z);
			break;
		}
	}
	z->crc = gk_crc32(z->crc, out + from, n - from);
	/* the bytes before a damaged part are given; the next call says -1 */
	return n ? (long)n : z->failed ? -1 : 0;
}

struct gk_inflate *gk_inflate_open(gk_read_fn read, void *ctx, const void *pre, size_t npre)
{
	if (!read || npre > GK_INFLATE_PRE || (npre && !pre))
		return NULL;
	/* the window and the buffer are written before they are read */
	struct gk_inflate *z = malloc(sizeof *z);
	if (!z)
		return NULL;
	memset(z, 0, offsetof(struct gk_inflate, win));
	z->read = read;
	z->ctx = ctx;
	z->state = S_HEADER;
	if (npre)
		memcpy(z->in, pre, npre);
	z->in_len = npre;
	return z;
}

void gk_inflate_close(struct gk_inflate *z)
{
	free(z);
}

const char *gk_inflate_error(const struct gk_inflate *z, uint64_t *offset)
{
	if (!z || !z->failed)
		return NULL;
	if (offset)
		*offset = z->err_at;
	return z->err;
}

unsigned gk_inflate_members(const struct gk_inflate *z)
{
	return z ? z->members : 0;
}
