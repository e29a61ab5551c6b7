// The named pipeline takes a program down to the LLVM dialect; a custom_call
// that cannot run compiled is an error naming its target.
// RUN: shlo-opt %s -p 'builtin.module(shlo-lower-to-llvm)' | FileCheck %s
// RUN: not shlo-opt %S/Inputs/custom_call.mlir -p 'builtin.module(shlo-legalize-to-linalg)' 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: llvm.func @main
// CHECK: llvm.fadd
// CHECK-NOT: linalg.
// ERR: shlo.custom_call: custom_call target 'my_kernel' cannot be compiled
func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = shlo.add %a, %a : tensor<4xf32>
  func.return %0 : tensor<4xf32>
}
