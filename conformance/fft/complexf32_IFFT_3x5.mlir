// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.36049151, -2.31762552, -2.51283979, -0.56743449, -1.78148019], [0.682925344, -1.59795761, -3.9759047, 0.562696874, -5.21561289], [1.47404802, 0.468064874, -0.438299865, -0.815609395, -1.24355137]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %c2 = shlo.constant {value = dense<[[1.49684858, -2.61775088, 0.167621553, -0.400350451, -1.51389146], [-1.34264421, 0.886054337, -1.0298996, -4.72267866, 2.00977159], [-1.68298423, 3.55218744, 1.09068561, 1.28866136, -0.134016812]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xcomplex<f32>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IFFT>, fft_length = array<i64: 5>} : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<3x5xcomplex<f32>>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.10797453, -0.283840656, 0.0385806672, -0.437021643, -0.57023555], [-1.90877056, 0.0473833792, 1.86260533, 0.193586826, 0.488120377], [-0.111069538, -0.228115559, -0.128206447, 0.813786625, 1.127653]]> : tensor<3x5xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x5xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.573504567, -0.249000505, 1.26051044, 0.646489679, 0.412353516], [-0.839879333, 9.958040e-01, 0.195961952, -2.38118625, 0.686655402], [0.822906672, -0.140404508, -0.613172709, -0.872060776, -0.880252838]]> : tensor<3x5xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x5xf32>) -> ()
  func.return
}
