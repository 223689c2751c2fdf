/* Self-test of the JSON validator the tests and fuzz targets lean on
 * (tests/jsoncheck.h): a validator that accepts bad JSON would let every
 * JSON test pass.  Each row is one line's text (a newline is added). */
#include "jsoncheck.h"
#include "testlib.h"

struct row {
	const char *text;
	size_t n; /* 0: strlen(text) */
	bool ok;
};

#define B(s) s, sizeof s - 1 /* a text with a NUL inside */

static const struct row rows[] = {
	/* objects, arrays, literals */
	{ "{}", 0, true },
	{ " { } ", 0, true },
	{ "{\"a\":1}", 0, true },
	{ "{\"a\":[1,2,{\"b\":null}],\"c\":true,\"d\":false}", 0, true },
	{ "{\"a\":[]}", 0, true },
	{ "[]", 0, false },                 /* a line is one object */
	{ "{\"a\":1,}", 0, false },
	{ "{\"a\":1 \"b\":2}", 0, false },
	{ "{\"a\":1,\"a\":2}", 0, false },  /* duplicate key */
	{ "{\"a\"}", 0, false },
	{ "{a:1}", 0, false },
	{ "{\"a\":tru}", 0, false },
	{ "{\"a\":nul}", 0, false },
	{ "{\"a\":[1,]}", 0, false },
	{ "{\"a\":1}}", 0, false },
	{ "{\"a\":1", 0, false },
	/* numbers: RFC 8259 section 6 */
	{ "{\"n\":0}", 0, true },
	{ "{\"n\":-0}", 0, true },
	{ "{\"n\":123}", 0, true },
	{ "{\"n\":-123}", 0, true },
	{ "{\"n\":1.5}", 0, true },
	{ "{\"n\":0.5}", 0, true },
	{ "{\"n\":-0.0}", 0, true },
	{ "{\"n\":1e10}", 0, true },
	{ "{\"n\":1E+10}", 0, true },
	{ "{\"n\":1e-10}", 0, true },
	{ "{\"n\":0e0}", 0, true },
	{ "{\"n\":1.25e-3}", 0, true },
	{ "{\"n\":18446744073709551615}", 0, true },
	{ "{\"n\":01}", 0, false },         /* leading zero */
	{ "{\"n\":-01}", 0, false },
	{ "{\"n\":00}", 0, false },
	{ "{\"n\":+1}", 0, false },         /* leading '+' */
	{ "{\"n\":.5}", 0, false },
	{ "{\"n\":-.5}", 0, false },
	{ "{\"n\":1.}", 0, false },         /* trailing '.' */
	{ "{\"n\":1.e5}", 0, false },
	{ "{\"n\":1e}", 0, false },         /* exponent without digits */
	{ "{\"n\":1e+}", 0, false },
	{ "{\"n\":1E-}", 0, false },
	{ "{\"n\":1e5.5}", 0, false },
	{ "{\"n\":1.2.3}", 0, false },
	{ "{\"n\":1-2}", 0, false },
	{ "{\"n\":--1}", 0, false },
	{ "{\"n\":-}", 0, false },
	{ "{\"n\":0x10}", 0, false },
	{ "{\"n\":NaN}", 0, false },
	{ "{\"n\":Infinity}", 0, false },
	{ "{\"n\":-Infinity}", 0, false },
	{ "{\"n\":1 2}", 0, false },
	/* strings: escapes and control characters */
	{ "{\"s\":\"\"}", 0, true },
	{ "{\"s\":\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"}", 0, true },
	{ "{\"s\":\"\\u0000\\u001F\\ufffd\"}", 0, true },
	{ "{\"s\":\"\\x41\"}", 0, false },
	{ "{\"s\":\"\\u12\"}", 0, false },
	{ "{\"s\":\"\\u12g4\"}", 0, false },
	{ "{\"s\":\"\\\"}", 0, false },
	{ "{\"s\":\"a\tb\"}", 0, false },   /* raw tab */
	{ "{\"s\":\"a\x01\"}", 0, false },
	{ "{\"s\":\"a\x1f\"}", 0, false },
	{ B("{\"s\":\"a\0\"}"), false },     /* raw NUL */
	{ B("{\"s\":\"\\u00\0\"}"), false }, /* NUL inside \u */
	{ B("{\"s\":\"\\u00\0a\"}"), false },
	{ B("{\"s\":\"\\\0\"}"), false },   /* backslash NUL */
	{ B("{\"s\":\"\\u0041\"}"), true },  /* the same length machinery, valid */
	{ "{\"s\":\"a\x7f\"}", 0, true },    /* DEL needs no escape */
	{ "{\"s\":\"unterminated}", 0, false },
	/* strings: UTF-8 (RFC 8259 section 8.1) */
	{ "{\"s\":\"\xc3\xa9\"}", 0, true },
	{ "{\"s\":\"\xe2\x82\xac\"}", 0, true },
	{ "{\"s\":\"\xf0\x9f\x98\x80\"}", 0, true },
	{ "{\"s\":\"\xf4\x8f\xbf\xbf\"}", 0, true },
	{ "{\"s\":\"\xed\x9f\xbf\"}", 0, true },
	{ "{\"s\":\"\xff\"}", 0, false },
	{ "{\"s\":\"\x80\"}", 0, false },    /* stray continuation */
	{ "{\"s\":\"\xc0\xaf\"}", 0, false }, /* overlong */
	{ "{\"s\":\"\xe0\x80\xaf\"}", 0, false },
	{ "{\"s\":\"\xf0\x8f\xbf\xbf\"}", 0, false },
	{ "{\"s\":\"\xed\xa0\x80\"}", 0, false }, /* surrogate */
	{ "{\"s\":\"\xf4\x90\x80\x80\"}", 0, false }, /* above U+10FFFF */
	{ "{\"s\":\"\xf5\x80\x80\x80\"}", 0, false },
	{ "{\"s\":\"\xc3\"}", 0, false },    /* cut short by the quote */
	{ "{\"s\":\"\xe2\x82\"}", 0, false },
	{ "{\"\xff\":1}", 0, false },        /* keys too */
};

int main(void)
{
	char line[128];
	for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
		const struct row *r = &rows[k];
		size_t n = r->n ? r->n : strlen(r->text);
		memcpy(line, r->text, n);
		line[n] = '\n';
		bool got = json_line_ok(line, n + 1);
		CHECK(got == r->ok, "row %zu (%s): %s, want %s", k, r->text, got ? "valid" : "invalid",
		      r->ok ? "valid" : "invalid");
	}
	/* the line framing */
	CHECK(!json_line_ok("{}", 2), "no newline");
	CHECK(!json_line_ok("{}\n{}\n", 6), "two objects");
	CHECK(!json_line_ok("\n", 1), "empty line");
	/* a number cut by the end of the text */
	CHECK(!json_line_ok("{\"n\":1.\n", 8), "cut number");
	return tl_done();
}
