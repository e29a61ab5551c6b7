// composite: oracle jax: x + x + y (the decomposition)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.44007254, 7.88725328, -3.20124578]> : tensor<3xf32>} : () -> tensor<3xf32>
  %c2 = shlo.constant {value = dense<[-2.98089409, 0.212442428, -1.29969645]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v3 = "shlo.composite"(%c1, %c2) {name = "example.double_add", composite_attributes = {note = "x + x + y"}, decomposition = @double_add, version = 1 : i32} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-5.86103916, 15.986949, -7.70218801]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
func.func private @double_add(%a: tensor<3xf32>, %b: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "shlo.add"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  %1 = "shlo.add"(%0, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %1 : tensor<3xf32>
}
