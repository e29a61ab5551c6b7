// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.715704918, 2.30099654, -1.09977317, -0.532140255, -3.22083402, 7.16684722]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.71570491790771484, 2.3009965419769287, -1.0997731685638428, -0.53214025497436523, -3.2208340167999268, 7.1668472290039063]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
