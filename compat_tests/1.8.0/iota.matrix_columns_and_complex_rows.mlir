module {
  func.func @main() -> (tensor<2x3xf32>, tensor<2x2xcomplex<f32>>) {
    %0 = shlo.iota {iota_dimension = 1 : i64} : () -> tensor<2x3xf32>
    %1 = shlo.iota {iota_dimension = 0 : i64} : () -> tensor<2x2xcomplex<f32>>
    return %0, %1 : tensor<2x3xf32>, tensor<2x2xcomplex<f32>>
  }
}
