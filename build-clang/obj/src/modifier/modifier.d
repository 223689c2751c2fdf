build-clang/obj/src/modifier/modifier.o: src/modifier/modifier.c \
  include/gfxkit/modifier.h include/gfxkit/diag.h \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h \
  include/gfxkit/tiling.h src/core/out.h src/modifier/modifier_tab.h

include/gfxkit/modifier.h:

include/gfxkit/diag.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/tiling.h:

src/core/out.h:

src/modifier/modifier_tab.h:
