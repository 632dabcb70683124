#include <libyuv.h>
