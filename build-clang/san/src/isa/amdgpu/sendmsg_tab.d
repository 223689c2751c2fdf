build-clang/san/src/isa/amdgpu/sendmsg_tab.o: \
  src/isa/amdgpu/sendmsg_tab.c src/isa/amdgpu/sendmsg_tab.h

src/isa/amdgpu/sendmsg_tab.h:
