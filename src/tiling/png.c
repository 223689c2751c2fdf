/* A PNG writer (8-bit RGB; ISO/IEC 15948) with its own deflate compressor
 * (RFC 1951: LZ77 over a 32 KiB window, fixed or dynamic Huffman codes; RFC
 * 1950 zlib framing) and Adler-32 (CRC-32 is src/core/crc32.c).  All state is the caller's
 * struct gk_png: no allocation, no globals.  The pictures it writes for
 * `gfxkit tile map` are drawn in map.c. */
#include "gfxkit/tiling.h"

#include "crc32.h" /* src/core: gk_crc32, shared with the gzip reader */
#include "deflate_tab.h" /* len_base, len_extra, dist_base, dist_extra (RFC 1951 3.2.5) */

#include <string.h>

uint32_t gk_adler32(uint32_t adler, const void *p, size_t n)
{
	const uint8_t *b = p;
	if (!b)
		return adler; /* no bytes */
	uint32_t a = adler & 0xffff, s = adler >> 16;
	while (n) {
		size_t k = n < 5552 ? n : 5552; /* the largest run that cannot overflow 32 bits */
		n -= k;
		while (k--) {
			a += *b++;
			s += a;
		}
		a %= 65521;
		s %= 65521;
	}
	return (s << 16) | a;
}

static void be32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 24);
	p[1] = (uint8_t)(v >> 16);
	p[2] = (uint8_t)(v >> 8);
	p[3] = (uint8_t)v;
}

static int emit(struct gk_png *png, const void *p, size_t n, uint32_t *crc)
{
	if (png->failed)
		return -1;
	if (crc)
		*crc = gk_crc32(*crc, p, n);
	if (n && png->write(png->ctx, p, n)) {
		png->failed = 1;
		png->error = "the write function failed";
		return -1;
	}
	return 0;
}

/* one chunk from up to three pieces */
static int chunk(struct gk_png *png, const char *type, const void *a, size_t na, const void *b, size_t nb,
		 const void *c, size_t nc)
{
	uint8_t hdr[8], tail[4];
	uint32_t crc = 0;
	be32(hdr, (uint32_t)(na + nb + nc));
	memcpy(hdr + 4, type, 4);
	emit(png, hdr, 4, NULL);
	emit(png, hdr + 4, 4, &crc);
	emit(png, a, na, &crc);
	emit(png, b, nb, &crc);
	emit(png, c, nc, &crc);
	be32(tail, crc);
	return emit(png, tail, 4, NULL);
}

/* ---- deflate (RFC 1951) --------------------------------------------------- */

#define WSIZE GK_PNG_WINDOW
#define WMASK (WSIZE - 1)
#define HMASK ((1u << 15) - 1)
#define MIN_MATCH 3
#define MAX_MATCH 258
/* bytes kept ahead of the current position while more input may come: a
 * whole longest match and the next hash (zlib's MIN_LOOKAHEAD) */
#define MIN_LOOKAHEAD (MAX_MATCH + MIN_MATCH + 1)
/* farthest match: the window less the lookahead, so that sliding the window
 * by WSIZE never drops a position still in reach (zlib's MAX_DIST) */
#define MAX_DIST (WSIZE - MIN_LOOKAHEAD)
#define MAX_CHAIN 128 /* candidates tried per position: bounds the time on unlucky data */

/* section 3.2.7: the order in which the code-length code's lengths are sent */
static const uint8_t cl_order[19] = { 16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15 };

static unsigned len_code(unsigned len) /* 0..28: symbol 257 + it */
{
	unsigned c = 28;
	while (len_base[c] > len)
		c--;
	return c;
}

static unsigned dist_code(unsigned dist)
{
	unsigned c = 29;
	while (dist_base[c] > dist)
		c--;
	return c;
}

/* the bytes of the next IDAT chunk: out when full */
static void idat(struct gk_png *png)
{
	if (png->z.nout)
		chunk(png, "IDAT", png->z.out, png->z.nout, NULL, 0, NULL, 0);
	png->z.nout = 0;
}

static void out_byte(struct gk_png *png, uint8_t b)
{
	png->z.out[png->z.nout++] = b;
	if (png->z.nout == GK_PNG_OUT_BYTES)
		idat(png);
}

/* n <= 32 bits of v, lowest first (section 3.1.1: data elements are packed
 * starting with the least significant bit) */
static void put(struct gk_png *png, uint32_t v, unsigned n)
{
	struct gk_png_deflate *z = &png->z;
	z->bits |= (uint64_t)v << z->nbits;
	z->nbits += n;
	while (z->nbits >= 8) {
		out_byte(png, (uint8_t)z->bits);
		z->bits >>= 8;
		z->nbits -= 8;
	}
}

/* Huffman code lengths of at most `limit` bits for n symbols with these
 * frequencies (0: unused).  A Huffman tree from the two-queue merge of the
 * sorted leaves; when it is too deep, the frequencies are halved (kept
 * non-zero) and the tree built again, which ends at the latest when all are
 * 1 (a balanced tree).  One used symbol gets a partner, so that every code
 * is complete (zlib does the same). */
static void huff_lengths(const uint32_t *freq, unsigned n, unsigned limit, uint8_t *len)
{
	uint32_t f[288];
	uint16_t sym[288], parent[2 * 288];
	uint64_t w[2 * 288];
	uint8_t depth[2 * 288];
	unsigned m = 0;
	for (unsigned i = 0; i < n; i++) {
		f[i] = freq[i];
		len[i] = 0;
		if (f[i])
			m++;
	}
	if (m < 2) {
		for (unsigned i = 0; i < n && m < 2; i++)
			if (!f[i]) {
				f[i] = 1;
				m++;
			}
	}
	for (;;) {
		m = 0;
		for (unsigned i = 0; i < n; i++) {
			if (!f[i])
				continue;
			unsigned k = m++; /* insertion sort by frequency */
			while (k && f[sym[k - 1]] > f[i]) {
				sym[k] = sym[k - 1];
				k--;
			}
			sym[k] = (uint16_t)i;
		}
		if (m < 2) /* n < 2: no code to make */
			return;
		for (unsigned k = 0; k < m; k++)
			w[k] = f[sym[k]];
		unsigned li = 0, ii = m, nn = m;
		for (unsigned k = 0; k + 1 < m; k++) {
			unsigned a = li < m && (ii >= nn || w[li] <= w[ii]) ? li++ : ii++;
			unsigned b = li < m && (ii >= nn || w[li] <= w[ii]) ? li++ : ii++;
			w[nn] = w[a] + w[b];
			parent[a] = parent[b] = (uint16_t)nn;
			nn++;
		}
		/* parents come after their children: depths from the root down */
		unsigned max = 0;
		depth[nn - 1] = 0;
		for (unsigned j = nn - 1; j-- > 0;) {
			depth[j] = (uint8_t)(depth[parent[j]] + 1);
			max = depth[j] > max ? depth[j] : max;
		}
		if (max <= limit) {
			for (unsigned k = 0; k < m; k++)
				len[sym[k]] = depth[k];
			return;
		}
		for (unsigned i = 0; i < n; i++)
			if (f[i])
				f[i] = (f[i] >> 1) | 1;
	}
}

/* canonical codes from lengths (section 3.2.2), bit-reversed for put() */
static void huff_codes(const uint8_t *len, unsigned n, uint16_t *code)
{
	uint16_t count[16] = { 0 }, next[16];
	for (unsigned i = 0; i < n; i++)
		count[len[i]]++;
	count[0] = 0;
	unsigned c = 0;
	for (unsigned b = 1; b < 16; b++) {
		c = (c + count[b - 1]) << 1;
		next[b] = (uint16_t)c;
	}
	for (unsigned i = 0; i < n; i++) {
		code[i] = 0;
		if (!len[i])
			continue;
		unsigned v = next[len[i]]++, r = 0;
		for (unsigned k = 0; k < len[i]; k++)
			r |= ((v >> k) & 1u) << (len[i] - 1 - k);
		code[i] = (uint16_t)r;
	}
}

/* The block's code-length sequence (literal/length then distance lengths,
 * one run-length coded sequence, section 3.2.7) as code-length symbols:
 * each 16-bit item is the symbol (low 5 bits) and its extra value. */
static unsigned rle_lengths(const uint8_t *lens, unsigned n, uint16_t *items)
{
	unsigned k = 0;
	for (unsigned i = 0; i < n;) {
		unsigned v = lens[i], run = 1;
		while (i + run < n && lens[i + run] == v)
			run++;
		i += run;
		if (v == 0) {
			while (run >= 11) {
				unsigned r = run < 138 ? run : 138;
				items[k++] = (uint16_t)(18 | (r - 11) << 5);
				run -= r;
			}
			if (run >= 3) {
				items[k++] = (uint16_t)(17 | (run - 3) << 5);
				run = 0;
			}
		} else {
			items[k++] = (uint16_t)v;
			run--;
			while (run >= 3) {
				unsigned r = run < 6 ? run : 6;
				items[k++] = (uint16_t)(16 | (r - 3) << 5);
				run -= r;
			}
		}
		while (run--)
			items[k++] = (uint16_t)v;
	}
	return k;
}

static const uint8_t cl_extra[19] = { [16] = 2, [17] = 3, [18] = 7 };

/* The buffered symbols as one block: fixed Huffman codes (section 3.2.6)
 * or codes made for this block (3.2.7), whichever takes fewer bits. */
static void emit_block(struct gk_png *png, int last)
{
	struct gk_png_deflate *z = &png->z;
	uint32_t lf[286] = { 0 }, df[30] = { 0 };
	for (uint32_t i = 0; i < z->nsyms; i++) {
		const uint8_t *s = z->syms + 3 * i;
		unsigned d = s[0] | (unsigned)s[1] << 8;
		if (!d) {
			lf[s[2]]++;
		} else {
			lf[257 + len_code(s[2] + 3u)]++;
			df[dist_code(d)]++;
		}
	}
	lf[256] = 1;
	/* the fixed code's lengths */
	uint8_t fl[288], fd[30];
	for (unsigned i = 0; i < 288; i++)
		fl[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
	memset(fd, 5, sizeof fd);
	/* this block's */
	uint8_t lens[286 + 30], *dl = lens + 286;
	huff_lengths(lf, 286, 15, lens);
	huff_lengths(df, 30, 15, dl);
	unsigned nl = 286, nd = 30;
	while (nl > 257 && !lens[nl - 1])
		nl--;
	while (nd > 1 && !dl[nd - 1])
		nd--;
	uint8_t seq[286 + 30];
	memcpy(seq, lens, nl);
	memcpy(seq + nl, dl, nd);
	uint16_t items[286 + 30];
	unsigned nitems = rle_lengths(seq, nl + nd, items);
	uint32_t cf[19] = { 0 };
	for (unsigned i = 0; i < nitems; i++)
		cf[items[i] & 31]++;
	uint8_t cl[19];
	huff_lengths(cf, 19, 7, cl);
	unsigned ncl = 19;
	while (ncl > 4 && !cl[cl_order[ncl - 1]])
		ncl--;
	/* sizes in bits (the extra bits of lengths and distances are the same for both) */
	uint64_t fixed = 3, dyn = 3 + 5 + 5 + 4 + 3 * ncl;
	for (unsigned i = 0; i < 286; i++) {
		fixed += (uint64_t)lf[i] * fl[i];
		dyn += (uint64_t)lf[i] * lens[i];
	}
	for (unsigned i = 0; i < 30; i++) {
		fixed += (uint64_t)df[i] * fd[i];
		dyn += (uint64_t)df[i] * dl[i];
	}
	for (unsigned i = 0; i < nitems; i++)
		dyn += cl[items[i] & 31] + cl_extra[items[i] & 31];
	uint16_t lc[288], dc[30];
	const uint8_t *ll, *dd;
	if (dyn < fixed) {
		uint16_t cc[19];
		huff_codes(cl, 19, cc);
		put(png, (uint32_t)last | 2u << 1, 3);
		put(png, nl - 257, 5);
		put(png, nd - 1, 5);
		put(png, ncl - 4, 4);
		for (unsigned i = 0; i < ncl; i++)
			put(png, cl[cl_order[i]], 3);
		for (unsigned i = 0; i < nitems; i++) {
			unsigned sy = items[i] & 31;
			put(png, cc[sy], cl[sy]);
			if (cl_extra[sy])
				put(png, items[i] >> 5, cl_extra[sy]);
		}
		ll = lens;
		dd = dl;
		huff_codes(lens, 286, lc);
		huff_codes(dl, 30, dc);
	} else {
		put(png, (uint32_t)last | 1u << 1, 3);
		ll = fl;
		dd = fd;
		huff_codes(fl, 288, lc);
		huff_codes(fd, 30, dc);
	}
	for (uint32_t i = 0; i < z->nsyms; i++) {
		const uint8_t *s = z->syms + 3 * i;
		unsigned d = s[0] | (unsigned)s[1] << 8;
		if (!d) {
			put(png, lc[s[2]], ll[s[2]]);
			continue;
		}
		unsigned len = s[2] + 3u, c = len_code(len), dcode = dist_code(d);
		put(png, lc[257 + c], ll[257 + c]);
		if (len_extra[c])
			put(png, len - len_base[c], len_extra[c]);
		put(png, dc[dcode], dd[dcode]);
		if (dist_extra[dcode])
			put(png, d - dist_base[dcode], dist_extra[dcode]);
	}
	put(png, lc[256], ll[256]);
	z->nsyms = 0;
}

/* one literal (dist 0) or match into the block; a full block goes out */
static void sym(struct gk_png *png, unsigned dist, unsigned lc)
{
	struct gk_png_deflate *z = &png->z;
	uint8_t *s = z->syms + 3 * z->nsyms++;
	s[0] = (uint8_t)dist;
	s[1] = (uint8_t)(dist >> 8);
	s[2] = (uint8_t)lc;
	if (z->nsyms == GK_PNG_BLOCK_SYMS)
		emit_block(png, 0);
}

static unsigned hash3(const uint8_t *p)
{
	return ((unsigned)p[0] << 10 ^ (unsigned)p[1] << 5 ^ p[2]) & HMASK;
}

/* position p joins its hash chain; returns the previous head */
static unsigned insert(struct gk_png_deflate *z, unsigned p)
{
	unsigned h = hash3(z->win + p), old = z->head[h];
	z->prev[p & WMASK] = (uint16_t)old;
	z->head[h] = (uint16_t)p;
	return old;
}

/* The longest match for the current position among the chain from cand
 * (positions, newest first; 0 ends it), no farther than MAX_DIST. */
static unsigned longest_match(const struct gk_png_deflate *z, unsigned cand, unsigned *dist)
{
	unsigned s = z->strstart, limit = s > MAX_DIST ? s - MAX_DIST : 0;
	unsigned maxlen = z->lookahead < MAX_MATCH ? z->lookahead : MAX_MATCH, best = MIN_MATCH - 1;
	const uint8_t *a = z->win + s;
	for (unsigned chain = MAX_CHAIN; cand > limit && chain; chain--) {
		const uint8_t *b = z->win + cand;
		if (b[best] == a[best] && b[0] == a[0] && b[1] == a[1]) {
			unsigned n = 2;
			while (n < maxlen && a[n] == b[n])
				n++;
			if (n > best) {
				best = n;
				*dist = s - cand;
				if (n == maxlen)
					break;
			}
		}
		/* chain entries only go back; one that does not is a slot a newer
		 * position took (past the window): the chain ends there */
		unsigned next = z->prev[cand & WMASK];
		if (next >= cand)
			break;
		cand = next;
	}
	return best;
}

/* Code the window's bytes, greedily taking the longest match at each
 * position, while MIN_LOOKAHEAD bytes are ahead (all of them at the end). */
static void deflate_window(struct gk_png *png, int flush)
{
	struct gk_png_deflate *z = &png->z;
	while (z->lookahead >= MIN_LOOKAHEAD || (flush && z->lookahead)) {
		unsigned s = z->strstart, best = 0, dist = 0;
		if (z->lookahead >= MIN_MATCH) {
			unsigned cand = insert(z, s);
			if (cand)
				best = longest_match(z, cand, &dist);
		}
		if (best >= MIN_MATCH) {
			sym(png, dist, best - MIN_MATCH);
			/* the positions inside the match join their chains too:
			 * long runs of a map's rows are what later rows match */
			for (unsigned k = 1; k < best && s + k + MIN_MATCH <= s + z->lookahead; k++)
				insert(z, s + k);
			z->strstart += best;
			z->lookahead -= best;
		} else {
			sym(png, 0, z->win[s]);
			z->strstart++;
			z->lookahead--;
		}
	}
}

/* Room at the end of the window for new bytes (lookahead is below
 * MIN_LOOKAHEAD here): a full window slides down by WSIZE, and the hash
 * chains with it (positions that fall off become 0, "none"). */
static uint8_t *window_room(struct gk_png_deflate *z, uint32_t *room)
{
	if (z->strstart + z->lookahead == 2 * WSIZE) {
		memmove(z->win, z->win + WSIZE, WSIZE);
		z->strstart -= WSIZE;
		for (unsigned i = 0; i <= HMASK; i++)
			z->head[i] = (uint16_t)(z->head[i] >= WSIZE ? z->head[i] - WSIZE : 0);
		for (unsigned i = 0; i < WSIZE; i++)
			z->prev[i] = (uint16_t)(z->prev[i] >= WSIZE ? z->prev[i] - WSIZE : 0);
	}
	*room = 2 * WSIZE - z->strstart - z->lookahead;
	return z->win + z->strstart + z->lookahead;
}

/* ---- PNG filters (ISO/IEC 15948 section 9) -------------------------------- */

static uint8_t paeth(uint8_t a, uint8_t b, uint8_t c)
{
	int p = a + b - c, pa = p > a ? p - a : a - p, pb = p > b ? p - b : b - p, pc = p > c ? p - c : c - p;
	return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* bytes [i0, i0 + n) of row x filtered with filter f (0 None, 1 Sub, 2 Up,
 * 3 Average, 4 Paeth) into o; up is the previous row, NULL for zeros
 * (the first row); 3 bytes a pixel.  Only the first pixel's bytes lack a
 * left neighbour (section 9.2: a = c = 0 there); past them each filter is
 * a loop of its own, with no test per byte (a test and a switch per byte
 * cost more than the filters). */
static void filter_span(unsigned f, const uint8_t *x, const uint8_t *up, uint64_t i0, size_t n, uint8_t *o)
{
	size_t k = 0;
	for (; k < n && i0 + k < 3; k++) {
		uint64_t i = i0 + k;
		uint8_t b = up ? up[i] : 0;
		o[k] = (uint8_t)(x[i] - (f == 2 || f == 4 ? b : f == 3 ? b >> 1 : 0));
	}
	switch (f) {
	case 0:
		memcpy(o + k, x + i0 + k, n - k);
		break;
	case 1:
		for (; k < n; k++)
			o[k] = (uint8_t)(x[i0 + k] - x[i0 + k - 3]);
		break;
	case 2:
		if (up)
			for (; k < n; k++)
				o[k] = (uint8_t)(x[i0 + k] - up[i0 + k]);
		else
			memcpy(o + k, x + i0 + k, n - k);
		break;
	case 3:
		if (up)
			for (; k < n; k++)
				o[k] = (uint8_t)(x[i0 + k] - ((x[i0 + k - 3] + up[i0 + k]) >> 1));
		else
			for (; k < n; k++)
				o[k] = (uint8_t)(x[i0 + k] - (x[i0 + k - 3] >> 1));
		break;
	default:
		if (up)
			for (; k < n; k++)
				o[k] = (uint8_t)(x[i0 + k] - paeth(x[i0 + k - 3], up[i0 + k], up[i0 + k - 3]));
		else /* paeth(a, 0, 0) is a: Sub */
			for (; k < n; k++)
				o[k] = (uint8_t)(x[i0 + k] - x[i0 + k - 3]);
		break;
	}
}

/* The filter for a row: the smallest sum of the filtered bytes taken as
 * signed (section 12.8, "Filter selection"; libpng's heuristic). */
static unsigned choose_filter(const uint8_t *x, const uint8_t *up, uint64_t n, unsigned nfilters)
{
	uint8_t t[1024];
	unsigned best = 0;
	uint64_t best_sum = UINT64_MAX;
	for (unsigned f = 0; f < nfilters; f++) {
		uint64_t sum = 0;
		for (uint64_t i = 0; i < n && sum < best_sum; i += sizeof t) {
			size_t k = n - i < sizeof t ? (size_t)(n - i) : sizeof t;
			filter_span(f, x, up, i, k, t);
			/* |t| as a signed byte without a test per byte: for t >= 128,
			 * 256 - t is (t ^ 0xff) + 1 */
			for (size_t j = 0; j < k; j++) {
				unsigned v = t[j], neg = v >> 7;
				sum += (v ^ (0xffu * neg)) + neg;
			}
		}
		if (sum < best_sum) {
			best_sum = sum;
			best = f;
		}
	}
	return best;
}

/* ---- the writer ------------------------------------------------------------ */

int gk_png_begin(struct gk_png *png, uint32_t width, uint32_t height,
		 int (*write)(void *ctx, const void *p, size_t n), void *ctx)
{
	if (!png)
		return -1;
	memset(png, 0, sizeof *png);
	png->write = write;
	png->ctx = ctx;
	png->width = width;
	png->height = height;
	png->adler = 1;
	/* ISO/IEC 15948 section 11.2.2 (IHDR): width and height are 1 to 2^31 - 1 */
	png->error = !write ? "no write function"
		     : !width || !height ? "an image needs at least one pixel and one row"
		     : width > GK_PNG_MAX_WIDTH ? "width above PNG's 2^31 - 1 pixels"
		     : height > 0x7fffffffu ? "height above PNG's 2^31 - 1 rows"
					    : NULL;
	if (png->error) {
		png->failed = 1;
		return -1;
	}
	static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };
	uint8_t ihdr[13];
	be32(ihdr, width);
	be32(ihdr + 4, height);
	ihdr[8] = 8;  /* bit depth */
	ihdr[9] = 2;  /* RGB */
	ihdr[10] = 0; /* deflate */
	ihdr[11] = 0; /* adaptive filtering: a filter type byte on each row */
	ihdr[12] = 0; /* no interlace */
	emit(png, sig, 8, NULL);
	/* RFC 1950: deflate with a 32 KiB window (0x78), FLEVEL 1 "fast" (greedy
	 * matching), FCHECK making the pair a multiple of 31 */
	out_byte(png, 0x78);
	out_byte(png, 0x5e);
	return chunk(png, "IHDR", ihdr, 13, NULL, 0, NULL, 0);
}

/* ISO/IEC 15948 section 11.3.4.3: keyword 1-79 printable Latin-1
 * characters without leading, trailing or consecutive spaces; text Latin-1 */
int gk_png_text(struct gk_png *png, const char *keyword, const char *text)
{
	if (!png || !png->write || png->failed)
		return -1;
	size_t nk = keyword ? strlen(keyword) : 0;
	int bad_key = nk < 1 || nk > 79 || keyword[0] == ' ' || keyword[nk - 1] == ' ';
	for (size_t i = 0; !bad_key && i < nk; i++) {
		uint8_t c = (uint8_t)keyword[i];
		bad_key = c < 32 || (c > 126 && c < 161) || (c == ' ' && keyword[i + 1] == ' ');
	}
	if (bad_key || !text || png->rows_done) {
		png->error = bad_key ? "a tEXt keyword is 1-79 printable Latin-1 characters, no leading, trailing or double spaces"
			     : !text ? "no text given"
				     : "text chunks come before the first row (the image data is one run of IDAT chunks)";
		return -1;
	}
	static const uint8_t nul = 0;
	return chunk(png, "tEXt", keyword, nk, &nul, 1, text, strlen(text));
}

int gk_png_row(struct gk_png *png, const uint8_t *rgb)
{
	if (!png || !png->write || png->failed)
		return -1;
	if (!rgb || png->rows_done >= png->height) {
		png->error = !rgb ? "no row given" : "more rows than the height";
		return -1;
	}
	struct gk_png_deflate *z = &png->z;
	uint64_t n = 3ull * png->width;
	int keep = n <= GK_PNG_ROW_KEEP;
	const uint8_t *up = keep && png->rows_done ? z->up : NULL;
	uint8_t f = (uint8_t)choose_filter(rgb, up, n, keep ? 5 : 2);
	uint32_t room;
	uint8_t *w = window_room(z, &room);
	*w = f;
	png->adler = gk_adler32(png->adler, w, 1);
	z->lookahead++;
	deflate_window(png, 0);
	for (uint64_t i = 0; i < n;) {
		w = window_room(z, &room);
		size_t k = n - i < room ? (size_t)(n - i) : room;
		filter_span(f, rgb, up, i, k, w);
		png->adler = gk_adler32(png->adler, w, k);
		z->lookahead += (uint32_t)k;
		deflate_window(png, 0);
		i += k;
	}
	if (keep)
		memcpy(z->up, rgb, (size_t)n);
	png->rows_done++;
	return png->failed ? -1 : 0;
}

int gk_png_end(struct gk_png *png)
{
	if (!png || !png->write || png->failed)
		return -1;
	if (png->rows_done != png->height) {
		png->error = "fewer rows than the height";
		return -1;
	}
	deflate_window(png, 1);
	emit_block(png, 1);
	if (png->z.nbits)
		put(png, 0, 8 - png->z.nbits);
	/* RFC 1950: the Adler-32 of the uncompressed data, most significant byte first */
	uint8_t ad[4];
	be32(ad, png->adler);
	for (int i = 0; i < 4; i++)
		out_byte(png, ad[i]);
	idat(png);
	return chunk(png, "IEND", NULL, 0, NULL, 0, NULL, 0);
}
