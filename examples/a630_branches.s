; a loop with a forward exit and a backward jump (labels as Mesa prints them)
mov.u32u32 r0.x, 0
loop:
(rpt2)nop
(nop3) cmps.s.ge p0.x, r0.x, 16
(rpt2)nop
br p0.x, #done
add.u r0.x, r0.x, 1
jump #loop
done:
end
