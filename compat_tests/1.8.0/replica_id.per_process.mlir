module {
  func.func @main() -> tensor<ui32> {
    %0 = shlo.replica_id : () -> tensor<ui32>
    return %0 : tensor<ui32>
  }
}
