// fft: oracle jax.lax.fft
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.12989678561698748, -2.2048963258161391, 2.8715673085022178], [10.20452931889097, -3.3348047562589098, 2.3129010798320691], [-0.57307423888968012, 3.9463464594733653, -6.8290725212600032]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -7.1283994219471296, -8.3194216762752049], [0.000000e+00, 2.2285503233879398, 5.1551785524715754], [0.000000e+00, -2.480803776395796, -6.6290432069881167]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v4 = "shlo.fft"(%v3) {fft_type = #shlo.fft_type<IRFFT>, fft_length = array<i64: 5>} : (tensor<3x3xcomplex<f64>>) -> tensor<3x5xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.29264775019782885, 3.4919981176563675, -0.39446482172425007, 2.5833528937621253, -5.8436371542750845], [1.6321443932074577, -1.179615278432103, 4.8431445044286718, 1.9687787916974273, 2.9400769079895159], [-1.2677052724925912, 5.0854500635240845, -4.1743651203799024, -0.29723322821090398, 0.080779318669634045]]> : tensor<3x5xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x5xf64>) -> ()
  func.return
}
