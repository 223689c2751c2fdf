/* GFX12 surfaces against addrlib: when ../shared exists, every GFX12
 * surface, mip, address, equation and refusal in
 * ../shared/reference/tiling-gfx9 (swz_ref.h). */
#include "swz_ref.h"

int main(void)
{
	sr_run("../shared/reference/tiling-gfx9", 1u << 4);
	return tl_done();
}
