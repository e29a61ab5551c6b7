// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, true], [true, true, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[2.871101643790678, 2.6528516191851574, -1.9868989768139713], [2.2608034078888903, -1.0797900543182526, 1.7354466136737747]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c3 = shlo.constant {value = dense<[[-3.5790756238166503, -1.0960953909005926, -4.1026460127628122], [-0.97545696597047182, -0.12927264626883722, 2.0699259644857868]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v4 = "shlo.complex"(%c2, %c3) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %c5 = shlo.constant {value = dense<[[-2.3126499457658971, -1.3372912389170732, 0.7821533694079007], [-1.3618066032761804, -3.3013515950248045, 0.20133243494045866]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c6 = shlo.constant {value = dense<[[1.909617186247738, 1.9502630852381442, -1.9849488768561914], [-0.83860630191554297, 0.46886287742662713, 0.561485162320154]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.select"(%c1, %v4, %v7) : (tensor<2x3xi1>, tensor<2x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.871101643790678, -1.3372912389170732, -1.9868989768139713], [2.2608034078888903, -1.0797900543182526, 0.20133243494045866]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.5790756238166503, 1.9502630852381442, -4.1026460127628122], [-0.97545696597047182, -0.12927264626883722, 0.561485162320154]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
