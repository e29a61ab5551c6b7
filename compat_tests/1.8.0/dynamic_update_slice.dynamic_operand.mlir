module {
  func.func @main(%arg0: tensor<?xi8>, %arg1: tensor<1xi8>, %arg2: tensor<ui8>) -> tensor<?xi8> {
    %0 = shlo.dynamic_update_slice %arg0, %arg1, (%arg2) : (tensor<?xi8>, tensor<1xi8>, tensor<ui8>) -> tensor<?xi8>
    return %0 : tensor<?xi8>
  }
}
