/* One packet's description by name (gk_engine_describe_unit, `gfxkit list
 * NAME`): every packet of a table engine's GPU describes, as text and as
 * JSON valid against docs/json-schema.json's "description"; the text shows
 * each field's dword, bits, kind and named values; names are
 * case-insensitive; unknown names and packets of another generation are
 * errors that say so (with the closest name); engines without descriptions
 * say that. */
#include <stdbool.h>
#include <stdint.h>

#include "gfxkit/gfxkit.h"
#include "jsonschema.h"
#include "testlib.h"

static struct js_doc schema, inst;

static bool valid(const char *json, size_t n)
{
	return js_valid_text(&schema, js_get(&schema, js_get(&schema, 0, "$defs"), "description"), &inst, json, n);
}

/* describe name on engine/gpu into a string: rc, and the text in *out */
static int describe(const char *engine, const char *gpu, const char *name, bool json, struct gk_membuf *out,
		    struct gk_diag *err)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	char buf[256];
	struct gk_out o = GK_OUT_INIT(buf, sizeof buf, gk_membuf_write, out);
	int rc = gk_engine_describe_unit(e, name, json, &o, err);
	gk_out_flush(&o);
	gk_engine_close(e);
	return rc;
}

/* every packet of the GPU: text and schema-valid JSON */
static void every_packet(const char *engine, const char *gpu, bool have_schema)
{
	struct gk_engine *e = gk_engine_open(engine, gpu, NULL);
	const struct gk_format *fmt = gk_engine_format(e);
	unsigned described = 0, bad = 0;
	for (size_t i = 0; fmt && i < fmt->ndescs; i++) {
		const struct gk_packet_desc *d = &fmt->descs[i];
		if (!(d->gens & fmt->gen_bit))
			continue;
		struct gk_membuf t = { 0 }, j = { 0 };
		struct gk_diag err;
		int rt = describe(engine, gpu, d->name, false, &t, &err);
		int rj = describe(engine, gpu, d->name, true, &j, &err);
		bool ok = rt == 0 && rj == 0 && t.p && !strncmp(t.p, d->name, strlen(d->name)) && j.p &&
			  (!have_schema || valid(j.p, j.n - 1 /* the newline */));
		if (!ok && bad++ < 3)
			printf("  %s %s %s: text %d, json %d: %s\n", engine, gpu, d->name, rt, rj, j.p ? j.p : "");
		described += ok;
		free(t.p);
		free(j.p);
	}
	CHECK(described > 10 && bad == 0, "%s %s: %u packets described, %u not", engine, gpu, described, bad);
	gk_engine_close(e);
}

int main(void)
{
	bool have_schema = js_load(&schema, "docs/json-schema.json");
	CHECK(have_schema, "docs/json-schema.json read (run from the repository root)");
	every_packet("pm4", "evergreen", have_schema);
	every_packet("pm4", "r600", have_schema);
	every_packet("pm4", "gfx9", have_schema);
	every_packet("pm4", "gfx11", have_schema);
	every_packet("dma", "cayman", have_schema);
	every_packet("dma", "cik", have_schema);

	struct gk_membuf t = { 0 };
	struct gk_diag err;
	CHECK(describe("pm4", "evergreen", "mem_write", false, &t, &err) == 0 && t.p &&
	      strstr(t.p, "MEM_WRITE  opcode 0x3d  on r600 r700 evergreen cayman\n") &&
	      strstr(t.p, "\n  dw1[31:2]+dw2[7:0]       ADDRESS                address") &&
	      strstr(t.p, "\n  dw1[1:0]                 SWAP                   enum: NONE=0 8IN16=1 8IN32=2 8IN64=3\n"),
	      "MEM_WRITE text:\n%s", t.p ? t.p : "");
	free(t.p);
	t = (struct gk_membuf){ 0 };
	CHECK(describe("dma", "cik", "COPY_LINEAR", false, &t, &err) == 0 && t.p &&
	      strstr(t.p, "COPY_LINEAR  opcode 0x01/0x00  on cik\n  source: the DMA packet reference (r6xx-CIK), cik 1;"),
	      "COPY_LINEAR names its source document:\n%s", t.p ? t.p : "");
	free(t.p);
	t = (struct gk_membuf){ 0 };
	CHECK(describe("pm4", "evergreen", "MEM_WRIT", false, &t, &err) == -1 &&
	      !strcmp(err.message, "no pm4 packet MEM_WRIT on evergreen; did you mean MEM_WRITE?") && !t.p,
	      "unknown name: %s", err.message);
	CHECK(describe("pm4", "evergreen", "XYZZY_PLUGH", false, &t, &err) == -1 &&
	      !strcmp(err.message, "no pm4 packet XYZZY_PLUGH on evergreen"), "nothing close: %s", err.message);
	CHECK(describe("pm4", "cayman", "NOP_PAD", false, &t, &err) == -1 &&
	      !strcmp(err.message, "NOP_PAD is not a pm4 packet on cayman"), "another generation's: %s", err.message);
	CHECK(describe("isa", "a630", "mov", false, &t, &err) == -1 && strstr(err.message, "ir3 has no descriptions"),
	      "ir3: %s", err.message);
	CHECK(gk_engine_describe_unit(NULL, "NOP", false, NULL, &err) == -1 && gk_engine_describe_unit(NULL, NULL, 0, NULL, NULL) == -1,
	      "NULLs");
	js_free(&schema);
	js_free(&inst);
	return tl_done();
}
