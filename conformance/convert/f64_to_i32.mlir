// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.2888868120135455, -0.78727614012473656, 2.1506041007903933, -2.2608666070403229, 5.630396819454055, -5.7841090234358088]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2, 0, 2, -2, 5, -5]> : tensor<6xi32>}} : (tensor<6xi32>) -> ()
  func.return
}
