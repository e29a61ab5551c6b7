module {
  func.func @main() -> tensor<4xi32> {
    %0 = shlo.iota {iota_dimension = 0 : i64} : () -> tensor<4xi32>
    return %0 : tensor<4xi32>
  }
}
