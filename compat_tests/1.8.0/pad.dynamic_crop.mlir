module {
  func.func @main(%arg0: tensor<?x3xbf16>, %arg1: tensor<bf16>) -> tensor<?x2xbf16> {
    %0 = shlo.pad %arg0, %arg1 {edge_padding_high = array<i64: 0, -1>, edge_padding_low = array<i64: 1, 0>, interior_padding = array<i64: 0, 0>} : (tensor<?x3xbf16>, tensor<bf16>) -> tensor<?x2xbf16>
    return %0 : tensor<?x2xbf16>
  }
}
