#include "gfxkit/version.h"

const char *gk_version(void)
{
	return GK_VERSION_STRING;
}
