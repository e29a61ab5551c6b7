// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.28207204894560794, 2.5268856265438946, 2.8894529685677277], [0.89423304228771205, 1.8640180742015493, -3.3777142968965306]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[0.86812221653541255, -1.98883971956306, -1.9374675232844929], [-1.6850974279977429, 1.8483188139758084, 2.0549521087572504]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.28207204894560794, -1.98883971956306, -1.9374675232844929], [-1.6850974279977429, 1.8483188139758084, -3.3777142968965306]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
