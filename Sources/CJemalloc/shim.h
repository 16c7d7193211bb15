// jemalloc from Debian's libjemalloc-dev (`apt-get install libjemalloc-dev`). Linking it
// makes jemalloc the process's malloc, so its statistics cover every allocation.
#include <jemalloc/jemalloc.h>
