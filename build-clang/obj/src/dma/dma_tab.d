build-clang/obj/src/dma/dma_tab.o: src/dma/dma_tab.c src/dma/dma_tab.h \
  include/gfxkit/desc.h include/gfxkit/regdb.h include/gfxkit/dma.h \
  src/core/desc_macros.h

src/dma/dma_tab.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:

include/gfxkit/dma.h:

src/core/desc_macros.h:
