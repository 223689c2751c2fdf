build-clang/obj/src/modifier/modifier_tab.o: src/modifier/modifier_tab.c \
  src/modifier/modifier_tab.h include/gfxkit/desc.h \
  include/gfxkit/regdb.h include/gfxkit/modifier.h include/gfxkit/diag.h \
  include/gfxkit/stream.h include/gfxkit/tiling.h src/core/desc_macros.h

src/modifier/modifier_tab.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/modifier.h:

include/gfxkit/diag.h:

include/gfxkit/stream.h:

include/gfxkit/tiling.h:

src/core/desc_macros.h:
