/* The library as a caller sees it: formats, framing, field lookup by name. */
#include "gfxkit/gfxkit.h"
#include "testlib.h"

int main(void)
{
	struct gk_format fmt;
	CHECK(gk_pm4_format_init(&fmt, "nosuchgpu") == -1, "unknown GPU accepted");
	CHECK(gk_pm4_format_init(&fmt, 0) == -1, "NULL GPU accepted");
	CHECK(gk_pm4_format_init(&fmt, "cypress") == 0 && fmt.gen_bit == GK_PM4_EVERGREEN, "cypress is evergreen");

	/* EVENT_WRITE_EOP: DATA_SEL decides which ADDRESS variant is shown */
	const uint32_t eop[] = { 0xc0044700, 0x00000514, 0x00100000, 0x42000000, 0x1234, 0 };
	struct gk_packet pkt;
	gk_packet_frame(&fmt, eop, 6, 0x40, &pkt);
	uint64_t v = 0;
	CHECK(pkt.frame.desc && !strcmp(pkt.frame.desc->name, "EVENT_WRITE_EOP"), "framed as EOP");
	CHECK(pkt.offset == 0x40 && pkt.ndw == 6 && !pkt.truncated, "offset/length");
	CHECK(gk_packet_field(&fmt, &pkt, "ADDRESS", &v) == 0 && v == 0x100000, "ADDRESS=0x%llx", (unsigned long long)v);
	CHECK(gk_packet_field(&fmt, &pkt, "DATA_SEL", &v) == 0 && v == 2, "DATA_SEL=%llu", (unsigned long long)v);
	CHECK(gk_packet_field(&fmt, &pkt, "INT_SEL", &v) == 0 && v == 2, "INT_SEL=%llu", (unsigned long long)v);
	CHECK(gk_packet_field(&fmt, &pkt, "COUNT", &v) == 0 && v == 4, "COUNT=%llu", (unsigned long long)v);
	CHECK(gk_packet_field(&fmt, &pkt, "NOPE", &v) == -1, "unknown field found");

	/* a short COUNT hides the fields it cuts off */
	const uint32_t shortp[] = { 0xc0014700, 0x00000514, 0x00100000 };
	gk_packet_frame(&fmt, shortp, 3, 0, &pkt);
	CHECK(gk_packet_field(&fmt, &pkt, "DATA_LO", &v) == -1, "cut-off field shown");
	CHECK(gk_packet_field(&fmt, &pkt, "EVENT_TYPE", &v) == 0 && v == 0x14, "EVENT_TYPE");

	/* truncated: nothing is explained */
	gk_packet_frame(&fmt, eop, 3, 0, &pkt);
	CHECK(pkt.truncated && pkt.ndw == 3 && pkt.frame.ndw == 6, "truncated framing");
	CHECK(gk_packet_field(&fmt, &pkt, "EVENT_TYPE", &v) == -1, "field of a truncated packet");

	/* per-generation fields: VMID of INDIRECT_BUFFER exists from Cayman on */
	const uint32_t ib[] = { 0xc0023200, 0x1000, 0, 0x05000010 };
	gk_packet_frame(&fmt, ib, 4, 0, &pkt);
	CHECK(gk_packet_field(&fmt, &pkt, "VMID", &v) == -1, "VMID on evergreen");
	struct gk_format cm;
	gk_pm4_format_init(&cm, "aruba");
	gk_packet_frame(&cm, ib, 4, 0, &pkt);
	CHECK(gk_packet_field(&cm, &pkt, "VMID", &v) == 0 && v == 5, "VMID on cayman");
	CHECK(gk_packet_field(&cm, &pkt, "IB_SIZE", &v) == 0 && v == 16, "IB_SIZE");

	/* descriptions by name and alias */
	CHECK(gk_format_find(&fmt, "DRAW_INDEX_IMMD", 15) == gk_format_find(&fmt, "DRAW_INDEX_IMMED", 16),
	      "alias lookup");
	const struct gk_packet_desc *sr = gk_format_find(&fmt, "SET_RESOURCE", 12);
	CHECK(sr && sr->tail_unit == 8, "evergreen SET_RESOURCE is 8 dwords a resource");
	struct gk_format r6;
	gk_pm4_format_init(&r6, "rv670");
	sr = gk_format_find(&r6, "SET_RESOURCE", 12);
	CHECK(sr && sr->tail_unit == 7, "r600 SET_RESOURCE is 7 dwords a resource");
	/* name lengths the table macros record match the names */
	unsigned bad = 0, seen = 0;
	for (size_t k = 0; k < fmt.ndescs; k++) {
		const struct gk_packet_desc *d = &fmt.descs[k];
		const struct gk_field *lists[3] = { d->hdr, d->fields, d->group };
		unsigned counts[3] = { d->nhdr, d->nfields, d->ngroup };
		for (unsigned l = 0; l < 3; l++)
			for (unsigned i = 0; i < counts[l]; i++, seen++)
				if (lists[l][i].namelen != strlen(lists[l][i].name))
					bad++;
	}
	CHECK(bad == 0 && seen > 300, "%u of %u field name lengths wrong", bad, seen);
	return tl_done();
}
