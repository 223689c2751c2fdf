; An a6xx compute-shader fragment, cat6 (seed 002) in Mesa's syntax: read a
; uniform, load from global memory with both address forms, bindless
; SSBO/image loads, stores and atomics, local and private memory.
getfiberid.u32 r0.y
getwid.u32 r1.y
ldc.offset0.1.uniform r0.x, 0, r0.x
ldc.1.k.imm.base0 c[a1.x], 0, 0
ldg.u32 r1.z, g[r1.z+7], 1
ldg.a.f32 r1.w, g[r1.y+((r1.w+1)<<2)], 3
ldg.a.f32 r1.w, g[r1.y+(((r1.w<<3)+2)<<2)], 3
(sy)ldib.b.untyped.1d.u32.4.nonuniform.base0 r2.z, r2.z, r1.z
resinfo.b.untyped.2d.u32.1.imm.base0 r0.x, 0
stib.b.untyped.1d.u32.3.imm.base0 r0.x, r0.w, 1
(sy)atomic.b.add.typed.2d.u32.1.nonuniform.base0 r1.x, r0.z, r1.z
atomic.g.add.untyped.1d.u32.1.g r0.z, r0.x, r0.z
stg.a.u32 g[r2.x+((r1.x+1)<<2)], r5.x, 1
stg.s32 g[r0.z+305], r8.y, 3
stl.f32 l[r2.w+16], r0.x, 4
ldl.f32 r0.z, l[r0.z+12], 1
(sy)atomic.max.untyped.1d.u32.1.l r0.w, l[r0.z], r0.w
stp.f32 p[r11.y-176], r0.y, 1
ldp.u32 r2.x, p[r6.x], 1
stc.u32 c[a1.x+32], r0.x, 3
