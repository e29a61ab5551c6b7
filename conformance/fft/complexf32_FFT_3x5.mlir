// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.36049151, -2.31762552, -2.51283979, -0.56743449, -1.78148019], [0.682925344, -1.59795761, -3.9759047, 0.562696874, -5.21561289], [1.47404802, 0.468064874, -0.438299865, -0.815609395, -1.24355137]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %c2 = shlo.constant {value = dense<[[1.49684858, -2.61775088, 0.167621553, -0.400350451, -1.51389146], [-1.34264421, 0.886054337, -1.0298996, -4.72267866, 2.00977159], [-1.68298423, 3.55218744, 1.09068561, 1.28866136, -0.134016812]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xcomplex<f32>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<FFT>, fft_length = array<i64: 5>} : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-10.5398722, -2.85117769, -2.18510818, 0.19290334, -1.41920328], [-9.5438528, 2.44060183, 0.967934131, 9.31302642, 0.2369169], [-0.555347681, 5.63826466, 4.06893301, -0.641032219, -1.14057779]]> : tensor<3x5xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x5xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.86752272, 2.06176758, 3.23244834, 6.30255222, -1.24500251], [-4.19939661, 3.43327689, -11.9059315, 0.979809761, 4.979020e+00], [4.11453342, -4.40126419, -4.36030388, -3.06586361, -0.702022552]]> : tensor<3x5xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x5xf32>) -> ()
  func.return
}
