build-clang/san/src/core/packet.o: src/core/packet.c \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h \
  include/gfxkit/diag.h src/core/layout.h

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/diag.h:

src/core/layout.h:
