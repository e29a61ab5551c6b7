// Wrong hand-written programs are rejected with the spec constraint id.
// RUN: not shlo-opt %s --split 2>&1 | FileCheck %s --check-prefix=NOSPLIT
// NOSPLIT: unrecognized arguments
// RUN: not shlo-opt %S/Inputs/while_bad_cond.mlir 2>&1 | FileCheck %s --check-prefix=WHILE
// WHILE: 'shlo.while' violates while.C
// RUN: not shlo-opt %S/Inputs/tuple_bad_index.mlir 2>&1 | FileCheck %s --check-prefix=TUPLE
// TUPLE: 'shlo.get_tuple_element' violates get_tuple_element.C
// RUN: not shlo-opt %S/Inputs/quant_bad_axis.mlir 2>&1 | FileCheck %s --check-prefix=QUANT
// QUANT: 'shlo.uniform_quantize' violates uniform_quantize.O1: `result` has type tensor<4x3x!quant.uniform<i8:f32:1, {1.000000e-01:-1,2.000000e-01:2}>>: a per-axis quantized tensor needs its quantization dimension 1 in range with size 2
