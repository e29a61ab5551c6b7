// batch_norm_inference: oracle numpy float64 (no lax op)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[6.738280e-01, 1.161130e+00, 3.654300e+00, -2.993160e-01], [-2.851560e+00, -4.611820e-01, -2.417970e+00, 7.006830e-01]], [[6.457030e+00, 2.673830e+00, -1.977540e+00, 7.856440e-01], [-2.912600e-01, -2.121090e+00, -4.933590e+00, 1.210330e-01]], [[2.298830e+00, -7.407220e-01, 4.460940e+00, -3.105470e+00], [-4.577640e-01, -3.431640e+00, 9.150390e-01, 2.884770e+00]]]> : tensor<3x2x4xf16>} : () -> tensor<3x2x4xf16>
  %c2 = shlo.constant {value = dense<[2.604980e-01, 2.435550e+00]> : tensor<2xf16>} : () -> tensor<2xf16>
  %c3 = shlo.constant {value = dense<[3.305660e-01, 3.873050e+00]> : tensor<2xf16>} : () -> tensor<2xf16>
  %c4 = shlo.constant {value = dense<[5.578130e+00, -5.922850e-01]> : tensor<2xf16>} : () -> tensor<2xf16>
  %c5 = shlo.constant {value = dense<[2.884770e+00, 1.825200e+00]> : tensor<2xf16>} : () -> tensor<2xf16>
  %v6 = "shlo.batch_norm_inference"(%c1, %c2, %c3, %c4, %c5) {epsilon = 0.25 : f32, feature_index = 1 : i64} : (tensor<3x2x4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>, tensor<2xf16>) -> tensor<3x2x4xf16>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-3.911130e-01, -3.193360e-01, 4.751590e-02, -5.341800e-01], [5.328370e-02, 4.093750e+00, 7.861330e-01, 6.058590e+00]], [[4.599610e-01, -9.674070e-02, -7.812500e-01, -3.745120e-01], [4.382810e+00, 1.288090e+00, -3.466800e+00, 5.078130e+00]], [[-1.519780e-01, -5.991210e-01, 1.661380e-01, -9.472650e-01], [4.101560e+00, -9.272460e-01, 6.421880e+00, 9.750000e+00]]]> : tensor<3x2x4xf16>, rtol = 4.000e-03 : f64, atol = 4.000e-03 : f64}} : (tensor<3x2x4xf16>) -> ()
  func.return
}
