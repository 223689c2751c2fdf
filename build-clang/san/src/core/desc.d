build-clang/san/src/core/desc.o: src/core/desc.c include/gfxkit/desc.h \
  include/gfxkit/regdb.h src/core/bits.h

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

src/core/bits.h:
