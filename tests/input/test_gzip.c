/* The gzip reader (src/input/inflate.c) and gzip as an input form of
 * gk_input: stored, fixed and dynamic blocks, every optional header field,
 * concatenated members, each read at every read size; and every refusal
 * (bad code lengths, a distance too far back, block type 3, bad CRC-32,
 * bad ISIZE, bad header CRC, bytes after the last member, every cut of a
 * file) at the byte where it is, never a crash.  The gzip files are
 * tests/input/gzip_vectors.h (scripts/gen_gzip_vectors.py). */
#include "gfxkit/gfxkit.h"
#include "input/inflate.h"
#include "testlib.h"

#include "input/gzip_vectors.h"

struct src {
	const uint8_t *p;
	size_t n, pos, chunk;
};

static long rd(void *ctx, void *buf, size_t cap)
{
	struct src *s = ctx;
	size_t k = s->n - s->pos;
	if (k > s->chunk)
		k = s->chunk;
	if (k > cap)
		k = cap;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

/* the whole of a gzip file through the inflater, read chunk bytes at a
 * time and given out bytes at a time: the length, or -1 (error in *why) */
static long inflate_all(const uint8_t *gz, size_t n, size_t chunk, size_t out, uint8_t *dst, size_t cap,
			const char **why, uint64_t *at)
{
	struct src s = { gz, n, 0, chunk };
	struct gk_inflate *z = gk_inflate_open(rd, &s, NULL, 0);
	if (!z)
		return -2;
	size_t len = 0;
	long r;
	while ((r = gk_inflate_read(z, dst + len, cap - len < out ? cap - len : out)) > 0)
		len += (size_t)r;
	static char msg[200];
	const char *e = gk_inflate_error(z, at);
	if (e)
		snprintf(msg, sizeof msg, "%s", e);
	*why = e ? msg : NULL;
	gk_inflate_close(z);
	return r < 0 ? -1 : (long)len;
}

static uint8_t got[1 << 16];

static void good(const char *name, const uint8_t *gz, size_t n, const uint8_t *plain, size_t pn)
{
	static const size_t chunks[] = { 1, 2, 3, 7, 64, 1000, 1 << 20 };
	for (size_t c = 0; c < sizeof chunks / sizeof chunks[0]; c++)
		for (size_t out = 1; out <= 4096; out = out * 5 + 1) {
			const char *why;
			uint64_t at;
			long r = inflate_all(gz, n, chunks[c], out, got, sizeof got, &why, &at);
			CHECK(r == (long)pn && !memcmp(got, plain, pn), "%s, reads of %zu, %zu out: %ld bytes of %zu (%s)", name,
			      chunks[c], out, r, pn, why ? why : "no error");
		}
}

static void bad(const char *name, const uint8_t *gz, size_t n, const char *want, uint64_t want_at)
{
	const char *why;
	uint64_t at = 0;
	long r = inflate_all(gz, n, 5, 100, got, sizeof got, &why, &at);
	CHECK(r == -1 && why && strstr(why, want) && at == want_at, "%s: %ld, '%s' at %llu, wanted '%s' at %llu", name, r,
	      why ? why : "no error", (unsigned long long)at, want, (unsigned long long)want_at);
}

int main(void)
{
	/* what scripts/gen_gzip_vectors.py compressed */
	static uint8_t text[1 << 15], stored[768];
	size_t tn = 0;
	for (unsigned i = 0; i < 300; i++)
		tn += (size_t)snprintf((char *)text + tn, sizeof text - tn, "packet %u: CP_DRAW_INDX_OFFSET 0x%08x\n", i,
				       (uint32_t)(i * 2654435761u));
	for (unsigned i = 0; i < sizeof stored; i++)
		stored[i] = (uint8_t)i;

	good("stored block", gz_stored, sizeof gz_stored, stored, sizeof stored);
	good("fixed codes", gz_fixed, sizeof gz_fixed, text, 2000);
	good("dynamic codes", gz_dynamic, sizeof gz_dynamic, text, tn);
	good("FEXTRA, FNAME, FCOMMENT, FHCRC", gz_headers, sizeof gz_headers, plain_headers, sizeof plain_headers);
	good("three members (the last empty)", gz_members, sizeof gz_members, plain_members, sizeof plain_members);

	/* refusals, at the byte where each is found */
	bad("over-subscribed code length code", gz_bad_lengths, sizeof gz_bad_lengths, "bad code lengths", 10);
	bad("distance too far", gz_too_far, sizeof gz_too_far, "distance 1 too far back", 10);
	bad("block type 3", gz_type3, sizeof gz_type3, "block type 3", 10);
	bad("bytes after the last member", gz_trailing, sizeof gz_trailing, "are not another member", 23);
	bad("header CRC", gz_bad_hcrc, sizeof gz_bad_hcrc, "CRC-16", 12);
	static uint8_t dmg[sizeof gz_dynamic];
	memcpy(dmg, gz_dynamic, sizeof dmg);
	dmg[sizeof dmg - 8] ^= 1;
	bad("CRC-32", dmg, sizeof dmg, "CRC-32", sizeof dmg - 8);
	memcpy(dmg, gz_dynamic, sizeof dmg);
	dmg[sizeof dmg - 1] ^= 0x80;
	bad("ISIZE", dmg, sizeof dmg, "says it holds", sizeof dmg - 4);
	memcpy(dmg, gz_dynamic, sizeof dmg);
	dmg[2] = 9;
	bad("method 9", dmg, sizeof dmg, "compression method 9", 2);
	dmg[2] = 8;
	dmg[3] = 0x20;
	bad("reserved flag", dmg, sizeof dmg, "reserved bits", 3);

	/* every cut of a file is an error (the data before it given), and
	 * every single-bit flip ends in an error or in data; neither crashes */
	unsigned cut_errors = 0, cuts = 0;
	for (size_t k = 0; k < sizeof gz_dynamic; k++) {
		const char *why;
		uint64_t at;
		long r = inflate_all(gz_dynamic, k, 64, 4096, got, sizeof got, &why, &at);
		cuts++;
		cut_errors += r == -1 && why && (k < 2 ? strstr(why, "ends inside") != NULL : true) && at <= k;
	}
	CHECK(cut_errors == cuts, "every cut refused at or before the cut: %u of %u", cut_errors, cuts);
	for (size_t k = 0; k < sizeof gz_fixed * 8; k += 3) {
		uint8_t flip[sizeof gz_fixed];
		memcpy(flip, gz_fixed, sizeof flip);
		flip[k / 8] ^= (uint8_t)(1u << (k % 8));
		const char *why;
		uint64_t at;
		long r = inflate_all(flip, sizeof flip, 64, 4096, got, sizeof got, &why, &at);
		if (r != -1 && !(r == 2000 && !memcmp(got, text, 2000))) {
			/* a flip the CRC did not catch is a flip of the header's MTIME/XFL/OS or the data came out equal */
			CHECK(k / 8 >= 4 && k / 8 < 10, "bit %zu flipped: %ld bytes, no error", k, r);
		}
	}

	/* gk_gunzip (a whole text read by a caller: the devcoredump commands):
	 * a gzip file gives what it stands for, anything else (an empty file,
	 * one byte, bytes that start like the magic but are not it) itself,
	 * read a byte at a time too; damage is the inflater's error */
	{
		static const uint8_t one[1] = { 0x1f }, near[3] = { 0x1f, 0x8c, 'x' };
		const struct {
			const uint8_t *in, *want;
			size_t n, wn;
			bool gz;
		} gu[] = {
			{ gz_dynamic, text, sizeof gz_dynamic, tn, true },
			{ gz_members, plain_members, sizeof gz_members, sizeof plain_members, true },
			{ (const uint8_t *)"", (const uint8_t *)"", 0, 0, false },
			{ one, one, 1, 1, false },
			{ near, near, 3, 3, false },
			{ stored, stored, sizeof stored, sizeof stored, false },
		};
		for (size_t i = 0; i < sizeof gu / sizeof gu[0]; i++)
			for (size_t chunk = 1; chunk < 5000; chunk = chunk * 70 + 1) {
				struct src s = { gu[i].in, gu[i].n, 0, chunk };
				struct gk_gunzip *g = gk_gunzip_open(rd, &s);
				size_t len = 0;
				long r = -1;
				while (g && (r = gk_gunzip_read(g, got + len, sizeof got - len < 999 ? sizeof got - len : 999)) > 0)
					len += (size_t)r;
				CHECK(g && r == 0 && len == gu[i].wn && !memcmp(got, gu[i].want, len) &&
					      gk_gunzip_gzipped(g) == gu[i].gz && !gk_gunzip_error(g, NULL),
				      "gunzip %zu, reads of %zu: %ld, %zu bytes of %zu", i, chunk, r, len, gu[i].wn);
				gk_gunzip_close(g);
			}
		struct src s = { dmg, sizeof dmg, 0, 64 };
		memcpy(dmg, gz_dynamic, sizeof dmg);
		dmg[sizeof dmg - 8] ^= 1;
		struct gk_gunzip *g = gk_gunzip_open(rd, &s);
		long r;
		while ((r = gk_gunzip_read(g, got, sizeof got)) > 0)
			;
		uint64_t at = 0;
		const char *why = gk_gunzip_error(g, &at);
		CHECK(r == -1 && why && strstr(why, "CRC-32") && at == sizeof dmg - 8, "gunzip of a damaged file: %ld, %s at %llu", r,
		      why ? why : "no error", (unsigned long long)at);
		CHECK(gk_gunzip_read(g, got, sizeof got) == -1, "gunzip: -1 again after an error");
		gk_gunzip_close(g);
		CHECK(!gk_gunzip_open(NULL, NULL) && gk_gunzip_read(NULL, got, 1) == -1 && !gk_gunzip_error(NULL, NULL),
		      "gunzip: NULL arguments");
		gk_gunzip_close(NULL);
	}

	/* gk_input reads gzip whatever the form: binary words, then hex text
	 * (detection sees the uncompressed bytes) */
	{
		struct src s = { gz_stored, sizeof gz_stored, 0, 3 };
		struct gk_input *in = gk_input_create(rd, &s, GK_IN_AUTO, 4);
		long n = gk_input_fill(in, 192);
		CHECK(n == 192 && gk_input_format(in) == GK_IN_BIN && gk_input_gzipped(in) &&
			      gk_input_words(in)[1] == 0x07060504u,
		      "gzipped binary: %ld words, format %d", n, (int)gk_input_format(in));
		gk_input_destroy(in);
		s = (struct src){ gz_members, sizeof gz_members, 0, 1 };
		in = gk_input_create(rd, &s, GK_IN_BIN, 4);
		n = gk_input_fill(in, 3);
		CHECK(n == 3 && !memcmp(gk_input_words(in), "first second", 12), "three members as words: %ld", n);
		gk_input_destroy(in);
		/* switched off: the bytes as they are */
		s = (struct src){ gz_members, 8, 0, 8 };
		in = gk_input_create(rd, &s, GK_IN_BIN, 4);
		CHECK(gk_input_set_gzip(in, false) == 0, "gzip off before the first fill");
		n = gk_input_fill(in, 2);
		CHECK(n == 2 && gk_input_words(in)[0] == 0x00088b1fu && !gk_input_gzipped(in), "gzip off: %ld", n);
		CHECK(gk_input_set_gzip(in, true) == -1, "gzip switched only before the first fill");
		gk_input_destroy(in);
		/* words that begin 1f 8b but are no gzip header (CM not 8, or a
		 * reserved FLG bit set: RFC 1952 2.3.1) are words: such a stream
		 * was refused as damaged gzip (fuzz_pm4's find), and one read a
		 * byte at a time decides the same */
		static const uint8_t notgz[][8] = { { 0x1f, 0x8b, 0x00, 0x20, 1, 2, 3, 4 },
						    { 0x1f, 0x8b, 0x08, 0x20, 1, 2, 3, 4 },
						    { 0x1f, 0x8b, 0x07, 0x00, 1, 2, 3, 4 } };
		for (unsigned k = 0; k < 3; k++)
			for (size_t chunk = 1; chunk <= 8; chunk += 7) {
				s = (struct src){ notgz[k], 8, 0, chunk };
				in = gk_input_create(rd, &s, GK_IN_BIN, 4);
				n = gk_input_fill(in, 2);
				CHECK(n == 2 && !gk_input_gzipped(in) && !memcmp(gk_input_words(in), notgz[k], 8),
				      "not gzip %u (reads of %zu): %ld words", k, chunk, n);
				gk_input_destroy(in);
			}
		/* a header, even of a two-byte first read, is gzip */
		s = (struct src){ gz_members, sizeof gz_members, 0, 2 };
		in = gk_input_create(rd, &s, GK_IN_BIN, 4);
		n = gk_input_fill(in, 3);
		CHECK(n == 3 && gk_input_gzipped(in), "gzip read two bytes at a time: %ld", n);
		gk_input_destroy(in);
		/* damage is the input's error, naming the compressed byte */
		s = (struct src){ gz_too_far, sizeof gz_too_far, 0, 100 };
		in = gk_input_create(rd, &s, GK_IN_BIN, 4);
		n = gk_input_fill(in, 1);
		const struct gk_diag *e = gk_input_error(in);
		CHECK(n == -1 && e && strstr(e->message, "gzip: distance 1 too far back") &&
			      strstr(e->message, "byte 10 of the compressed file"),
		      "input error: %ld %s", n, e ? e->message : "none");
		gk_input_destroy(in);
		CHECK(gk_input_set_gzip(NULL, true) == -1 && !gk_input_gzipped(NULL), "NULL input");
		CHECK(!gk_inflate_open(NULL, NULL, NULL, 0) && gk_inflate_read(NULL, got, 1) == -1 &&
			      !gk_inflate_error(NULL, NULL) && gk_inflate_members(NULL) == 0,
		      "NULL inflater");
	}
	return tl_done();
}
