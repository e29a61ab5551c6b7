// composite: oracle jax: x + x + y (the decomposition)
func.func @main() {
  %c1 = shlo.constant {value = dense<[1981630791, 836046255, 53502255]> : tensor<3xi32>} : () -> tensor<3xi32>
  %c2 = shlo.constant {value = dense<[-2133249188, 471093351, 1391876064]> : tensor<3xi32>} : () -> tensor<3xi32>
  %v3 = "shlo.composite"(%c1, %c2) {name = "example.double_add", composite_attributes = {note = "x + x + y"}, decomposition = @double_add, version = 1 : i32} : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1830012394, 2143185861, 1498880574]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
func.func private @double_add(%a: tensor<3xi32>, %b: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "shlo.add"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %1 = "shlo.add"(%0, %b) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  func.return %1 : tensor<3xi32>
}
