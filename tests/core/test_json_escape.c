/* The JSON string writer (src/core/out.c gk_out_json_str): escapes, and
 * ill-formed UTF-8 replaced by \ufffd per maximal subpart (The Unicode
 * Standard, chapter 3, "U+FFFD Substitution of Maximal Subparts"). */
#include "gfxkit/gfxkit.h"
#include "core/out.h"
#include "jsoncheck.h"
#include "testlib.h"

struct row {
	const char *in;
	size_t n;   /* 0: strlen(in) */
	const char *want; /* the body between the quotes */
};

#define R "\\ufffd"

static const struct row rows[] = {
	/* ASCII and escapes */
	{ "", 0, "" },
	{ "abc", 0, "abc" },
	{ "a\"b\\c", 0, "a\\\"b\\\\c" },
	{ "\n\t\r\x01\x1f\x7f", 0, "\\n\\t\\u000d\\u0001\\u001f\x7f" },
	{ "a\0b", 3, "a\\u0000b" },
	/* well-formed UTF-8 passes through */
	{ "\xc2\x80", 0, "\xc2\x80" },                 /* U+0080 */
	{ "\xc3\xa9t\xc3\xa9", 0, "\xc3\xa9t\xc3\xa9" }, /* été */
	{ "\xdf\xbf", 0, "\xdf\xbf" },                 /* U+07FF */
	{ "\xe0\xa0\x80", 0, "\xe0\xa0\x80" },         /* U+0800 */
	{ "\xe2\x82\xac", 0, "\xe2\x82\xac" },         /* € */
	{ "\xed\x9f\xbf", 0, "\xed\x9f\xbf" },         /* U+D7FF, last before the surrogates */
	{ "\xee\x80\x80", 0, "\xee\x80\x80" },         /* U+E000 */
	{ "\xef\xbf\xbd", 0, "\xef\xbf\xbd" },         /* U+FFFD itself */
	{ "\xef\xbf\xbf", 0, "\xef\xbf\xbf" },         /* U+FFFF (a noncharacter, still well-formed) */
	{ "\xf0\x90\x80\x80", 0, "\xf0\x90\x80\x80" }, /* U+10000 */
	{ "\xf0\x9f\x98\x80", 0, "\xf0\x9f\x98\x80" }, /* emoji */
	{ "\xf4\x8f\xbf\xbf", 0, "\xf4\x8f\xbf\xbf" }, /* U+10FFFF */
	/* invalid bytes */
	{ "\xff", 0, R },
	{ "\xfe\xff", 0, R R },
	{ "a\x80z", 0, "a" R "z" },                    /* stray continuation */
	{ "\x80\xbf", 0, R R },
	{ "\xf5\x80\x80\x80", 0, R R R R },            /* F5: above U+10FFFF, never a lead */
	{ "\xf8\x88\x80\x80\x80", 0, R R R R R },      /* old 5-byte form */
	/* overlongs */
	{ "\xc0\xaf", 0, R R },                        /* '/' in two bytes */
	{ "\xc1\xbf", 0, R R },
	{ "\xe0\x80\xaf", 0, R R R },                  /* E0 80: lead's range is A0-BF */
	{ "\xe0\x9f\xbf", 0, R R R },
	{ "\xf0\x80\x80\xaf", 0, R R R R },
	{ "\xf0\x8f\xbf\xbf", 0, R R R R },
	/* surrogates */
	{ "\xed\xa0\x80", 0, R R R },                  /* U+D800 */
	{ "\xed\xbf\xbf", 0, R R R },                  /* U+DFFF */
	{ "\xed\xa0\xbd\xed\xb8\x80", 0, R R R R R R }, /* CESU-8 pair */
	/* beyond U+10FFFF */
	{ "\xf4\x90\x80\x80", 0, R R R R },
	{ "\xf7\xbf\xbf\xbf", 0, R R R R },
	/* truncated: the maximal subpart is one replacement */
	{ "\xc3", 0, R },
	{ "\xc3z", 0, R "z" },
	{ "\xe2\x82", 0, R },
	{ "\xe2\x82z", 0, R "z" },
	{ "\xf0\x9f\x98", 0, R },
	{ "\xf0\x9f\x98\xc3\xa9", 0, R "\xc3\xa9" },
	{ "\xe2\x82\xe2\x82\xac", 0, R "\xe2\x82\xac" },
	{ "\xe2\"", 0, R "\\\"" },
	{ "\xf0\x9f\n", 0, R "\\n" },
	{ "x\xe2\x82\xac\xff\xe2\x82\xacy", 0, "x\xe2\x82\xac" R "\xe2\x82\xacy" },
};

/* Every byte of s is ASCII or part of a well-formed sequence. */
static int valid_utf8(const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < n;) {
		unsigned c = u[i], need, lo = 0x80, hi = 0xbf;
		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef)
			need = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
		else if (c >= 0xf0 && c <= 0xf4)
			need = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
		else
			return 0;
		for (unsigned k = 1; k <= need; k++, lo = 0x80, hi = 0xbf)
			if (i + k >= n || u[i + k] < lo || u[i + k] > hi)
				return 0;
		i += need + 1;
	}
	return 1;
}

int main(void)
{
	char buf[256];
	for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		const struct row *r = &rows[k];
		size_t n = r->n ? r->n : strlen(r->in);
		struct gk_out o = gk_out_text(buf, sizeof buf);
		gk_out_json_str(&o, r->in, n);
		size_t len = gk_out_text_end(&o);
		size_t wl = strlen(r->want);
		CHECK(len == wl + 2 && buf[0] == '"' && buf[len - 1] == '"' && !memcmp(buf + 1, r->want, wl),
		      "row %zu: got %s, want \"%s\"", k, buf, r->want);
		CHECK(valid_utf8(buf, len), "row %zu: output not valid UTF-8", k);
		/* the string as a whole JSON line */
		char line[300];
		int m = snprintf(line, sizeof line, "{\"s\":%s}\n", buf);
		CHECK(m > 0 && json_line_ok(line, (size_t)m), "row %zu: not a valid JSON line: %s", k, line);
	}

	/* every 1- and 2-byte input and a walk of 3- and 4-byte ones: output
	 * valid UTF-8, and well-formed input passes unchanged */
	unsigned bad = 0, changed = 0;
	uint64_t seed = 7;
	for (unsigned t = 0; t < 200000; t++) {
		unsigned char in[4];
		size_t n = t < 256 ? 1 : t < 256 + 65536 ? 2 : 3 + (t & 1);
		if (n == 1) {
			in[0] = (unsigned char)t;
		} else if (n == 2) {
			in[0] = (unsigned char)((t - 256) >> 8);
			in[1] = (unsigned char)(t - 256);
		} else {
			uint64_t r = tl_rand(&seed);
			for (size_t i = 0; i < n; i++)
				in[i] = (unsigned char)(0x80 | (r >> (8 * i)));
			in[0] = (unsigned char)(0xe0 + (r >> 40) % 24);
		}
		struct gk_out o = gk_out_text(buf, sizeof buf);
		gk_out_json_body(&o, (const char *)in, n);
		size_t len = gk_out_text_end(&o);
		if (!valid_utf8(buf, len))
			bad++;
		int plain = valid_utf8((const char *)in, n);
		for (size_t i = 0; i < n; i++)
			if (in[i] < 0x20 || in[i] == '"' || in[i] == '\\')
				plain = 0;
		if (plain && (len != n || memcmp(buf, in, n)))
			changed++;
	}
	CHECK(bad == 0, "%u outputs not valid UTF-8", bad);
	CHECK(changed == 0, "%u well-formed inputs changed", changed);

	/* NULL string: nothing; a length query counts what it would write */
	struct gk_out o = GK_OUT_INIT(NULL, 0, NULL, NULL);
	gk_out_json_body(&o, NULL, 5);
	CHECK(o.dropped == 0, "NULL string wrote %zu", o.dropped);
	gk_out_json_str(&o, "\xff", 1);
	CHECK(o.dropped == 8, "length query %zu", o.dropped);
	return tl_done();
}
