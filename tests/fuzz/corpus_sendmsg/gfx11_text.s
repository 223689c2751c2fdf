s_sendmsg sendmsg(MSG_RTN_GET_TBA)
s_sendmsghalt 0x85
