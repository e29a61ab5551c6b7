// Root of the shlo ODS: the handwritten base plus the files that
// tools/gen_spec.py generates from spec/.
#ifndef SHLO_TD
#define SHLO_TD
include "ShloBase.td"
include "ShloAttrs.td"
include "ShloOps.td"
#endif
