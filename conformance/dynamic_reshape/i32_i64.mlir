// dynamic_reshape: oracle jax.lax.reshape
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-643215563, 1112288455, -1404311043], [1923459373, 146580442, -1456587621]]> : tensor<2x3xi32>} : () -> tensor<2x3xi32>
  %c2 = shlo.constant {value = dense<[3, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %v3 = "shlo.dynamic_reshape"(%c1, %c2) : (tensor<2x3xi32>, tensor<2xi64>) -> tensor<3x2xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-643215563, 1112288455], [-1404311043, 1923459373], [146580442, -1456587621]]> : tensor<3x2xi32>}} : (tensor<3x2xi32>) -> ()
  func.return
}
