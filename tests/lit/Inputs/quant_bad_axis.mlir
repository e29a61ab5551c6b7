func.func @main(%x: tensor<4x3xf32>) -> tensor<4x3x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:2}>> {
  %q = "shlo.uniform_quantize"(%x) : (tensor<4x3xf32>) -> tensor<4x3x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:2}>>
  "func.return"(%q) : (tensor<4x3x!quant.uniform<i8:f32:1, {0.1:-1, 0.2:2}>>) -> ()
}
