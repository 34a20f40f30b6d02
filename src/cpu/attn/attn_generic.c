/* attn_generic.c - the fused attention's row engine (attn_exec.h), portable. */
#define ATTN_ROWS_FN cpu_attn_rows_generic
#include "attn_exec.h"
