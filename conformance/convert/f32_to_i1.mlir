// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.82386458, -2.46599102, 2.65315866, -6.769270e-01, -3.34618616, -1.58364296]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, true, true, true, true, true]> : tensor<6xi1>}} : (tensor<6xi1>) -> ()
  func.return
}
