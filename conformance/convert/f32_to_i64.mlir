// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.03683019, 6.57005262, 3.78730249, -4.46906614, -2.22776175, 4.889690e+00]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, 6, 3, -4, -2, 4]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
