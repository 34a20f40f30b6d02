/* api_int.h - internal to api/: the context behind spadc_ctx, shared by
 * the files of the one door (spadc.c: modules and programs; data.c: the
 * data files and inputs the command-line tool reads and writes). Every
 * entry point ends through api_finish, which records the status and
 * formats the message spadc_error returns. */
#ifndef SPADC_API_INT_H
#define SPADC_API_INT_H

#include "spadc.h"

#include "base/ctx.h"

struct spadc_ctx {
    sp_ctx c;
    int status;
    char msg[SP_ERR_FILE_MAX + SP_ERR_MSG_MAX + 64];
};

/* Record st (and the formatted error, unless SP_OK) as the context's last
 * status; returns st. */
int api_finish(spadc_ctx *ctx, sp_status st);

#endif
