/* gfxkit: read, write and check GPU command streams.  Umbrella header. */
#ifndef GFXKIT_H
#define GFXKIT_H

#include "gfxkit/access.h"
#include "gfxkit/amdgpu.h"
#include "gfxkit/asm.h"
#include "gfxkit/buffer.h"
#include "gfxkit/coredump.h"
#include "gfxkit/check.h"
#include "gfxkit/desc.h"
#include "gfxkit/diag.h"
#include "gfxkit/adreno.h"
#include "gfxkit/dma.h"
#include "gfxkit/modifier.h"
#include "gfxkit/msm.h"
#include "gfxkit/engine.h"
#include "gfxkit/exec.h"
#include "gfxkit/input.h"
#include "gfxkit/ir3.h"
#include "gfxkit/lint.h"
#include "gfxkit/memory.h"
#include "gfxkit/output.h"
#include "gfxkit/packet.h"
#include "gfxkit/pm4.h"
#include "gfxkit/regdb.h"
#include "gfxkit/stream.h"
#include "gfxkit/tiling.h"
#include "gfxkit/unit.h"
#include "gfxkit/version.h"

#endif
