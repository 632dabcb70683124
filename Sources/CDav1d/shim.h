#include <errno.h>
#include <dav1d/dav1d.h>

/// dav1d's "try again" status (DAV1D_ERR(EAGAIN)), which Swift cannot import as a macro.
static inline int framebench_dav1d_again(void) { return DAV1D_ERR(EAGAIN); }
