#include "textflag.h"

// func countTwoAVX2(p []byte, a, b byte) (na, nb int)
//
// The bytes of p equal to a and to b, len(p) a multiple of 64: each
// comparison's -1 bytes are subtracted from per-lane byte counters, which
// are summed into 64-bit ones (VPSADBW) every 127 blocks, before a lane
// can pass 255.
TEXT ·countTwoAVX2(SB), NOSPLIT, $0-48
	MOVQ    p_base+0(FP), SI
	MOVQ    p_len+8(FP), CX
	SHRQ    $6, CX
	MOVBLZX a+24(FP), AX
	VMOVD   AX, X0
	VPBROADCASTB X0, Y0
	MOVBLZX b+25(FP), AX
	VMOVD   AX, X1
	VPBROADCASTB X1, Y1
	VPXOR   Y4, Y4, Y4
	VPXOR   Y8, Y8, Y8
	VPXOR   Y9, Y9, Y9

outer:
	TESTQ   CX, CX
	JZ      done
	MOVQ    $127, DX
	CMPQ    CX, DX
	CMOVQLT CX, DX
	SUBQ    DX, CX
	VPXOR   Y2, Y2, Y2
	VPXOR   Y3, Y3, Y3

inner:
	VMOVDQU (SI), Y5
	VMOVDQU 32(SI), Y10
	VPCMPEQB Y0, Y5, Y6
	VPSUBB  Y6, Y2, Y2
	VPCMPEQB Y1, Y5, Y7
	VPSUBB  Y7, Y3, Y3
	VPCMPEQB Y0, Y10, Y6
	VPSUBB  Y6, Y2, Y2
	VPCMPEQB Y1, Y10, Y7
	VPSUBB  Y7, Y3, Y3
	ADDQ    $64, SI
	DECQ    DX
	JNZ     inner
	VPSADBW Y4, Y2, Y2
	VPADDQ  Y2, Y8, Y8
	VPSADBW Y4, Y3, Y3
	VPADDQ  Y3, Y9, Y9
	JMP     outer

done:
	VEXTRACTI128 $1, Y8, X6
	VPADDQ  X6, X8, X8
	VPSHUFD $0x4e, X8, X6
	VPADDQ  X6, X8, X8
	VMOVQ   X8, AX
	MOVQ    AX, na+32(FP)
	VEXTRACTI128 $1, Y9, X6
	VPADDQ  X6, X9, X9
	VPSHUFD $0x4e, X9, X6
	VPADDQ  X6, X9, X9
	VMOVQ   X9, AX
	MOVQ    AX, nb+40(FP)
	VZEROUPPER
	RET
