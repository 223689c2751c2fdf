build-clang/san/src/isa/amdgpu/lex.o: src/isa/amdgpu/lex.c \
  src/isa/amdgpu/lex.h include/gfxkit/amdgpu.h include/gfxkit/diag.h \
  include/gfxkit/stream.h include/gfxkit/desc.h include/gfxkit/regdb.h

src/isa/amdgpu/lex.h:

include/gfxkit/amdgpu.h:

include/gfxkit/diag.h:

include/gfxkit/stream.h:

include/gfxkit/desc.h:

include/gfxkit/regdb.h:
