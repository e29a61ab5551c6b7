// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.038270603862757713, 0.13452810425036266, 0.59262297965732869], [0.85215504455915603, 0.30433699235621392, -0.68167596922729423]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.exponential_minus_one"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.039012355597213062, 0.14399680972336182, 0.80872645148315336], [1.3446943319633107, 0.35572584836561688, -0.49423137100960557]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
