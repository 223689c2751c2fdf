build-clang/obj/src/core/input.o: src/core/input.c \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h \
  include/gfxkit/diag.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:
