// tan: oracle jax.lax (tan)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.0735529723586015, 3.4486120703299594, -3.8270627738346343], [1.023210151182417, 0.92678330173880308, -0.58895722801781336]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.50815663738690231, 1.4390094787228036, 1.5640071288783535], [-0.43484478158422385, -4.215864094015366, -0.0097937053087101301]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.tan"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.82239410691255554, 0.059185989663232609, -0.084238739403187698], [0.94101466083140661, 4.1843733010480619E-4, -0.66795378374252201]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.1691930931546086, 0.91026426777151059, 0.97917158908066159], [-1.0410821322911512, -1.0001214845814113, -0.014163440322566574]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
