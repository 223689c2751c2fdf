/* GFX10, GFX10.3 and GFX11 surfaces against addrlib: when ../shared exists,
 * every surface, mip, address, equation and refusal of those generations in
 * ../shared/reference/tiling-gfx9 (swz_ref.h); always, the committed vectors
 * of tests/vectors/swz_gfx10.tsv. */
#include "swz_ref.h"

int main(void)
{
	sr_run("../shared/reference/tiling-gfx9", 1u << 1 | 1u << 2 | 1u << 3);
	return tl_done();
}
