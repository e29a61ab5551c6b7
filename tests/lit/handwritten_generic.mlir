// Programs written by hand in generic form from the spec: regions, dynamic
// dimensions, quantized types, tokens and tuples. Each parses, verifies and
// prints the same after a round trip through bytecode.
// RUN: shlo-opt %s --generic > %t.1.mlir
// RUN: shlo-opt %s --emit-bytecode | shlo-opt - --generic > %t.2.mlir
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: shlo-opt %t.2.mlir | FileCheck %s

// CHECK-LABEL: func.func @count_down
// CHECK: shlo.while
func.func @count_down(%n: tensor<i64>, %acc: tensor<?x3xf32>) -> (tensor<i64>, tensor<?x3xf32>) {
  %r:2 = "shlo.while"(%n, %acc) ({
  ^bb0(%i: tensor<i64>, %a: tensor<?x3xf32>):
    %zero = "shlo.constant"() {value = dense<0> : tensor<i64>} : () -> tensor<i64>
    %c = "shlo.compare"(%i, %zero) {comparison_direction = #shlo.comparison_direction<GT>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }, {
  ^bb0(%i: tensor<i64>, %a: tensor<?x3xf32>):
    %one = "shlo.constant"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
    %j = "shlo.subtract"(%i, %one) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    %b = "shlo.add"(%a, %a) : (tensor<?x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
    "shlo.return"(%j, %b) : (tensor<i64>, tensor<?x3xf32>) -> ()
  }) : (tensor<i64>, tensor<?x3xf32>) -> (tensor<i64>, tensor<?x3xf32>)
  "func.return"(%r#0, %r#1) : (tensor<i64>, tensor<?x3xf32>) -> ()
}

// CHECK-LABEL: func.func @branch
// CHECK: shlo.if
func.func @branch(%p: tensor<i1>, %x: tensor<2xf32>) -> tensor<2xf32> {
  %r = "shlo.if"(%p) ({
    %n = "shlo.negate"(%x) : (tensor<2xf32>) -> tensor<2xf32>
    "shlo.return"(%n) : (tensor<2xf32>) -> ()
  }, {
    "shlo.return"(%x) : (tensor<2xf32>) -> ()
  }) : (tensor<i1>) -> tensor<2xf32>
  "func.return"(%r) : (tensor<2xf32>) -> ()
}

// CHECK-LABEL: func.func @tokens
// CHECK: shlo.after_all
func.func @tokens(%t0: !shlo.token, %t1: !shlo.token) -> !shlo.token {
  %t = "shlo.after_all"(%t0, %t1) : (!shlo.token, !shlo.token) -> !shlo.token
  "func.return"(%t) : (!shlo.token) -> ()
}

// CHECK-LABEL: func.func @quantized
// CHECK: shlo.uniform_quantize
// CHECK-SAME: !quant.uniform<i8:f32:1, {1.000000e-01:-1,2.000000e-01:2}>
func.func @quantized(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %q = "shlo.uniform_quantize"(%x) : (tensor<4x2xf32>) -> tensor<4x2x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:2}>>
  %d = "shlo.uniform_dequantize"(%q) : (tensor<4x2x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:2}>>) -> tensor<4x2xf32>
  "func.return"(%d) : (tensor<4x2xf32>) -> ()
}

// CHECK-LABEL: func.func @tuples
// CHECK: shlo.tuple
// CHECK: shlo.get_tuple_element
func.func @tuples(%x: tensor<2xf32>, %t: !shlo.token) -> tensor<2xf32> {
  %tup = "shlo.tuple"(%x, %t) : (tensor<2xf32>, !shlo.token) -> tuple<tensor<2xf32>, !shlo.token>
  %nested = "shlo.tuple"(%tup, %x) : (tuple<tensor<2xf32>, !shlo.token>, tensor<2xf32>) -> tuple<tuple<tensor<2xf32>, !shlo.token>, tensor<2xf32>>
  %e = "shlo.get_tuple_element"(%nested) {index = 1 : i32} : (tuple<tuple<tensor<2xf32>, !shlo.token>, tensor<2xf32>>) -> tensor<2xf32>
  "func.return"(%e) : (tensor<2xf32>) -> ()
}
