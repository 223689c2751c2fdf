/* The s_sendmsg tables are sound (src/isa/amdgpu/sendmsg_tab.c): geometry
 * inside 16 bits without overlaps, one array entry per id, operation masks
 * within the named operations, names unique and meaning the same id on every
 * generation (the parser relies on that), GPU names unique, texts fit. */
#include <stdbool.h>

#include "gfxkit/amdgpu.h"
#include "isa/amdgpu/sendmsg_tab.h"
#include "testlib.h"

static void test_gen(const struct gk_amdgpu_gen *g)
{
	CHECK(g->msg_bits >= 1 && g->msg_bits <= 8 && g->op_bits <= 3 && g->stream_bits <= 2, "%s: widths", g->name);
	CHECK(g->nmsg == 1u << g->msg_bits, "%s: %u messages for a %u-bit id", g->name, g->nmsg, g->msg_bits);
	unsigned m = sm_mask(g->msg_lo, g->msg_bits), o = sm_mask(g->op_lo, g->op_bits),
		 s = sm_mask(g->stream_lo, g->stream_bits);
	CHECK(!(m & o) && !(m & s) && !(o & s), "%s: parts overlap", g->name);
	CHECK(g->msg_lo + g->msg_bits <= 16 && g->op_lo + g->op_bits <= 16 && g->stream_lo + g->stream_bits <= 16,
	      "%s: a part beyond bit 15", g->name);
	CHECK(g->sopp_sendmsg < 128 && g->sopp_sendmsghalt < 128 && g->sopp_sendmsg != g->sopp_sendmsghalt,
	      "%s: SOPP opcodes", g->name);
	CHECK(g->fallback_ops != NULL, "%s: no fallback operation names", g->name);
	for (unsigned id = 0; id < g->nmsg; id++) {
		const struct sm_msg *x = &g->msg[id];
		if (!x->name) {
			CHECK(!x->ops && !x->valid_ops && !x->stream_ops, "%s: id %u has no name but operations", g->name, id);
			continue;
		}
		CHECK(!strncmp(x->name, "MSG_", 4), "%s: %s", g->name, x->name);
		if (!x->ops) {
			CHECK(x->valid_ops == 1 && x->stream_ops == 0, "%s %s: no operations means op 0 only", g->name,
			      x->name);
		} else {
			CHECK(g->op_bits > 0, "%s %s: operations without an operation field", g->name, x->name);
			for (unsigned k = 0; k < SM_NOP; k++) {
				if ((x->valid_ops >> k) & 1)
					CHECK(k < (1u << g->op_bits) && x->ops->name[k], "%s %s: valid op %u has no name",
					      g->name, x->name, k);
			}
			CHECK((x->stream_ops & ~x->valid_ops) == 0, "%s %s: a stream on an invalid op", g->name, x->name);
			CHECK(!x->stream_ops || g->stream_bits > 0, "%s %s: streams without a field", g->name, x->name);
		}
		/* unique here, and the same id wherever another generation has the name */
		for (unsigned gi = 0; gi < gk_sm_ngens; gi++) {
			const struct gk_amdgpu_gen *h = &gk_sm_gens[gi];
			for (unsigned j = 0; j < h->nmsg; j++)
				if (h->msg[j].name && !strcmp(h->msg[j].name, x->name))
					CHECK(j == id, "%s %s is id %u, %s has it as %u", g->name, x->name, id, h->name, j);
		}
	}
	/* every text fits */
	for (unsigned v = 0; v < 0x10000; v++) {
		char buf[GK_SENDMSG_TEXT_MAX + 8];
		size_t n = gk_sendmsg_format(g, (uint16_t)v, buf, sizeof buf);
		if (n >= GK_SENDMSG_TEXT_MAX) {
			CHECK(0, "%s 0x%04x: '%s' is %zu characters", g->name, v, buf, n);
			break;
		}
	}
}

int main(void)
{
	CHECK(gk_sm_ngens >= 5, "%u generations", gk_sm_ngens);
	for (unsigned i = 0; i < gk_sm_ngens; i++) {
		test_gen(&gk_sm_gens[i]);
		/* gen names and GPU names: each finds its own row only */
		CHECK(gk_amdgpu_gen_find(gk_sm_gens[i].name) == &gk_sm_gens[i], "%s", gk_sm_gens[i].name);
		char gpus[512];
		snprintf(gpus, sizeof gpus, "%s", gk_sm_gens[i].gpus);
		for (char *w = strtok(gpus, " "); w; w = strtok(NULL, " "))
			CHECK(gk_amdgpu_gen_find(w) == &gk_sm_gens[i], "%s -> %s", w, gk_amdgpu_gen_name(gk_amdgpu_gen_find(w)));
	}
	/* op name families: names unique within a family */
	for (unsigned i = 0; i < gk_sm_ngens; i++)
		for (unsigned id = 0; id < gk_sm_gens[i].nmsg; id++) {
			const struct sm_opnames *ops = gk_sm_gens[i].msg[id].ops;
			for (unsigned a = 0; ops && a < SM_NOP; a++)
				for (unsigned b = a + 1; b < SM_NOP; b++)
					if (ops->name[a] && ops->name[b])
						CHECK(strcmp(ops->name[a], ops->name[b]), "%s: %s twice", gk_sm_gens[i].name,
						      ops->name[a]);
		}
	return tl_done();
}
