// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[1.9679824281870788, 1.6480740927749411, 0.09049428844832029, -6.3219190385707718, 2.8776375135079872, -1.1368795907922693]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf64>) -> tensor<6xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1, 1, 0, -6, 2, -1]> : tensor<6xi64>}} : (tensor<6xi64>) -> ()
  func.return
}
