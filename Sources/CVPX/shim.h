#include <vpx/vpx_decoder.h>
#include <vpx/vp8dx.h>
