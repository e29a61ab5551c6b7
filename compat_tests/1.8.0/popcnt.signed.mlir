module {
  func.func @main(%arg0: tensor<5xi8>) -> tensor<5xi8> {
    %0 = shlo.popcnt %arg0 : tensor<5xi8>
    return %0 : tensor<5xi8>
  }
}
