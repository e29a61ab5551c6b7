// async_done: oracle jax: x + x (the called computation)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.44007254, 7.88725328, -3.20124578]> : tensor<3xf32>} : () -> tensor<3xf32>
  %v2 = "shlo.async_start"(%c1) {called_computation = @double, execution_thread = "main"} : (tensor<3xf32>) -> !shlo.future<tensor<3xf32>>
  %v3 = "shlo.async_done"(%v2) : (!shlo.future<tensor<3xf32>>) -> tensor<3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-2.88014507, 15.7745066, -6.40249156]> : tensor<3xf32>}} : (tensor<3xf32>) -> ()
  func.return
}
func.func private @double(%a: tensor<3xf32>) -> tensor<3xf32> {
  %0 = "shlo.add"(%a, %a) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0 : tensor<3xf32>
}
