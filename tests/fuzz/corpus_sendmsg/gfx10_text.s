s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
msg = 2
s_sendmsg sendmsg(msg, GS_OP_CUT)
.long 0xbf810000, 1
