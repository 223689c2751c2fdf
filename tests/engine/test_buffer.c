/* The whole-buffer calls (include/gfxkit/buffer.h): the same output as the
 * stream loop, errors as one line with line and column, the assembler's
 * bytes and error lines, tile info, and NULL and hostile arguments (this
 * runs under ASan/UBSan too). */
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "testlib.h"

static const uint32_t stream[] = { 0xc0012800, 0x80000000, 0x80000000, /* CONTEXT_CONTROL */
				   0xc0001000, 0x0000002a };           /* NOP */

static void test_run(void)
{
	char *out = NULL;
	size_t n = 0;
	int rc = gk_buffer_run("pm4", "evergreen", "bin", stream, sizeof stream, 0, &out, &n);
	CHECK(rc == 0 && out && n == strlen(out) && strstr(out, "0x00000000: CONTEXT_CONTROL") &&
	      strstr(out, "0x0000000c: NOP"), "decode text: %d %s", rc, out ? out : "NULL");
	gk_free(out);
	rc = gk_buffer_run(NULL, "evergreen", NULL, stream, sizeof stream, GK_BUF_JSON | GK_BUF_TEXT, &out, NULL);
	CHECK(rc == 0 && out && !strncmp(out, "{\"offset\":0,", 12) && strstr(out, "\"text\":\"0x0000000c: NOP"),
	      "decode JSON: %s", out ? out : "NULL");
	gk_free(out);
	/* a packet cut short: rc 1, the check line */
	rc = gk_buffer_run("pm4", "cayman", "bin", stream, 8, GK_BUF_CHECK, &out, &n);
	CHECK(rc == 1 && out && strstr(out, "-:0x0: error: CONTEXT_CONTROL"), "check: %d %s", rc, out ? out : "NULL");
	gk_free(out);
	rc = gk_buffer_run("pm4", "cayman", "bin", stream, sizeof stream, GK_BUF_CHECK, &out, &n);
	CHECK(rc == 0 && out && n == 0, "clean check: %d '%s'", rc, out ? out : "NULL");
	gk_free(out);
	/* hex text with a bad line: refused at its line and column, nothing else */
	const char *hex = "c0001000 0000002a\nc0001000 zz\n";
	rc = gk_buffer_run("pm4", "cayman", NULL, hex, strlen(hex), 0, &out, &n);
	CHECK(rc == -1 && out && !strncmp(out, "2:10: 'z' is not a hex digit", 28) && out[strlen(out) - 1] == '\n',
	      "bad text: %d %s", rc, out ? out : "NULL");
	gk_free(out);
	static const struct {
		const char *engine, *gpu, *fmt, *msg;
	} bad[] = {
		{ "pm4", "r900", NULL, "unknown GPU 'r900'" },
		{ "nosuch", "cayman", NULL, "unknown engine 'nosuch'" },
		{ "pm4", "cayman", "nosuch", "unknown input format 'nosuch'" },
		{ "pm4", NULL, NULL, "no GPU" },
	};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		rc = gk_buffer_run(bad[i].engine, bad[i].gpu, bad[i].fmt, stream, sizeof stream, 0, &out, &n);
		CHECK(rc == -1 && out && strstr(out, bad[i].msg) && out[n - 1] == '\n', "%s: %d %s", bad[i].msg, rc,
		      out ? out : "NULL");
		gk_free(out);
	}
	/* a 100,000-byte format name is quoted with 64 of its bytes, not all */
	static char longfmt[100001];
	memset(longfmt, 'Z', sizeof longfmt - 1);
	rc = gk_buffer_run("pm4", "cayman", longfmt, stream, sizeof stream, 0, &out, &n);
	CHECK(rc == -1 && out && n < 512 && strstr(out, "unknown input format 'ZZZZ") && strstr(out, "Z...'"),
	      "long format name: %d, %zu bytes", rc, n);
	gk_free(out);
	CHECK(gk_buffer_run("pm4", "cayman", NULL, NULL, 4, 0, &out, &n) == -1 && out && strstr(out, "NULL data"),
	      "NULL data");
	gk_free(out);
	CHECK(gk_buffer_run("pm4", "cayman", NULL, NULL, 0, 0, &out, &n) == 0 && out && n == 0, "empty input");
	gk_free(out);
	CHECK(gk_buffer_run("pm4", "cayman", NULL, stream, 4, 0, NULL, NULL) == -1, "NULL out");
	gk_free(NULL);
}

static void test_encode(void)
{
	const char *text = "0x00000000: CONTEXT_CONTROL LOAD_CONTROL=DW_ENABLE SHADOW_ENABLE=DW_ENABLE\n"
			   "0x0000000c: NOP\n    DATA_BLOCK 0x0000002a\n";
	void *bytes = NULL;
	size_t n = 0;
	char *errors = NULL;
	int rc = gk_buffer_encode("pm4", "evergreen", text, strlen(text), &bytes, &n, &errors);
	CHECK(rc == 0 && errors && !errors[0] && n == sizeof stream && bytes && !memcmp(bytes, stream, n),
	      "encode: %d, %zu bytes, '%s'", rc, n, errors ? errors : "NULL");
	gk_free(bytes);
	gk_free(errors);
	const char *badtext = "NOP\nNOPE\nCONTEXT_CONTROL BOGUS=1\n";
	rc = gk_buffer_encode("pm4", "evergreen", badtext, strlen(badtext), &bytes, &n, &errors);
	CHECK(rc == 2 && errors && strstr(errors, "2:1: unknown packet NOPE\n") && strstr(errors, "3:"),
	      "encode errors: %d '%s'", rc, errors ? errors : "NULL");
	gk_free(bytes);
	gk_free(errors);
	rc = gk_buffer_encode("dma", "gfx13", "NOP\n", 4, &bytes, &n, &errors);
	CHECK(rc == -1 && !bytes && errors && strstr(errors, "unknown GPU 'gfx13'"), "encode bad GPU: %s",
	      errors ? errors : "NULL");
	gk_free(errors);
	CHECK(gk_buffer_encode("pm4", "cayman", "NOP", 3, NULL, NULL, NULL) == 0, "encode with nowhere to put it");
	CHECK(gk_buffer_encode("pm4", "cayman", NULL, 3, NULL, NULL, &errors) == -1 && errors, "encode NULL text");
	gk_free(errors);
}

static void test_tile(void)
{
	char *out = NULL;
	CHECK(gk_buffer_tile_info(0x02000001a9580400ull, 32, 100, 37, 1, &out) == 0 && out &&
	      strstr(out, "\"pitch\":128"), "tile info: %s", out ? out : "NULL");
	gk_free(out);
	CHECK(gk_buffer_tile_info(0x02000001a9580400ull, 33, 100, 37, 1, &out) == -1 && out &&
	      !strncmp(out, "{\"error\":\"bpp 33", 16), "tile error: %s", out ? out : "NULL");
	gk_free(out);
	CHECK(gk_buffer_tile_info(0x0100000000000001ull, 32, 4, 4, 1, &out) == -1 && out && strstr(out, "not a GFX6-8 AMD modifier"),
	      "Intel's X_TILED is no GFX6-8 modifier: %s",
	      out ? out : "NULL");
	gk_free(out);
	CHECK(gk_buffer_tile_info(0x02000001a9580400ull, 32, 100, 37, 1, NULL) == -1, "tile NULL out");
}

int main(void)
{
	test_run();
	test_encode();
	test_tile();
	return tl_done();
}
