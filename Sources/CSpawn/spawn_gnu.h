#ifndef FRAMEBENCH_SPAWN_GNU_H
#define FRAMEBENCH_SPAWN_GNU_H

#include <spawn.h>

/* glibc's GNU extensions for starting a child, which Swift's Glibc module
 * leaves out (it is built without _GNU_SOURCE), declared as glibc declares
 * them: a working directory and a closing of every descriptor from `from`
 * up as spawn file actions (glibc 2.29 and 2.34), and a pipe made with
 * flags (O_CLOEXEC) in one call. */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *__restrict actions,
                                                const char *__restrict path);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
extern int pipe2(int descriptors[2], int flags);

#endif
