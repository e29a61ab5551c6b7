// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.5000782, -1.30107856, 4.20926523, 1.20591426, 0.310055494, 1.13926256]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, -1, 4, 1, 0, 1]> : tensor<6xi4>}} : (tensor<6xi4>) -> ()
  func.return
}
